import { toCents } from "@domain/money";
import { toRatioUnits } from "@domain/ratios";
import type { PaymentRow } from "@domain/schemas/payments";
import type { paths } from "@/lib/api-schema";
import type { StatementStatus } from "./helpers";

// The payments table's state in the URL (?status=&lead=&pending=1&sort=&dir=), so a filtered,
// sorted month can be reloaded, shared and navigated back to; and the rows' sort, done here in the
// browser over the month's rows (the totals come from the server, never summed here).

export const statementStatuses = ["pending", "processing", "paid", "cancelled"] as const;

export const sortColumns = [
  "buyer",
  "teamLead",
  "model",
  "revenue",
  "profit",
  "roi",
  "rate",
  "due",
  "adjustments",
  "paid",
  "pending",
  "status",
] as const;
export type SortColumn = (typeof sortColumns)[number];
export type SortDirection = "asc" | "desc";
export type Sort = { column: SortColumn; direction: SortDirection };

export type PaymentFilters = {
  status: StatementStatus | null;
  /** a team lead's id, or "none" for buyers without one */
  teamLeadId: string | null;
  pendingOnly: boolean;
};

export type TableState = { filters: PaymentFilters; sort: Sort | null };

const isStatus = (value: string | null): value is StatementStatus =>
  value !== null && (statementStatuses as readonly string[]).includes(value);
const isColumn = (value: string | null): value is SortColumn =>
  value !== null && (sortColumns as readonly string[]).includes(value);

/** Reads the table's state; anything unknown falls back to "no filter" and the server's order. */
export function readTableState(params: URLSearchParams): TableState {
  const status = params.get("status");
  const lead = params.get("lead")?.trim() ?? "";
  const column = params.get("sort");
  const direction = params.get("dir");
  return {
    filters: {
      status: isStatus(status) ? status : null,
      teamLeadId: lead !== "" && lead.length <= 100 ? lead : null,
      pendingOnly: params.get("pending") === "1",
    },
    sort: isColumn(column)
      ? {
          column,
          direction: direction === "desc" ? "desc" : direction === "asc" ? "asc" : defaultDirection(column),
        }
      : null,
  };
}

/** A copy of `params` with the changed parts of the state written (defaults leave no trace). */
export function writeTableState(
  params: URLSearchParams,
  change: { filters?: Partial<PaymentFilters>; sort?: Sort | null },
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) =>
    value === null ? next.delete(key) : next.set(key, value);
  const filters = change.filters;
  if (filters) {
    if ("status" in filters) set("status", filters.status ?? null);
    if ("teamLeadId" in filters) set("lead", filters.teamLeadId ?? null);
    if ("pendingOnly" in filters) set("pending", filters.pendingOnly ? "1" : null);
  }
  if ("sort" in change) {
    set("sort", change.sort ? change.sort.column : null);
    set("dir", change.sort ? change.sort.direction : null);
  }
  return next;
}

/** GET /api/payments's query for a month and the filters. */
/** GET /api/payments's query for a month and the table's filters. */
export function paymentsQuery(
  month: string,
  filters: PaymentFilters,
): paths["/api/payments"]["get"]["parameters"]["query"] {
  return {
    month,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.teamLeadId ? { teamLeadId: filters.teamLeadId } : {}),
    ...(filters.pendingOnly ? { pendingOnly: "true" } : {}),
  };
}

export function hasFilters(filters: PaymentFilters): boolean {
  return filters.status !== null || filters.teamLeadId !== null || filters.pendingOnly;
}

const textColumns = new Set<SortColumn>(["buyer", "teamLead", "model", "status"]);

/** Names read A→Z first; amounts largest first. */
export function defaultDirection(column: SortColumn): SortDirection {
  return textColumns.has(column) ? "asc" : "desc";
}

/** A header click: the same column flips its direction, another starts in its natural one. */
export function nextSort(current: Sort | null, column: SortColumn): Sort {
  if (current?.column === column) return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { column, direction: defaultDirection(column) };
}

const statusOrder: Record<StatementStatus, number> = { pending: 0, processing: 1, paid: 2, cancelled: 3 };

type Key = { kind: "text"; value: string | null } | { kind: "number"; value: bigint | number };

function keyOf(row: PaymentRow, column: SortColumn): Key {
  switch (column) {
    case "buyer":
      return { kind: "text", value: row.name };
    case "teamLead":
      return { kind: "text", value: row.teamLead?.name ?? null };
    case "model":
      return { kind: "number", value: row.model === "simple" ? 0 : 1 };
    case "status":
      return { kind: "number", value: statusOrder[row.status] };
    case "roi":
      return { kind: "number", value: toRatioUnits(row.roi) };
    case "revenue":
      return { kind: "number", value: toCents(row.totalRevenue) };
    case "profit":
      return { kind: "number", value: toCents(row.totalProfit) };
    case "rate":
      return { kind: "number", value: toCents(row.commissionRate) };
    case "due":
      return { kind: "number", value: toCents(row.amountDue) };
    case "adjustments":
      return { kind: "number", value: toCents(row.adjustments) };
    case "paid":
      return { kind: "number", value: toCents(row.paid) };
    case "pending":
      return { kind: "number", value: toCents(row.pending) };
  }
}

/**
 * The rows in the sort's order (a new array); equal keys keep the buyer's name order, so the
 * result does not depend on the order the server sent. Buyers without a team lead come last
 * either way. Amounts compare exactly, in cents.
 */
export function sortRows(rows: readonly PaymentRow[], sort: Sort | null, language: string): PaymentRow[] {
  if (!sort) return [...rows];
  const collator = new Intl.Collator(language, { sensitivity: "base", numeric: true });
  const sign = sort.direction === "asc" ? 1 : -1;
  const byName = (a: PaymentRow, b: PaymentRow) =>
    collator.compare(a.name, b.name) ||
    (a.statementId < b.statementId ? -1 : a.statementId > b.statementId ? 1 : 0);
  return [...rows].sort((a, b) => {
    const ka = keyOf(a, sort.column);
    const kb = keyOf(b, sort.column);
    let order = 0;
    if (ka.kind === "text" && kb.kind === "text") {
      if (ka.value === null || kb.value === null) {
        if (ka.value !== kb.value) return ka.value === null ? 1 : -1;
      } else order = collator.compare(ka.value, kb.value);
    } else if (ka.kind === "number" && kb.kind === "number") {
      order = ka.value < kb.value ? -1 : ka.value > kb.value ? 1 : 0;
    }
    return order * sign || byName(a, b);
  });
}
