import { todayIn } from "@domain/periods";
import type { PaymentRow, Payout } from "@domain/schemas/payments";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Check, Download, Play, RefreshCw, X } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CsvDialectSelect, useCsvDialect } from "@/components/csv-dialect-select";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState, ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/features/auth";
import { isApiError } from "@/lib/api";
import { errorKey } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { usePhoneWidth } from "@/lib/use-phone-width";
import { cn } from "@/lib/utils";
import {
  type PaymentWrite,
  paymentKeys,
  payoutFileUrl,
  type StatementAction,
  usePaymentMonth,
  usePaymentWrite,
} from "../api";
import { isMonthKey } from "../helpers";
import {
  hasFilters,
  nextSort,
  type PaymentFilters,
  readTableState,
  type Sort,
  sortRows,
  writeTableState,
} from "../table-state";
import { type BulkAction, BulkDialog, type BulkJob } from "./bulk-dialog";
import { CommissionDialog } from "./commission-dialog";
import { MonthPicker } from "./month-picker";
import { PaymentCards } from "./payment-cards";
import {
  AdjustmentDialog,
  ConfirmActionDialog,
  type ConfirmTarget,
  PayoutDialog,
  PayoutNoteDialog,
  ReverseDialog,
} from "./payment-dialogs";
import { PaymentsFilters } from "./payments-filters";
import { PaymentsTable } from "./payments-table";
import type { RowHandlers } from "./row-menu";
import { StatementSheet } from "./statement-sheet";

/**
 * The payments screen (Financeiro): one month's statements as a table (cards on a phone), filtered
 * and sorted through the URL, with the server's totals, bulk process/confirm, each statement's
 * explanation and ledger in a side sheet, and the payout file's downloads.
 */
