import { type Language, languages, roles } from "@domain/roles";
import { z } from "zod/mini";
import { api, isApiError } from "@/lib/api";

// Auth calls: Better Auth under /api/auth, our profile under /api/me. The human-verification
// solution travels in the x-captcha-response header on sign-in, sign-up and recovery.

// zod/mini: this is on every screen's first load (the session), the chained API costs ≈ 10 KB more.
const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  language: z.catch(z.nullable(z.enum(languages)), null),
  managerId: z._default(z.optional(z.nullable(z.string())), null),
  twoFactorEnabled: z.catch(z.boolean(), false),
  twoFactorRequired: z.catch(z.boolean(), false),
});

export type Me = z.infer<typeof meSchema>;

function captchaHeaders(captcha: string | null): Record<string, string> | undefined {
  return captcha ? { "x-captcha-response": captcha } : undefined;
}

/** The signed-in user, or null when there is no session. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return meSchema.parse(await api.get<unknown>("/api/me"));
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function updateMyLanguage(language: Language) {
  return api.patch<unknown>("/api/me", { language });
}

type Credentials = { email: string; password: string; captcha: string | null };

/** With two-factor on, the password alone gives no session: the second step follows. */
export type SignInResult = { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null | undefined;

export function signIn({ email, password, captcha }: Credentials) {
  return api.post<SignInResult>(
    "/api/auth/sign-in/email",
    { email, password, rememberMe: true },
    {
      headers: captchaHeaders(captcha),
    },
  );
}

/** The server derives the name from the e-mail (decisions.md), so none is sent. */
export function signUp({ email, password, captcha }: Credentials) {
  return api.post<{ token?: string | null }>(
    "/api/auth/sign-up/email",
    { email, password, name: "" },
    {
      headers: captchaHeaders(captcha),
    },
  );
}

export function signOut() {
  return api.post<unknown>("/api/auth/sign-out", {});
}

export function requestPasswordReset({ email, captcha }: { email: string; captcha: string | null }) {
  return api.post<unknown>(
    "/api/auth/request-password-reset",
    { email, redirectTo: "/reset-password" },
    {
      headers: captchaHeaders(captcha),
    },
  );
}

export function resetPassword({
  newPassword,
  token,
  revokeOtherSessions,
}: {
  newPassword: string;
  token: string;
  revokeOtherSessions: boolean;
}) {
  return api.post<unknown>("/api/auth/reset-password", { newPassword, token, revokeOtherSessions });
}

/** The second sign-in step: a code from the authenticator app, or one of the backup codes. */
export function verifySecondFactor({
  method,
  code,
  trustDevice,
}: {
  method: "totp" | "backup";
  code: string;
  trustDevice: boolean;
}) {
  const path =
    method === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  return api.post<unknown>(path, { code, trustDevice });
}

export async function validateResetToken(token: string): Promise<boolean> {
  const result = await api.get<{ valid?: boolean }>("/api/password-reset/validate", { query: { token } });
  return result?.valid === true;
}
