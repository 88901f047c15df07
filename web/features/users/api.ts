import type { Role } from "@domain/roles";
import type { SessionsRevoked } from "@domain/schemas/sessions";
import type { User, UserCreate, UserCreated, UserPatch } from "@domain/schemas/users";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// Users: the admin's team screen. Writes invalidate every user list (and notes, which embed users).

export const userKeys = {
  all: ["users"] as const,
  list: (params: { q?: string; role?: Role }) => ["users", "list", params] as const,
};

export function useUsers(params: { q?: string; role?: Role } = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }): Promise<User[]> =>
      unwrap(api.GET("/api/users", { params: { query: params }, signal })),
    enabled: options.enabled ?? true,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: ["notes"] });
    void queryClient.invalidateQueries({ queryKey: ["offers"] });
  };
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: UserCreate): Promise<UserCreated> => unwrap(api.POST("/api/users", { body: input })),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UserPatch }): Promise<User> =>
      unwrap(api.PATCH("/api/users/{id}", { params: { path: { id } }, body: patch })),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/users/{id}", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useDeactivateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string): Promise<User> =>
      unwrap(api.POST("/api/users/{id}/deactivate", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

/** Lets a deactivated user sign in again (admins). */
export function useReactivateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string): Promise<User> =>
      unwrap(api.POST("/api/users/{id}/reactivate", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

/** Ends every session of a user (admins). */
export function useRevokeUserSessions() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string): Promise<SessionsRevoked> =>
      unwrap(api.POST("/api/users/{id}/sessions/revoke", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

/** Turns off a user's two-factor sign-in (admins; a lost phone). */
export function useDisableUserTwoFactor() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string): Promise<User> =>
      unwrap(api.POST("/api/users/{id}/two-factor/disable", { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
