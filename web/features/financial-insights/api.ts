import type { Role } from "@domain/roles";
import type { Dashboard, FinancialAnalytics, FinancialUser, UserStats } from "@domain/schemas/reports";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import { type RangeValue, rangeQuery } from "@/lib/range";

// TanStack Query hooks for the financial dashboard, analytics and users screens. Every number is
// aggregated by the server (SQL); the browser only formats it.

export const financialInsightKeys = {
  all: ["financial-insights"] as const,
  dashboard: (range: RangeValue) => ["financial-insights", "dashboard", range] as const,
  analytics: (range: RangeValue) => ["financial-insights", "analytics", range] as const,
  users: (params: { q?: string; role?: Role }) => ["financial-insights", "users", params] as const,
  stats: (id: string, range: RangeValue) => ["financial-insights", "stats", id, range] as const,
};

export function useFinancialDashboard(range: RangeValue) {
  return useQuery({
    queryKey: financialInsightKeys.dashboard(range),
    queryFn: ({ signal }): Promise<Dashboard> =>
      unwrap(api.GET("/api/financial/dashboard", { params: { query: rangeQuery(range) }, signal })),
    // The old numbers stay on screen (dimmed) while another period loads.
    placeholderData: keepPreviousData,
  });
}

export function useFinancialAnalytics(range: RangeValue) {
  return useQuery({
    queryKey: financialInsightKeys.analytics(range),
    queryFn: ({ signal }): Promise<FinancialAnalytics> =>
      unwrap(api.GET("/api/financial/analytics", { params: { query: rangeQuery(range) }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useFinancialUsers(params: { q?: string; role?: Role }) {
  return useQuery({
    queryKey: financialInsightKeys.users(params),
    queryFn: ({ signal }): Promise<FinancialUser[]> =>
      unwrap(api.GET("/api/financial/users", { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useUserStats(id: string | null, range: RangeValue) {
  return useQuery({
    queryKey: financialInsightKeys.stats(id ?? "", range),
    queryFn: ({ signal }): Promise<UserStats> =>
      unwrap(
        api.GET("/api/financial/users/{id}/stats", {
          params: { path: { id: id ?? "" }, query: rangeQuery(range) },
          signal,
        }),
      ),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}
