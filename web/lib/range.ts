import {
  isIsoDate,
  type OpenDateRange,
  type RangePreset,
  rangePresets,
  resolvePeriod,
} from "@domain/periods";

// The one range picker's value (docs/decisions/0081): a preset of domain/periods.ts `rangePresets`,
// or a free range, inclusive on both ends. In the address it is `period` (a preset, or "custom"),
// `from` and `to` (ISO dates); on the API it is the same `period`/`from`/`to` of `rangeQuerySchema`,
// where the dates win over the period. "Today" is today in the workspace time zone.

export type RangeValue = { period: RangePreset } | { period: "custom"; from: string; to: string };
export type RangeChoice = RangePreset | "custom";

export function isRangePreset(value: string | null | undefined): value is RangePreset {
  return (rangePresets as readonly string[]).includes(value ?? "");
}

/**
 * Values older screens wrote in their links: /user/analytics had `period=7|30|90`, the dashboards'
 * `days=10|30|100` never reached the address. They keep opening the same days.
 */
const legacyPeriods: Record<string, RangePreset> = { "7": "7d", "30": "30d", "90": "90d" };

/** Reads a range from the address; anything malformed (a bad date, from after to) gives the fallback. */
export function readRangeParams(params: URLSearchParams, fallback: RangePreset, prefix = ""): RangeValue {
  const name = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const from = params.get(name("from"))?.trim() ?? "";
  const to = params.get(name("to"))?.trim() ?? "";
  // Dates win over the period, as on the server; both are needed and in order.
  if (from && to && isIsoDate(from) && isIsoDate(to) && from <= to) return { period: "custom", from, to };
  const period = params.get(name("period")) ?? "";
  if (isRangePreset(period)) return { period };
  const legacy = legacyPeriods[period];
  return { period: legacy ?? fallback };
}

/** A copy of `params` with the range written; the fallback preset leaves no trace in the address. */
export function writeRangeParams(
  params: URLSearchParams,
  value: RangeValue,
  fallback: RangePreset,
  prefix = "",
): URLSearchParams {
  const name = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const next = new URLSearchParams(params);
  next.delete(name("from"));
  next.delete(name("to"));
  if (value.period === "custom") {
    next.set(name("period"), "custom");
    next.set(name("from"), value.from);
    next.set(name("to"), value.to);
  } else if (value.period === fallback) next.delete(name("period"));
  else next.set(name("period"), value.period);
  return next;
}

/** The API query of a range: `{ period }` for a preset, `{ from, to }` for a free range. */
export function rangeQuery(value: RangeValue): { period?: RangePreset; from?: string; to?: string } {
  return value.period === "custom" ? { from: value.from, to: value.to } : { period: value.period };
}

/** The calendar days a range covers, `from` null for "all" (no lower bound). */
export function resolveRange(value: RangeValue, today: string): OpenDateRange {
  return value.period === "custom" ? { from: value.from, to: value.to } : resolvePeriod(value.period, today);
}

export function sameRange(a: RangeValue, b: RangeValue): boolean {
  if (a.period !== b.period) return false;
  return a.period !== "custom" || (b.period === "custom" && a.from === b.from && a.to === b.to);
}

/** A free range's dates checked: a translation-free code per problem, or null when they are fine. */
export function checkCustomRange(from: string, to: string): { field: "from" | "to"; code: string } | null {
  if (!from || !isIsoDate(from)) return { field: "from", code: "date_required" };
  if (!to || !isIsoDate(to)) return { field: "to", code: "date_required" };
  if (from > to) return { field: "to", code: "dates_reversed" };
  return null;
}
