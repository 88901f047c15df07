import { ArrowDown, ArrowUp } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "@/components/icon-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { checkboxClass } from "@/components/ui/classes";
import { NativeSelect } from "@/components/ui/native-select";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { statusTone } from "../helpers";
import { defaultDirection, type Sort, type SortColumn, sortColumns } from "../table-state";
import { Money } from "./money";
import { RowMenu } from "./row-menu";
import { BuyerName, RowCheckbox, type StatementListProps } from "./statement-list";

// A phone's view of the month (≤ 640 px): one card per statement, the totals first, the sort as a
// select (there are no column headers to click), the same checkboxes and menus as the table.

export function PaymentCards({
  rows,
  totals,
  sort,
  onSortChange,
  selection,
  role,
  busy,
  handlers,
}: StatementListProps & { onSortChange: (sort: Sort | null) => void }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const id = useId();
  const allSelected = rows.length > 0 && rows.every((row) => selection.selected.has(row.statementId));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3" data-testid="payment-cards">
      <section
        className="rounded-lg border bg-muted/50 p-3 text-sm"
        aria-label={t("table.totalsLabel")}
        data-testid="totals-card"
      >
        <p className="font-medium">{t("table.total", { count: totals.count })}</p>
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
          <Figure label={t("columns.revenue")}>
            <Money value={totals.totalRevenue} />
          </Figure>
          <Figure label={t("columns.profit")}>
            <Money value={totals.totalProfit} tone />
          </Figure>
          <Figure label={t("columns.roi")}>
            <span className="tabular-nums">{f.percent(totals.roi)}</span>
          </Figure>
          <Figure label={t("columns.due")}>
            <Money value={totals.amountDue} />
          </Figure>
          <Figure label={t("columns.adjustments")}>
            <Money value={totals.adjustments} signed tone />
          </Figure>
          <Figure label={t("columns.paid")}>
            <Money value={totals.paid} />
          </Figure>
          <Figure label={t("columns.pending")}>
            <Money value={totals.pending} className="font-semibold" testId="total-pending" />
          </Figure>
        </dl>
      </section>

      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={allSelected}
            onChange={(event) => selection.onToggleAll(event.target.checked)}
            data-testid="select-all"
          />
          {t("table.selectAll")}
        </label>
        <div className="ml-auto flex items-center gap-1">
          <label htmlFor={`${id}-sort`} className="sr-only">
            {t("table.sortBy")}
          </label>
          <NativeSelect
            id={`${id}-sort`}
            className="w-40"
            value={sort?.column ?? ""}
            onChange={(event) => {
              const column = event.target.value as SortColumn | "";
              onSortChange(column === "" ? null : { column, direction: defaultDirection(column) });
            }}
            data-testid="sort-select"
          >
            <option value="">{t("table.serverOrder")}</option>
            {sortColumns.map((column) => (
              <option key={column} value={column}>
                {t(`columns.${column}`)}
              </option>
            ))}
          </NativeSelect>
          <IconButton
            variant="outline"
            disabled={!sort}
            onClick={() =>
              sort && onSortChange({ ...sort, direction: sort.direction === "asc" ? "desc" : "asc" })
            }
            label={sort?.direction === "desc" ? t("table.descending") : t("table.ascending")}
            data-testid="order-toggle"
          >
            {sort?.direction === "desc" ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" />}
          </IconButton>
        </div>
      </div>

      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {rows.map((row) => {
          const checked = selection.selected.has(row.statementId);
          return (
            <li key={row.statementId}>
              <article
                className={cn(
                  "grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border bg-card p-3 text-card-foreground text-sm",
                  checked && "border-primary ring-2 ring-primary/30",
                )}
                data-testid="payment-card"
                data-buyer={row.email}
                data-status={row.status}
              >
                <div className="flex items-start gap-2">
                  <RowCheckbox row={row} selection={selection} className="mt-1" />
                  <div className="min-w-0 flex-1">
                    <BuyerName row={row} onOpen={handlers.onOpen} className="min-w-0 font-semibold" />
                    <p className="truncate text-muted-foreground text-xs">{row.email}</p>
                    <p className="truncate text-muted-foreground text-xs">
                      {t(`model.${row.model}`)} ·{" "}
                      {row.teamLead ? t("sheet.lead", { name: row.teamLead.name }) : t("filters.noLead")}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <Badge className={statusTone[row.status]} data-testid="row-status">
                      {t(`status.${row.status}`)}
                    </Badge>
                    <RowMenu row={row} role={role} busy={busy} handlers={handlers} />
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
                  <Figure label={t("columns.revenue")}>
                    <Money value={row.totalRevenue} />
                  </Figure>
                  <Figure label={t("columns.profit")}>
                    <Money value={row.totalProfit} tone />
                  </Figure>
                  <Figure label={t("columns.roi")}>
                    <span className="tabular-nums">{f.percent(row.roi)}</span>
                  </Figure>
                  <Figure label={t("columns.rate")}>
                    <span className="tabular-nums">{f.percent(row.commissionRate)}</span>
                  </Figure>
                  <Figure label={t("columns.due")}>
                    <Money value={row.amountDue} />
                  </Figure>
                  <Figure label={t("columns.adjustments")}>
                    <Money value={row.adjustments} signed tone />
                  </Figure>
                  <Figure label={t("columns.paid")}>
                    <Money value={row.paid} />
                  </Figure>
                  <Figure label={t("columns.pending")}>
                    <span data-testid="row-pending">
                      <Money value={row.pending} className="font-semibold" />
                    </span>
                  </Figure>
                </dl>
                {Number(row.overpaid) > 0 ? (
                  <p className="text-red-700 text-xs dark:text-red-400" data-testid="row-overpaid">
                    {t("table.overpaid", { amount: f.money(row.overpaid) })}
                  </p>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
