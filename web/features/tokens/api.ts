import type { ApiToken, ApiTokenInput, CreatedApiToken } from "@domain/schemas/tokens";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// Personal API tokens of the signed-in user (issue 11).

const tokensKey = ["tokens"] as const;

export function useTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: ({ signal }): Promise<ApiToken[]> => unwrap(api.GET("/api/tokens", { signal })),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput): Promise<CreatedApiToken> =>
      unwrap(api.POST("/api/tokens", { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/tokens/{id}", { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
