import type { Offer, OfferInput, OfferPatch } from "@domain/schemas/offers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// Offers: the admin catalogue. Every offers query starts with "offers", so writes refresh the
// buyers' pickers too.

export const offerKeys = {
  all: ["offers"] as const,
  list: ["offers", "list"] as const,
};

export function useOffers() {
  return useQuery({
    queryKey: offerKeys.list,
    queryFn: ({ signal }): Promise<Offer[]> => unwrap(api.GET("/api/offers", { signal })),
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

export function useDeleteOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/offers/{id}", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
