import type { Pivot, SavedReport, SavedReportInput } from "@domain/schemas/pivot";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// The pivot report (GET /api/reports): every figure, the totals included, is the server's (SQL);
// the screen only shows them. Saved views are the caller's own (/api/saved-reports).

export const reportKeys = {
  all: ["reports"] as const,
  pivot: (search: string) => ["reports", "pivot", search] as const,
  saved: ["reports", "saved"] as const,
};

/** `query` is the address's API part (pivot-state.ts apiQueryObject); null: nothing to ask yet. */
export function usePivot(query: Record<string, string> | null) {
  const search = query ? new URLSearchParams(query).toString() : "";
  return useQuery({
    queryKey: reportKeys.pivot(search),
    queryFn: ({ signal }): Promise<Pivot> =>
      unwrap(
        api.GET("/api/reports", {
          // The address holds the query as the API reads it; the server's schema checks every part.
          params: { query: query as never },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

export function useSavedReports() {
  return useQuery({
    queryKey: reportKeys.saved,
    queryFn: ({ signal }): Promise<SavedReport[]> => unwrap(api.GET("/api/saved-reports", { signal })),
  });
}

export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedReportInput): Promise<SavedReport> =>
      unwrap(api.POST("/api/saved-reports", { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.saved }),
  });
}

export function useDeleteSavedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await api.DELETE("/api/saved-reports/{id}", { params: { path: { id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.saved }),
  });
}
