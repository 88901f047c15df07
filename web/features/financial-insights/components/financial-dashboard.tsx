import type { Dashboard } from "@domain/schemas/reports";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState, ErrorState } from "@/components/states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { useFinancialDashboard } from "../api";
import { financialPeriods, readFinancialPeriod, withParams } from "../search-params";
import { PeriodSelect } from "./period-select";
import { ProfitValue, profitClass } from "./profit-value";
import { ScrollTable } from "./scroll-table";
import { StatCard } from "./stat-card";

/** /financial/dashboard: totals and the per-user table for a period kept in ?period= (default all). */
export function FinancialDashboard() {
  const { t } = useTranslation("financial-insights");
  const [params, setParams] = useSearchParams();
  const period = readFinancialPeriod(params, "all");
  const dashboard = useFinancialDashboard(period);
  const data = dashboard.data;

  return (
    <div className="flex flex-col gap-6">
      <PeriodSelect
        value={period}
        choices={financialPeriods}
        onChange={(next) => setParams(withParams(params, { period: next }))}
        testId="dashboard-period"
      />
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
      <StatCard label={t("dashboard.invested")} value={f.money(totals.spent)} testId="card-invested" />
      <StatCard label={t("dashboard.revenue")} value={f.money(totals.revenue)} testId="card-revenue" />
      <StatCard
        label={t("dashboard.profit")}
        value={<ProfitValue value={totals.profit} />}
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

function UsersTable({ rows }: { rows: Dashboard["byUser"] }) {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("dashboard.byUser")}</h2>
        </CardTitle>
        <CardDescription>{t("dashboard.byUserDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        {rows.length === 0 ? (
          <EmptyState title={t("dashboard.empty")} description={t("dashboard.emptyDescription")} />
        ) : (
          <ScrollTable label={t("dashboard.byUser")} data-testid="dashboard-users">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t("columns.user")}</TableHead>
                <TableHead>{t("columns.email")}</TableHead>
                <TableHead className="text-right">{t("columns.campaigns")}</TableHead>
                <TableHead className="text-right">{t("columns.invested")}</TableHead>
                <TableHead className="text-right">{t("columns.revenue")}</TableHead>
                <TableHead className="text-right">{t("columns.profit")}</TableHead>
                <TableHead className="text-right">{t("columns.averageRoi")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.userId} data-user-email={row.email}>
                  <TableCell className="font-medium">{row.name}</TableCell>
                  <TableCell className="text-muted-foreground">{row.email}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="cell-campaigns">
                    {f.number(row.campaigns)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="cell-invested">
                    {f.money(row.spent)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="cell-revenue">
                    {f.money(row.revenue)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="cell-profit">
                    <ProfitValue value={row.profit} className="flex-nowrap" />
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="cell-roi">
                    {f.percent(row.roi)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </CardContent>
    </Card>
  );
}
