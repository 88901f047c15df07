import type {
  CreativeRequest,
  CreativeRequestInput,
  CreativeRequestPatch,
} from "@domain/schemas/creative-requests";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// Creative requests: buyers file them and follow their status, admins work them. Every query key
// starts with "creative-requests", so a write (or a live notification) refreshes both screens.

export const creativeRequestKeys = {
  all: ["creative-requests"] as const,
  list: ["creative-requests", "list"] as const,
};

export function useCreativeRequests() {
  return useQuery({
    queryKey: creativeRequestKeys.list,
    queryFn: ({ signal }): Promise<CreativeRequest[]> =>
      unwrap(api.GET("/api/creative-requests", { signal })),
  });
}

export function useCreateCreativeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreativeRequestInput): Promise<CreativeRequest> =>
      unwrap(api.POST("/api/creative-requests", { body: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: creativeRequestKeys.all }),
  });
}

export function useUpdateCreativeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CreativeRequestPatch }): Promise<CreativeRequest> =>
      unwrap(api.PATCH("/api/creative-requests/{id}", { params: { path: { id } }, body: patch })),
    onSuccess: (updated) => {
      queryClient.setQueryData<CreativeRequest[]>(creativeRequestKeys.list, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: creativeRequestKeys.all });
    },
  });
}
