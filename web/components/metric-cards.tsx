import type { MetricsTotals } from "@domain/schemas/campaigns";
import { useTranslation } from "react-i18next";
import { Money } from "@/components/money";
import { TrendIcon, trendClass } from "@/components/trend";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

// The analytics cards (investment, revenue, profit with ROI, EPC and the four costs) and the three
// conversion rates, shared by the buyer's and the admin's analytics screens.

/** Investment, revenue, profit with ROI, EPC and the four costs of one set of totals. */
export function MetricCards({
  totals,
  spentKey = "spent",
}: {
  totals: MetricsTotals;
  /** The admin screens call the amount spent "investment", as the spec does. */
  spentKey?: "spent" | "investment";
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const cards = [
    { key: "spent", label: spentKey, value: <Money value={totals.spent} compact /> },
    { key: "revenue", value: <Money value={totals.revenue} compact /> },
    {
      key: "profit",
      value: (
        <span className="inline-flex items-center gap-1">
          <Money value={totals.profit} compact />
          <TrendIcon value={totals.profit} />
        </span>
      ),
      note: `${t("metrics.roi")} ${f.percent(totals.roi)}`,
      className: trendClass(totals.profit),
    },
    { key: "epc", value: <Money value={totals.epc} compact /> },
    { key: "costPerClick", value: <Money value={totals.costPerClick} compact /> },
    { key: "costPerInstall", value: <Money value={totals.costPerInstall} compact /> },
    { key: "costPerRegistration", value: <Money value={totals.costPerRegistration} compact /> },
    { key: "costPerDeposit", value: <Money value={totals.costPerDeposit} compact /> },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="analytics-cards">
      {cards.map((card) => (
        <Card key={card.key} className="min-w-0 gap-1 px-3 py-3 sm:px-4 sm:py-4">
          <dt className="text-muted-foreground text-xs sm:text-sm">
            {t(`metrics.${card.label ?? card.key}`)}
          </dt>
          <dd
            className={cn("min-w-0 font-semibold text-base tabular-nums sm:text-xl", card.className)}
            data-testid={`analytics-${card.key}`}
          >
            {card.value}
          </dd>
          {card.note ? <dd className="text-muted-foreground text-xs">{card.note}</dd> : null}
        </Card>
      ))}
    </dl>
  );
}

/** The three step conversion rates as labelled bars. */
export function ConversionBars({ totals }: { totals: MetricsTotals }) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const steps = [
    { key: "clickToInstall", value: totals.clickToInstall },
    { key: "installToRegistration", value: totals.installToRegistration },
    { key: "registrationToDeposit", value: totals.registrationToDeposit },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("analytics.conversions")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {steps.map((step) => (
          <div key={step.key} className="space-y-1.5">
            <div className="flex items-center justify-between text-sm">
              <span>{t(`metrics.${step.key}`)}</span>
              <span className="font-medium tabular-nums">{f.percent(step.value)}</span>
            </div>
            <Progress value={Number(step.value)} aria-label={t(`metrics.${step.key}`)} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
