import type { MyStatement } from "@domain/schemas/payments";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState, ErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { useMyStatements } from "../api";
import { statusTone } from "../helpers";
import { Money } from "./money";
import { useMonthLabel } from "./month-picker";

// /user/payments: the buyer's own statements by month, newest first, read-only: what was due, the
// adjustments, every payout (reversed ones struck through, with the reason) and what is pending.
// One column of cards, made for a phone; it reads again on a live "payment" notification.

export function MyPaymentsScreen() {
  const { t } = useTranslation("payments");
  const statements = useMyStatements();
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title={t("mine.title")} description={t("mine.description")} />
      {statements.isError && !statements.data ? (
        <ErrorState
          error={statements.error}
          title={t("mine.loadError")}
          onRetry={() => void statements.refetch()}
        />
      ) : !statements.data ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : statements.data.items.length === 0 ? (
        <EmptyState title={t("mine.emptyTitle")} description={t("mine.emptyDescription")} />
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" data-testid="my-statements">
          {statements.data.items.map((statement) => (
            <li key={statement.statementId}>
              <StatementCard statement={statement} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StatementCard({ statement }: { statement: MyStatement }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const monthLabel = useMonthLabel();
  const overpaid = Number(statement.overpaid) > 0;
  const figure = (label: string, value: ReactNode, testId?: string) => (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <article
      className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border bg-card p-4 text-card-foreground text-sm"
      data-testid="my-statement"
      data-month={statement.month}
      data-status={statement.status}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold text-base">{monthLabel(statement.month)}</h2>
          <p className="text-muted-foreground text-xs">
            {t(`model.${statement.model}`)} · {t("mine.rate", { rate: f.percent(statement.commissionRate) })}{" "}
            · {t("mine.roi", { roi: f.percent(statement.roi) })}
          </p>
        </div>
        <Badge className={statusTone[statement.status]}>{t(`status.${statement.status}`)}</Badge>
      </header>

      <dl className="divide-y rounded-md border px-3">
        {figure(t("mine.profit"), <Money value={statement.totalProfit} tone />)}
        {figure(t("columns.due"), <Money value={statement.amountDue} />, "my-due")}
        {figure(
          t("columns.adjustments"),
          <Money value={statement.adjustments} signed tone />,
          "my-adjustments",
        )}
        {figure(t("columns.paid"), <Money value={statement.paid} />, "my-paid")}
        {figure(
          t("columns.pending"),
          <Money value={statement.pending} className="font-semibold" />,
          "my-pending",
        )}
      </dl>
      {overpaid ? (
        <p className="text-red-700 dark:text-red-400" data-testid="my-overpaid">
          {t("mine.overpaid", { amount: f.money(statement.overpaid) })}
        </p>
      ) : null}
      {statement.paidAt ? (
        <p className="text-muted-foreground text-xs">
          {t("mine.paidAt", { date: formatDateTime(statement.paidAt, f.language, f.timeZone) })}
        </p>
      ) : null}

      {statement.adjustmentItems.length > 0 ? (
        <section className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <h3 className="font-medium">{t("adjustments.title")}</h3>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {statement.adjustmentItems.map((adjustment) => (
              <li
                key={adjustment.id}
                className="rounded-md border px-3 py-2"
                data-testid="my-adjustment"
                data-kind={adjustment.kind}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">
                    {adjustment.kind === "carry_out" && adjustment.linkedMonth
                      ? t("adjustments.carriedTo", { month: monthLabel(adjustment.linkedMonth) })
                      : adjustment.kind === "carry_in" && adjustment.linkedMonth
                        ? t("adjustments.carriedFrom", { month: monthLabel(adjustment.linkedMonth) })
                        : t(
                            Number(adjustment.amount) < 0
                              ? "adjustment.kind.clawback"
                              : "adjustment.kind.bonus",
                          )}
                  </span>
                  <Money value={adjustment.amount} signed tone className="font-semibold" />
                </div>
                {adjustment.reason ? <p className="mt-1 break-words">{adjustment.reason}</p> : null}
                <p className="text-muted-foreground text-xs">
                  {formatDateTime(adjustment.createdAt, f.language, f.timeZone)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <h3 className="font-medium">{t("mine.payouts")}</h3>
        {statement.payouts.length === 0 ? (
          <p className="text-muted-foreground">{t("mine.noPayouts")}</p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {statement.payouts.map((payout) => {
              const reversed = payout.reversedAt !== null;
              return (
                <li
                  key={payout.id}
                  className="rounded-md border px-3 py-2"
                  data-testid="my-payout"
                  data-reversed={reversed}
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Money
                      value={payout.amount}
                      className={cn("font-semibold", reversed && "line-through")}
                    />
                    <span className="text-muted-foreground text-xs">
                      {formatDateTime(payout.paidAt, f.language, f.timeZone)}
                    </span>
                  </div>
                  {reversed ? (
                    <p className="mt-1 break-words text-red-700 dark:text-red-400">
                      {t("mine.reversed", { reason: payout.reversalReason ?? "" })}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </article>
  );
}
