import type { ApiToken, ApiTokenInput, CreatedApiToken } from "@domain/schemas/tokens";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

// Personal API tokens of the signed-in user (issue 11).

const tokensKey = ["tokens"] as const;

export function useTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: ({ signal }) => api.get<ApiToken[]>("/api/tokens", { signal }),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => api.post<CreatedApiToken>("/api/tokens", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
