import type { PaymentCard, Payout } from "@domain/schemas/payments";
import { payoutInputSchema, payoutPatchSchema } from "@domain/schemas/payments";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "@/components/money-input";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useFormatters } from "@/features/campaigns/use-formatters";
import { Field, fieldAria } from "@/features/users/components/field";
import { textareaClass, validationKey } from "@/features/users/helpers";
import { readMoneyFields } from "@/lib/money-input";

/** Confirmar Pagamento / Rejeitar: a money-moving click asks first. */
export function ConfirmActionDialog({
  card,
  action,
  onOpenChange,
  onConfirm,
  pending,
}: {
  card: PaymentCard | null;
  action: "confirm" | "reject" | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const open = card !== null && action !== null;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent data-testid="confirm-action-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{action ? t(`confirmAction.${action}.title`) : ""}</AlertDialogTitle>
          <AlertDialogDescription>
            {card && action
              ? t(`confirmAction.${action}.description`, { name: card.name, amount: f.money(card.pending) })
              : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("actions.cancel")}</AlertDialogCancel>
          <Button
            variant={action === "reject" ? "destructive" : "default"}
            disabled={pending}
            onClick={onConfirm}
            data-testid="confirm-action"
          >
            {pending ? <Spinner /> : null}
            {action ? t(`actions.${action}`) : ""}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Register New Payment (no payout) or Edit Payment (a payout): amount with 2 decimals and a note. */
export function PayoutDialog({
  open,
  onOpenChange,
  card,
  payout,
  onSubmit,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  card: PaymentCard | null;
  payout: Payout | null;
  onSubmit: (values: { amount: string; note: string | null }) => Promise<boolean>;
  pending: boolean;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const baseId = useId();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const editing = payout !== null;

  useEffect(() => {
    if (!open) return;
    setAmount(payout ? payout.amount : "");
    setNote(payout?.note ?? "");
    setErrors({});
  }, [open, payout]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const schema = editing ? payoutPatchSchema : payoutInputSchema;
    // The amount as typed, read in the reader's language ("1.030,73" is 1030.73 in pt-BR).
    const money = readMoneyFields({ amount }, f.language, { amount: { currency: f.currency } });
    const parsed = schema.safeParse({ amount: money.values.amount, note: note.trim() || null });
    if (!parsed.success || money.errors.amount) {
      const next: { amount?: string; note?: string } = { ...money.errors };
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = issue.path[0] === "note" ? "note" : "amount";
        next[field] ??= validationKey("payments", issue.message);
      }
      setErrors(next);
      return;
    }
    if (!editing && Number(parsed.data.amount) <= 0) {
      setErrors({ amount: "payments:validation.amount_not_positive" });
      return;
    }
    const ok = await onSubmit({ amount: parsed.data.amount, note: parsed.data.note ?? null });
    if (ok) onOpenChange(false);
  }

  const id = (name: string) => `${baseId}-${name}`;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} data-testid="payout-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? t("payout.editTitle") : t("payout.registerTitle")}</DialogTitle>
          <DialogDescription>
            {card
              ? t("payout.description", {
                  name: card.name,
                  pending: f.money(card.pending),
                  due: f.money(card.amountDue),
                })
              : ""}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field
            id={id("amount")}
            label={t("payout.amount", { currency: f.currency })}
            error={errors.amount}
            hint={t("payout.amountHint")}
          >
            <MoneyInput
              {...fieldAria(id("amount"), errors.amount, true)}
              value={amount}
              onChange={(text) => {
                setAmount(text);
                setErrors(({ amount: _gone, ...rest }) => rest);
              }}
              data-testid="payout-amount"
            />
          </Field>
          <Field id={id("note")} label={t("payout.note")} error={errors.note}>
            <textarea
              {...fieldAria(id("note"), errors.note)}
              className={textareaClass}
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
              data-testid="payout-note"
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={pending} data-testid="payout-submit">
              {pending ? <Spinner /> : null}
              {editing ? t("actions.save") : t("actions.register")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Reverse Payment: shows the amount; the reason is required and stored. */
export function ReverseDialog({
  payout,
  onOpenChange,
  onSubmit,
  pending,
}: {
  payout: Payout | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (reason: string) => Promise<boolean>;
  pending: boolean;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const baseId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const open = payout !== null;

  useEffect(() => {
    if (!open) return;
    setReason("");
    setError(undefined);
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (reason.trim() === "") {
      setError("payments:validation.reason_required");
      return;
    }
    const ok = await onSubmit(reason.trim());
    if (ok) onOpenChange(false);
  }

  const id = `${baseId}-reason`;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} data-testid="reverse-dialog">
        <DialogHeader>
          <DialogTitle>{t("reverse.title")}</DialogTitle>
          <DialogDescription>{t("reverse.description")}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="rounded-md bg-muted px-3 py-2">
            <p className="text-muted-foreground text-xs">{t("reverse.amount")}</p>
            <p className="font-semibold text-lg tabular-nums" data-testid="reverse-amount">
              {payout ? f.money(payout.amount) : ""}
            </p>
          </div>
          <Field
            id={id}
            label={
              <>
                {t("reverse.reason")} <span aria-hidden="true">*</span>
              </>
            }
            error={error}
          >
            <textarea
              {...fieldAria(id, error)}
              aria-required="true"
              className={textareaClass}
              value={reason}
              maxLength={1000}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              data-testid="reverse-reason"
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending} data-testid="reverse-submit">
              {pending ? <Spinner /> : null}
              {t("actions.reverse")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
