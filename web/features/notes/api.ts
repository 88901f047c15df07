import type { Note } from "@domain/schemas/notes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

// Notes: admins write them on any user; everyone else reads their own.

export const noteKeys = {
  all: ["notes"] as const,
  mine: ["notes", "mine"] as const,
  forUser: (userId: string) => ["notes", "user", userId] as const,
};

/** Own notes (buyers, team leads) or every note (admins). */
export function useNotes(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: noteKeys.mine,
    queryFn: ({ signal }) => api.get<Note[]>("/api/notes", { signal }),
    enabled: options.enabled ?? true,
  });
}

export function useUserNotes(userId: string | null) {
  return useQuery({
    queryKey: noteKeys.forUser(userId ?? ""),
    queryFn: ({ signal }) =>
      api.get<Note[]>(`/api/users/${encodeURIComponent(userId ?? "")}/notes`, { signal }),
    enabled: Boolean(userId),
  });
}

function useInvalidateNotes() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: noteKeys.all });
}

export function useSaveNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, userId, content }: { id?: string; userId: string; content: string }) =>
      id
        ? api.patch<Note>(`/api/notes/${id}`, { content })
        : api.post<Note>(`/api/users/${encodeURIComponent(userId)}/notes`, { content }),
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/notes/${id}`),
    onSuccess: invalidate,
  });
}
