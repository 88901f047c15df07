import { toCents } from "@domain/money";
import { todayIn } from "@domain/periods";
import type { Language } from "@domain/roles";
import {
  adjustmentInputSchema,
  type PaymentCard,
  type PaymentRow,
  type Payout,
  payoutInputSchema,
  payoutPatchSchema,
  reverseBodySchema,
} from "@domain/schemas/payments";
import { CalendarClock, Minus, Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field } from "@/components/field";
import { MoneyInput } from "@/components/money-input";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
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
import { textareaClass } from "@/components/ui/classes";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { createCodeResolver } from "@/lib/code-resolver";
import { validationKey } from "@/lib/form-errors";
import { moneyTextSchema } from "@/lib/money-input";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { daysToCome } from "../helpers";
import { useAmountReader } from "./amount-reader";

// The payments screen's dialogs. Every money-moving click asks first and repeats the amount; a
// step that closes a month before it has ended names the days still to come and, confirmed, sends
// closeEarly (decisions.md, "Month close and the payout ledger").

/** The month is not over: the days still to come (today included) in the workspace time zone. */
export function EarlyCloseNotice({ periodEnd }: { periodEnd: string }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const days = daysToCome(todayIn(f.timeZone), periodEnd);
  if (!days) return null;
  return (
    <Alert data-testid="early-close-notice" className="border-amber-500/40 bg-amber-500/10">
      <CalendarClock aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{t("earlyClose.title")}</AlertTitle>
      <AlertDescription>
        <p>
          {days.count === 1
            ? t("earlyClose.today", { date: f.date(days.first, "long"), timeZone: f.timeZone })
            : t("earlyClose.days", {
                count: days.count,
                first: f.date(days.first, "long"),
                last: f.date(days.last, "long"),
                timeZone: f.timeZone,
              })}
        </p>
        <p>{t("earlyClose.consequence")}</p>
      </AlertDescription>
    </Alert>
  );
}

export type ConfirmTarget = {
  row: PaymentCard & Partial<Pick<PaymentRow, "reconciliation">>;
  action: "process" | "confirm" | "reject";
};

