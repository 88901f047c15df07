import type {
  PostbackKey,
  PostbackKeyInput,
  PostbackLogPage,
  PostbackLogQuery,
} from "@domain/schemas/postbacks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// Postback keys and their log (issue 26, docs/decisions/0086).

export const postbackKeys = {
  all: ["postbacks"] as const,
  keys: ["postbacks", "keys"] as const,
  log: (query: Partial<PostbackLogQuery>) => ["postbacks", "log", query] as const,
};

export function usePostbackKeys() {
  return useQuery({
    queryKey: postbackKeys.keys,
    queryFn: ({ signal }): Promise<PostbackKey[]> => unwrap(api.GET("/api/postback-keys", { signal })),
  });
}

export function useCreatePostbackKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostbackKeyInput): Promise<PostbackKey> =>
      unwrap(api.POST("/api/postback-keys", { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postbackKeys.keys }),
  });
}

export function useRevokePostbackKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/postback-keys/{id}", { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postbackKeys.keys }),
  });
}

export function usePostbackLog(query: Partial<PostbackLogQuery> | null) {
  return useQuery({
    queryKey: postbackKeys.log(query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<PostbackLogPage> =>
      unwrap(api.GET("/api/postbacks", { params: { query: query ?? {} }, signal })),
  });
}
