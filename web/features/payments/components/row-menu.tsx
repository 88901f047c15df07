import type { PaymentRow } from "@domain/schemas/payments";
import { History, Percent, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RowMenuTrigger } from "@/components/row-menu-trigger";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { isActionAllowed, type RowAction } from "../helpers";
import { actionIcons } from "./action-icons";
import type { SheetHandlers, StatementProps } from "./statement-sheet";

export type RowHandlers = SheetHandlers & { onOpen: (row: PaymentRow) => void };

/** A row's actions: the workflow, the ledger, the rates and the details (history). */
export function RowMenu({ row, role, busy, handlers }: StatementProps<RowHandlers>) {
  const { t } = useTranslation("payments");
  const item = (action: RowAction, onSelect: () => void) => {
    const Icon = actionIcons[action];
    return (
      <DropdownMenuItem disabled={busy || !isActionAllowed(row, action, role)} onSelect={onSelect}>
        <Icon aria-hidden="true" />
        {t(`actions.${action}`)}
      </DropdownMenuItem>
    );
  };
  return (
    <DropdownMenu>
      <RowMenuTrigger label={t("table.rowMenu", { name: row.name })} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => handlers.onOpen(row)} data-testid="menu-details">
          <History aria-hidden="true" />
          {t("actions.details")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {item("process", () => handlers.onAction(row, "process"))}
        {item("confirm", () => handlers.onAction(row, "confirm"))}
        {item("register", () => handlers.onRegister(row))}
        {item("adjust", () => handlers.onAdjust(row))}
        <DropdownMenuSeparator />
        {item("reject", () => handlers.onAction(row, "reject"))}
        {item("reopen", () => handlers.onAction(row, "reopen"))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => handlers.onEditRates(row)}>
          <Percent aria-hidden="true" />
          {t("actions.editRates")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The buyer changed where they are paid in the last 7 days: check before paying (opens the details). */
export function PayeeFlag({ row, onOpen }: { row: PaymentRow; onOpen: (row: PaymentRow) => void }) {
  const { t } = useTranslation("payments");
  if (!row.payee?.changedRecently) return null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={t("payee.changedTitle")}
          onClick={() => onOpen(row)}
          className="inline-flex shrink-0 rounded-sm text-amber-700 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:text-amber-400"
          data-testid="payee-flag"
        >
          <ShieldAlert className="size-4" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent>{t("payee.changedText")}</TooltipContent>
    </Tooltip>
  );
}
