import type { Analytics, MetricsTotals } from "@domain/schemas/campaigns";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { ConversionBars, MetricCards } from "@/components/metric-cards";
import { RangePicker, useRangeBounds } from "@/components/range-picker";
import { EmptyState, ErrorState } from "@/components/states";
import { trendClass } from "@/components/trend";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam, useUrlParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useAnalytics, useVisibleOffers } from "../api";
import { BuyerFilter, ReadOnlyNote, useBuyerParam } from "./buyer-filter";
import { CampaignsTable } from "./campaigns-table";

const RevenueChart = lazy(() => import("@/components/revenue-chart"));

/**
 * /user/analytics: the viewer's numbers for a period and offer, all aggregated by the server; a
 * team lead, financial user or admin may pick one buyer (`userId`) and read their analytics.
 */
export function AnalyticsView() {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  // History: an archived offer's figures stay filterable.
  const offers = useVisibleOffers("all");
  // The period (the one range picker) and offer live in the address, like the campaign table's
  // search, sort and page; a new one starts the table again on page 1.
  const [period, setPeriod] = useRangeParam("30d");
  const [offerParam, setOfferId] = useUrlParam("offer", { resetPage: "" });
  const offerId = offerParam ?? "";
  const range = useRangeBounds(period);
  const [buyer, setBuyer] = useBuyerParam();
  const filter = { ...(range ?? {}), ...(offerId ? { offerId } : {}) };
  const analytics = useAnalytics(
    { ...filter, ...(buyer ? { userId: buyer } : {}) },
    { enabled: Boolean(range) },
  );
  const totals = analytics.data?.totals;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start lg:w-2/3">
        <RangePicker value={period} onChange={setPeriod} testId="analytics-period" />
        <div className="grid gap-1.5">
          <Label htmlFor="analytics-offer">{t("fields.offer")}</Label>
          <NativeSelect
            id="analytics-offer"
            value={offerId}
            onChange={(event) => setOfferId(event.target.value)}
            disabled={offers.isPending}
            data-testid="analytics-offer"
          >
            <option value="">{t("analytics.allOffers")}</option>
            {(offers.data ?? []).map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <BuyerFilter value={buyer} onChange={setBuyer} />
      </div>
      <ReadOnlyNote userId={buyer} />
      {offers.isError ? <ErrorState error={offers.error} title={t("analytics.offersError")} /> : null}

      {analytics.isError && !analytics.data ? (
        <ErrorState
          error={analytics.error}
          title={t("analytics.loadError")}
          onRetry={() => analytics.refetch()}
        />
      ) : !totals ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      ) : (
        <div className={cn("flex flex-col gap-6", analytics.isFetching && "opacity-70 transition-opacity")}>
          <MetricCards totals={totals} />
          <Card>
            <CardHeader>
              <CardTitle>{t("analytics.chartTitle")}</CardTitle>
              <CardDescription>{t("analytics.chartDescription")}</CardDescription>
            </CardHeader>
            <CardContent data-testid="revenue-chart">
              {analytics.data && analytics.data.series.length > 0 ? (
                <Suspense fallback={<Skeleton className="h-[280px] w-full" />}>
                  <RevenueChart
                    series={analytics.data.series}
                    labels={{ revenue: t("metrics.revenue"), spent: t("metrics.spent") }}
                  />
                </Suspense>
              ) : (
                <EmptyState title={t("analytics.empty")} />
              )}
            </CardContent>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <ConversionBars totals={totals} />
            <TotalsTable totals={totals} />
          </div>
          {analytics.data ? <ByOfferTable rows={analytics.data.byOffer} /> : null}
          <Card>
            <CardHeader>
              <CardTitle>{t("analytics.detailTitle")}</CardTitle>
            </CardHeader>
            <CardContent>
              <CampaignsTable
                filter={{ ...filter, ...(buyer ? { creatorId: buyer } : {}) }}
                buyerFilter={false}
                testId="analytics-table"
              />
            </CardContent>
          </Card>
        </div>
      )}
      <span className="sr-only" aria-live="polite">
        {totals ? f.money(totals.revenue) : ""}
      </span>
    </div>
  );
}

