import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { useFormatters } from "@/features/campaigns/use-formatters";
import { cn } from "@/lib/utils";
import { useMyPayment } from "../api";

/** Top bar, buyers only: this month's pending commission (0 when paid) and the next expected date. */
export function PendingPaymentBadge() {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const mine = useMyPayment(true);
  if (!mine.data) return null;
  const { pending, nextExpectedDate, status } = mine.data;
  const hasPending = Number(pending) > 0;
  const label = t("badge.label", { amount: f.money(pending) });
  const tip = nextExpectedDate
    ? t("badge.nextDate", { date: f.date(nextExpectedDate.slice(0, 10), "long") })
    : t("badge.noDate");
  return (
    // Its own provider: the badge does not depend on one higher in the tree.
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            className={cn(
              "flex h-8 items-center gap-1.5 rounded-full border px-2.5 font-medium text-xs tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              hasPending
                ? "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300"
                : "border-emerald-500/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300",
            )}
            aria-label={`${label}. ${t(`status.${status}`)}. ${tip}`}
            data-testid="pending-badge"
            data-pending={pending}
          >
            <Wallet className="size-3.5 max-sm:hidden" aria-hidden="true" />
            <span className="hidden sm:inline">{t("badge.short")}</span>
            <span data-testid="pending-badge-amount">{f.money(pending)}</span>
          </button>
        </TooltipTrigger>
        <TooltipContent>
          <p>{label}</p>
          <p>{tip}</p>
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
