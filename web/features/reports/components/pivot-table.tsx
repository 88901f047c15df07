import type { MetricsTotals } from "@domain/schemas/campaigns";
import type { Pivot, PivotDimension, PivotMetric, PivotRow } from "@domain/schemas/pivot";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DataTable, type DataTableColumn, type DataTableStatus } from "@/components/data-table";
import { NativeSelect } from "@/components/ui/native-select";
import { useFormatters } from "@/lib/use-formatters";
import { withParams } from "@/lib/use-url-state";
import { formatKey } from "../key-format";
import { canDrill, defaultPageSize, drillInto, pageSizes } from "../pivot-state";
import { ChangeText, MetricValue } from "./metric-value";

/** The keys' text, translated: used by the table, the breadcrumb and the chart. */
export function useKeyTexts() {
  const { t } = useTranslation("reports");
  return useMemo(
    () => ({
      week: (week: number, range: string) => t("keys.week", { week, range }),
      none: (dimension: PivotDimension) => t(`keys.none.${dimension}`),
    }),
    [t],
  );
}

function rowId(row: PivotRow): string {
  return row.keys.map((key) => key.value ?? "∅").join("|");
}

/** One cell of a figure: the value, and with compare the previous value and the change. */
function FigureCell({
  metric,
  current,
  previous,
}: {
  metric: PivotMetric;
  current: MetricsTotals;
  previous: MetricsTotals | null;
}) {
  if (!previous) return <MetricValue metric={metric} value={current[metric]} />;
  return (
    <span className="inline-flex flex-col items-end leading-tight">
      <MetricValue metric={metric} value={current[metric]} />
      <span className="text-muted-foreground text-xs" data-testid="previous-value">
        <MetricValue metric={metric} value={previous[metric]} />
      </span>
      <ChangeText metric={metric} current={current[metric]} previous={previous[metric]} />
    </span>
  );
}

export function PivotTable({
  pivot,
  groupBy,
  columns,
  status,
  pageSize,
}: {
  pivot: Pivot | undefined;
  groupBy: PivotDimension[];
  columns: PivotMetric[];
  status: DataTableStatus;
  pageSize: number;
}) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const texts = useKeyTexts();
  const [params, setParams] = useSearchParams();
  const sort = params.get("sort");
  const dir = params.get("dir");
  const within = pivot ? { from: pivot.from, to: pivot.to } : undefined;

  // The answer's own grouping: while a new one loads, the previous rows keep their key columns.
  const shownGroupBy = pivot?.groupBy ?? groupBy;
  const shownColumns = pivot?.columns ?? columns;
  const tableColumns = useMemo<DataTableColumn<PivotRow>[]>(() => {
    const keyColumns: DataTableColumn<PivotRow>[] = shownGroupBy.map((dimension, index) => ({
      // The first key column sorts by the dimensions' own order (the API's `key`).
      id: index === 0 ? "key" : `key${index}`,
      header: t(`dimensions.${dimension}`),
      enableSorting: index === 0,
      cell: ({ row }) => {
        const key = row.original.keys[index] ?? { value: null, label: null };
        const text = formatKey(dimension, key, f.language, texts);
        if (!canDrill(row.original, index)) return <span data-testid={`key-${index}`}>{text}</span>;
        return (
          <button
            type="button"
            className="cursor-pointer text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
            // A drill is a step Back returns from: a new history entry.
            onClick={() => setParams((current) => drillInto(current, row.original, index, within))}
            title={t("drill.hint", { name: text })}
            data-testid={`drill-${index}`}
          >
            {text}
          </button>
        );
      },
      footer: index === 0 ? () => t("table.total") : undefined,
      meta: { descFirst: false, className: index === 0 ? "sticky left-0 bg-card" : undefined },
    }));
    const figureColumns: DataTableColumn<PivotRow>[] = shownColumns.map((metric) => ({
      id: metric,
      header: t(`campaigns:metrics.${metric}`),
      cell: ({ row }) => (
        <FigureCell metric={metric} current={row.original.current} previous={row.original.previous} />
      ),
      footer: () =>
        pivot ? (
          <span data-testid={`total-${metric}`} data-value={pivot.totals.current[metric]}>
            <FigureCell metric={metric} current={pivot.totals.current} previous={pivot.totals.previous} />
          </span>
        ) : null,
      meta: {
        numeric: true,
        label: t(`campaigns:metrics.${metric}`),
        cellProps: () => ({ "data-testid": `cell-${metric}` }),
      },
    }));
    return [...keyColumns, ...figureColumns];
  }, [shownGroupBy, shownColumns, pivot, t, f.language, texts, setParams, within]);

  const onSort = (id: string) => {
    const same = sort === id;
    // Figures start largest first; the key order starts at the beginning.
    const nextDir = same ? (dir === "desc" ? "asc" : "desc") : id === "key" ? "asc" : "desc";
    setParams((current) => withParams(current, { sort: id, dir: nextDir, page: null }), { replace: true });
  };

  return (
    <div
      className="flex min-w-0 flex-col gap-2"
      data-testid="pivot-result"
      // Ready: the answer on screen is the one to the address (for tests and assistive waits).
      data-ready={pivot && !status.isFetching ? "true" : "false"}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground" data-testid="pivot-row-count">
          {pivot ? t("table.rowCount", { count: pivot.rowCount, n: f.number(pivot.rowCount) }) : "\u00a0"}
        </p>
        <label className="flex items-center gap-2" htmlFor="pivot-page-size">
          {t("table.pageSize")}
          <NativeSelect
            id="pivot-page-size"
            value={String(pageSize)}
            onChange={(event) =>
              setParams(
                (current) =>
                  withParams(current, {
                    pageSize: event.target.value === String(defaultPageSize) ? null : event.target.value,
                    page: null,
                  }),
                { replace: true },
              )
            }
            className="w-auto"
            data-testid="pivot-page-size"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <DataTable
        columns={tableColumns}
        data={pivot?.rows}
        getRowId={rowId}
        status={status}
        label={t("table.label")}
        controlledSort={{
          value: sort ? { id: sort, desc: dir === "desc" } : null,
          onSort,
        }}
        paging={{
          mode: "server",
          pageSize,
          rowCount: pivot?.rowCount ?? 0,
        }}
        testId="pivot-table"
        rowProps={() => ({ "data-testid": "pivot-row" })}
        footerRowProps={{ "data-testid": "pivot-totals" }}
        empty={{ title: t("states.empty"), description: t("states.emptyHint"), testId: "pivot-empty" }}
        errorTitle={t("states.loadError")}
      />
    </div>
  );
}
