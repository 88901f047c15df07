import type { ReconciliationLine } from "@domain/reconciliation";
import { useEffect, useMemo } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field } from "@/components/field";
import { MoneyInput } from "@/components/money-input";
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
import { errorMessageKey, isApiError } from "@/lib/api";
import { createCodeResolver } from "@/lib/code-resolver";
import { validationKey } from "@/lib/form-errors";
import { moneyTextSchema } from "@/lib/money-input";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { type LineRef, useLineDays, useProposal, useResolveLine } from "../api";

export type DialogState = { kind: "days" | "accepted" | "adjusted"; line: ReconciliationLine } | null;

const refOf = (line: ReconciliationLine): LineRef => ({
  offerId: line.offer.id,
  userId: line.buyer?.id ?? null,
});

function lineName(line: ReconciliationLine) {
  return line.buyer ? `${line.offer.name} · ${line.buyer.name}` : line.offer.name;
}

/** The buyers' days behind a line. */
export function DaysDialog({
  statementId,
  state,
  onClose,
}: {
  statementId: string;
  state: DialogState;
  onClose: () => void;
}) {
  const { t } = useTranslation("reconciliation");
  const f = useFormatters();
  const line = state?.kind === "days" ? state.line : null;
  const days = useLineDays(statementId, line ? refOf(line) : null);
  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("common:close")} data-testid="line-days-dialog">
        <DialogHeader>
          <DialogTitle>{t("days.title")}</DialogTitle>
          <DialogDescription>{line ? lineName(line) : ""}</DialogDescription>
        </DialogHeader>
        {days.isPending ? (
          <Spinner />
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1">{t("columns.buyer")}</th>
                <th className="py-1">{t("columns.date")}</th>
                <th className="py-1 text-right">{t("columns.deposits")}</th>
                <th className="py-1 text-right">{t("columns.revenue")}</th>
              </tr>
            </thead>
            <tbody>
              {(days.data?.items ?? []).map((day) => (
                <tr key={`${day.buyer.id}-${day.date}`} className="border-t">
                  <td className="py-1">{day.buyer.name}</td>
                  <td className="py-1">{f.date(day.date, "short")}</td>
                  <td className="py-1 text-right tabular-nums">{f.number(day.deposits)}</td>
                  <td className="py-1 text-right tabular-nums">{f.money(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DialogContent>
    </Dialog>
  );
}

type ResolveValues = { note: string; amounts: { userId: string; name: string; amount: string }[] };

/**
 * Accept a line with a note, or adjust the buyers' statements: the proposal (the difference split by
 * logged deposits, each commission recomputed) is shown in editable money fields before saving.
 */
export function ResolveDialog({
  statementId,
  state,
  onClose,
}: {
  statementId: string;
  state: DialogState;
  onClose: () => void;
}) {
  const { t } = useTranslation("reconciliation");
  const f = useFormatters();
  const line = state && state.kind !== "days" ? state.line : null;
  const adjusting = state?.kind === "adjusted";
  const proposal = useProposal(statementId, adjusting && line ? refOf(line) : null);
  const resolve = useResolveLine(statementId);
  const resolver = useMemo(
    () =>
      createCodeResolver<ResolveValues, ResolveValues>(
        z.object({
          note: z.string().trim().min(1, "required").max(1000, "too_long"),
          amounts: z.array(
            z.object({
              userId: z.string(),
              name: z.string(),
              amount: moneyTextSchema(f.language, { currency: f.currency, allowNegative: true }),
            }),
          ),
        }),
        (code) => validationKey("reconciliation", code),
      ),
    [f.language, f.currency],
  );
  const { control, handleSubmit, reset } = useForm<ResolveValues>({
    reValidateMode: "onSubmit",
    defaultValues: { note: "", amounts: [] },
    resolver,
  });
  const { fields } = useFieldArray({ control, name: "amounts" });

  useEffect(() => {
    if (!line) return;
    reset({
      note: "",
      amounts: (proposal.data?.items ?? []).map((item) => ({
        userId: item.buyer.id,
        name: item.buyer.name,
        amount: f.number(item.amount, 2),
      })),
    });
  }, [line, proposal.data, reset, f]);

  const submit = handleSubmit(async (values) => {
    try {
      if (!line) return;
      const base = { offerId: line.offer.id, userId: line.buyer?.id ?? null, note: values.note.trim() };
      await resolve.mutateAsync(
        adjusting
          ? {
              ...base,
              kind: "adjusted",
              adjustments: values.amounts
                .filter((a) => Number(a.amount) !== 0)
                .map((a) => ({ userId: a.userId, amount: a.amount })),
            }
          : { ...base, kind: "accepted" },
      );
      toast.success(t(adjusting ? "resolve.adjustedDone" : "resolve.acceptedDone"));
      onClose();
    } catch (error) {
      const key = isApiError(error) ? `reconciliation:errors.${error.code}` : "";
      toast.error(key && t(key, { defaultValue: "" }) ? t(key) : t(errorMessageKey(error)));
    }
  });

  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && !resolve.isPending && onClose()}>
      <DialogContent closeLabel={t("common:close")} data-testid="resolve-dialog">
        <DialogHeader>
          <DialogTitle>{t(adjusting ? "resolve.adjustTitle" : "resolve.acceptTitle")}</DialogTitle>
          <DialogDescription>
            {line
              ? t("resolve.description", {
                  line: lineName(line),
                  logged: f.money(line.logged.revenue),
                  reported: f.money(line.reported.revenue),
                })
              : ""}
          </DialogDescription>
        </DialogHeader>
        <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={submit} noValidate>
          {adjusting ? (
            proposal.isPending ? (
              <Spinner />
            ) : (
              <div className="grid gap-3" data-testid="adjust-proposal">
                <p className="text-muted-foreground text-sm">
                  {t("resolve.proposalHint", {
                    difference: f.money(proposal.data?.revenueDifference ?? "0"),
                  })}
                </p>
                {fields.map((item, i) => {
                  const proposed = proposal.data?.items[i];
                  return (
                    <Field
                      key={item.id}
                      control={control}
                      name={`amounts.${i}.amount`}
                      label={item.name}
                      description={
                        proposed
                          ? t("resolve.proposed", {
                              before: f.money(proposed.commissionBefore),
                              after: f.money(proposed.commissionAfter),
                              share: f.money(proposed.revenueDelta),
                            })
                          : undefined
                      }
                    >
                      {(field, props) => (
                        <MoneyInput
                          {...field}
                          {...props}
                          allowNegative
                          className="max-w-48"
                          data-testid={`adjust-amount-${i}`}
                        />
                      )}
                    </Field>
                  );
                })}
              </div>
            )
          ) : null}
          <Field
            control={control}
            name="note"
            label={
              <>
                {t(adjusting ? "resolve.reason" : "resolve.note")} <span aria-hidden="true">*</span>
              </>
            }
          >
            {(field, props) => (
              <textarea
                {...field}
                {...props}
                aria-required="true"
                className={textareaClass}
                data-testid="resolve-note"
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={resolve.isPending}>
              {t("resolve.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={resolve.isPending || (adjusting && proposal.isPending)}
              data-testid="resolve-submit"
            >
              {resolve.isPending ? <Spinner /> : null}
              {t(adjusting ? "resolve.adjustSubmit" : "resolve.acceptSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
