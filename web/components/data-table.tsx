import {
  type ColumnDef,
  type ColumnMeta,
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  FlexRender,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortFn,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import type { CellData, TableFeatures } from "@tanstack/table-core";
import { ChevronLeft, ChevronRight, Columns3 } from "lucide-react";
import { type ComponentProps, Fragment, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { SortButton } from "@/components/sort-button";
import { EmptyState, ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { compareDecimal, nextSort, pageCount, toggleHidden, visibilityFromHidden } from "@/lib/table-sort";
import { type TableSort, useTableUrlState } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";

// The one data table (issue 29): TanStack Table for the model (sorting, paging, column visibility),
// this file for the markup and for every state a list can be in — loading (skeleton rows), failed
// (the error and a retry), empty, and loaded. Sort, page and hidden columns live in the address
// (web/lib/use-url-state.ts). The table scrolls sideways inside its own focusable box, so a phone
// never gets a page-wide horizontal scroll; figures are right-aligned, tabular and never wrap.

/** Exact decimal strings (money, ratios) compared without floats; see compareDecimal. */
const sortFn_decimal: SortFn<TableFeatures, RowData> = (a, b, id) =>
  compareDecimal(a.getValue<string | null>(id), b.getValue<string | null>(id));

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    basic: sortFn_basic,
    datetime: sortFn_datetime,
    decimal: sortFn_decimal,
  },
});

type Features = typeof dataTableFeatures;

declare module "@tanstack/table-core" {
  interface ColumnMeta<
    in out TFeatures extends TableFeatures,
    in out TData extends RowData,
    TValue extends CellData = CellData,
  > {
    /** A figure: right-aligned, tabular digits, never wrapped; its sort starts largest first. */
    numeric?: boolean;
    /** Shown in the column menu; a column without a label cannot be hidden. */
    label?: string;
    /** Classes for the column's cells (body and footer) and its header. */
    className?: string;
    headerClassName?: string;
    footerClassName?: string;
    /** The header draws its own sort control (next to a checkbox, say); the cell still gets aria-sort. */
    ownSortControl?: boolean;
    /** Extra attributes of one body cell (a test id, a tone). */
    cellProps?: (row: TData) => ComponentProps<"td"> & DataAttributes;
    /** A first click sorts descending (figures and dates); text columns start A→Z. */
    descFirst?: boolean;
    /** The header sort button's test id; `sort-<id>` when absent. */
    sortTestId?: string;
    /**
     * Kept at the table's right edge while it scrolls sideways, so a row's actions stay in reach on
     * a phone (issue 28). A column with the id "actions" is pinned without asking.
     */
    pinEnd?: boolean;
  }
}

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export type DataTableColumn<T extends RowData> = ColumnDef<Features, T, CellData>;
export type DataTableMeta<T extends RowData> = ColumnMeta<Features, T, CellData>;

/** The loading state of a TanStack Query result, as the table reads it. */
export type DataTableStatus = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  refetch?: () => unknown;
};

export type DataTablePaging =
  | { mode: "client"; pageSize: number }
  | {
      mode: "server";
      pageSize: number;
      rowCount: number;
      summary?: (from: number, to: number, total: number) => ReactNode;
    };

export type DataTableProps<T extends RowData> = {
  columns: DataTableColumn<T>[];
  /** undefined while the first load runs */
  data: T[] | undefined;
  getRowId: (row: T) => string;
  /** The query behind `data`: its pending and error states become the table's. */
  status?: DataTableStatus;
  /** The scroll region's accessible name. */
  label: string;
  /** Prefix of this table's keys in the address; two tables on one screen need different ones. */
  urlKey?: string;
  defaultSort?: TableSort;
  /** "client" sorts the loaded rows; "server" only writes the sort to the address for the caller's query. */
  sorting?: "client" | "server" | "none";
  /**
   * A sort the caller owns and applies (its own address keys, its own exact comparison): the
   * headers show it and report clicks; the rows are taken in the order given.
   */
  controlledSort?: { value: TableSort | null; onSort: (id: string) => void };
  paging?: DataTablePaging;
  /** Adds the column menu (hide/show), kept in the address. */
  columnMenu?: boolean;
  /** Controls shown above the table, left of the column menu (search, filters). */
  toolbar?: ReactNode;
  /** The table element's test id. */
  testId?: string;
  /** More attributes of the table element (a readiness flag for tests, say). */
  tableProps?: DataAttributes;
  rowProps?: (row: T) => ComponentProps<"tr"> & DataAttributes;
  footerRowProps?: ComponentProps<"tr"> & DataAttributes;
  empty?: { title: string; description?: string; action?: ReactNode; testId?: string };
  errorTitle?: string;
  /** On a phone (below sm), one card (an <li>) per row instead of the table. */
  renderCard?: (row: T) => ReactNode;
  cardsTestId?: string;
  /** Skeleton rows while loading. */
  skeletonRows?: number;
  className?: string;
  /** Adds the outer border; off when the table sits in a card that draws its own. */
  bordered?: boolean;
};