export function PaymentsScreen() {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const [dialect, setDialect] = useCsvDialect();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const phone = usePhoneWidth();
  const [routerParams, setParams] = useSearchParams();
  // The query just asked for, until the router shows it: its navigation is a transition, and until it
  // commits a clicked checkbox would show unticked. Any change of the router's query (ours, or the
  // browser's back and forward) ends it.
  const [asked, setAsked] = useState<string | null>(null);
  const routerQuery = routerParams.toString();
  const [seenQuery, setSeenQuery] = useState(routerQuery);
  if (seenQuery !== routerQuery) {
    setSeenQuery(routerQuery);
    setAsked(null);
  }
  const params = asked === null ? routerParams : new URLSearchParams(asked);
  const currentMonth = todayIn(f.timeZone).slice(0, 7);
  const requested = params.get("month");
  const month = isMonthKey(requested) ? requested : currentMonth;
  const { filters, sort } = readTableState(params);
  const query = usePaymentMonth(month, filters);
  const write = usePaymentWrite();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const lastDetails = useRef<PaymentRow | null>(null);
  const [confirming, setConfirming] = useState<ConfirmTarget | null>(null);
  const [payoutFor, setPayoutFor] = useState<PaymentRow | null>(null);
  const [adjustFor, setAdjustFor] = useState<PaymentRow | null>(null);
  const [noteFor, setNoteFor] = useState<Payout | null>(null);
  const [reversing, setReversing] = useState<Payout | null>(null);
  const [ratesFor, setRatesFor] = useState<{ userId: string; name: string } | null>(null);
  const [bulk, setBulk] = useState<BulkJob | null>(null);
  const bulkJobs = useRef(0);
  const [refreshing, setRefreshing] = useState(false);
  // Set synchronously: a double click lands before React re-renders the button as disabled.
  const inFlight = useRef(false);

  const data = query.data?.month === month ? query.data : null;
  const monthOver = data?.monthOver ?? true;
  const rows = useMemo(() => sortRows(data?.items ?? [], sort, f.language), [data, sort, f.language]);
  const selectedRows = rows.filter((row) => selected.has(row.statementId));
  // The sheet keeps showing a statement that a filter has just hidden (e.g. paid under "pending only").
  const found = detailsId ? (rows.find((row) => row.statementId === detailsId) ?? null) : null;
  if (found) lastDetails.current = found;
  const details = detailsId ? (found ?? lastDetails.current) : null;

  const updateParams = (change: (current: URLSearchParams) => URLSearchParams, resetSelection: boolean) => {
    if (resetSelection) setSelected(new Set());
    const next = change(new URLSearchParams(params));
    setAsked(next.toString());
    setParams(next);
  };
  const setMonth = (next: string) =>
    updateParams((current) => {
      current.set("month", next);
      return current;
    }, true);
  const setFilters = (change: Partial<PaymentFilters>) =>
    updateParams((current) => writeTableState(current, { filters: change }), true);
  const setSort = (next: Sort | null) =>
    updateParams((current) => writeTableState(current, { sort: next }), false);

  async function refreshAll(announce: boolean) {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: paymentKeys.all, type: "active" }, { throwOnError: true });
      if (announce) toast.success(t("toasts.refreshed"));
    } catch {
      toast.error(t("toasts.refreshError"), { description: t("toasts.refreshErrorDescription") });
    } finally {
      setRefreshing(false);
    }
  }

  /** One write at a time: a double click cannot send a second request while the first is pending. */
  async function run(request: PaymentWrite, success: string, failure: string): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    try {
      await write.mutateAsync(request);
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(failure, { description: t(errorKey("payments", error)) });
      return false;
    } finally {
      inFlight.current = false;
    }
  }

  const handlers: RowHandlers = {
    onOpen: (row) => setDetailsId(row.statementId),
    onAction: (row: PaymentRow, action: StatementAction) => {
      // Processing a month that is still running closes it early: that asks first, naming the days.
      // Open reconciliation differences ask for the reason first (docs/decisions/0113).
      if (
        action === "confirm" ||
        action === "reject" ||
        (action === "process" && (!monthOver || row.reconciliation === "open"))
      ) {
        setConfirming({ row, action });
        return;
      }
      void run(
        { kind: "action", statementId: row.statementId, action },
        t("toasts.statusUpdated"),
        t("toasts.statusError"),
      );
    },
    onRegister: setPayoutFor,
    onAdjust: setAdjustFor,
    onEditRates: (row) => setRatesFor({ userId: row.userId, name: row.name }),
    onReverse: setReversing,
    onEditNote: setNoteFor,
  };

  async function confirmAction(closeEarly: boolean, reconciliationReason?: string) {
    if (!confirming) return;
    const { row, action } = confirming;
    const ok = await run(
      {
        kind: "action",
        statementId: row.statementId,
        action,
        ...(closeEarly ? { closeEarly: true } : {}),
        ...(reconciliationReason ? { reconciliationReason } : {}),
      },
      action === "confirm" ? t("toasts.paid") : t("toasts.statusUpdated"),
      action === "confirm" ? t("toasts.payError") : t("toasts.statusError"),
    );
    if (ok) setConfirming(null);
  }

  const startBulk = (action: BulkAction) => {
    bulkJobs.current += 1;
    setBulk({ id: bulkJobs.current, action, rows: selectedRows });
  };

  const monthError = query.isError && !data ? query.error : null;
  const selection = {
    selected,
    onToggle: (statementId: string, checked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (checked) next.add(statementId);
        else next.delete(statementId);
        return next;
      }),
    onToggleAll: (checked: boolean) =>
      setSelected(checked ? new Set(rows.map((row) => row.statementId)) : new Set()),
  };

  return (
    <div className="mx-auto grid w-full max-w-[96rem] grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={t("title")}
        description={t("subtitle")}
        actions={
          <>
            <MonthPicker month={month} maxMonth={currentMonth} onChange={setMonth} />
            <Button
              variant="outline"
              onClick={() => void refreshAll(true)}
              disabled={refreshing}
              className="self-end"
              data-testid="refresh-data"
            >
              <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden="true" />
              {t("actions.refresh")}
            </Button>
            <fieldset className="flex flex-wrap gap-2 self-end">
              <legend className="sr-only">{t("download.label")}</legend>
              <CsvDialectSelect value={dialect} onChange={setDialect} />
              {(["csv", "xlsx"] as const).map((format) => (
                <Button key={format} variant="outline" asChild>
                  <a
                    href={payoutFileUrl(format, month, dialect)}
                    download
                    aria-label={t(`download.${format}`)}
                    data-testid={`download-${format}`}
                  >
                    <Download aria-hidden="true" />
                    {format.toUpperCase()}
                  </a>
                </Button>
              ))}
            </fieldset>
          </>
        }
      />

      <PaymentsFilters filters={filters} rows={data?.items ?? []} onChange={setFilters} />

      {data && !data.monthOver ? (
        <p className="flex items-start gap-2 text-muted-foreground text-sm" data-testid="month-open-notice">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("monthOpen", { date: f.date(data.periodEnd, "long") })}
        </p>
      ) : null}

      {selectedRows.length > 0 ? (
        <section
          className="sticky top-16 z-20 flex flex-wrap items-center gap-2 rounded-lg border bg-background p-2 shadow-sm"
          aria-label={t("bulk.label")}
          data-testid="bulk-bar"
        >
          <span className="px-1 font-medium text-sm" data-testid="bulk-count">
            {t("bulk.selected", { count: selectedRows.length })}
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => startBulk("process")}
              data-testid="bulk-process"
            >
              <Play aria-hidden="true" />
              {t("actions.process")}
            </Button>
            <Button size="sm" onClick={() => startBulk("confirm")} data-testid="bulk-confirm">
              <Check aria-hidden="true" />
              {t("actions.confirm")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())} data-testid="bulk-clear">
              <X aria-hidden="true" />
              {t("bulk.clear")}
            </Button>
          </div>
        </section>
      ) : null}

      {monthError ? (
        <ErrorState
          error={monthError}
          title={
            isApiError(monthError) && monthError.fields?.month
              ? t(
                  `validation.${monthError.fields.month === "month_in_future" ? "month_in_future" : "invalid_month"}`,
                )
              : t("toasts.loadError")
          }
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-12 w-full" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        hasFilters(filters) ? (
          <EmptyState
            title={t("empty.filteredTitle")}
            description={t("empty.filteredDescription")}
            action={
              <Button
                variant="outline"
                onClick={() => setFilters({ status: null, teamLeadId: null, pendingOnly: false })}
              >
                {t("filters.clear")}
              </Button>
            }
          />
        ) : (
          <EmptyState title={t("empty.title")} description={t("empty.description")} />
        )
      ) : (
        <div className={cn(query.isFetching && "opacity-70 transition-opacity")}>
          {phone ? (
            <PaymentCards
              rows={rows}
              totals={data.totals}
              sort={sort}
              onSortChange={setSort}
              selection={selection}
              role={user.role}
              busy={write.isPending}
              handlers={handlers}
            />
          ) : (
            <PaymentsTable
              rows={rows}
              totals={data.totals}
              sort={sort}
              onSort={(column) => setSort(nextSort(sort, column))}
              selection={selection}
              role={user.role}
              busy={write.isPending}
              handlers={handlers}
            />
          )}
        </div>
      )}

      <StatementSheet
        row={details}
        role={user.role}
        busy={write.isPending}
        onOpenChange={(open) => !open && setDetailsId(null)}
        handlers={handlers}
      />
      <ConfirmActionDialog
        target={confirming}
        monthOver={monthOver}
        onOpenChange={(open) => !open && setConfirming(null)}
        onConfirm={(closeEarly, reason) => void confirmAction(closeEarly, reason)}
        pending={write.isPending}
      />
      <PayoutDialog
        row={payoutFor}
        monthOver={monthOver}
        onOpenChange={(open) => !open && setPayoutFor(null)}
        pending={write.isPending}
        onSubmit={(values) =>
          payoutFor
            ? run(
                {
                  kind: "register",
                  statementId: payoutFor.statementId,
                  amount: values.amount,
                  note: values.note,
                  ...(values.closeEarly ? { closeEarly: true } : {}),
                },
                t("toasts.paid"),
                t("toasts.payError"),
              )
            : Promise.resolve(false)
        }
      />
      <AdjustmentDialog
        row={adjustFor}
        onOpenChange={(open) => !open && setAdjustFor(null)}
        pending={write.isPending}
        onSubmit={(values) =>
          adjustFor
            ? run(
                { kind: "adjust", statementId: adjustFor.statementId, ...values },
                t("toasts.adjusted"),
                t("toasts.adjustError"),
              )
            : Promise.resolve(false)
        }
      />
      <PayoutNoteDialog
        payout={noteFor}
        onOpenChange={(open) => !open && setNoteFor(null)}
        pending={write.isPending}
        onSubmit={(note) =>
          noteFor
            ? run(
                { kind: "note", payoutId: noteFor.id, note },
                t("toasts.payoutUpdated"),
                t("toasts.payoutUpdateError"),
              )
            : Promise.resolve(false)
        }
      />
      <ReverseDialog
        payout={reversing}
        onOpenChange={(open) => !open && setReversing(null)}
        pending={write.isPending}
        onSubmit={(reason) =>
          reversing
            ? run(
                { kind: "reverse", payoutId: reversing.id, reason },
                t("toasts.reversed"),
                t("toasts.reverseError"),
              )
            : Promise.resolve(false)
        }
      />
      <BulkDialog
        key={bulk?.id ?? bulkJobs.current}
        job={bulk}
        role={user.role}
        monthOver={monthOver}
        onOpenChange={(open) => !open && setBulk(null)}
        onFinished={(doneIds) =>
          setSelected((current) => new Set([...current].filter((id) => !doneIds.includes(id))))
        }
      />
      <CommissionDialog buyer={ratesFor} onOpenChange={(open) => !open && setRatesFor(null)} />
    </div>
  );
}
