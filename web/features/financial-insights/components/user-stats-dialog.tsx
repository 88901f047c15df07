import type { FinancialUser } from "@domain/schemas/reports";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { RangePicker } from "@/components/range-picker";
import { ErrorState } from "@/components/states";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useUserStats } from "../api";
import { ProfitValue } from "./profit-value";
import { RoleBadge } from "./role-badge";

/**
 * 'Ver': one user's details and statistics. The open user (?user=) and the period (?stats=, with
 * ?from=&to= for a custom range) are in the URL like every other filter, so Back closes the dialog.
 */
export function UserStatsDialog({
  userId,
  fallbackUser,
  onClose,
}: {
  userId: string | null;
  fallbackUser: FinancialUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const titleId = useId();
  // The dialog's own range (?stats=, with ?from=&to= for a free range) beside the screen's filters.
  const [range, setRange] = useRangeParam("30d", { names: { period: "stats" } });
  const stats = useUserStats(userId, range);
  const user = stats.data?.user.id === userId ? stats.data.user : fallbackUser;

  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-2xl" data-testid="user-details">
        <DialogHeader>
          <DialogTitle>{user ? user.name : t("details.title")}</DialogTitle>
          <DialogDescription>{t("details.description")}</DialogDescription>
        </DialogHeader>

        {user ? (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="details-profile">
            <div className="min-w-0">
              <dt className="text-muted-foreground">{t("details.name")}</dt>
              <dd className="font-medium" data-testid="details-name">
                {user.name}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-muted-foreground">{t("details.email")}</dt>
              <dd className="break-all font-medium" data-testid="details-email">
                {user.email}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("details.role")}</dt>
              <dd>
                <RoleBadge role={user.role} data-testid="details-role" />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("details.registered")}</dt>
              <dd className="font-medium" data-testid="details-registered">
                {formatDate(user.createdAt, f.language, { timeZone: f.timeZone })}
              </dd>
            </div>
          </dl>
        ) : stats.isError ? null : (
          <Skeleton className="h-16" />
        )}

        <section className="flex flex-col gap-3 border-t pt-4" aria-labelledby={titleId}>
          <h3 id={titleId} className="font-semibold">
            {t("details.statistics")}
          </h3>
          <RangePicker value={range} onChange={setRange} testId="details-period" className="sm:w-72" />
          {stats.isError && !stats.data ? (
            <ErrorState
              error={stats.error}
              title={t("details.loadError")}
              onRetry={() => void stats.refetch()}
            />
          ) : !stats.data ? (
            <Skeleton className="h-32" aria-busy="true" />
          ) : (
            <StatsGrid stats={stats.data} dimmed={stats.isPlaceholderData} />
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}

function StatsGrid({
  stats,
  dimmed,
}: {
  stats: NonNullable<ReturnType<typeof useUserStats>["data"]>;
  dimmed: boolean;
}) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const { totals } = stats;
  const items = [
    { key: "campaigns", label: t("columns.campaigns"), value: f.number(totals.campaigns) },
    { key: "invested", label: t("columns.invested"), value: f.money(totals.spent) },
    { key: "revenue", label: t("columns.revenue"), value: f.money(totals.revenue) },
    { key: "profit", label: t("columns.profit"), value: <ProfitValue value={totals.profit} /> },
    { key: "roi", label: t("columns.roi"), value: f.percent(totals.roi) },
    { key: "epc", label: t("campaigns:metrics.epc"), value: f.money(totals.epc) },
    { key: "clicks", label: t("campaigns:metrics.clicks"), value: f.number(totals.clicks) },
    { key: "deposits", label: t("columns.deposits"), value: f.number(totals.deposits) },
  ];
  return (
    <div className={cn("flex flex-col gap-2", dimmed && "opacity-70 transition-opacity")} aria-busy={dimmed}>
      <p className="text-muted-foreground text-xs" data-testid="details-range">
        {stats.from
          ? t("details.range", { from: f.date(stats.from), to: f.date(stats.to) })
          : t("details.rangeAll", { to: f.date(stats.to) })}
      </p>
      <dl
        className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border p-3 sm:grid-cols-4"
        data-testid="details-stats"
        data-ready={dimmed ? undefined : "true"}
      >
        {items.map((item) => (
          <div key={item.key} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{item.label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`stat-${item.key}`}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
