import type { PayeeAnswer, PayeeInput } from "@domain/schemas/payee";
import type { Session, SessionsRevoked } from "@domain/schemas/sessions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import type { ChangePasswordInput } from "@/lib/auth-paths";
import { queryKeys } from "@/lib/query-keys";

// The account page: the password (Better Auth's /change-password), two-factor (Better Auth's
// two-factor plugin) and the user's sessions (/api/me/sessions).

export const accountKeys = {
  sessions: ["me", "sessions"] as const,
};

export function useMySessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }): Promise<Session[]> => unwrap(api.GET("/api/me/sessions", { signal })),
  });
}

/** After a change to the session or the user: the profile and the session list are read again. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me, exact: true });
    void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  };
}

export function useRevokeSession() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/me/sessions/{id}", { params: { path: { id } } })),
    onSettled: refresh,
  });
}

export function useRevokeOtherSessions() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (): Promise<SessionsRevoked> => unwrap(api.POST("/api/me/sessions/revoke-others")),
    onSettled: refresh,
  });
}

export type { ChangePasswordInput };

export function useChangePassword() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      unwrap(api.POST("/api/auth/change-password", { body: input })),
    onSuccess: refresh,
  });
}

/** Step one of turning two-factor on: the password gives the secret (in the URI) and the backup codes. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => unwrap(api.POST("/api/auth/two-factor/enable", { body: { password } })),
  });
}

/** Step two: a code from the app proves it is set up; only then is two-factor on. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (code: string) => unwrap(api.POST("/api/auth/two-factor/verify-totp", { body: { code } })),
    onSuccess: refresh,
  });
}

export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(api.POST("/api/auth/two-factor/generate-backup-codes", { body: { password } })),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(api.POST("/api/auth/two-factor/disable", { body: { password } })),
    onSuccess: refresh,
  });
}

/** The base32 secret of an otpauth:// URI, for typing into an app that cannot scan. */
export function readTotpSecret(uri: string): string {
  try {
    return new URL(uri).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and to type. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

// Where the buyer is paid (GET/PUT /api/me/payee): buyers only.

export const payeeKeys = { mine: ["me", "payee"] as const };

export function useMyPayee(enabled = true) {
  return useQuery({
    queryKey: payeeKeys.mine,
    queryFn: ({ signal }): Promise<PayeeAnswer> => unwrap(api.GET("/api/me/payee", { signal })),
    enabled,
  });
}

export function useSaveMyPayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayeeInput): Promise<PayeeAnswer> =>
      unwrap(api.PUT("/api/me/payee", { body: input })),
    onSuccess: (answer) => queryClient.setQueryData(payeeKeys.mine, answer),
  });
}
