import { isIsoDate } from "@domain/periods";
import { isRole, type Role } from "@domain/roles";

// Every filter of the financial screens lives in the address (bookmarkable, shareable, and the
// back button restores it). These pure readers turn whatever is in the URL into a valid choice.

export const financialPeriods = ["7d", "30d", "90d", "all"] as const;
export type FinancialPeriod = (typeof financialPeriods)[number];

/** The user-details dialog's periods (spec section 2, "Financial users"). */
export const statsPeriods = ["7d", "30d", "current_month", "previous_month", "all", "custom"] as const;
export type StatsPeriod = (typeof statsPeriods)[number];

/** What the stats endpoint takes: a named period, or a custom range (inclusive on both ends). */
export type StatsRange = { period: Exclude<StatsPeriod, "custom"> } | { from: string; to: string };

function readChoice<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function readFinancialPeriod(params: URLSearchParams, fallback: FinancialPeriod): FinancialPeriod {
  return readChoice(params.get("period"), financialPeriods, fallback);
}

export function readRole(params: URLSearchParams): Role | undefined {
  const role = params.get("role");
  return isRole(role) ? role : undefined;
}

export function readSearch(params: URLSearchParams): string {
  return (params.get("q") ?? "").slice(0, 100);
}

export type StatsSelection = {
  period: StatsPeriod;
  from: string;
  to: string;
  /** The query to send, or null while a custom range is incomplete or reversed. */
  range: StatsRange | null;
  /** Why a custom range cannot be queried yet. */
  problem: "incomplete" | "reversed" | null;
};

/** The dialog's period from `stats`, `from` and `to` (default: last 30 days). */
export function readStatsSelection(params: URLSearchParams): StatsSelection {
  const period = readChoice(params.get("stats"), statsPeriods, "30d");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (period !== "custom") return { period, from, to, range: { period }, problem: null };
  if (!isIsoDate(from) || !isIsoDate(to)) return { period, from, to, range: null, problem: "incomplete" };
  if (from > to) return { period, from, to, range: null, problem: "reversed" };
  return { period, from, to, range: { from, to }, problem: null };
}
