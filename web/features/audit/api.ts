import type { AuditPage } from "@domain/schemas/audit";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import type { AuditParams } from "./filters";

// The audit trail (admins): newest first, one page of events per call, older ones on demand.

export const auditPageSize = 50;

export const auditKeys = {
  all: ["audit"] as const,
  list: (params: AuditParams) => ["audit", "list", params] as const,
};

/** Pages of events for the filters; null while the filters cannot be sent (a reversed period). */
export function useAuditEvents(params: AuditParams | null) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(params ?? {}),
    enabled: params !== null,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }): Promise<AuditPage> =>
      unwrap(
        api.GET("/api/audit", {
          params: { query: { ...params, limit: auditPageSize, cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor,
    // A trail grows all the time: coming back to the screen shows what happened meanwhile.
    staleTime: 0,
  });
}
