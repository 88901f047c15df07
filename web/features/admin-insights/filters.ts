import { type DateRange, isIsoDate, resolvePeriod } from "@domain/periods";
import { idField, userIdField } from "@domain/schemas/fields";

// The admin screens keep every filter in the URL (bookmarkable, shareable, the back button works).
// These readers turn search params into filters and ignore what is malformed, so a hand-edited
// link falls back to the defaults instead of breaking the screen.

export const dashboardPeriods = ["today", "7d", "30d"] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

/** Admin analytics: today, last week (7 days), last month (one calendar month) or a custom range. */
export const analyticsPeriods = ["today", "7d", "last_month", "custom"] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export const defaultDashboardPeriod: DashboardPeriod = "today";
export const defaultAnalyticsPeriod: AnalyticsPeriod = "7d";

export type DashboardFilters = { period: DashboardPeriod; userId?: string };
export type AnalyticsFilters = {
  period: AnalyticsPeriod;
  userId?: string;
  offerId?: string;
  from?: string;
  to?: string;
};

function pickOne<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function readUserId(params: URLSearchParams): string | undefined {
  const parsed = userIdField.safeParse(params.get("user") ?? "");
  return parsed.success ? parsed.data : undefined;
}

export function readDashboardFilters(params: URLSearchParams): DashboardFilters {
  const userId = readUserId(params);
  return {
    period: pickOne(params.get("period"), dashboardPeriods, defaultDashboardPeriod),
    ...(userId ? { userId } : {}),
  };
}

export function readAnalyticsFilters(params: URLSearchParams): AnalyticsFilters {
  const userId = readUserId(params);
  const offer = idField.safeParse(params.get("offer") ?? "");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const period = pickOne(params.get("period"), analyticsPeriods, defaultAnalyticsPeriod);
  return {
    period,
    ...(userId ? { userId } : {}),
    ...(offer.success ? { offerId: offer.data } : {}),
    // Dates only mean something for a custom range.
    ...(period === "custom" && isIsoDate(from) ? { from } : {}),
    ...(period === "custom" && isIsoDate(to) ? { to } : {}),
  };
}

export type RangeResult = { ok: true; range: DateRange } | { ok: false; problem: "incomplete" | "reversed" };

/**
 * The calendar range the analytics query asks for, resolved like the server resolves periods
 * (domain/periods.ts) from today in the workspace time zone. Custom ranges are inclusive.
 */
export function resolveAnalyticsRange(filters: AnalyticsFilters, today: string): RangeResult {
  if (filters.period !== "custom") {
    const range = resolvePeriod(filters.period, today);
    return { ok: true, range: { from: range.from ?? today, to: range.to } };
  }
  if (!filters.from || !filters.to) return { ok: false, problem: "incomplete" };
  if (filters.from > filters.to) return { ok: false, problem: "reversed" };
  return { ok: true, range: { from: filters.from, to: filters.to } };
}