const emptyRows: never[] = [];

/**
 * A pinned column's cells: sticky at the right edge over an opaque background (the surface the table
 * sits on: a Card sets --table-surface), with the row's hover and selection tints drawn on top as an
 * image so the cells scrolling underneath never show through.
 */
const pinnedCell =
  "sticky right-0 z-[1] bg-[var(--table-surface,var(--background))] text-right shadow-[-1px_0_0_var(--border)] group-hover/row:bg-linear-to-r group-hover/row:from-muted/50 group-hover/row:to-muted/50 group-data-[state=selected]/row:bg-linear-to-r group-data-[state=selected]/row:from-muted group-data-[state=selected]/row:to-muted";

function isPinned(id: string, meta: { pinEnd?: boolean } | undefined): boolean {
  return meta?.pinEnd ?? id === "actions";
}

/**
 * A figure column: sorted by the exact value (a decimal string or an integer), shown formatted,
 * right-aligned; `cell-<id>` is each cell's test id, and `tone` adds classes (a profit's colour).
 */
export function figureColumn<T extends RowData>(
  id: string,
  header: string,
  value: (row: T) => string | number | null,
  show: (row: T) => ReactNode,
  tone?: (row: T) => string | undefined,
): DataTableColumn<T> {
  return {
    id,
    accessorFn: (row) => {
      const raw = value(row);
      return raw === null ? null : String(raw);
    },
    header,
    sortFn: "decimal",
    cell: ({ row }) => show(row.original),
    meta: {
      numeric: true,
      label: header,
      cellProps: (row) => ({ "data-testid": `cell-${id}`, className: tone?.(row) }),
    },
  };
}

