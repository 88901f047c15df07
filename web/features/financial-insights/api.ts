import type { Role } from "@domain/roles";
import type { Dashboard, FinancialAnalytics, FinancialUser, UserStats } from "@domain/schemas/reports";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import type { FinancialPeriod, StatsRange } from "./search-params";

// TanStack Query hooks for the financial dashboard, analytics and users screens. Every number is
// aggregated by the server (SQL); the browser only formats it.

export const financialInsightKeys = {
  all: ["financial-insights"] as const,
  dashboard: (period: FinancialPeriod) => ["financial-insights", "dashboard", period] as const,
  analytics: (period: FinancialPeriod) => ["financial-insights", "analytics", period] as const,
  users: (params: { q?: string; role?: Role }) => ["financial-insights", "users", params] as const,
  stats: (id: string, range: StatsRange) => ["financial-insights", "stats", id, range] as const,
};

export function useFinancialDashboard(period: FinancialPeriod) {
  return useQuery({
    queryKey: financialInsightKeys.dashboard(period),
    queryFn: ({ signal }): Promise<Dashboard> =>
      unwrap(api.GET("/api/financial/dashboard", { params: { query: { period } }, signal })),
    // The old numbers stay on screen (dimmed) while another period loads.
    placeholderData: keepPreviousData,
  });
}

export function useFinancialAnalytics(period: FinancialPeriod) {
  return useQuery({
    queryKey: financialInsightKeys.analytics(period),
    queryFn: ({ signal }): Promise<FinancialAnalytics> =>
      unwrap(api.GET("/api/financial/analytics", { params: { query: { period } }, signal })),
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

export function useUserStats(id: string | null, range: StatsRange | null) {
  return useQuery({
    queryKey: financialInsightKeys.stats(id ?? "", range ?? { period: "30d" }),
    queryFn: ({ signal }): Promise<UserStats> =>
      unwrap(
        api.GET("/api/financial/users/{id}/stats", {
          params: { path: { id: id ?? "" }, query: range ?? {} },
          signal,
        }),
      ),
    enabled: Boolean(id && range),
    placeholderData: keepPreviousData,
  });
}
