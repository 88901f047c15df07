import type { PaymentRow } from "@domain/schemas/payments";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { SortButton } from "@/components/sort-button";
import { Badge } from "@/components/ui/badge";
import { checkboxClass } from "@/components/ui/classes";
import { useFormatters } from "@/lib/use-formatters";
import { statusTone } from "../helpers";
import type { SortColumn } from "../table-state";
import { Money } from "./money";
import { RowMenu } from "./row-menu";
import { BuyerName, RowCheckbox, type StatementListProps } from "./statement-list";

// The month's statements as a table (wider than a phone): sortable headers, a checkbox per row for
// the bulk actions, the server's totals in the footer, and each row's menu. The buyer column stays
// in view while the figures scroll sideways inside the table's own box.

const sticky =
  "sticky left-0 z-10 bg-background group-hover:bg-muted group-data-[state=selected]:bg-muted after:absolute after:inset-y-0 after:right-0 after:w-px after:bg-border";

type Column = DataTableColumn<PaymentRow>;

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

  const columns: Column[] = [
    {
      id: "buyer",
      header: () => (
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
      ),
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex items-center gap-2">
          <RowCheckbox row={row.original} selection={selection} />
          <div className="min-w-0 max-w-56">
            <BuyerName row={row.original} onOpen={handlers.onOpen} className="font-medium" />
            <p className="truncate text-muted-foreground text-xs">{row.original.email}</p>
          </div>
        </div>
      ),
      footer: () => t("table.total", { count: totals.count }),
      meta: {
        ownSortControl: true,
        className: sticky,
        headerClassName: "min-w-56 group-hover:bg-background",
        footerClassName: "bg-muted group-hover:bg-muted",
      },
    },
    {
      id: "teamLead",
      header: t("columns.teamLead"),
      cell: ({ row }) =>
        row.original.teamLead?.name ?? <span className="text-muted-foreground">{t("filters.noLead")}</span>,
      meta: { className: "min-w-32 max-w-40 whitespace-normal break-words", label: t("columns.teamLead") },
    },
    {
      id: "model",
      header: t("columns.model"),
      cell: ({ row }) => t(`model.${row.original.model}`),
      meta: { label: t("columns.model") },
    },
    money(
      "revenue",
      (row) => <Money value={row.totalRevenue} />,
      <Money value={totals.totalRevenue} testId="total-revenue" />,
    ),
    money(
      "profit",
      (row) => <Money value={row.totalProfit} tone />,
      <Money value={totals.totalProfit} tone testId="total-profit" />,
    ),
    money("roi", (row) => f.percent(row.roi), f.percent(totals.roi)),
    money("rate", (row) => f.percent(row.commissionRate), null),
    money(
      "due",
      (row) => <Money value={row.amountDue} />,
      <Money value={totals.amountDue} testId="total-due" />,
    ),
    money(
      "adjustments",
      (row) => <Money value={row.adjustments} signed tone />,
      <Money value={totals.adjustments} signed tone testId="total-adjustments" />,
    ),
    money("paid", (row) => <Money value={row.paid} />, <Money value={totals.paid} testId="total-paid" />),
    {
      ...money(
        "pending",
        (row) => (
          <>
            <Money value={row.pending} className="font-medium" />
            {Number(row.overpaid) > 0 ? (
              <span className="block text-red-700 text-xs dark:text-red-400" data-testid="row-overpaid">
                {t("table.overpaid", { amount: f.money(row.overpaid) })}
              </span>
            ) : null}
          </>
        ),
        <Money value={totals.pending} testId="total-pending" />,
      ),
    },
    {
      id: "status",
      header: t("columns.status"),
      cell: ({ row }) => (
        <Badge className={statusTone[row.original.status]} data-testid="row-status">
          {t(`status.${row.original.status}`)}
        </Badge>
      ),
      meta: { label: t("columns.status") },
    },
    {
      id: "reconciliation",
      header: t("columns.reconciliation"),
      cell: ({ row }) => (
        <Badge
          variant={row.original.reconciliation === "open" ? "destructive" : "outline"}
          data-testid="row-reconciliation"
        >
          {t(`reconciliation.${row.original.reconciliation}`)}
        </Badge>
      ),
      meta: { label: t("columns.reconciliation") },
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{t("table.actions")}</span>,
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => <RowMenu row={row.original} role={role} busy={busy} handlers={handlers} />,
      meta: { className: "w-10" },
    },
  ];

  function money(id: SortColumn, show: (row: PaymentRow) => ReactNode, total: ReactNode): Column {
    return {
      id,
      header: t(`columns.${id}`),
      cell: ({ row }) => show(row.original),
      footer: () => total,
      meta: {
        numeric: true,
        label: t(`columns.${id}`),
        ...(id === "pending" ? { cellProps: () => ({ "data-testid": "row-pending" }) } : {}),
      },
    };
  }

  return (
    <div data-testid="payments-table">
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(row) => row.statementId}
        label={t("title")}
        urlKey="table"
        controlledSort={{
          value: sort ? { id: sort.column, desc: sort.direction === "desc" } : null,
          onSort: (id) => onSort(id as SortColumn),
        }}
        columnMenu
        rowProps={(row) => ({
          className: "group",
          "data-state": selection.selected.has(row.statementId) ? "selected" : undefined,
          "data-testid": "payment-row",
          "data-buyer": row.email,
          "data-status": row.status,
        })}
        footerRowProps={{ className: "group hover:bg-transparent", "data-testid": "totals-row" }}
      />
    </div>
  );
}
