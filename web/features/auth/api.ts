import { isLanguage, isRole, type Language, type Role } from "@domain/roles";
import { api, isApiError, isRecord, unwrap } from "@/lib/api";
import type { SignInResult } from "@/lib/auth-paths";

export type { SignInResult };

// Auth calls: Better Auth under /api/auth, our profile under /api/me. The human-verification
// solution travels in the x-captcha-response header on sign-in, sign-up and recovery.

export type Me = {
  id: string;
  email: string;
  name: string;
  role: Role;
  language: Language | null;
  managerId: string | null;
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
  /** The buyer's code for offer postbacks (docs/decisions/0086); "" when absent. */
  code: string;
};

/**
 * Reads GET /api/me's answer. Hand-written, not zod: the session is on every screen's first load,
 * and zod's core is ≈ 15 KB gzip of /login (decision 0047). Keeps the rules of the zod schema it
 * replaced (web/features/auth/sign-in-checks.test.ts compares them): the identity fields must be
 * right; a missing or unknown language is null, unknown two-factor flags are false.
 */
export function readMe(value: unknown): Me {
  if (!isRecord(value)) throw new TypeError("GET /api/me: not an object");
  const { id, email, name, role, language, managerId, twoFactorEnabled, twoFactorRequired, code } = value;
  if (typeof id !== "string" || typeof email !== "string" || typeof name !== "string" || !isRole(role)) {
    throw new TypeError("GET /api/me: missing or invalid identity fields");
  }
  if (managerId !== undefined && managerId !== null && typeof managerId !== "string") {
    throw new TypeError("GET /api/me: invalid managerId");
  }
  return {
    id,
    email,
    name,
    role,
    language: isLanguage(language) ? language : null,
    managerId: managerId ?? null,
    twoFactorEnabled: typeof twoFactorEnabled === "boolean" ? twoFactorEnabled : false,
    twoFactorRequired: typeof twoFactorRequired === "boolean" ? twoFactorRequired : false,
    code: typeof code === "string" ? code : "",
  };
}

function captchaHeaders(captcha: string | null): Record<string, string> | undefined {
  return captcha ? { "x-captcha-response": captcha } : undefined;
}

/**
 * The signed-in user, or null when there is no session. GET /api/session answers 200 either way, so
 * a signed-out page logs no failed request (issue 28); a 401 (an older server) still means none.
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    const session = await unwrap(api.GET("/api/session"));
    return isRecord(session) && session.user ? readMe(session.user) : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function updateMyLanguage(language: Language) {
  return unwrap(api.PATCH("/api/me", { body: { language } }));
}

type Credentials = { email: string; password: string; captcha: string | null };

export function signIn({ email, password, captcha }: Credentials) {
  return unwrap(
    api.POST("/api/auth/sign-in/email", {
      body: { email, password, rememberMe: true },
      headers: captchaHeaders(captcha),
    }),
  );
}

/** The server derives the name from the e-mail (decisions.md), so none is sent. */
export function signUp({ email, password, captcha }: Credentials) {
  return unwrap(
    api.POST("/api/auth/sign-up/email", {
      body: { email, password, name: "" },
      headers: captchaHeaders(captcha),
    }),
  );
}

export function signOut() {
  return unwrap(api.POST("/api/auth/sign-out", { body: {} }));
}

export function requestPasswordReset({ email, captcha }: { email: string; captcha: string | null }) {
  return unwrap(
    api.POST("/api/auth/request-password-reset", {
      body: { email, redirectTo: "/reset-password" },
      headers: captchaHeaders(captcha),
    }),
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
  return unwrap(api.POST("/api/auth/reset-password", { body: { newPassword, token, revokeOtherSessions } }));
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
  return unwrap(api.POST(path, { body: { code, trustDevice } }));
}

export async function validateResetToken(token: string): Promise<boolean> {
  const result = await unwrap(api.GET("/api/password-reset/validate", { params: { query: { token } } }));
  return result?.valid === true;
}
