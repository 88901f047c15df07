import type { MetricsTotals } from "@domain/schemas/campaigns";
import type { Dashboard } from "@domain/schemas/reports";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DataTable, type DataTableColumn, figureColumn } from "@/components/data-table";
import { Money } from "@/components/money";
import { RangePicker } from "@/components/range-picker";
import { EmptyState, ErrorState } from "@/components/states";
import { TrendIcon, trendClass } from "@/components/trend";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam, withParams } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useAdminDashboard } from "../api";
import { defaultDashboardPeriod, readDashboardFilters } from "../filters";
import { RangeCaption, UserSelect } from "./filter-fields";

/** /admin/dashboard: totals and performance by offer and by user for a period and a user. */
export function AdminDashboard() {
  const { t } = useTranslation("admin-insights");
  const [params, setParams] = useSearchParams();
  const filters = readDashboardFilters(params);
  const [range, setRange] = useRangeParam(defaultDashboardPeriod);
  const dashboard = useAdminDashboard(range, filters);
  const data = dashboard.data;

  // Each change is a history entry, so the back button returns to the previous view.
  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => withParams(current, changes));

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:w-2/3">
        <RangePicker value={range} onChange={setRange} label={t("filters.period")} testId="filter-period" />
        <UserSelect value={filters.userId} onChange={(user) => update({ user })} />
      </div>

      {dashboard.isError && !data ? (
        <ErrorState
          error={dashboard.error}
          title={t("dashboard.loadError")}
          onRetry={() => dashboard.refetch()}
        />
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <div
          className={cn(
            "flex flex-col gap-6",
            dashboard.isPlaceholderData && "opacity-70 transition-opacity",
          )}
          aria-busy={dashboard.isPlaceholderData}
          data-testid="dashboard-content"
          data-state={dashboard.isPlaceholderData ? "loading" : "ready"}
        >
          <RangeCaption from={data.from} to={data.to} />
          <SummaryCards totals={data.totals} />
          {data.totals.campaigns === 0 ? (
            <EmptyState title={t("dashboard.empty")} description={t("dashboard.emptyHint")} />
          ) : (
            <>
              <OfferTable rows={data.byOffer} />
              <UserTable rows={data.byUser} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="dashboard-loading">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-48" />
      <Skeleton className="h-48" />
    </div>
  );
}

function SummaryCards({ totals }: { totals: MetricsTotals }) {
  const { t } = useTranslation("admin-insights");
  const f = useFormatters();
  const cards = [
    { key: "campaigns", value: f.number(totals.campaigns) },
    { key: "revenue", value: <Money value={totals.revenue} compact /> },
    {
      key: "profit",
      value: (
        <span className="inline-flex items-center gap-1">
          <Money value={totals.profit} compact />
          <TrendIcon value={totals.profit} />
        </span>
      ),
      className: trendClass(totals.profit),
    },
    { key: "roi", value: f.percent(totals.roi), className: trendClass(totals.roi) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="dashboard-cards">
      {cards.map((card) => (
        <Card key={card.key} className="min-w-0 gap-1 px-3 py-3 sm:px-4 sm:py-4">
          <dt className="text-muted-foreground text-xs sm:text-sm">{t(`dashboard.cards.${card.key}`)}</dt>
          <dd
            className={cn("min-w-0 font-semibold text-base tabular-nums sm:text-xl", card.className)}
            data-testid={`card-${card.key}`}
          >
            {card.value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

type OfferRow = Dashboard["byOffer"][number];
type UserRow = Dashboard["byUser"][number];

function OfferTable({ rows }: { rows: Dashboard["byOffer"] }) {
  const { t } = useTranslation("admin-insights");
  const f = useFormatters();
  const offerColumns = useMemo<DataTableColumn<OfferRow>[]>(
    () => [
      {
        id: "offer",
        accessorFn: (row) => row.offerName ?? t("offerNotFound"),
        header: t("columns.offer"),
        // A long offer name wraps in its column rather than widening the table (issue 28).
        meta: {
          className: "min-w-40 max-w-72 whitespace-normal break-words font-medium",
          cellProps: () => ({ "data-testid": "cell-offer" }),
        },
      },
      {
        id: "casino",
        accessorFn: (row) => row.casinoBrand ?? "—",
        header: t("columns.casino"),
        meta: {
          className: "min-w-32 max-w-56 whitespace-normal break-words",
          cellProps: () => ({ "data-testid": "cell-casino" }),
        },
      },
      figureColumn<OfferRow>(
        "campaigns",
        t("columns.campaigns"),
        (row) => String(row.campaigns),
        (row) => f.number(row.campaigns),
      ),
      figureColumn<OfferRow>(
        "deposits",
        t("columns.deposits"),
        (row) => String(row.deposits),
        (row) => f.number(row.deposits),
      ),
      figureColumn<OfferRow>(
        "revenue",
        t("columns.revenue"),
        (row) => row.revenue,
        (row) => f.money(row.revenue),
      ),
    ],
    [t, f],
  );
  return (
    <Card className="gap-4 py-4 sm:py-6">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2>{t("dashboard.byOffer")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <DataTable
          columns={offerColumns}
          data={rows}
          getRowId={(row) => row.offerId ?? "none"}
          label={t("dashboard.byOffer")}
          urlKey="offers"
          testId="offer-table"
          cardsTestId="offer-list"
          rowProps={(row) => ({ "data-testid": "offer-row", "data-offer-id": row.offerId ?? "" })}
          bordered={false}
          renderCard={(row) => (
            <li
              key={row.offerId ?? "none"}
              className="rounded-md border p-3 text-sm"
              data-offer-id={row.offerId ?? ""}
            >
              <p className="break-words font-medium">{row.offerName ?? t("offerNotFound")}</p>
              {row.casinoBrand ? <p className="text-muted-foreground text-xs">{row.casinoBrand}</p> : null}
              <PhoneFigures
                figures={[
                  ["campaigns", f.number(row.campaigns)],
                  ["deposits", f.number(row.deposits)],
                  ["revenue", f.money(row.revenue)],
                ]}
              />
            </li>
          )}
        />
      </CardContent>
    </Card>
  );
}

function UserTable({ rows }: { rows: Dashboard["byUser"] }) {
  const { t } = useTranslation("admin-insights");
  const f = useFormatters();
  const userColumns = useMemo<DataTableColumn<UserRow>[]>(
    () => [
      {
        id: "user",
        accessorKey: "name",
        header: t("columns.user"),
        cell: ({ row }) => (
          <>
            <div className="font-medium">{row.original.name}</div>
            <div className="text-muted-foreground text-xs">{row.original.email}</div>
          </>
        ),
        meta: { cellProps: () => ({ "data-testid": "cell-user" }) },
      },
      figureColumn<UserRow>(
        "campaigns",
        t("columns.campaigns"),
        (row) => String(row.campaigns),
        (row) => f.number(row.campaigns),
      ),
      figureColumn<UserRow>(
        "deposits",
        t("columns.deposits"),
        (row) => String(row.deposits),
        (row) => f.number(row.deposits),
      ),
      figureColumn<UserRow>(
        "revenue",
        t("columns.revenue"),
        (row) => row.revenue,
        (row) => f.money(row.revenue),
      ),
      figureColumn<UserRow>(
        "profit",
        t("columns.profit"),
        (row) => row.profit,
        (row) => f.money(row.profit),
        (row) => trendClass(row.profit),
      ),
      figureColumn<UserRow>(
        "roi",
        t("columns.roi"),
        (row) => row.roi,
        (row) => f.percent(row.roi),
      ),
    ],
    [t, f],
  );
  return (
    <Card className="gap-4 py-4 sm:py-6">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2>{t("dashboard.byUser")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <DataTable
          columns={userColumns}
          data={rows}
          getRowId={(row) => row.userId}
          label={t("dashboard.byUser")}
          urlKey="users"
          testId="user-table"
          cardsTestId="user-list"
          rowProps={(row) => ({ "data-testid": "user-row", "data-user-id": row.userId })}
          bordered={false}
          renderCard={(row) => (
            <li key={row.userId} className="rounded-md border p-3 text-sm" data-user-id={row.userId}>
              <p className="font-medium">{row.name}</p>
              <p className="break-all text-muted-foreground text-xs">{row.email}</p>
              <PhoneFigures
                figures={[
                  ["campaigns", f.number(row.campaigns)],
                  ["deposits", f.number(row.deposits)],
                  ["revenue", f.money(row.revenue)],
                  ["profit", f.money(row.profit), trendClass(row.profit)],
                  ["roi", f.percent(row.roi)],
                ]}
              />
            </li>
          )}
        />
      </CardContent>
    </Card>
  );
}

/** A row's figures as label/value pairs, for the phone lists. */
function PhoneFigures({ figures }: { figures: [key: string, value: string, className?: string][] }) {
  const { t } = useTranslation("admin-insights");
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
      {figures.map(([key, value, className]) => (
        <div key={key} className="flex min-w-0 flex-col">
          <dt className="text-muted-foreground text-xs">{t(`columns.${key}`)}</dt>
          <dd className={cn("font-medium tabular-nums", className)}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
