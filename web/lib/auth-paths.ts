// The Better Auth calls the web makes (/api/auth/*), in the shape openapi-typescript gives the
// served document's operations (./api-schema.d.ts), so the one typed client (./api.ts) checks them
// too. Better Auth answers them itself: they are not in /api/openapi.json, so they are written here,
// and only the fields the web sends and reads.

/** A POST with a JSON body and a JSON answer. */
type AuthCall<Body, Answer = unknown> = {
  post: {
    requestBody: { content: { "application/json": Body } };
    responses: { 200: { content: { "application/json": Answer } } };
  };
};

/** With two-factor on, the password alone gives no session: the second step follows. */
export type SignInResult = { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null | undefined;

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
};

type SecondFactor = { code: string; trustDevice?: boolean };

export interface AuthPaths {
  "/api/auth/sign-in/email": AuthCall<{ email: string; password: string; rememberMe: boolean }, SignInResult>;
  "/api/auth/sign-up/email": AuthCall<
    { email: string; password: string; name: string },
    { token?: string | null }
  >;
  "/api/auth/sign-out": AuthCall<Record<string, never>>;
  "/api/auth/request-password-reset": AuthCall<{ email: string; redirectTo: string }>;
  "/api/auth/reset-password": AuthCall<{ newPassword: string; token: string; revokeOtherSessions: boolean }>;
  "/api/auth/change-password": AuthCall<ChangePasswordInput>;
  "/api/auth/two-factor/verify-totp": AuthCall<SecondFactor>;
  "/api/auth/two-factor/verify-backup-code": AuthCall<SecondFactor>;
  "/api/auth/two-factor/enable": AuthCall<{ password: string }, { totpURI: string; backupCodes: string[] }>;
  "/api/auth/two-factor/generate-backup-codes": AuthCall<{ password: string }, { backupCodes: string[] }>;
  "/api/auth/two-factor/disable": AuthCall<{ password: string }>;
}
