import type { Pivot, PivotMetric } from "@domain/schemas/pivot";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { useFormatters } from "@/lib/use-formatters";
import { ChangeText, MetricValue } from "./metric-value";

const cardMetrics: readonly PivotMetric[] = ["spent", "revenue", "profit", "roi"];

/** The totals of a few figures (the server's, over every row that passes the filters). */
export function PivotCards({ pivot }: { pivot: Pivot }) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const previous = pivot.totals.previous;
  return (
    <section aria-label={t("cards.label")} className="flex flex-col gap-2">
      <p className="text-muted-foreground text-sm" data-testid="pivot-range-text">
        {pivot.from
          ? t("cards.range", { from: f.date(pivot.from), to: f.date(pivot.to) })
          : t("cards.rangeOpen", { to: f.date(pivot.to) })}
        {pivot.previous
          ? ` · ${t("cards.previous", { from: f.date(pivot.previous.from), to: f.date(pivot.previous.to) })}`
          : ""}
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="pivot-cards">
        {cardMetrics.map((metric) => (
          <Card key={metric} className="min-w-0 gap-1 px-3 py-3 sm:px-4">
            <dt className="text-muted-foreground text-xs sm:text-sm">{t(`campaigns:metrics.${metric}`)}</dt>
            <dd className="min-w-0 font-semibold text-base sm:text-xl" data-testid={`card-${metric}`}>
              <MetricValue metric={metric} value={pivot.totals.current[metric]} compact />
            </dd>
            {previous ? (
              <dd className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
                <span>
                  {t("compare.previousShort")} <MetricValue metric={metric} value={previous[metric]} />
                </span>
                <ChangeText
                  metric={metric}
                  current={pivot.totals.current[metric]}
                  previous={previous[metric]}
                />
              </dd>
            ) : null}
          </Card>
        ))}
      </dl>
    </section>
  );
}
