import type { Role } from "@domain/roles";
import type { PaymentRow, PaymentTotals } from "@domain/schemas/payments";
import { useTranslation } from "react-i18next";
import { checkboxClass } from "@/components/ui/classes";
import { cn } from "@/lib/utils";
import type { Sort } from "../table-state";
import { PayeeFlag, type RowHandlers } from "./row-menu";

// What the month's table (wide screens) and its cards (phones) share: their inputs, a row's
// checkbox and a row's buyer name that opens the details.

export type SelectionProps = {
  selected: ReadonlySet<string>;
  onToggle: (statementId: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
};

export type StatementListProps = {
  rows: PaymentRow[];
  totals: PaymentTotals;
  sort: Sort | null;
  selection: SelectionProps;
  role: Role;
  busy: boolean;
  handlers: RowHandlers;
};

export function RowCheckbox({
  row,
  selection,
  className,
}: {
  row: PaymentRow;
  selection: SelectionProps;
  className?: string;
}) {
  const { t } = useTranslation("payments");
  return (
    <input
      type="checkbox"
      className={cn(checkboxClass, className)}
      checked={selection.selected.has(row.statementId)}
      onChange={(event) => selection.onToggle(row.statementId, event.target.checked)}
      aria-label={t("table.select", { name: row.name })}
      data-testid="select-row"
    />
  );
}

/** The buyer's name, a button that opens the statement's details, and the payee-changed flag. */
export function BuyerName({
  row,
  onOpen,
  className,
}: {
  row: PaymentRow;
  onOpen: (row: PaymentRow) => void;
  className?: string;
}) {
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        onClick={() => onOpen(row)}
        className={cn(
          "truncate rounded-sm text-left underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50",
          className,
        )}
        data-testid="open-details"
      >
        {row.name}
      </button>
      <PayeeFlag row={row} onOpen={onOpen} />
    </div>
  );
}
