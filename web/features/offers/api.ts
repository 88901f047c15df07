import type { Offer, OfferInput, OfferPatch, OfferStatus } from "@domain/schemas/offers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// Offers: the admin catalogue. Every offers query starts with "offers", so writes refresh the
// buyers' pickers too.

export const offerKeys = {
  all: ["offers"] as const,
  list: (status: OfferStatus) => ["offers", "list", status] as const,
};

/**
 * Offers the viewer may see: the ones open for entry by default; "all" for filters over history
 * (an archived offer's figures stay in reports), "archived" for the admin's archive.
 */
export function useOffers(status: OfferStatus = "active") {
  return useQuery({
    queryKey: offerKeys.list(status),
    queryFn: ({ signal }): Promise<Offer[]> =>
      unwrap(api.GET("/api/offers", { params: { query: { status } }, signal })),
  });
}

function useInvalidateOffers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: offerKeys.all });
}

export function useSaveOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: OfferInput | OfferPatch }): Promise<Offer> =>
      id
        ? unwrap(api.PATCH("/api/offers/{id}", { params: { path: { id } }, body: input }))
        : unwrap(api.POST("/api/offers", { body: input as OfferInput })),
    onSuccess: invalidate,
  });
}

/** Archives (archived: true) or restores an offer. */
export function useArchiveOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }): Promise<Offer> =>
      archived
        ? unwrap(api.POST("/api/offers/{id}/archive", { params: { path: { id } } }))
        : unwrap(api.POST("/api/offers/{id}/restore", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useDeleteOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/offers/{id}", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
