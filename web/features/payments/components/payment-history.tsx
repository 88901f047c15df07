import type { PaymentCard, Payout } from "@domain/schemas/payments";
import { ArrowRight, Pencil, Percent, Plus, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ErrorState } from "@/features/campaigns/components/states";
import { useFormatters } from "@/features/campaigns/use-formatters";
import { formatDateTime } from "@/lib/format";
import { usePaymentHistory } from "../api";
import { statusTone } from "../helpers";

/** 'Histórico de Pagamentos' of the selected statement: payouts (10 per page) and every status change. */
export function PaymentHistoryPanel({
  card,
  onRegister,
  onEdit,
  onReverse,
  onEditRates,
  busy,
}: {
  card: PaymentCard;
  onEditRates: () => void;
  onRegister: () => void;
  onEdit: (payout: Payout) => void;
  onReverse: (payout: Payout) => void;
  busy: boolean;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const [page, setPage] = useState(1);
  const [forStatement, setForStatement] = useState(card.statementId);
  if (forStatement !== card.statementId) {
    setForStatement(card.statementId);
    setPage(1);
  }
  const history = usePaymentHistory(card.statementId, page);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pendingCents = Math.round(Number(card.pending) * 100);

  return (
    <section
      className="space-y-4 rounded-xl border bg-card p-4 sm:p-5"
      aria-labelledby="payment-history-title"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="payment-history-title" className="font-semibold text-lg">
            {t("history.title")}
          </h2>
          <p className="text-muted-foreground text-sm">
            {card.name} · {f.date(card.periodStart)} – {f.date(card.periodEnd)} · {t("card.due")}{" "}
            {f.money(card.amountDue)}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" onClick={onEditRates} data-testid="edit-rates">
            <Percent aria-hidden="true" />
            {t("actions.editRates")}
          </Button>
          <Button
            onClick={onRegister}
            disabled={busy || pendingCents <= 0 || card.status === "cancelled" || card.status === "paid"}
            data-testid="register-payment"
          >
            <Plus aria-hidden="true" />
            {t("actions.register")}
          </Button>
        </div>
      </div>

      {history.isError ? (
        <ErrorState
          error={history.error}
          title={t("toasts.historyError")}
          onRetry={() => void history.refetch()}
        />
      ) : !data ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <>
          <div
            className={
              data.items.length > 0
                ? "hidden overflow-x-auto rounded-md border sm:block"
                : "overflow-x-auto rounded-md border"
            }
          >
            <Table data-testid="history-table">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("history.date")}</TableHead>
                  <TableHead>{t("history.period")}</TableHead>
                  <TableHead className="text-right">
                    {t("history.amount", { currency: f.currency })}
                  </TableHead>
                  <TableHead>{t("history.status")}</TableHead>
                  <TableHead>{t("history.notes")}</TableHead>
                  <TableHead className="text-right">{t("history.actions")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                      {t("history.empty")}
                    </TableCell>
                  </TableRow>
                ) : (
                  data.items.map((payout) => {
                    const reversed = payout.reversedAt !== null;
                    return (
                      <TableRow key={payout.id} data-testid="payout-row" data-reversed={reversed}>
                        <TableCell className="whitespace-nowrap">
                          {formatDateTime(payout.paidAt, f.language, f.timeZone)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {f.date(payout.periodStart, "short")} – {f.date(payout.periodEnd, "short")}
                        </TableCell>
                        <TableCell
                          className={
                            reversed ? "text-right tabular-nums line-through" : "text-right tabular-nums"
                          }
                        >
                          {f.money(payout.amount)}
                        </TableCell>
                        <TableCell>
                          <Badge className={reversed ? statusTone.cancelled : statusTone.paid}>
                            {reversed ? t("history.reversed") : t("history.paid")}
                          </Badge>
                        </TableCell>
                        <TableCell className="min-w-40 max-w-72 whitespace-normal text-sm">
                          {payout.note ? <span className="block">{payout.note}</span> : null}
                          {reversed ? (
                            <span className="block text-red-700 dark:text-red-400">
                              {t("history.reversalReason", { reason: payout.reversalReason ?? "" })}
                            </span>
                          ) : null}
                          {payout.createdBy ? (
                            <span className="block text-muted-foreground text-xs">
                              {t("history.by", { name: payout.createdBy.name })}
                            </span>
                          ) : null}
                        </TableCell>
                        <TableCell className="text-right">
                          <div className="flex justify-end gap-1">
                            {card.status === "paid" && !reversed ? (
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={t("actions.reverse")}
                                disabled={busy}
                                onClick={() => onReverse(payout)}
                                data-testid="reverse-payout"
                              >
                                <Undo2 aria-hidden="true" />
                              </Button>
                            ) : null}
                            {!reversed && card.status !== "cancelled" ? (
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={t("actions.edit")}
                                disabled={busy}
                                onClick={() => onEdit(payout)}
                                data-testid="edit-payout"
                              >
                                <Pencil aria-hidden="true" />
                              </Button>
                            ) : null}
                          </div>
                        </TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
            </Table>
          </div>
          {data.items.length > 0 ? (
            // Phones: the same rows as a list, so nothing hides behind a sideways scroll.
            <ul className="grid gap-2 sm:hidden" data-testid="history-list">
              {data.items.map((payout) => {
                const reversed = payout.reversedAt !== null;
                return (
                  <li key={payout.id} className="rounded-md border p-3 text-sm" data-testid="payout-item">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p
                          className={
                            reversed
                              ? "font-semibold tabular-nums line-through"
                              : "font-semibold tabular-nums"
                          }
                        >
                          {f.money(payout.amount)}
                        </p>
                        <p className="text-muted-foreground text-xs">
                          {formatDateTime(payout.paidAt, f.language, f.timeZone)} ·{" "}
                          {f.date(payout.periodStart, "short")} – {f.date(payout.periodEnd, "short")}
                        </p>
                      </div>
                      <Badge className={reversed ? statusTone.cancelled : statusTone.paid}>
                        {reversed ? t("history.reversed") : t("history.paid")}
                      </Badge>
                    </div>
                    {payout.note ? <p className="mt-2 break-words">{payout.note}</p> : null}
                    {reversed ? (
                      <p className="mt-1 break-words text-red-700 dark:text-red-400">
                        {t("history.reversalReason", { reason: payout.reversalReason ?? "" })}
                      </p>
                    ) : null}
                    {payout.createdBy ? (
                      <p className="text-muted-foreground text-xs">
                        {t("history.by", { name: payout.createdBy.name })}
                      </p>
                    ) : null}
                    {!reversed && card.status !== "cancelled" ? (
                      <div className="mt-2 flex flex-wrap gap-2">
                        {card.status === "paid" ? (
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={busy}
                            onClick={() => onReverse(payout)}
                          >
                            <Undo2 aria-hidden="true" />
                            {t("actions.reverse")}
                          </Button>
                        ) : null}
                        <Button variant="outline" size="sm" disabled={busy} onClick={() => onEdit(payout)}>
                          <Pencil aria-hidden="true" />
                          {t("actions.edit")}
                        </Button>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          <div className="flex items-center justify-between gap-2 text-sm">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              data-testid="history-prev"
            >
              {t("history.previous")}
            </Button>
            <span data-testid="history-page">{t("history.page", { page, pages })}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
              data-testid="history-next"
            >
              {t("history.next")}
            </Button>
          </div>

          <div className="space-y-2">
            <h3 className="font-medium">{t("changes.title")}</h3>
            {data.changes.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t("changes.empty")}</p>
            ) : (
              <ol className="space-y-2" data-testid="status-changes">
                {data.changes.map((change) => (
                  <li
                    key={change.id}
                    className="rounded-md border px-3 py-2 text-sm"
                    data-testid="status-change"
                  >
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-medium">
                        {t(`changes.actions.${knownAction(change.action)}`)}
                      </span>
                      {change.previousStatus ? (
                        <Badge className={statusTone[change.previousStatus]}>
                          {t(`status.${change.previousStatus}`)}
                        </Badge>
                      ) : null}
                      <ArrowRight className="size-3.5 text-muted-foreground" aria-label={t("changes.to")} />
                      <Badge className={statusTone[change.newStatus]}>
                        {t(`status.${change.newStatus}`)}
                      </Badge>
                    </div>
                    <p className="text-muted-foreground text-xs">
                      {t("changes.byAt", {
                        name: change.changedBy?.name ?? t("changes.system"),
                        when: formatDateTime(change.createdAt, f.language, f.timeZone),
                      })}
                    </p>
                    {change.note ? <p className="mt-1 break-words">{change.note}</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </>
      )}
    </section>
  );
}

const actions = [
  "process",
  "reject",
  "reopen",
  "confirm",
  "register-payout",
  "reverse-payout",
  "edit-payout",
] as const;

function knownAction(action: string): (typeof actions)[number] | "other" {
  return (actions as readonly string[]).includes(action) ? (action as (typeof actions)[number]) : "other";
}
