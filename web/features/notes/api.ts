import type { Note } from "@domain/schemas/notes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

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
    queryFn: ({ signal }): Promise<Note[]> => unwrap(api.GET("/api/notes", { signal })),
    enabled: options.enabled ?? true,
  });
}

export function useUserNotes(userId: string | null) {
  return useQuery({
    queryKey: noteKeys.forUser(userId ?? ""),
    queryFn: ({ signal }): Promise<Note[]> =>
      unwrap(api.GET("/api/users/{id}/notes", { params: { path: { id: userId ?? "" } }, signal })),
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
    mutationFn: ({ id, userId, content }: { id?: string; userId: string; content: string }): Promise<Note> =>
      id
        ? unwrap(api.PATCH("/api/notes/{id}", { params: { path: { id } }, body: { content } }))
        : unwrap(api.POST("/api/users/{id}/notes", { params: { path: { id: userId } }, body: { content } })),
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/notes/{id}", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
