import { todayIn } from "@domain/periods";
import type { AnalyticsQuery } from "@domain/schemas/campaigns";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConversionBars, MetricCards } from "@/components/metric-cards";
import { RangePicker } from "@/components/range-picker";
import { EmptyState, ErrorState } from "@/components/states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { resolveRange } from "@/lib/range";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam, withParams } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useAdminAnalytics } from "../api";
import { defaultAnalyticsPeriod, readAnalyticsFilters } from "../filters";
import { fillDailySeries } from "../series";
import { OfferSelect, RangeCaption, UserSelect } from "./filter-fields";

// The buyer's chart, drawn here with revenue and profit; Recharts loads only when it is shown.
const RevenueChart = lazy(() => import("@/components/revenue-chart"));

/** /admin/analytics: one user's (or everyone's) numbers for an offer and a period. */
export function AdminAnalytics() {
  const { t } = useTranslation("admin-insights");
  const f = useFormatters();
  const [params, setParams] = useSearchParams();
  const filters = readAnalyticsFilters(params);
  const [range, setRange] = useRangeParam(defaultAnalyticsPeriod);
  // Resolved here like the server resolves presets: today in the workspace time zone, inclusive.
  const resolved = resolveRange(range, todayIn(f.timeZone));
  const query: AnalyticsQuery = {
    ...(resolved.from ? { from: resolved.from } : {}),
    to: resolved.to,
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(filters.offerId ? { offerId: filters.offerId } : {}),
  };
  const analytics = useAdminAnalytics(query);
  const data = analytics.data;
  const stale = analytics.isPlaceholderData;

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => withParams(current, changes));

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-3 sm:grid-cols-3">
        <UserSelect value={filters.userId} onChange={(user) => update({ user })} />
        <OfferSelect value={filters.offerId} onChange={(offer) => update({ offer })} />
        <RangePicker value={range} onChange={setRange} label={t("filters.period")} testId="filter-period" />
      </div>

      {analytics.isError && !data ? (
        <ErrorState
          error={analytics.error}
          title={t("analytics.loadError")}
          onRetry={() => analytics.refetch()}
        />
      ) : !data ? (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      ) : (
        <div
          className={cn("flex flex-col gap-6", stale && "opacity-70 transition-opacity")}
          aria-busy={stale}
          data-testid="analytics-content"
          data-state={stale ? "loading" : "ready"}
        >
          <RangeCaption from={data.from} to={data.to} />
          <MetricCards totals={data.totals} spentKey="investment" />
          <div className="grid gap-6 lg:grid-cols-3">
            <ConversionBars totals={data.totals} />
            <Card className="min-w-0 py-4 sm:py-6 lg:col-span-2">
              <CardHeader className="px-4 sm:px-6">
                <CardTitle>
                  <h2>{t("analytics.chartTitle")}</h2>
                </CardTitle>
                <CardDescription>{t("analytics.chartDescription")}</CardDescription>
              </CardHeader>
              <CardContent className="px-4 sm:px-6" data-testid="revenue-chart">
                {data.series.length > 0 ? (
                  <Suspense fallback={<Skeleton className="h-[280px] w-full" />}>
                    <RevenueChart
                      series={
                        // The answer's own range, so a stale answer is never stretched over a new one.
                        data.from
                          ? fillDailySeries(data.series, { from: data.from, to: data.to })
                          : data.series
                      }
                      labels={{ revenue: t("columns.revenue"), profit: t("columns.profit") }}
                    />
                  </Suspense>
                ) : (
                  <EmptyState title={t("analytics.chartEmpty")} />
                )}
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
