import type { MetricsTotals } from "@domain/schemas/campaigns";
import { useTranslation } from "react-i18next";
import { Money } from "@/components/money";
import { ErrorState } from "@/components/states";
import { TrendIcon, trendClass } from "@/components/trend";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { useMetricsSummary } from "../api";

const periods = ["daily", "weekly", "monthly", "total"] as const;

/** The dashboard's four cards; every figure is summed by the server over all matching rows. */
export function PeriodCards({ userId }: { userId?: string | undefined } = {}) {
  const { t } = useTranslation("campaigns");
  const summary = useMetricsSummary(userId);
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => summary.refetch()} />;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="period-cards">
      {periods.map((period) =>
        summary.data ? (
          <PeriodCard key={period} period={period} metrics={summary.data[period]} />
        ) : (
          <Card key={period} className="gap-3" aria-busy="true">
            <CardHeader>
              <CardTitle className="text-muted-foreground text-sm">{t(`periods.${period}`)}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <Skeleton className="h-7 w-32" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-3/4" />
            </CardContent>
          </Card>
        ),
      )}
    </div>
  );
}

function PeriodCard({ period, metrics }: { period: (typeof periods)[number]; metrics: MetricsTotals }) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  return (
    <Card className="gap-3" data-testid={`period-${period}`}>
      <CardHeader>
        <CardTitle className="font-medium text-muted-foreground text-sm">{t(`periods.${period}`)}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="sr-only">{t("metrics.revenue")}</dt>
            <dd className="font-semibold text-2xl tabular-nums" data-testid="card-revenue">
              <Money value={metrics.revenue} compact />
            </dd>
            <p className="text-muted-foreground text-xs" aria-hidden="true">
              {t("metrics.revenue")}
            </p>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-2 border-t pt-2">
            <dt className="text-muted-foreground">{t("metrics.spent")}</dt>
            <dd className="whitespace-nowrap tabular-nums" data-testid="card-spent">
              {f.money(metrics.spent)}
            </dd>
          </div>
          <div className="flex flex-wrap items-start justify-between gap-x-2">
            <dt className="text-muted-foreground">{t("metrics.profit")}</dt>
            <dd
              className={cn("flex flex-col items-end tabular-nums", trendClass(metrics.profit))}
              data-testid="card-profit"
            >
              <span className="whitespace-nowrap">{f.money(metrics.profit)}</span>
              <span className="flex items-center gap-0.5 whitespace-nowrap text-xs">
                {t("metrics.roi")} {f.percent(metrics.roi)}
                <TrendIcon value={metrics.profit} />
              </span>
            </dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-2">
            <dt className="text-muted-foreground">{t("metrics.epc")}</dt>
            <dd className="whitespace-nowrap tabular-nums" data-testid="card-epc">
              {f.money(metrics.epc)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
