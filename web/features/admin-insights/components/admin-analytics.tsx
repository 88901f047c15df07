import { todayIn } from "@domain/periods";
import type { AnalyticsQuery } from "@domain/schemas/campaigns";
import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FieldLayout } from "@/components/field-layout";
import { ConversionBars, MetricCards } from "@/components/metric-cards";
import { EmptyState, ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormatters } from "@/lib/use-formatters";
import { withParams } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useAdminAnalytics } from "../api";
import {
  type AnalyticsFilters,
  type AnalyticsPeriod,
  analyticsPeriods,
  readAnalyticsFilters,
  resolveAnalyticsRange,
} from "../filters";
import { fillDailySeries } from "../series";
import { OfferSelect, PeriodSelect, RangeCaption, UserSelect } from "./filter-fields";

// The buyer's chart, drawn here with revenue and profit; Recharts loads only when it is shown.
const RevenueChart = lazy(() => import("@/components/revenue-chart"));

/** /admin/analytics: one user's (or everyone's) numbers for an offer and a period. */
export function AdminAnalytics() {
  const { t } = useTranslation("admin-insights");
  const f = useFormatters();
  const [params, setParams] = useSearchParams();
  const filters = readAnalyticsFilters(params);
  const today = todayIn(f.timeZone);
  const resolved = resolveAnalyticsRange(filters, today);
  const query: AnalyticsQuery | null = resolved.ok
    ? {
        ...resolved.range,
        ...(filters.userId ? { userId: filters.userId } : {}),
        ...(filters.offerId ? { offerId: filters.offerId } : {}),
      }
    : null;
  const analytics = useAdminAnalytics(query);
  const data = query ? analytics.data : undefined;
  const stale = analytics.isPlaceholderData;

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => withParams(current, changes));

  const changePeriod = (period: AnalyticsPeriod) => {
    if (period !== "custom") return update({ period, from: undefined, to: undefined });
    // A custom range starts as the range on screen, ready to be adjusted.
    const start = resolved.ok ? resolved.range : { from: today, to: today };
    update({ period, from: start.from, to: start.to });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <UserSelect value={filters.userId} onChange={(user) => update({ user })} />
          <OfferSelect value={filters.offerId} onChange={(offer) => update({ offer })} />
          <PeriodSelect<AnalyticsPeriod>
            value={filters.period}
            choices={analyticsPeriods}
            labelPrefix="analyticsPeriods"
            onChange={changePeriod}
          />
        </div>
        {filters.period === "custom" ? (
          <CustomRange
            // A new URL range (back button, shared link) resets what the inputs show.
            key={`${filters.from ?? ""}|${filters.to ?? ""}`}
            filters={filters}
            onApply={(from, to) => update({ from, to })}
          />
        ) : null}
      </div>

      {!resolved.ok ? (
        <p className="text-muted-foreground text-sm" role="status" data-testid="range-problem">
          {t(`filters.${resolved.problem}`)}
        </p>
      ) : analytics.isError && !data ? (
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

/** Start and end dates, applied together so a half-typed date never starts a query. */
function CustomRange({
  filters,
  onApply,
}: {
  filters: AnalyticsFilters;
  onApply: (from: string, to: string) => void;
}) {
  const { t } = useTranslation("admin-insights");
  const id = useId();
  const [from, setFrom] = useState(filters.from ?? "");
  const [to, setTo] = useState(filters.to ?? "");
  const [problem, setProblem] = useState<"incomplete" | "reversed" | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = !from || !to ? "incomplete" : from > to ? "reversed" : null;
    setProblem(next);
    if (!next) onApply(from, to);
  };

  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end lg:w-2/3"
      onSubmit={apply}
      noValidate
      data-testid="custom-range"
    >
      <FieldLayout label={t("filters.from")} className="min-w-0">
        {(props) => (
          <DateInput
            {...props}
            strict
            value={from}
            max={to || undefined}
            onChange={setFrom}
            aria-invalid={problem !== null && (problem === "reversed" || !from)}
            aria-describedby={problem ? `${id}-problem` : undefined}
            data-testid="filter-from"
          />
        )}
      </FieldLayout>
      <FieldLayout label={t("filters.to")} className="min-w-0">
        {(props) => (
          <DateInput
            {...props}
            strict
            value={to}
            min={from || undefined}
            onChange={setTo}
            aria-invalid={problem !== null && (problem === "reversed" || !to)}
            aria-describedby={problem ? `${id}-problem` : undefined}
            data-testid="filter-to"
          />
        )}
      </FieldLayout>
      <Button type="submit" variant="outline" data-testid="apply-range">
        {t("filters.apply")}
      </Button>
      {problem ? (
        <p id={`${id}-problem`} className="text-destructive text-sm sm:col-span-3" role="alert">
          {t(`filters.${problem}`)}
        </p>
      ) : null}
    </form>
  );
}
