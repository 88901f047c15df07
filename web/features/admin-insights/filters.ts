import { idField, userIdField } from "@domain/schemas/fields";

// The admin screens keep every filter in the URL (bookmarkable, shareable, the back button works).
// These readers turn search params into filters and ignore what is malformed, so a hand-edited
// link falls back to the defaults instead of breaking the screen. The period is the one range
// picker's (useRangeParam, docs/decisions/0081): the dashboard defaults to today, analytics to 7 days.

export const defaultDashboardPeriod = "today";
export const defaultAnalyticsPeriod = "7d";

export type DashboardFilters = { userId?: string };
export type AnalyticsFilters = { userId?: string; offerId?: string };

function readUserId(params: URLSearchParams): string | undefined {
  const parsed = userIdField.safeParse(params.get("user") ?? "");
  return parsed.success ? parsed.data : undefined;
}

export function readDashboardFilters(params: URLSearchParams): DashboardFilters {
  const userId = readUserId(params);
  return userId ? { userId } : {};
}

export function readAnalyticsFilters(params: URLSearchParams): AnalyticsFilters {
  const userId = readUserId(params);
  const offer = idField.safeParse(params.get("offer") ?? "");
  return {
    ...(userId ? { userId } : {}),
    ...(offer.success ? { offerId: offer.data } : {}),
  };
}
