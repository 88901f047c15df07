import type { TeamBuyers } from "@domain/schemas/team";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import { type RangeValue, rangeQuery } from "@/lib/range";

// The team screen's one call: every buyer of a team with the range's figures (summed by the server).

export const teamKeys = {
  all: ["team"] as const,
  buyers: (range: RangeValue, leadId: string | null) => ["team", "buyers", range, leadId] as const,
};

export function useTeamBuyers(range: RangeValue, leadId: string | null) {
  return useQuery({
    queryKey: teamKeys.buyers(range, leadId),
    queryFn: ({ signal }): Promise<TeamBuyers> =>
      unwrap(
        api.GET("/api/team/buyers", {
          params: { query: { ...rangeQuery(range), ...(leadId ? { leadId } : {}) } },
          signal,
        }),
      ),
    // The old rows stay on screen while another range loads.
    placeholderData: keepPreviousData,
  });
}
