import type { FinancialAnalytics as AnalyticsData } from "@domain/schemas/reports";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn, figureColumn } from "@/components/data-table";
import { Money } from "@/components/money";
import { RangePicker } from "@/components/range-picker";
import { EmptyState, ErrorState } from "@/components/states";
import { TrendIcon } from "@/components/trend";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useFinancialAnalytics } from "../api";
import { LoadingCards } from "./financial-dashboard";
import { ProfitValue, profitClass } from "./profit-value";
import { RankBadge } from "./rank-badge";
import { StatCard } from "./stat-card";

/** A count as a percentage of another (0 when the base is 0), from the server's sums. */
export function shareOf(part: number, whole: number): number {
  return whole === 0 ? 0 : (part / whole) * 100;
}

/** /financial/analytics: overview, funnel and top-10 lists for ?period= (default 30 days). */
export function FinancialAnalytics() {
  const { t } = useTranslation("financial-insights");
  const [range, setRange] = useRangeParam("30d");
  const period = range.period;
  const analytics = useFinancialAnalytics(range);
  const data = analytics.data;

  return (
    <div className="flex flex-col gap-6">
      <RangePicker value={range} onChange={setRange} testId="analytics-period" className="sm:w-72" />
      {analytics.isError && !data ? (
        <ErrorState error={analytics.error} title={t("loadError")} onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <LoadingCards count={8} />
      ) : (
        <div
          className={cn(
            "flex flex-col gap-6",
            analytics.isPlaceholderData && "opacity-70 transition-opacity",
          )}
          aria-busy={analytics.isPlaceholderData}
          data-testid="analytics-content"
          data-period={analytics.isPlaceholderData ? undefined : period}
        >
          <Overview data={data} />
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
            <Funnel totals={data.totals} />
            <StepRates totals={data.totals} />
          </div>
          <div className="flex flex-col gap-6">
            <TopUsers rows={data.topUsers} />
            <TopOffers rows={data.topOffers} />
          </div>
        </div>
      )}
    </div>
  );
}

function Overview({ data }: { data: AnalyticsData }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const { totals } = data;
  const growth = data.revenueGrowth;
  // For "all", growth compares the last 30 days with the 30 before them (decisions.md).
  const compared = t(data.from === null ? "analytics.comparedToAll" : "analytics.comparedTo", {
    from: f.date(data.previous.from, "short"),
    to: f.date(data.previous.to, "short"),
  });
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="analytics-cards">
      <StatCard
        label={t("analytics.totalUsers")}
        value={f.number(data.totalUsers)}
        note={t("analytics.activeUsers", { count: f.number(data.activeUsers) })}
        testId="card-users"
      />
      <StatCard
        label={t("analytics.revenue")}
        value={<Money value={totals.revenue} compact />}
        note={
          growth === null ? (
            <span data-testid="growth-none">{t("analytics.noPrevious")}</span>
          ) : (
            <span className="inline-flex flex-wrap items-center gap-1" data-testid="growth">
              <span className={cn("inline-flex items-center gap-0.5 font-medium", profitClass(growth))}>
                <TrendIcon value={growth} className={profitClass(growth)} />
                {Number(growth) > 0 ? "+" : ""}
                {f.percent(growth)}
              </span>
              <span>{compared}</span>
            </span>
          )
        }
        testId="card-revenue"
      />
      <StatCard
        label={t("analytics.profit")}
        value={<ProfitValue value={totals.profit} compact />}
        note={t("analytics.roiNote", { value: f.percent(totals.roi) })}
        testId="card-profit"
      />
      <StatCard
        label={t("analytics.conversion")}
        value={f.percent(shareOf(totals.deposits, totals.clicks))}
        note={t("analytics.campaignsNote", { count: f.number(totals.campaigns) })}
        testId="card-conversion"
      />
    </dl>
  );
}

