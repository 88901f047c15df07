import type { Analytics, MetricsTotals } from "@domain/schemas/campaigns";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { trendClass } from "@/components/trend";
import { Card } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import type { ReportTab } from "../filters";

/** The summary cards: every number is the server's aggregate over all matching campaigns. */
export function ReportSummary({ report }: { report: Analytics }) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const totals = report.totals;
  const range = report.from
    ? t("summary.range", { from: f.date(report.from), to: f.date(report.to) })
    : t("summary.rangeOpen", { to: f.date(report.to) });
  const cards: { key: string; value: string; className?: string }[] = [
    { key: "campaigns", value: f.number(totals.campaigns) },
    { key: "spent", value: f.money(totals.spent) },
    { key: "revenue", value: f.money(totals.revenue) },
    { key: "profit", value: f.money(totals.profit), className: trendClass(totals.profit) },
    { key: "roi", value: f.percent(totals.roi), className: trendClass(totals.roi) },
    { key: "epc", value: f.money(totals.epc) },
    { key: "deposits", value: f.number(totals.deposits) },
    { key: "users", value: f.number(report.byUser.length) },
  ];
  return (
    <section aria-labelledby="report-summary-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="report-summary-title" className="font-semibold text-lg">
          {t("summary.title")}
        </h2>
        <p className="text-muted-foreground text-sm" data-testid="report-range">
          {range}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="report-summary">
        {cards.map((card) => (
          <Card key={card.key} className="min-w-0 gap-1 px-3 py-3 sm:px-4 sm:py-4">
            <dt className="text-muted-foreground text-xs sm:text-sm">{t(`summary.${card.key}`)}</dt>
            <dd
              className={cn("break-words font-semibold text-base tabular-nums sm:text-xl", card.className)}
              data-testid={`summary-${card.key}`}
            >
              {card.value}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** The two breakdowns, "by user" and "by offer", with the CSV's columns in the CSV's order. */
export function ReportTables({
  report,
  tab,
  onTabChange,
}: {
  report: Analytics;
  tab: ReportTab;
  onTabChange: (tab: ReportTab) => void;
}) {
  const { t } = useTranslation("reports");
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as ReportTab)}>
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="user" data-testid="tab-user">
          {t("tabs.user", { n: report.byUser.length })}
        </TabsTrigger>
        <TabsTrigger value="offer" data-testid="tab-offer">
          {t("tabs.offer", { n: report.byOffer.length })}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="user">
        <BreakdownTable
          testId="report-by-user"
          nameHeader={t("table.user")}
          detailHeader={t("table.email")}
          rows={report.byUser.map((row) => ({
            key: row.userId,
            name: row.name,
            detail: row.email,
            totals: row,
          }))}
        />
      </TabsContent>
      <TabsContent value="offer">
        <BreakdownTable
          testId="report-by-offer"
          nameHeader={t("table.offer")}
          detailHeader={t("table.casino")}
          rows={report.byOffer.map((row) => ({
            key: row.offerId ?? "none",
            name: row.offerName ?? t("table.offerNotFound"),
            detail: row.casinoBrand ?? "",
            totals: row,
          }))}
        />
      </TabsContent>
    </Tabs>
  );
}

type BreakdownRow = { key: string; name: string; detail: string; totals: MetricsTotals };

function BreakdownTable({
  testId,
  nameHeader,
  detailHeader,
  rows,
}: {
  testId: string;
  nameHeader: string;
  detailHeader: string;
  rows: BreakdownRow[];
}) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<BreakdownRow>[]>(() => {
    const figure = (
      id: Exclude<keyof MetricsTotals, "clicks" | "installations" | "registrations">,
      show: (value: string) => string,
      tone = false,
    ): DataTableColumn<BreakdownRow> => ({
      id,
      accessorFn: (row) => String(row.totals[id]),
      header: t(`table.${id}`),
      sortFn: "decimal",
      cell: ({ row }) => show(String(row.original.totals[id])),
      meta: {
        numeric: true,
        label: t(`table.${id}`),
        className: id === "deposits" ? "pr-4" : undefined,
        cellProps: (row) => ({
          "data-col": id,
          className: tone ? trendClass(String(row.totals[id])) : undefined,
        }),
      },
    });
    return [
      {
        id: "name",
        accessorKey: "name",
        header: () => (
          <>
            {nameHeader}
            <span className="sr-only"> / {detailHeader}</span>
          </>
        ),
        cell: ({ row }) => (
          <>
            <div className="truncate font-medium" data-col="name" title={row.original.name}>
              {row.original.name}
            </div>
            <div
              className="truncate text-muted-foreground text-xs"
              data-col="detail"
              title={row.original.detail}
            >
              {row.original.detail}
            </div>
          </>
        ),
        enableHiding: false,
        meta: { className: "max-w-[16rem] pl-4" },
      },
      figure("campaigns", (value) => f.number(Number(value))),
      figure("spent", f.money),
      figure("revenue", f.money),
      figure("profit", f.money, true),
      figure("roi", f.percent, true),
      figure("epc", f.money),
      figure("deposits", (value) => f.number(Number(value))),
    ];
  }, [t, f, nameHeader, detailHeader]);
  return (
    <Card className="py-0">
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(row) => row.key}
        label={nameHeader}
        urlKey={testId === "report-by-user" ? "byUser" : "byOffer"}
        testId={testId}
        rowProps={() => ({ "data-testid": "report-row" })}
        empty={{ title: t("states.empty"), description: t("states.emptyHint") }}
        bordered={false}
      />
    </Card>
  );
}
