import type {
  AdjustmentProposal,
  LineDays,
  ReconciliationLines,
  ReconciliationMapping,
  ReconciliationPreview,
  ReconciliationStatement,
  ResolveLine,
} from "@domain/reconciliation";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { refreshPaymentMonths } from "@/features/payments";
import { api, longWrite, unwrap } from "@/lib/api";

// The reconciliation screen's calls (issue 32): upload a network's statement for a preview, page it,
// map what is unknown, commit it; then its lines, a line's days and proposal, and resolving it.

export const reconciliationKeys = {
  all: ["reconciliations"] as const,
  month: (month: string) => ["reconciliations", "month", month] as const,
  rows: (id: string, page: number, status: string) => ["reconciliations", "rows", id, page, status] as const,
  lines: (id: string) => ["reconciliations", "lines", id] as const,
  line: (id: string, offerId: string, userId: string | null, what: string) =>
    ["reconciliations", "line", id, offerId, userId, what] as const,
};

export const rowsPageSize = 50;

export function uploadStatement(
  file: File,
  input: { network: string; month: string; mapping?: ReconciliationMapping | undefined },
): Promise<ReconciliationPreview> {
  return unwrap(
    api.POST("/api/reconciliations/preview", {
      body: {
        file,
        network: input.network,
        month: input.month,
        ...(input.mapping ? { mapping: JSON.stringify(input.mapping) } : {}),
      },
      bodySerializer: (body) => {
        const form = new FormData();
        // The text fields first: the server streams the file part to disk as it arrives.
        form.set("network", body.network);
        form.set("month", body.month);
        if (body.mapping) form.set("mapping", body.mapping);
        form.set("file", body.file);
        return form;
      },
      fetch: longWrite,
    }),
  );
}

export function useStatements(month: string) {
  return useQuery({
    queryKey: reconciliationKeys.month(month),
    queryFn: ({ signal }): Promise<{ items: ReconciliationStatement[] }> =>
      unwrap(api.GET("/api/reconciliations", { params: { query: { month } }, signal })),
  });
}

export function useStatementRows(
  id: string | null,
  page: number,
  status: "all" | "matched" | "unmatched" | "error",
) {
  return useQuery({
    queryKey: reconciliationKeys.rows(id ?? "", page, status),
    queryFn: ({ signal }): Promise<ReconciliationPreview> =>
      unwrap(
        api.GET("/api/reconciliations/{id}/rows", {
          params: { path: { id: id! }, query: { page, pageSize: rowsPageSize, status } },
          signal,
        }),
      ),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

export function useCommitStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<ReconciliationPreview> =>
      unwrap(api.POST("/api/reconciliations/{id}/commit", { params: { path: { id } }, fetch: longWrite })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
      void refreshPaymentMonths(queryClient);
    },
  });
}

export function useMapReference(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: "offer" | "buyer"; reference: string; targetId: string }) =>
      unwrap(api.POST("/api/reconciliations/{id}/aliases", { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

export function useLines(id: string | null) {
  return useQuery({
    queryKey: reconciliationKeys.lines(id ?? ""),
    queryFn: ({ signal }): Promise<ReconciliationLines> =>
      unwrap(api.GET("/api/reconciliations/{id}/lines", { params: { path: { id: id! } }, signal })),
    enabled: Boolean(id),
  });
}

export type LineRef = { offerId: string; userId: string | null };

const lineQuery = (line: LineRef) => ({
  offerId: line.offerId,
  ...(line.userId ? { userId: line.userId } : {}),
});

export function useLineDays(id: string, line: LineRef | null) {
  return useQuery({
    queryKey: reconciliationKeys.line(id, line?.offerId ?? "", line?.userId ?? null, "days"),
    queryFn: ({ signal }): Promise<LineDays> =>
      unwrap(
        api.GET("/api/reconciliations/{id}/lines/days", {
          params: { path: { id }, query: lineQuery(line!) },
          signal,
        }),
      ),
    enabled: Boolean(line),
  });
}

export function useProposal(id: string, line: LineRef | null) {
  return useQuery({
    queryKey: reconciliationKeys.line(id, line?.offerId ?? "", line?.userId ?? null, "proposal"),
    queryFn: ({ signal }): Promise<AdjustmentProposal> =>
      unwrap(
        api.GET("/api/reconciliations/{id}/lines/proposal", {
          params: { path: { id }, query: lineQuery(line!) },
          signal,
        }),
      ),
    enabled: Boolean(line),
    staleTime: 0,
  });
}

export function useResolveLine(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveLine): Promise<ReconciliationLines> =>
      unwrap(api.POST("/api/reconciliations/{id}/resolutions", { params: { path: { id } }, body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
      void refreshPaymentMonths(queryClient);
    },
  });
}
