import type { Dashboard } from "@domain/schemas/reports";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn, figureColumn } from "@/components/data-table";
import { Money } from "@/components/money";
import { RangePicker } from "@/components/range-picker";
import { ErrorState } from "@/components/states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useFinancialDashboard } from "../api";
import { ProfitValue, profitClass } from "./profit-value";
import { StatCard } from "./stat-card";

/** /financial/dashboard: totals and the per-user table for a period kept in ?period= (default all). */
export function FinancialDashboard() {
  const { t } = useTranslation("financial-insights");
  const [range, setRange] = useRangeParam("all");
  const period = range.period;
  const dashboard = useFinancialDashboard(range);
  const data = dashboard.data;

  return (
    <div className="flex flex-col gap-6">
      <RangePicker value={range} onChange={setRange} testId="dashboard-period" className="sm:w-72" />
      {dashboard.isError && !data ? (
        <ErrorState error={dashboard.error} title={t("loadError")} onRetry={() => void dashboard.refetch()} />
      ) : !data ? (
        <LoadingCards />
      ) : (
        <div
          className={cn(
            "flex flex-col gap-6",
            dashboard.isPlaceholderData && "opacity-70 transition-opacity",
          )}
          aria-busy={dashboard.isPlaceholderData}
          data-testid="dashboard-content"
          data-period={dashboard.isPlaceholderData ? undefined : period}
        >
          <DashboardCards totals={data.totals} />
          <UsersTable rows={data.byUser} />
        </div>
      )}
    </div>
  );
}

export function LoadingCards({ count = 4 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy="true" data-testid="loading">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={index} className="h-24" />
      ))}
    </div>
  );
}

function DashboardCards({ totals }: { totals: Dashboard["totals"] }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="dashboard-cards">
      <StatCard
        label={t("dashboard.invested")}
        value={<Money value={totals.spent} compact />}
        testId="card-invested"
      />
      <StatCard
        label={t("dashboard.revenue")}
        value={<Money value={totals.revenue} compact />}
        testId="card-revenue"
      />
      <StatCard
        label={t("dashboard.profit")}
        value={<ProfitValue value={totals.profit} compact />}
        testId="card-profit"
      />
      <StatCard
        label={t("dashboard.averageRoi")}
        value={f.percent(totals.roi)}
        note={t("dashboard.roiNote")}
        valueClassName={profitClass(totals.roi)}
        testId="card-roi"
      />
    </dl>
  );
}

type UserRow = Dashboard["byUser"][number];

function UsersTable({ rows }: { rows: Dashboard["byUser"] }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<UserRow>[]>(
    () => [
      { id: "user", accessorKey: "name", header: t("columns.user"), meta: { className: "font-medium" } },
      {
        id: "email",
        accessorKey: "email",
        header: t("columns.email"),
        meta: { className: "text-muted-foreground", label: t("columns.email") },
      },
      figureColumn<UserRow>(
        "campaigns",
        t("columns.campaigns"),
        (row) => row.campaigns,
        (row) => f.number(row.campaigns),
      ),
      figureColumn<UserRow>(
        "invested",
        t("columns.invested"),
        (row) => row.spent,
        (row) => f.money(row.spent),
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
        (row) => <ProfitValue value={row.profit} className="flex-nowrap" />,
      ),
      figureColumn<UserRow>(
        "roi",
        t("columns.averageRoi"),
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
          <h2>{t("dashboard.byUser")}</h2>
        </CardTitle>
        <CardDescription>{t("dashboard.byUserDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable
          columns={columns}
          data={rows}
          getRowId={(row) => row.userId}
          label={t("dashboard.byUser")}
          urlKey="byUser"
          testId="dashboard-users"
          rowProps={(row) => ({ "data-user-email": row.email })}
          empty={{ title: t("dashboard.empty"), description: t("dashboard.emptyDescription") }}
          bordered={false}
        />
      </CardContent>
    </Card>
  );
}
