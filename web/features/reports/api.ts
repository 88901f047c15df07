import type { Analytics } from "@domain/schemas/campaigns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import type { ReportParams } from "./filters";

// The financial report: every number is aggregated by the server (SQL) over all matching campaigns.

export const reportKeys = {
  all: ["reports"] as const,
  report: (params: ReportParams) => ["reports", params] as const,
};

/** The URL's filters as GET /api/reports takes them: the ROI bounds are numbers there. */
function reportQuery({ minRoi, maxRoi, ...rest }: ReportParams) {
  return {
    ...rest,
    ...(minRoi === undefined ? {} : { minRoi: Number(minRoi) }),
    ...(maxRoi === undefined ? {} : { maxRoi: Number(maxRoi) }),
  };
}

export function useReport(params: ReportParams | null) {
  return useQuery({
    queryKey: reportKeys.report(params ?? {}),
    queryFn: ({ signal }): Promise<Analytics> =>
      unwrap(api.GET("/api/reports", { params: { query: reportQuery(params ?? {}) }, signal })),
    placeholderData: keepPreviousData,
    enabled: params !== null,
  });
}
