import { CircleCheck, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatDate } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { useMyPayment } from "../api";
import { phoneAmount } from "../helpers";

/**
 * Top bar, buyers only: this month's pending commission; with nothing pending, "Pago" and the
 * latest payout's date. It reads again when a "payment" notification arrives (refreshOwnPayments)
 * and leads to /user/payments.
 */
export function PendingPaymentBadge() {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const mine = useMyPayment(true);
  if (!mine.data) return null;
  const { pending, nextExpectedDate, status, lastPaidAt } = mine.data;
  const state = Number(pending) > 0 ? "pending" : lastPaidAt ? "paid" : "clear";
  const paidDate = lastPaidAt
    ? formatDate(lastPaidAt, f.language, { style: "short", timeZone: f.timeZone })
    : "";
  // A phone's top bar has room for the day and month only (the label says the whole date).
  const paidDay = lastPaidAt
    ? new Intl.DateTimeFormat(f.language, { day: "2-digit", month: "2-digit", timeZone: f.timeZone }).format(
        new Date(lastPaidAt),
      )
    : "";
  const label =
    state === "pending"
      ? t("badge.label", { amount: f.money(pending) })
      : state === "paid"
        ? t("badge.paidLabel", {
            date: formatDate(lastPaidAt ?? "", f.language, { style: "long", timeZone: f.timeZone }),
          })
        : t("badge.clearLabel");
  const tip = nextExpectedDate
    ? t("badge.nextDate", { date: f.date(nextExpectedDate.slice(0, 10), "long") })
    : t("badge.noDate");
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link
          to="/user/payments"
          className={cn(
            "flex h-8 items-center gap-1.5 whitespace-nowrap rounded-full border px-2 font-medium sm:px-2.5 text-xs tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            state === "pending"
              ? "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300"
              : "border-emerald-500/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300",
          )}
          aria-label={`${label}. ${t(`status.${status}`)}. ${tip}`}
          data-testid="pending-badge"
          data-state={state}
          data-pending={pending}
        >
          {state === "pending" ? (
            <Wallet className="size-3.5 max-sm:hidden" aria-hidden="true" />
          ) : (
            <CircleCheck className="size-3.5" aria-hidden="true" />
          )}
          {state === "pending" ? (
            <>
              <span className="hidden sm:inline">{t("badge.short")}</span>
              <span className="hidden sm:inline" data-testid="pending-badge-amount">
                {f.money(pending)}
              </span>
              <span className="sm:hidden" data-testid="pending-badge-amount-phone">
                {phoneAmount(pending, f.currency, f.language)}
              </span>
            </>
          ) : state === "paid" ? (
            <>
              <span className="hidden sm:inline">{t("badge.paidShort")}</span>
              <span data-testid="pending-badge-paid">
                <span className="sm:hidden">{paidDay}</span>
                <span className="hidden sm:inline">{paidDate}</span>
              </span>
            </>
          ) : (
            <span className="hidden sm:inline">{t("badge.clearShort")}</span>
          )}
        </Link>
      </TooltipTrigger>
      <TooltipContent>
        <p>{label}</p>
        <p>{tip}</p>
      </TooltipContent>
    </Tooltip>
  );
}
