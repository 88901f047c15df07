import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { ErrorState } from "@/components/states";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { rangeQuery } from "@/lib/range";
import { useRangeParam } from "@/lib/use-url-state";
import { usePivot } from "../api";
import { apiQueryObject, readColumns, readDrill, readGroupBy, timeDimensions } from "../pivot-state";
import { DrillBreadcrumb } from "./drill-breadcrumb";
import { PivotCards } from "./pivot-cards";
import { PivotControls } from "./pivot-controls";
import { PivotTable } from "./pivot-table";
import { ReportActions } from "./report-actions";

// Recharts is heavy: the chart loads only when the first dimension is a date.
const PivotChart = lazy(() => import("./pivot-chart"));

/**
 * /reports for every role, over what that role may read (docs/decisions/0082): group by up to three
 * dimensions, choose the metric columns, compare, filter, sort, page, drill down, save and export.
 * The address is the whole state; every change is a new address.
 */
export function PivotScreen() {
  const { t } = useTranslation("reports");
  const [params] = useSearchParams();
  const [range] = useRangeParam("30d");
  const search = params.toString();
  const groupBy = useMemo(() => readGroupBy(new URLSearchParams(search)), [search]);
  const columns = useMemo(() => readColumns(new URLSearchParams(search)), [search]);
  const drill = useMemo(() => readDrill(new URLSearchParams(search)), [search]);
  const query = useMemo((): Record<string, string> => {
    const base = apiQueryObject(new URLSearchParams(search));
    delete base.period;
    delete base.from;
    delete base.to;
    const dates = rangeQuery(range);
    return {
      ...base,
      ...(dates.period ? { period: dates.period } : {}),
      ...(dates.from ? { from: dates.from } : {}),
      ...(dates.to ? { to: dates.to } : {}),
    };
  }, [search, range]);
  const pivot = usePivot(query);
  const data = pivot.data;
  const first = groupBy[0];
  const timeFirst = first !== undefined && (timeDimensions as readonly string[]).includes(first);

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-7xl flex-col gap-4 sm:gap-6" data-testid="pivot-screen">
      <PageHeader
        title={t("nav:reports")}
        description={t("description")}
        actions={<ReportActions query={query} />}
      />
      <PivotControls groupBy={groupBy} columns={columns} />
      {drill.length > 0 ? <DrillBreadcrumb steps={drill} /> : null}
      {pivot.isError && !data ? (
        <ErrorState error={pivot.error} title={t("states.loadError")} onRetry={() => pivot.refetch()} />
      ) : (
        <>
          {data ? (
            <PivotCards pivot={data} />
          ) : (
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
              {Array.from({ length: 4 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                <Skeleton key={index} className="h-20" />
              ))}
            </div>
          )}
          {timeFirst && data && data.rows.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("chart.title")}</CardTitle>
              </CardHeader>
              <CardContent>
                <Suspense fallback={<Skeleton className="h-72" />}>
                  <PivotChart pivot={data} />
                </Suspense>
              </CardContent>
            </Card>
          ) : null}
          <PivotTable
            pivot={data}
            groupBy={groupBy}
            columns={columns}
            status={pivot}
            pageSize={Number(query.pageSize ?? 100)}
          />
        </>
      )}
    </div>
  );
}
