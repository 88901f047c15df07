import { useTranslation } from "react-i18next";
import { SortButton } from "@/components/sort-button";
import { Badge } from "@/components/ui/badge";
import { checkboxClass } from "@/components/ui/classes";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { statusTone } from "../helpers";
import type { SortColumn } from "../table-state";
import { Money } from "./money";
import { RowMenu } from "./row-menu";
import { BuyerName, RowCheckbox, type StatementListProps } from "./statement-list";

// The month's statements as a table (wider than a phone): sortable headers, a checkbox per row for
// the bulk actions, the server's totals in the footer, and each row's menu. The buyer column stays
// in view while the figures scroll sideways inside the table's own box.

const numeric = "text-right";
const sticky =
  "sticky left-0 z-10 bg-background group-hover:bg-muted group-data-[state=selected]:bg-muted after:absolute after:inset-y-0 after:right-0 after:w-px after:bg-border";

export function PaymentsTable({
  rows,
  totals,
  sort,
  onSort,
  selection,
  role,
  busy,
  handlers,
}: StatementListProps & { onSort: (column: SortColumn) => void }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const allSelected = rows.length > 0 && rows.every((row) => selection.selected.has(row.statementId));
  const someSelected = !allSelected && rows.some((row) => selection.selected.has(row.statementId));

  const header = (column: SortColumn, className?: string) => {
    const active = sort?.column === column;
    return (
      <TableHead
        key={column}
        className={className}
        aria-sort={active ? (sort.direction === "desc" ? "descending" : "ascending") : undefined}
      >
        <SortButton
          label={t(`columns.${column}`)}
          active={active}
          direction={sort?.direction}
          onClick={() => onSort(column)}
          alignEnd={className?.includes(numeric)}
          testId={`sort-${column}`}
        />
      </TableHead>
    );
  };

  return (
    <div className="overflow-hidden rounded-lg border" data-testid="payments-table">
      <Table>
        <TableHeader>
          <TableRow className="group hover:bg-transparent">
            <TableHead
              className={cn(sticky, "min-w-56 group-hover:bg-background")}
              aria-sort={
                sort?.column === "buyer"
                  ? sort.direction === "desc"
                    ? "descending"
                    : "ascending"
                  : undefined
              }
            >
              <div className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={allSelected}
                  ref={(element) => {
                    if (element) element.indeterminate = someSelected;
                  }}
                  onChange={(event) => selection.onToggleAll(event.target.checked)}
                  aria-label={t("table.selectAll")}
                  data-testid="select-all"
                />
                <SortButton
                  label={t("columns.buyer")}
                  active={sort?.column === "buyer"}
                  direction={sort?.direction}
                  onClick={() => onSort("buyer")}
                  testId="sort-buyer"
                />
              </div>
            </TableHead>
            {header("teamLead")}
            {header("model")}
            {header("revenue", numeric)}
            {header("profit", numeric)}
            {header("roi", numeric)}
            {header("rate", numeric)}
            {header("due", numeric)}
            {header("adjustments", numeric)}
            {header("paid", numeric)}
            {header("pending", numeric)}
            {header("status")}
            <TableHead className="w-10">
              <span className="sr-only">{t("table.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const checked = selection.selected.has(row.statementId);
            return (
              <TableRow
                key={row.statementId}
                className="group"
                data-state={checked ? "selected" : undefined}
                data-testid="payment-row"
                data-buyer={row.email}
                data-status={row.status}
              >
                <TableCell className={sticky}>
                  <div className="flex items-center gap-2">
                    <RowCheckbox row={row} selection={selection} />
                    <div className="min-w-0 max-w-56">
                      <BuyerName row={row} onOpen={handlers.onOpen} className="font-medium" />
                      <p className="truncate text-muted-foreground text-xs">{row.email}</p>
                    </div>
                  </div>
                </TableCell>
                <TableCell className="max-w-40 truncate">
                  {row.teamLead?.name ?? <span className="text-muted-foreground">{t("filters.noLead")}</span>}
                </TableCell>
                <TableCell>{t(`model.${row.model}`)}</TableCell>
                <TableCell className={numeric}>
                  <Money value={row.totalRevenue} />
                </TableCell>
                <TableCell className={numeric}>
                  <Money value={row.totalProfit} tone />
                </TableCell>
                <TableCell className={cn(numeric, "tabular-nums")}>{f.percent(row.roi)}</TableCell>
                <TableCell className={cn(numeric, "tabular-nums")}>{f.percent(row.commissionRate)}</TableCell>
                <TableCell className={numeric}>
                  <Money value={row.amountDue} />
                </TableCell>
                <TableCell className={numeric}>
                  <Money value={row.adjustments} signed tone />
                </TableCell>
                <TableCell className={numeric}>
                  <Money value={row.paid} />
                </TableCell>
                <TableCell className={numeric} data-testid="row-pending">
                  <Money value={row.pending} className="font-medium" />
                  {Number(row.overpaid) > 0 ? (
                    <span className="block text-red-700 text-xs dark:text-red-400" data-testid="row-overpaid">
                      {t("table.overpaid", { amount: f.money(row.overpaid) })}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Badge className={statusTone[row.status]} data-testid="row-status">
                    {t(`status.${row.status}`)}
                  </Badge>
                </TableCell>
                <TableCell>
                  <RowMenu row={row} role={role} busy={busy} handlers={handlers} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow className="group hover:bg-transparent" data-testid="totals-row">
            <TableCell className={cn(sticky, "bg-muted group-hover:bg-muted")}>
              {t("table.total", { count: totals.count })}
            </TableCell>
            <TableCell />
            <TableCell />
            <TableCell className={numeric}>
              <Money value={totals.totalRevenue} testId="total-revenue" />
            </TableCell>
            <TableCell className={numeric}>
              <Money value={totals.totalProfit} tone testId="total-profit" />
            </TableCell>
            <TableCell className={cn(numeric, "tabular-nums")}>{f.percent(totals.roi)}</TableCell>
            <TableCell />
            <TableCell className={numeric}>
              <Money value={totals.amountDue} testId="total-due" />
            </TableCell>
            <TableCell className={numeric}>
              <Money value={totals.adjustments} signed tone testId="total-adjustments" />
            </TableCell>
            <TableCell className={numeric}>
              <Money value={totals.paid} testId="total-paid" />
            </TableCell>
            <TableCell className={numeric}>
              <Money value={totals.pending} testId="total-pending" />
            </TableCell>
            <TableCell />
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  );
}