function Funnel({ totals }: { totals: AnalyticsData["totals"] }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const stages = [
    { key: "clicks", value: totals.clicks, step: null },
    { key: "installations", value: totals.installations, step: totals.clickToInstall },
    { key: "registrations", value: totals.registrations, step: totals.installToRegistration },
    { key: "deposits", value: totals.deposits, step: totals.registrationToDeposit },
  ] as const;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("analytics.funnel")}</h2>
        </CardTitle>
        <CardDescription>{t("analytics.funnelDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {totals.clicks === 0 && totals.campaigns === 0 ? (
          <EmptyState title={t("analytics.empty")} />
        ) : (
          <ol className="space-y-3" data-testid="funnel">
            {stages.map((stage) => {
              const share = shareOf(stage.value, totals.clicks);
              return (
                <li key={stage.key} className="space-y-1" data-testid={`funnel-${stage.key}`}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                    <span className="font-medium">{t(`campaigns:metrics.${stage.key}`)}</span>
                    <span className="tabular-nums">
                      <span className="font-semibold" data-testid="funnel-count">
                        {f.number(stage.value)}
                      </span>{" "}
                      <span className="text-muted-foreground" data-testid="funnel-step">
                        {stage.step === null
                          ? t("analytics.funnelStart")
                          : t("analytics.funnelStep", { value: f.percent(stage.step) })}
                      </span>
                    </span>
                  </div>
                  <div className="h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${Math.min(100, Math.max(share, stage.value > 0 ? 1 : 0))}%` }}
                    />
                  </div>
                  <p className="text-muted-foreground text-xs tabular-nums">
                    {t("analytics.ofClicks", { value: f.percent(share) })}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function StepRates({ totals }: { totals: AnalyticsData["totals"] }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const steps = [
    { key: "clickToInstall", value: totals.clickToInstall },
    { key: "installToRegistration", value: totals.installToRegistration },
    { key: "registrationToDeposit", value: totals.registrationToDeposit },
  ] as const;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="step-rates-title">
      <h2 id="step-rates-title" className="font-semibold">
        {t("analytics.stepRates")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1" data-testid="step-rates">
        {steps.map((step) => (
          <StatCard
            key={step.key}
            label={t(`campaigns:metrics.${step.key}`)}
            value={f.percent(step.value)}
            testId={`rate-${step.key}`}
          />
        ))}
      </dl>
    </section>
  );
}

type TopUser = AnalyticsData["topUsers"][number];
type TopOffer = AnalyticsData["topOffers"][number];

function TopUsers({ rows }: { rows: AnalyticsData["topUsers"] }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<TopUser>[]>(
    () => [
      {
        id: "rank",
        header: t("columns.rank"),
        cell: ({ row }) => <RankBadge rank={row.index + 1} />,
        meta: { className: "w-10" },
      },
      {
        id: "user",
        header: t("columns.user"),
        cell: ({ row }) => (
          <>
            <div className="font-medium">{row.original.name}</div>
            <div className="text-muted-foreground text-xs">{row.original.email}</div>
          </>
        ),
      },
      figureColumn<TopUser>(
        "campaigns",
        t("columns.campaigns"),
        (row) => row.campaigns,
        (row) => f.number(row.campaigns),
      ),
      figureColumn<TopUser>(
        "revenue",
        t("columns.revenue"),
        (row) => row.revenue,
        (row) => f.money(row.revenue),
      ),
      figureColumn<TopUser>(
        "profit",
        t("columns.profit"),
        (row) => row.profit,
        (row) => <ProfitValue value={row.profit} className="flex-nowrap" />,
      ),
      figureColumn<TopUser>(
        "roi",
        t("columns.roi"),
        (row) => row.roi,
        (row) => f.percent(row.roi),
      ),
    ],
    [t, f],
  );
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("analytics.topUsers")}</h2>
        </CardTitle>
        <CardDescription>{t("analytics.topUsersDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable
          columns={columns}
          data={rows}
          getRowId={(row) => row.userId}
          label={t("analytics.topUsers")}
          // A ranking: the server's order is the point.
          sorting="none"
          testId="top-users"
          rowProps={(row) => ({ "data-user-email": row.email })}
          empty={{ title: t("analytics.empty") }}
          bordered={false}
        />
      </CardContent>
    </Card>
  );
}

function TopOffers({ rows }: { rows: AnalyticsData["topOffers"] }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<TopOffer>[]>(
    () => [
      {
        id: "rank",
        header: t("columns.rank"),
        cell: ({ row }) => <RankBadge rank={row.index + 1} />,
        meta: { className: "w-10" },
      },
      {
        id: "offer",
        header: t("columns.offer"),
        cell: ({ row }) => (
          <>
            <div className="font-medium">{row.original.offerName ?? t("analytics.offerDeleted")}</div>
            {row.original.casinoBrand ? (
              <div className="text-muted-foreground text-xs">{row.original.casinoBrand}</div>
            ) : null}
          </>
        ),
      },
      figureColumn<TopOffer>(
        "campaigns",
        t("columns.campaigns"),
        (row) => row.campaigns,
        (row) => f.number(row.campaigns),
      ),
      figureColumn<TopOffer>(
        "deposits",
        t("columns.deposits"),
        (row) => row.deposits,
        (row) => f.number(row.deposits),
      ),
      figureColumn<TopOffer>(
        "revenue",
        t("columns.revenue"),
        (row) => row.revenue,
        (row) => f.money(row.revenue),
      ),
    ],
    [t, f],
  );
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("analytics.topOffers")}</h2>
        </CardTitle>
        <CardDescription>{t("analytics.topOffersDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable
          columns={columns}
          data={rows}
          getRowId={(row) => row.offerId ?? "deleted"}
          label={t("analytics.topOffers")}
          sorting="none"
          testId="top-offers"
          rowProps={(row) => ({ "data-offer-name": row.offerName ?? "" })}
          empty={{ title: t("analytics.empty") }}
          bordered={false}
        />
      </CardContent>
    </Card>
  );
}