/** Processar (when it closes the month early), Confirmar Pagamento and Rejeitar ask first. */
export function ConfirmActionDialog({
  target,
  monthOver,
  onOpenChange,
  onConfirm,
  pending,
}: {
  target: ConfirmTarget | null;
  monthOver: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * closeEarly: the month has not ended and the user agreed to close it now; reason: why a month
   * with open reconciliation differences is closed anyway (issue 32)
   */
  onConfirm: (closeEarly: boolean, reason?: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const action = target?.action ?? null;
  const early = action !== null && action !== "reject" && !monthOver;
  const needsReason = action !== null && action !== "reject" && target?.row.reconciliation === "open";
  useEffect(() => {
    if (target) setReason("");
  }, [target]);
  return (
    <AlertDialog open={target !== null} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent data-testid="confirm-action-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{action ? t(`confirmAction.${action}.title`) : ""}</AlertDialogTitle>
          <AlertDialogDescription>
            {target && action
              ? t(`confirmAction.${action}.description`, {
                  name: target.row.name,
                  amount: f.money(target.row.pending),
                })
              : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {early && target ? <EarlyCloseNotice periodEnd={target.row.periodEnd} /> : null}
        {needsReason ? (
          <div className="grid gap-1.5" data-testid="reconciliation-reason">
            <p className="text-sm">{t("reconciliationReason.notice")}</p>
            <label htmlFor={reasonId} className="font-medium text-sm">
              {t("reconciliationReason.label")} <span aria-hidden="true">*</span>
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={1000}
              aria-required="true"
              onChange={(event) => setReason(event.target.value)}
              className={textareaClass}
              data-testid="reconciliation-reason-input"
            />
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("actions.cancel")}</AlertDialogCancel>
          <Button
            variant={action === "reject" ? "destructive" : "default"}
            disabled={pending || (needsReason && reason.trim() === "")}
            onClick={() => onConfirm(early, needsReason ? reason.trim() : undefined)}
            data-testid="confirm-action"
          >
            {pending ? <Spinner /> : null}
            {action ? (early ? t(`earlyClose.button.${action}`) : t(`actions.${action}`)) : ""}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

type PayoutValues = { amount: string; note: string };
type PayoutChecked = { amount: string; note: string };

/**
 * The API's payout schema with the amount read as typed: above zero and at most what is pending.
 * Its codes become payments:validation.* (or payments:errors.*) keys.
 */
function payoutResolver(language: Language, currency: string, pending: string) {
  return createCodeResolver<PayoutValues, PayoutChecked>(
    z.object({
      amount: moneyTextSchema(language, { currency }).pipe(
        z
          .string()
          .refine((value) => toCents(value) > 0n, "amount_not_positive")
          .refine((value) => toCents(value) <= toCents(pending), "amount_exceeds_pending"),
      ),
      note: payoutInputSchema.shape.note.unwrap().unwrap(),
    }),
    (code) => validationKey("payments", code),
  );
}

/** Register New Payment: an amount up to what is pending, and a note. */
export function PayoutDialog({
  row,
  monthOver,
  onOpenChange,
  onSubmit,
  pending,
}: {
  row: PaymentCard | null;
  monthOver: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: { amount: string; note: string | null; closeEarly: boolean }) => Promise<boolean>;
  pending: boolean;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const read = useAmountReader();
  // Checked on submit only; typing clears the field's message, so the amount's own reading (beside
  // the field) speaks while the reader corrects it.
  const { control, reset, handleSubmit, watch, clearErrors } = useForm<PayoutValues, unknown, PayoutChecked>({
    reValidateMode: "onSubmit",
    defaultValues: { amount: "", note: "" },
    resolver: payoutResolver(f.language, f.currency, row?.pending ?? "0"),
  });
  const open = row !== null;

  useEffect(() => {
    if (!open) return;
    reset({ amount: "", note: "" });
  }, [open, reset]);

  const amount = watch("amount");
  const reading = amount.trim() === "" ? null : read(amount);
  // A payment of everything pending pays the month: before its end, that is an early close.
  const settles = Boolean(row && reading?.ok && toCents(reading.value) === toCents(row.pending));
  const early = settles && !monthOver;

  const submit = handleSubmit(async (values) => {
    if (pending || !row) return;
    const ok = await onSubmit({ amount: values.amount, note: values.note.trim() || null, closeEarly: early });
    if (ok) onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} data-testid="payout-dialog">
        <DialogHeader>
          <DialogTitle>{t("payout.registerTitle")}</DialogTitle>
          <DialogDescription>
            {row
              ? t("payout.description", {
                  name: row.name,
                  pending: f.money(row.pending),
                  due: f.money(row.amountDue),
                })
              : ""}
          </DialogDescription>
        </DialogHeader>
        <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={submit} noValidate>
          <Field
            control={control}
            name="amount"
            label={t("payout.amount", { currency: f.currency })}
            description={t("amount.hint", { example: f.number(1030.73, 2) })}
          >
            {(field, props) => (
              <MoneyInput
                {...field}
                {...props}
                onChange={(text) => {
                  field.onChange(text);
                  clearErrors("amount");
                }}
                className="max-w-48"
                data-testid="payout-amount"
              />
            )}
          </Field>
          <Field control={control} name="note" label={t("payout.note")}>
            {(field, props) => (
              <textarea {...field} {...props} className={textareaClass} data-testid="payout-note" />
            )}
          </Field>
          {early && row ? <EarlyCloseNotice periodEnd={row.periodEnd} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={pending} data-testid="payout-submit">
              {pending ? <Spinner /> : null}
              {reading?.ok
                ? t(early ? "payout.submitEarly" : "payout.submitAmount", { amount: f.money(reading.value) })
                : t("actions.register")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A payout's one-text dialog (its note, or a reversal's reason): the amount stays on show, the
 * text is checked here (required when asked, at most 1000 characters) and sent trimmed.
 */
function PayoutTextDialog({
  payout,
  initial,
  onOpenChange,
  onSubmit,
  pending,
  title,
  description,
  amountLabel,
  label,
  requiredError,
  submitLabel,
  submitVariant,
  testIds,
}: {
  payout: Payout | null;
  initial: string;
  onOpenChange: (open: boolean) => void;
  onSubmit: (text: string) => Promise<boolean>;
  pending: boolean;
  title: string;
  description: string;
  amountLabel: string;
  label: string;
  /** the error key when the text is blank; absent, a blank text is allowed */
  requiredError?: string;
  submitLabel: string;
  submitVariant?: "destructive";
  testIds: { dialog: string; amount: string; input: string; submit: string };
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const { control, reset, handleSubmit } = useForm<{ text: string }>({
    defaultValues: { text: "" },
    // The API's own field: a required reason (reverseBodySchema) or an optional note.
    resolver: createCodeResolver<{ text: string }, { text: string }>(
      z.object({
        text: requiredError ? reverseBodySchema.shape.reason : payoutPatchSchema.shape.note.unwrap().unwrap(),
      }),
      (code) => (code === "required" && requiredError ? requiredError : validationKey("payments", code)),
    ),
  });
  const open = payout !== null;

  useEffect(() => {
    if (!open) return;
    reset({ text: initial });
  }, [open, initial, reset]);

  const submit = handleSubmit(async ({ text }) => {
    if (pending) return;
    const ok = await onSubmit(text.trim());
    if (ok) onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} data-testid={testIds.dialog}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={submit} noValidate>
          <div className="rounded-md bg-muted px-3 py-2">
            <p className="text-muted-foreground text-xs">{amountLabel}</p>
            <p className="whitespace-nowrap font-semibold text-lg tabular-nums" data-testid={testIds.amount}>
              {payout ? f.money(payout.amount) : ""}
            </p>
          </div>
          <Field
            control={control}
            name="text"
            label={
              requiredError ? (
                <>
                  {label} <span aria-hidden="true">*</span>
                </>
              ) : (
                label
              )
            }
          >
            {(field, props) => (
              <textarea
                {...field}
                {...props}
                aria-required={requiredError ? "true" : undefined}
                className={textareaClass}
                data-testid={testIds.input}
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" variant={submitVariant} disabled={pending} data-testid={testIds.submit}>
              {pending ? <Spinner /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Edit a payout: its note only; the amount is shown and stays (reverse and register again). */
export function PayoutNoteDialog({
  payout,
  onOpenChange,
  onSubmit,
  pending,
}: {
  payout: Payout | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (note: string | null) => Promise<boolean>;
  pending: boolean;
}) {
  const { t } = useTranslation("payments");
  return (
    <PayoutTextDialog
      payout={payout}
      initial={payout?.note ?? ""}
      onOpenChange={onOpenChange}
      onSubmit={(note) => onSubmit(note || null)}
      pending={pending}
      title={t("payoutNote.title")}
      description={t("payoutNote.description")}
      amountLabel={t("payoutNote.amount")}
      label={t("payout.note")}
      submitLabel={t("actions.save")}
      testIds={{
        dialog: "payout-note-dialog",
        amount: "payout-note-amount",
        input: "payout-note-input",
        submit: "payout-note-submit",
      }}
    />
  );
}

/** Reverse a payout (partial or whole): the amount is repeated on the button; a reason is required. */
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
  return (
    <PayoutTextDialog
      payout={payout}
      initial=""
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
      pending={pending}
      title={t("reverse.title")}
      description={t("reverse.description")}
      amountLabel={t("reverse.amount")}
      label={t("reverse.reason")}
      requiredError="payments:validation.reason_required"
      submitLabel={payout ? t("reverse.submit", { amount: f.money(payout.amount) }) : t("actions.reverse")}
      submitVariant="destructive"
      testIds={{
        dialog: "reverse-dialog",
        amount: "reverse-amount",
        input: "reverse-reason",
        submit: "reverse-submit",
      }}
    />
  );
}

type AdjustmentKind = "bonus" | "clawback";
type AdjustmentValues = { kind: AdjustmentKind; amount: string; reason: string };

/** The API's adjustment schema with the amount read as typed (never zero; the kind gives its sign). */
function adjustmentResolver(language: Language, currency: string) {
  return createCodeResolver<AdjustmentValues, AdjustmentValues>(
    z.object({
      kind: z.enum(["bonus", "clawback"]),
      amount: moneyTextSchema(language, { currency }).pipe(
        z.string().refine((value) => toCents(value) !== 0n, "not_zero"),
      ),
      reason: adjustmentInputSchema.shape.reason,
    }),
    (code) =>
      code === "required"
        ? "payments:validation.adjustment_reason_required"
        : validationKey("payments", code),
  );
}

/**
 * Add an adjustment: bonus (+) or clawback (−), a positive amount and a required reason; then a
 * confirmation that repeats the signed, formatted amount before anything is sent.
 */
export function AdjustmentDialog({
  row,
  onOpenChange,
  onSubmit,
  pending,
}: {
  row: PaymentCard | null;
  onOpenChange: (open: boolean) => void;
  /** amount: signed ("-150.00" for a clawback) */
  onSubmit: (values: { amount: string; reason: string }) => Promise<boolean>;
  pending: boolean;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const baseId = useId();
  // As the payout: checked on submit, a field's message cleared as it is typed in.
  const { control, reset, handleSubmit, watch, clearErrors } = useForm<AdjustmentValues>({
    reValidateMode: "onSubmit",
    defaultValues: { kind: "bonus", amount: "", reason: "" },
    resolver: adjustmentResolver(f.language, f.currency),
  });
  const kind = watch("kind");
  const [review, setReview] = useState<{ amount: string; reason: string } | null>(null);
  const open = row !== null;

  useEffect(() => {
    if (!open) return;
    reset({ kind: "bonus", amount: "", reason: "" });
    setReview(null);
  }, [open, reset]);

  const check = handleSubmit((values) => {
    setReview({
      amount: values.kind === "clawback" ? `-${values.amount}` : values.amount,
      reason: values.reason.trim(),
    });
  });

  async function send() {
    if (!review || pending) return;
    const ok = await onSubmit(review);
    if (ok) onOpenChange(false);
  }

  const id = (name: string) => `${baseId}-${name}`;
  const reviewKind: AdjustmentKind | null = review
    ? review.amount.startsWith("-")
      ? "clawback"
      : "bonus"
    : null;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} data-testid="adjustment-dialog">
        <DialogHeader>
          <DialogTitle>{review ? t("adjustment.reviewTitle") : t("adjustment.title")}</DialogTitle>
          <DialogDescription>
            {row ? t("adjustment.description", { name: row.name, due: f.money(row.amountDue) }) : ""}
          </DialogDescription>
        </DialogHeader>
        {review && reviewKind ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="adjustment-review">
            <div
              className={cn(
                "rounded-md px-3 py-2",
                reviewKind === "clawback" ? "bg-red-500/10" : "bg-emerald-500/10",
              )}
            >
              <p className="text-muted-foreground text-xs">{t(`adjustment.kind.${reviewKind}`)}</p>
              <p
                className="whitespace-nowrap font-semibold text-lg tabular-nums"
                data-testid="adjustment-review-amount"
              >
                {reviewKind === "bonus" ? `+${f.money(review.amount)}` : f.money(review.amount)}
              </p>
              <p className="mt-1 break-words text-sm">{review.reason}</p>
            </div>
            <p className="text-sm">
              {t(`adjustment.reviewText.${reviewKind}`, {
                amount: f.money(review.amount.replace(/^-/, "")),
                name: row?.name ?? "",
              })}
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setReview(null)} disabled={pending}>
                {t("actions.back")}
              </Button>
              <Button
                type="button"
                variant={reviewKind === "clawback" ? "destructive" : "default"}
                onClick={() => void send()}
                disabled={pending}
                data-testid="adjustment-confirm"
              >
                {pending ? <Spinner /> : null}
                {t(`adjustment.confirm.${reviewKind}`, {
                  amount: reviewKind === "bonus" ? `+${f.money(review.amount)}` : f.money(review.amount),
                })}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={check} noValidate>
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 font-medium text-sm">{t("adjustment.kindLabel")}</legend>
              <Controller
                control={control}
                name="kind"
                render={({ field }) => (
                  <div className="grid grid-cols-2 gap-2">
                    {(["bonus", "clawback"] as const).map((option) => (
                      <label
                        key={option}
                        className={cn(
                          "relative flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                          kind === option &&
                            (option === "bonus"
                              ? "border-emerald-600 bg-emerald-500/10 dark:border-emerald-400"
                              : "border-red-600 bg-red-500/10 dark:border-red-400"),
                        )}
                      >
                        <input
                          type="radio"
                          name={id("kind")}
                          value={option}
                          checked={field.value === option}
                          onChange={() => field.onChange(option)}
                          className="sr-only"
                          data-testid={`adjustment-${option}`}
                        />
                        {option === "bonus" ? (
                          <Plus aria-hidden="true" className="size-4 shrink-0" />
                        ) : (
                          <Minus aria-hidden="true" className="size-4 shrink-0" />
                        )}
                        <span className="min-w-0">{t(`adjustment.kind.${option}`)}</span>
                      </label>
                    ))}
                  </div>
                )}
              />
            </fieldset>
            <Field
              control={control}
              name="amount"
              label={t("adjustment.amount", { currency: f.currency })}
              description={t(`adjustment.hint.${kind}`)}
            >
              {(field, props) => (
                <MoneyInput
                  {...field}
                  {...props}
                  onChange={(text) => {
                    field.onChange(text);
                    clearErrors("amount");
                  }}
                  className="max-w-48"
                  data-testid="adjustment-amount"
                />
              )}
            </Field>
            <Field
              control={control}
              name="reason"
              label={
                <>
                  {t("adjustment.reason")} <span aria-hidden="true">*</span>
                </>
              }
            >
              {(field, props) => (
                <textarea
                  {...field}
                  {...props}
                  onChange={(event) => {
                    field.onChange(event);
                    clearErrors("reason");
                  }}
                  aria-required="true"
                  className={textareaClass}
                  data-testid="adjustment-reason"
                />
              )}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                {t("actions.cancel")}
              </Button>
              <Button type="submit" data-testid="adjustment-next">
                {t("actions.review")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
