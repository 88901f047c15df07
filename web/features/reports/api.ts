import type { Analytics } from "@domain/schemas/campaigns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ReportParams } from "./filters";

// The financial report: every number is aggregated by the server (SQL) over all matching campaigns.

export const reportKeys = {
  all: ["reports"] as const,
  report: (params: ReportParams) => ["reports", params] as const,
};

export function useReport(params: ReportParams | null) {
  return useQuery({
    queryKey: reportKeys.report(params ?? {}),
    queryFn: ({ signal }) => api.get<Analytics>("/api/reports", { query: params ?? {}, signal }),
    placeholderData: keepPreviousData,
    enabled: params !== null,
  });
}