function TotalsTable({ totals }: { totals: MetricsTotals }) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const rows = [
    { key: "campaigns", value: f.number(totals.campaigns) },
    { key: "clicks", value: f.number(totals.clicks) },
    { key: "installations", value: f.number(totals.installations) },
    { key: "registrations", value: f.number(totals.registrations) },
    { key: "deposits", value: f.number(totals.deposits) },
    { key: "spent", value: f.money(totals.spent) },
    { key: "revenue", value: f.money(totals.revenue) },
    { key: "profit", value: f.money(totals.profit) },
    { key: "roi", value: f.percent(totals.roi) },
  ];
  const columns = useMemo<DataTableColumn<{ key: string; value: string }>[]>(
    () => [
      { id: "metric", accessorFn: (row) => t(`metrics.${row.key}`), header: t("analytics.metric") },
      {
        id: "value",
        accessorKey: "value",
        header: t("analytics.value"),
        meta: { numeric: true, cellProps: (row) => ({ "data-testid": `totals-${row.key}` }) },
      },
    ],
    [t],
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("analytics.totals")}</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable
          columns={columns}
          data={rows}
          getRowId={(row) => row.key}
          label={t("analytics.totals")}
          sorting="none"
          bordered={false}
        />
      </CardContent>
    </Card>
  );
}

type OfferRow = Analytics["byOffer"][number];

/** The period's figures per offer, summed by the server (the analytics answer's byOffer). */
function ByOfferTable({ rows }: { rows: OfferRow[] }) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<OfferRow>[]>(() => {
    const money = (id: "spent" | "revenue" | "profit" | "epc", tone = false) =>
      ({
        id,
        accessorFn: (row) => Number(row[id]),
        header: t(`metrics.${id}`),
        cell: ({ row }) => f.money(row.original[id]),
        meta: {
          numeric: true,
          descFirst: true,
          ...(tone ? { cellProps: (row: OfferRow) => ({ className: trendClass(row[id]) }) } : {}),
        },
      }) satisfies DataTableColumn<OfferRow>;
    return [
      {
        id: "offer",
        accessorFn: (row) => row.offerName ?? "",
        header: t("fields.offer"),
        cell: ({ row }) =>
          row.original.offerName ?? <span className="text-muted-foreground">{t("card.offerNotFound")}</span>,
        meta: { className: "min-w-32 max-w-56 whitespace-normal break-words" },
      },
      {
        id: "campaigns",
        accessorKey: "campaigns",
        header: t("metrics.campaigns"),
        cell: ({ row }) => f.number(row.original.campaigns),
        meta: { numeric: true, descFirst: true },
      },
      money("spent"),
      money("revenue"),
      money("profit", true),
      {
        id: "roi",
        accessorFn: (row) => Number(row.roi),
        header: t("metrics.roi"),
        cell: ({ row }) => f.percent(row.original.roi),
        meta: { numeric: true, descFirst: true, cellProps: (row) => ({ className: trendClass(row.roi) }) },
      },
      {
        id: "deposits",
        accessorKey: "deposits",
        header: t("metrics.deposits"),
        cell: ({ row }) => f.number(row.original.deposits),
        meta: { numeric: true, descFirst: true },
      },
      money("epc"),
    ];
  }, [t, f]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("analytics.byOffer")}</CardTitle>
      </CardHeader>
      <CardContent data-testid="analytics-by-offer">
        <DataTable
          columns={columns}
          data={rows}
          getRowId={(row) => row.offerId ?? "none"}
          label={t("analytics.byOffer")}
          urlKey="offers"
          defaultSort={{ id: "spent", desc: true }}
          rowProps={() => ({ "data-testid": "offer-row" })}
          empty={{ title: t("analytics.byOfferEmpty") }}
        />
      </CardContent>
    </Card>
  );
}
