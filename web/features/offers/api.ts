import type { Offer, OfferInput, OfferPatch } from "@domain/schemas/offers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

// Offers: the admin catalogue. Every offers query starts with "offers", so writes refresh the
// buyers' pickers too.

export const offerKeys = {
  all: ["offers"] as const,
  list: ["offers", "list"] as const,
};

export function useOffers() {
  return useQuery({
    queryKey: offerKeys.list,
    queryFn: ({ signal }) => api.get<Offer[]>("/api/offers", { signal }),
  });
}

function useInvalidateOffers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: offerKeys.all });
}

export function useSaveOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: OfferInput | OfferPatch }) =>
      id ? api.patch<Offer>(`/api/offers/${id}`, input) : api.post<Offer>("/api/offers", input),
    onSuccess: invalidate,
  });
}

export function useDeleteOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/offers/${id}`),
    onSuccess: invalidate,
  });
}
