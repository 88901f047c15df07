import type { SystemNote } from "@domain/payout-notes";
import type { Role } from "@domain/roles";
import type { Adjustment, PaymentRow, Payout, StatusChange } from "@domain/schemas/payments";
import type { TFunction } from "i18next";
import { ArrowRight, Pencil, Percent, ShieldAlert, Undo2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "@/components/states";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { type StatementAction, usePaymentHistory } from "../api";
import { canEditPayoutNote, canReversePayout, isActionAllowed, type RowAction, statusTone } from "../helpers";
import { actionIcons, workflowActions } from "./action-icons";
import { Money } from "./money";
import { useMonthLabel } from "./month-picker";

// A statement's side sheet: why it owes what it owes (model, settings, tier, ROI against the
// threshold, rate, profit × rate), its ledger (adjustments, payouts with reversals, status changes),
// where the buyer is paid, and every action on it.

export type SheetHandlers = {
  onAction: (row: PaymentRow, action: StatementAction) => void;
  onRegister: (row: PaymentRow) => void;
  onAdjust: (row: PaymentRow) => void;
  onEditRates: (row: PaymentRow) => void;
  onReverse: (payout: Payout) => void;
  onEditNote: (payout: Payout) => void;
};

/** What a statement's buttons and menus need: the row, who acts, whether a request is on its way. */
export type StatementProps<Handlers = SheetHandlers> = {
  row: PaymentRow;
  role: Role;
  busy: boolean;
  handlers: Handlers;
};

export function StatementSheet({
  row,
  role,
  busy,
  onOpenChange,
  handlers,
}: {
  row: PaymentRow | null;
  role: Role;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  handlers: SheetHandlers;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const monthLabel = useMonthLabel();
  return (
    <Sheet open={row !== null} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        closeLabel={t("common:close")}
        className="w-full max-w-full gap-0 overflow-y-auto p-0 sm:max-w-xl"
        data-testid="statement-sheet"
      >
        {row ? (
          <>
            <SheetHeader className="border-b pr-12">
              <SheetTitle className="break-words">{row.name}</SheetTitle>
              <SheetDescription className="break-words">
                {row.email} · {monthLabel(row.periodStart.slice(0, 7))}
              </SheetDescription>
              <div className="flex flex-wrap gap-1.5 pt-1">
                <Badge className={statusTone[row.status]} data-testid="sheet-status">
                  {t(`status.${row.status}`)}
                </Badge>
                <Badge variant="outline">{t(`model.${row.model}`)}</Badge>
                {row.teamLead ? (
                  <Badge variant="outline">{t("sheet.lead", { name: row.teamLead.name })}</Badge>
                ) : null}
              </div>
            </SheetHeader>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-5 p-4">
              <StatementButtons row={row} role={role} busy={busy} handlers={handlers} />
              <PayeeSection row={row} />
              <Figures row={row} />
              <Explanation row={row} />
              <Ledger row={row} role={role} busy={busy} handlers={handlers} />
              <p className="text-muted-foreground text-xs">
                {t("sheet.period", { from: f.date(row.periodStart), to: f.date(row.periodEnd) })}
              </p>
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function StatementButtons({ row, role, busy, handlers }: StatementProps) {
  const { t } = useTranslation("payments");
  const allowed = (action: RowAction) => !busy && isActionAllowed(row, action, role);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <div className="flex flex-wrap gap-2 [&>button]:grow">
        <Button
          size="sm"
          disabled={!allowed("register")}
          onClick={() => handlers.onRegister(row)}
          data-testid="register-payment"
        >
          <actionIcons.register aria-hidden="true" />
          {t("actions.register")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!allowed("adjust")}
          onClick={() => handlers.onAdjust(row)}
          data-testid="add-adjustment"
        >
          <actionIcons.adjust aria-hidden="true" />
          {t("actions.adjust")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => handlers.onEditRates(row)}
          data-testid="edit-rates"
        >
          <Percent aria-hidden="true" />
          {t("actions.editRates")}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2 [&>button]:grow">
        {workflowActions.map((action) => {
          const Icon = actionIcons[action];
          return (
            <Button
              key={action}
              size="sm"
              variant="outline"
              disabled={!allowed(action)}
              onClick={() => handlers.onAction(row, action)}
            >
              <Icon aria-hidden="true" />
              {t(`actions.${action}`)}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid={testId}>
      <h3 className="font-medium text-sm">{title}</h3>
      {children}
    </section>
  );
}

function PayeeSection({ row }: { row: PaymentRow }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const payee = row.payee;
  return (
    <Section title={t("payee.title")} testId="sheet-payee">
      {!payee ? (
        <p className="text-muted-foreground text-sm">{t("payee.none")}</p>
      ) : (
        <>
          <p className="text-sm">
            {t(`payee.method.${payee.method}`)}{" "}
            <span className="text-muted-foreground">
              · {t("payee.updated", { date: formatDateTime(payee.updatedAt, f.language, f.timeZone) })}
            </span>
          </p>
          {payee.changedRecently ? (
            <Alert className="border-amber-500/40 bg-amber-500/10" data-testid="payee-changed">
              <ShieldAlert aria-hidden="true" />
              <AlertTitle className="line-clamp-none">{t("payee.changedTitle")}</AlertTitle>
              <AlertDescription>{t("payee.changedText")}</AlertDescription>
            </Alert>
          ) : null}
        </>
      )}
    </Section>
  );
}

/** Due + adjustments − paid = pending, as the server computed each (never summed here). */
function Figures({ row }: { row: PaymentRow }) {
  const { t } = useTranslation("payments");
  const overpaid = Number(row.overpaid) > 0;
  const line = (label: string, value: ReactNode, testId: string, strong = false) => (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className={cn("text-muted-foreground", strong && "font-medium text-foreground")}>{label}</dt>
      <dd className={cn(strong && "font-semibold")} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <Section title={t("sheet.figures")}>
      <dl className="divide-y rounded-md border px-3 text-sm">
        {line(t("columns.due"), <Money value={row.amountDue} />, "sheet-due")}
        {line(t("columns.adjustments"), <Money value={row.adjustments} signed tone />, "sheet-adjustments")}
        {line(t("columns.paid"), <Money value={row.paid} />, "sheet-paid")}
        {line(t("columns.pending"), <Money value={row.pending} />, "sheet-pending", true)}
        {overpaid
          ? line(
              t("sheet.overpaid"),
              <Money value={row.overpaid} className="text-red-700 dark:text-red-400" />,
              "sheet-overpaid",
              true,
            )
          : null}
      </dl>
    </Section>
  );
}

function Explanation({ row }: { row: PaymentRow }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const monthLabel = useMonthLabel();
  const e = row.explanation;
  const rate = f.percent(e.rate);
  const profitPositive = Number(row.totalProfit) > 0;
  const steps: { key: string; text: string }[] = [
    {
      key: "settings",
      text: e.settingsEffectiveFrom
        ? t("explain.settingsFrom", {
            model: t(`model.${e.model}`),
            month: monthLabel(e.settingsEffectiveFrom),
          })
        : t("explain.settingsDefault", { model: t(`model.${e.model}`) }),
    },
  ];
  if (e.model === "tiered" && e.minimumMonthlyRevenue !== null) {
    steps.push({
      key: "minimum",
      text: t(e.belowMinimum ? "explain.belowMinimum" : "explain.aboveMinimum", {
        revenue: f.money(row.totalRevenue),
        minimum: f.money(e.minimumMonthlyRevenue),
      }),
    });
  }
  if (e.model === "tiered" && !e.belowMinimum) {
    steps.push({
      key: "tier",
      text: e.tier
        ? e.tier.maxRevenue === null
          ? t("explain.tierOpen", { revenue: f.money(row.totalRevenue), min: f.money(e.tier.minRevenue) })
          : t("explain.tier", {
              revenue: f.money(row.totalRevenue),
              min: f.money(e.tier.minRevenue),
              max: f.money(e.tier.maxRevenue),
            })
        : t("explain.noTier", { revenue: f.money(row.totalRevenue) }),
    });
  }
  if (!(e.model === "tiered" && (e.belowMinimum || !e.tier))) {
    steps.push({
      key: "roi",
      text: t(e.roiMet ? "explain.roiMet" : "explain.roiNotMet", {
        roi: f.percent(row.roi),
        threshold: f.percent(e.roiThreshold),
      }),
    });
  }
  steps.push({ key: "rate", text: t("explain.rate", { rate }) });
  steps.push({
    key: "commission",
    text: profitPositive
      ? t("explain.commission", { profit: f.money(row.totalProfit), rate, commission: f.money(e.commission) })
      : t("explain.noProfit", { profit: f.money(row.totalProfit), commission: f.money(e.commission) }),
  });
  return (
    <Section title={t("explain.title")} testId="sheet-explanation">
      <ol className="grid list-decimal gap-1 pl-5 text-sm marker:text-muted-foreground">
        {steps.map((step) => (
          <li key={step.key} data-testid={`explain-${step.key}`}>
            {step.text}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Ledger({ row, role, busy, handlers }: StatementProps) {
  const { t } = useTranslation("payments");
  const [page, setPage] = useState(1);
  const [forStatement, setForStatement] = useState(row.statementId);
  if (forStatement !== row.statementId) {
    setForStatement(row.statementId);
    setPage(1);
  }
  const history = usePaymentHistory(row.statementId, page);
  const data = history.data;
  if (history.isError && !data) {
    return (
      <ErrorState
        error={history.error}
        title={t("toasts.historyError")}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (!data) return <Skeleton className="h-40 w-full" />;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <Section title={t("adjustments.title")} testId="sheet-adjustments-list">
        {data.adjustments.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("adjustments.empty")}</p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {data.adjustments.map((adjustment) => (
              <AdjustmentItem key={adjustment.id} adjustment={adjustment} />
            ))}
          </ul>
        )}
      </Section>
      <Separator />
      <Section title={t("history.title")} testId="sheet-payouts">
        {data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("history.empty")}</p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="history-list">
            {data.items.map((payout) => (
              <PayoutItem
                key={payout.id}
                payout={payout}
                row={row}
                role={role}
                busy={busy}
                handlers={handlers}
              />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <div className="flex items-center justify-between gap-2 text-sm">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t("history.previous")}
            </Button>
            <span data-testid="history-page">{t("history.page", { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t("history.next")}
            </Button>
          </div>
        ) : null}
      </Section>
      <Separator />
      <StatusChanges changes={data.changes} />
    </>
  );
}

function AdjustmentItem({ adjustment }: { adjustment: Adjustment }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const monthLabel = useMonthLabel();
  const label =
    adjustment.kind === "carry_out" && adjustment.linkedMonth
      ? t("adjustments.carriedTo", { month: monthLabel(adjustment.linkedMonth) })
      : adjustment.kind === "carry_in" && adjustment.linkedMonth
        ? t("adjustments.carriedFrom", { month: monthLabel(adjustment.linkedMonth) })
        : t(Number(adjustment.amount) < 0 ? "adjustment.kind.clawback" : "adjustment.kind.bonus");
  return (
    <li className="rounded-md border p-3 text-sm" data-testid="adjustment-item" data-kind={adjustment.kind}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">{label}</span>
        <Money value={adjustment.amount} signed tone className="font-semibold" />
      </div>
      {adjustment.reason ? <p className="mt-1 break-words">{adjustment.reason}</p> : null}
      <p className="text-muted-foreground text-xs">
        {t("changes.byAt", {
          name: adjustment.createdBy?.name ?? t("changes.system"),
          when: formatDateTime(adjustment.createdAt, f.language, f.timeZone),
        })}
      </p>
    </li>
  );
}

function PayoutItem({ payout, row, role, busy, handlers }: StatementProps & { payout: Payout }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const reversed = payout.reversedAt !== null;
  const reversible = canReversePayout(payout, row, role);
  const editable = canEditPayoutNote(row, role);
  return (
    <li className="rounded-md border p-3 text-sm" data-testid="payout-row" data-reversed={reversed}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Money value={payout.amount} className={cn("font-semibold", reversed && "line-through")} />
          <p className="text-muted-foreground text-xs">
            {formatDateTime(payout.paidAt, f.language, f.timeZone)}
          </p>
        </div>
        <Badge className={reversed ? statusTone.cancelled : statusTone.paid}>
          {reversed ? t("history.reversed") : t("history.paid")}
        </Badge>
      </div>
      {payout.systemNote ? (
        <p className="mt-2 break-words" data-testid="payout-system-note">
          {systemNoteText(t, payout.systemNote, f)}
        </p>
      ) : null}
      {payout.note ? <p className="mt-2 break-words">{payout.note}</p> : null}
      {reversed ? (
        <p className="mt-1 break-words text-red-700 dark:text-red-400">
          {t("history.reversalReason", { reason: payout.reversalReason ?? "" })}
          {payout.reversedAt ? (
            <span className="block text-muted-foreground text-xs">
              {formatDateTime(payout.reversedAt, f.language, f.timeZone)}
            </span>
          ) : null}
        </p>
      ) : null}
      {payout.createdBy ? (
        <p className="text-muted-foreground text-xs">{t("history.by", { name: payout.createdBy.name })}</p>
      ) : null}
      {reversible || editable ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {reversible ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => handlers.onReverse(payout)}
              data-testid="reverse-payout"
            >
              <Undo2 aria-hidden="true" />
              {t("actions.reverse")}
            </Button>
          ) : null}
          {editable ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => handlers.onEditNote(payout)}
              data-testid="edit-payout"
            >
              <Pencil aria-hidden="true" />
              {t("actions.editNote")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

const changeActions = [
  "process",
  "reject",
  "reopen",
  "confirm",
  "register-payout",
  "reverse-payout",
  "edit-payout",
  "adjust",
  "carry",
] as const;

function knownAction(action: string): (typeof changeActions)[number] | "other" {
  return (changeActions as readonly string[]).includes(action)
    ? (action as (typeof changeActions)[number])
    : "other";
}

function StatusChanges({ changes }: { changes: StatusChange[] }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  return (
    <Section title={t("changes.title")}>
      {changes.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("changes.empty")}</p>
      ) : (
        <ol className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="status-changes">
          {changes.map((change) => (
            <li key={change.id} className="rounded-md border px-3 py-2 text-sm" data-testid="status-change">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium">{t(`changes.actions.${knownAction(change.action)}`)}</span>
                {change.previousStatus ? (
                  <Badge className={statusTone[change.previousStatus]}>
                    {t(`status.${change.previousStatus}`)}
                  </Badge>
                ) : null}
                <ArrowRight className="size-3.5 text-muted-foreground" aria-label={t("changes.to")} />
                <Badge className={statusTone[change.newStatus]}>{t(`status.${change.newStatus}`)}</Badge>
              </div>
              <p className="text-muted-foreground text-xs">
                {t("changes.byAt", {
                  name: change.changedBy?.name ?? t("changes.system"),
                  when: formatDateTime(change.createdAt, f.language, f.timeZone),
                })}
              </p>
              {change.systemNote ? (
                <p className="mt-1 break-words">{systemNoteText(t, change.systemNote, f)}</p>
              ) : null}
              {change.note ? <p className="mt-1 break-words">{change.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** A note the system wrote (a type with its parameters), in the reader's language (decision 0094). */
function systemNoteText(t: TFunction, note: SystemNote, f: { date: (value: string) => string }): string {
  return t(`payments:systemNote.${note.type}`, { date: f.date(note.date) });
}
