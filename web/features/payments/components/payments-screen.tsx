import { todayIn } from "@domain/periods";
import type { PaymentCard, Payout } from "@domain/schemas/payments";
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/features/auth/session";
import { EmptyState, ErrorState } from "@/features/campaigns/components/states";
import { useFormatters } from "@/features/campaigns/use-formatters";
import { errorKey } from "@/features/users/helpers";
import { isApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import {
  type PaymentWrite,
  paymentKeys,
  type StatementAction,
  usePaymentMonth,
  usePaymentWrite,
} from "../api";
import { isMonthKey, toMonthKey } from "../helpers";
import { CommissionDialog } from "./commission-dialog";
import { PaymentCards } from "./payment-cards";
import { ConfirmActionDialog, PayoutDialog, ReverseDialog } from "./payment-dialogs";
import { PaymentHistoryPanel } from "./payment-history";

const firstYear = 2020;

/** The payments screen (Financeiro): one month's statements, the workflow and the history. */
export function PaymentsScreen() {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const currentMonth = todayIn(f.timeZone).slice(0, 7);
  const requested = params.get("month");
  const month = isMonthKey(requested) ? requested : currentMonth;
  const query = usePaymentMonth(month);
  const write = usePaymentWrite();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ card: PaymentCard; action: "confirm" | "reject" } | null>(
    null,
  );
  const [payoutDialog, setPayoutDialog] = useState<{ payout: Payout | null } | null>(null);
  const [reversing, setReversing] = useState<Payout | null>(null);
  const [ratesFor, setRatesFor] = useState<{ userId: string; name: string } | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  // Set synchronously: a double click lands before React re-renders the button as disabled.
  const inFlight = useRef(false);

  const cards = query.data?.month === month ? query.data.cards : [];
  const selected = cards.find((card) => card.statementId === selectedId) ?? null;

  const setMonth = (next: string) => {
    setSelectedId(null);
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set("month", next);
        return copy;
      },
      { replace: false },
    );
  };

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

  function onAction(card: PaymentCard, action: StatementAction) {
    setSelectedId(card.statementId);
    if (action === "confirm" || action === "reject") {
      setConfirming({ card, action });
      return;
    }
    void run(
      { kind: "action", statementId: card.statementId, action },
      t("toasts.statusUpdated"),
      t("toasts.statusError"),
    );
  }

  async function confirmAction() {
    if (!confirming) return;
    const { card, action } = confirming;
    const ok = await run(
      {
        kind: "action",
        statementId: card.statementId,
        action,
        ...(action === "confirm" ? { note: t("confirmNote", { date: f.date(todayIn(f.timeZone)) }) } : {}),
      },
      action === "confirm" ? t("toasts.paid") : t("toasts.statusUpdated"),
      action === "confirm" ? t("toasts.payError") : t("toasts.statusError"),
    );
    if (ok) setConfirming(null);
  }

  const monthError = query.isError && query.data?.month !== month ? query.error : null;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
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
          </>
        }
      />

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
      ) : !query.data || query.data.month !== month ? (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-64 w-full rounded-xl" />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <EmptyState title={t("empty.title")} description={t("empty.description")} />
      ) : (
        <>
          <PaymentCards
            cards={cards}
            role={user.role}
            selectedId={selectedId}
            onSelect={(card) => setSelectedId(card.statementId)}
            onAction={onAction}
            busy={write.isPending}
            refreshing={refreshing}
            onRefresh={() => void refreshAll(false)}
          />
          {selected ? (
            <PaymentHistoryPanel
              card={selected}
              busy={write.isPending}
              onRegister={() => setPayoutDialog({ payout: null })}
              onEdit={(payout) => setPayoutDialog({ payout })}
              onReverse={setReversing}
              onEditRates={() => setRatesFor({ userId: selected.userId, name: selected.name })}
            />
          ) : (
            <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground text-sm">
              {t("history.selectHint")}
            </p>
          )}
        </>
      )}

      <ConfirmActionDialog
        card={confirming?.card ?? null}
        action={confirming?.action ?? null}
        onOpenChange={(open) => !open && setConfirming(null)}
        onConfirm={() => void confirmAction()}
        pending={write.isPending}
      />
      <PayoutDialog
        open={payoutDialog !== null}
        onOpenChange={(open) => !open && setPayoutDialog(null)}
        card={selected}
        payout={payoutDialog?.payout ?? null}
        pending={write.isPending}
        onSubmit={(values) =>
          !selected
            ? Promise.resolve(false)
            : payoutDialog?.payout
              ? run(
                  { kind: "edit", payoutId: payoutDialog.payout.id, ...values },
                  t("toasts.payoutUpdated"),
                  t("toasts.payoutUpdateError"),
                )
              : run(
                  { kind: "register", statementId: selected.statementId, ...values },
                  t("toasts.paid"),
                  t("toasts.payError"),
                )
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
      <CommissionDialog buyer={ratesFor} onOpenChange={(open) => !open && setRatesFor(null)} />
    </div>
  );
}

/** Month and year in the reader's language; months after the current one are not offered. */
function MonthPicker({
  month,
  maxMonth,
  onChange,
}: {
  month: string;
  maxMonth: string;
  onChange: (month: string) => void;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const id = useId();
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const maxYear = Number(maxMonth.slice(0, 4));
  const maxIndex = Number(maxMonth.slice(5, 7)) - 1;
  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(f.language, { month: "long", timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, i) => {
      const name = format.format(new Date(Date.UTC(2024, i, 1)));
      return name.charAt(0).toLocaleUpperCase(f.language) + name.slice(1);
    });
  }, [f.language]);
  const years = Array.from({ length: Math.max(maxYear, year) - firstYear + 1 }, (_, i) => firstYear + i);

  return (
    <fieldset className="flex items-end gap-2" data-testid="month-picker">
      <legend className="sr-only">{t("monthPicker.legend")}</legend>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-month`} className="text-xs">
          {t("monthPicker.month")}
        </Label>
        <NativeSelect
          id={`${id}-month`}
          value={monthIndex}
          onChange={(e) => onChange(toMonthKey(year, Number(e.target.value)))}
          data-testid="month-select"
        >
          {monthNames.map((name, index) => (
            <option
              key={name}
              value={index}
              disabled={year > maxYear || (year === maxYear && index > maxIndex)}
            >
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-year`} className="text-xs">
          {t("monthPicker.year")}
        </Label>
        <NativeSelect
          id={`${id}-year`}
          value={year}
          onChange={(e) => {
            const nextYear = Number(e.target.value);
            onChange(
              toMonthKey(nextYear, nextYear === maxYear ? Math.min(monthIndex, maxIndex) : monthIndex),
            );
          }}
          data-testid="year-select"
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {new Intl.NumberFormat(f.language, { useGrouping: false }).format(y)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </fieldset>
  );
}