export function DataTable<T extends RowData>({
  columns,
  data,
  getRowId,
  status,
  label,
  urlKey = "",
  defaultSort,
  sorting: sortingMode = "client",
  controlledSort,
  paging,
  columnMenu = false,
  toolbar,
  testId,
  tableProps,
  rowProps,
  footerRowProps,
  empty,
  errorTitle,
  renderCard,
  cardsTestId,
  skeletonRows = 5,
  className,
  bordered = true,
}: DataTableProps<T>) {
  const { t } = useTranslation("common");
  const [url, setUrl] = useTableUrlState(urlKey, { sort: defaultSort ?? null });
  const sorting = controlledSort ? "server" : sortingMode;
  const activeSort = controlledSort ? controlledSort.value : url.sort;

  const hideable = useMemo(
    () =>
      columns
        .filter((column) => column.meta?.label && column.enableHiding !== false)
        .map((column) => columnId(column)),
    [columns],
  );
  const allIds = useMemo(() => columns.map((column) => columnId(column)), [columns]);
  const columnVisibility = useMemo(() => visibilityFromHidden(url.hidden, hideable), [url.hidden, hideable]);
  const sortingState = useMemo(
    () => (activeSort && sorting !== "none" ? [activeSort] : []),
    [activeSort, sorting],
  );
  const pageSize = paging?.pageSize ?? Number.MAX_SAFE_INTEGER;
  const rows = data ?? (emptyRows as T[]);
  const total = paging?.mode === "server" ? paging.rowCount : rows.length;
  const pages = pageCount(total, pageSize);
  const page = Math.min(url.page, pages);
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize }), [page, pageSize]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => getRowId(row),
    state: { sorting: sortingState, columnVisibility, pagination },
    onSortingChange: () => {},
    onColumnVisibilityChange: () => {},
    onPaginationChange: () => {},
    manualSorting: sorting !== "client",
    manualPagination: paging?.mode !== "client",
    ...(paging?.mode === "server" ? { rowCount: paging.rowCount } : {}),
    enableSorting: sorting !== "none",
    autoResetPageIndex: false,
  });

  const onSort = (id: string, descFirst: boolean) =>
    controlledSort ? controlledSort.onSort(id) : setUrl({ sort: nextSort(url.sort, id, descFirst), page: 1 });
  const setPage = (next: number) => setUrl({ page: next });

  const failed = status?.isError && !data;
  const loading = !failed && (status?.isPending || data === undefined);
  const visibleRows = table.getRowModel().rows;
  const hasFooter = columns.some((column) => column.footer !== undefined);

  const menu =
    columnMenu && hideable.length > 0 ? (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" data-testid="column-menu">
            <Columns3 aria-hidden="true" />
            {t("dataTable.columns")}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{t("dataTable.showColumns")}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {table
            .getAllLeafColumns()
            .filter((column) => hideable.includes(column.id))
            .map((column) => (
              <DropdownMenuCheckboxItem
                key={column.id}
                checked={column.getIsVisible()}
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(checked) =>
                  setUrl({ hidden: toggleHidden(url.hidden, column.id, checked === true, allIds) })
                }
                data-testid={`column-toggle-${column.id}`}
              >
                {column.columnDef.meta?.label}
              </DropdownMenuCheckboxItem>
            ))}
        </DropdownMenuContent>
      </DropdownMenu>
    ) : null;

  const header = (
    <thead className="[&_tr]:border-b">
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} className="border-b">
          {group.headers.map((head) => {
            const meta = head.column.columnDef.meta;
            const ownControl = meta?.ownSortControl === true;
            // The caller sorts in server mode, so a column needs no accessor to offer a sort there.
            const canSort =
              sorting !== "none" &&
              (ownControl ||
                (sorting === "server"
                  ? head.column.columnDef.enableSorting !== false
                  : head.column.getCanSort()));
            const sorted = activeSort?.id === head.column.id ? activeSort : null;
            const content = head.isPlaceholder ? null : <FlexRender header={head} />;
            return (
              <th
                key={head.id}
                colSpan={head.colSpan}
                scope="col"
                aria-sort={
                  canSort ? (sorted ? (sorted.desc ? "descending" : "ascending") : "none") : undefined
                }
                className={cn(
                  "h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-foreground",
                  meta?.numeric && "text-right",
                  isPinned(head.column.id, meta) && pinnedCell,
                  meta?.className,
                  meta?.headerClassName,
                )}
              >
                {canSort && !ownControl && !head.isPlaceholder ? (
                  <SortButton
                    label={content}
                    active={sorted !== null}
                    direction={sorted ? (sorted.desc ? "desc" : "asc") : undefined}
                    onClick={() => onSort(head.column.id, meta?.descFirst ?? meta?.numeric === true)}
                    alignEnd={meta?.numeric}
                    testId={meta?.sortTestId ?? `sort-${head.column.id}`}
                  />
                ) : (
                  content
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );

  let body: ReactNode;
  if (failed) {
    body = (
      <ErrorState
        error={status?.error}
        onRetry={status?.refetch ? () => status.refetch?.() : undefined}
        title={errorTitle}
      />
    );
  } else if (!loading && rows.length === 0 && empty) {
    body = (
      <EmptyState
        title={empty.title}
        description={empty.description}
        action={empty.action}
        testId={empty.testId}
      />
    );
  } else {
    const tableElement = (
      <section
        data-slot="table-container"
        aria-label={label}
        aria-busy={loading || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className={cn(
          "relative w-full overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
          bordered && "rounded-lg border",
          renderCard && "hidden sm:block",
          status?.isFetching && !loading && "opacity-70 transition-opacity",
        )}
      >
        <table
          data-slot="table"
          data-testid={testId}
          {...tableProps}
          className="w-full caption-bottom text-sm"
        >
          {header}
          <tbody className="[&_tr:last-child]:border-0">
            {loading
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <tr key={index} className="border-b" data-testid="skeleton-row">
                    {table.getVisibleLeafColumns().map((column) => (
                      <td key={column.id} className="p-2">
                        <Skeleton className="h-5 w-full min-w-8" />
                      </td>
                    ))}
                  </tr>
                ))
              : visibleRows.map((row) => {
                  const extra = rowProps?.(row.original) ?? {};
                  return (
                    <tr
                      key={row.id}
                      {...extra}
                      className={cn(
                        "group/row border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted",
                        extra.className,
                      )}
                    >
                      {row.getVisibleCells().map((cell) => {
                        const meta = cell.column.columnDef.meta;
                        const cellExtra = meta?.cellProps?.(row.original) ?? {};
                        return (
                          <td
                            key={cell.id}
                            {...cellExtra}
                            className={cn(
                              "whitespace-nowrap p-2 align-middle",
                              meta?.numeric && "text-right tabular-nums",
                              isPinned(cell.column.id, meta) && pinnedCell,
                              meta?.className,
                              cellExtra.className,
                            )}
                          >
                            <FlexRender cell={cell} />
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
          </tbody>
          {hasFooter && !loading ? (
            <tfoot className="border-t bg-muted/50 font-medium">
              {table
                .getFooterGroups()
                .slice(0, 1)
                .map((group) => (
                  <tr
                    key={group.id}
                    {...footerRowProps}
                    className={cn("border-b-0", footerRowProps?.className)}
                  >
                    {group.headers.map((head) => {
                      const meta = head.column.columnDef.meta;
                      return (
                        <td
                          key={head.id}
                          className={cn(
                            "whitespace-nowrap p-2 align-middle",
                            meta?.numeric && "text-right tabular-nums",
                            isPinned(head.column.id, meta) && pinnedCell,
                            meta?.className,
                            meta?.footerClassName,
                          )}
                        >
                          {head.isPlaceholder ? null : <FlexRender footer={head} />}
                        </td>
                      );
                    })}
                  </tr>
                ))}
            </tfoot>
          ) : null}
        </table>
      </section>
    );
    body = (
      <>
        {renderCard && !loading ? (
          // One column that never grows past the window (an implicit auto column would take the
          // widest card's unwrapped text).
          <ul className="grid grid-cols-1 gap-2 sm:hidden" data-testid={cardsTestId}>
            {visibleRows.map((row) => (
              <Fragment key={row.id}>{renderCard(row.original)}</Fragment>
            ))}
          </ul>
        ) : null}
        {renderCard && loading ? (
          <div className="space-y-2 sm:hidden" aria-busy="true">
            {Array.from({ length: 3 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={index} className="h-20 w-full" />
            ))}
          </div>
        ) : null}
        {tableElement}
      </>
    );
  }

  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const pager =
    paging && (paging.mode === "server" || pages > 1) ? (
      <div className="flex flex-col gap-2 text-muted-foreground text-sm sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="pagination-summary">
          {paging.mode === "server" && paging.summary
            ? paging.summary(from, to, total)
            : t("dataTable.showing", { from, to, total })}
        </p>
        <div className="flex items-center gap-2">
          <span data-testid="pagination-page">{t("dataTable.page", { page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage(page - 1)}
            disabled={page <= 1}
            aria-label={t("dataTable.previous")}
            // On a phone only the arrow shows: its name is the tooltip.
            title={t("dataTable.previous")}
            data-testid="pagination-previous"
          >
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">{t("dataTable.previous")}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage(page + 1)}
            disabled={page >= pages}
            aria-label={t("dataTable.next")}
            title={t("dataTable.next")}
            data-testid="pagination-next"
          >
            <span className="hidden sm:inline">{t("dataTable.next")}</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    ) : null;

  return (
    <div className={cn("min-w-0 space-y-3", className)}>
      {toolbar || menu ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center">{toolbar}</div>
          {menu}
        </div>
      ) : null}
      {body}
      {pager}
    </div>
  );
}

function columnId<T extends RowData>(column: DataTableColumn<T>): string {
  const def = column as { id?: string; accessorKey?: string };
  return def.id ?? def.accessorKey ?? "";
}
