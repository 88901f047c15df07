import type { AnalyticsQuery } from "@domain/schemas/campaigns";
import type { Dashboard } from "@domain/schemas/reports";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAnalytics } from "@/features/campaigns";
import { useUsers } from "@/features/users";
import { api, unwrap } from "@/lib/api";
import { type RangeValue, rangeQuery } from "@/lib/range";
import type { DashboardFilters } from "./filters";

// The admin's insight screens. Every figure is aggregated by the server in SQL; the browser only
// shows it. Keys start with "campaigns" so any campaign write refreshes them too.

export const adminInsightKeys = {
  dashboard: (range: RangeValue, filters: DashboardFilters) =>
    ["campaigns", "admin-dashboard", range, filters] as const,
};

export function useAdminDashboard(range: RangeValue, filters: DashboardFilters) {
  return useQuery({
    queryKey: adminInsightKeys.dashboard(range, filters),
    queryFn: ({ signal }): Promise<Dashboard> =>
      unwrap(
        api.GET("/api/admin/dashboard", {
          params: {
            query: { ...rangeQuery(range), ...(filters.userId ? { userId: filters.userId } : {}) },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Admin analytics reads the same endpoint as the buyer's screen; the server scopes it by role. */
export function useAdminAnalytics(query: AnalyticsQuery) {
  return useAnalytics(query);
}

/** Every user, sorted by name, for the user filters (anyone may have logged campaigns). */
export function useInsightUsers() {
  const users = useUsers();
  const choices = useMemo(
    () => [...(users.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [users.data],
  );
  return { choices, isPending: users.isPending, isError: users.isError, error: users.error };
}
