import { passwordMaxLength, passwordMinLength } from "@domain/passwords";
import { z } from "zod/mini";

// Form shapes. Messages are translation keys, translated where they are shown (Field).
// zod/mini (same checks and messages as zod's chained API, ≈ 10 KB gzip less): these schemas are
// on the sign-in screen's first load. The server validates requests with its own schemas (domain/).

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, { error: "auth:validation.emailRequired" })),
  z.email({ error: "auth:validation.emailInvalid" }),
);

const newPassword = z
  .string()
  .check(
    z.minLength(passwordMinLength, { error: "auth:validation.passwordMin" }),
    z.maxLength(passwordMaxLength, { error: "auth:validation.passwordMax" }),
  );

const confirmation = z.string().check(z.minLength(1, { error: "auth:validation.confirmRequired" }));

const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (values) => values.password === values.confirmPassword,
  { path: ["confirmPassword"], error: "auth:validation.passwordMismatch" },
);

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, { error: "auth:validation.passwordRequired" })),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({ email, password: newPassword, confirmPassword: confirmation })
  .check(passwordsMatch);
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: confirmation, revokeOtherSessions: z.boolean() })
  .check(passwordsMatch);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** A 6-digit code from the authenticator app; spaces people type between groups are ignored. */
export function normalizeTotpCode(value: string): string {
  return value.replace(/\s+/g, "");
}

/** A backup code as shown (xxxxx-xxxxx); typed without the dash or with spaces it still matches. */
export function normalizeBackupCode(value: string): string {
  const compact = value.replace(/[\s-]+/g, "");
  return /^[A-Za-z0-9]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : value.trim();
}

export const secondFactorSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("totp"),
    code: z.pipe(
      z.pipe(z.string(), z.transform(normalizeTotpCode)),
      z.string().check(z.regex(/^\d{6}$/, { error: "auth:validation.totpCode" })),
    ),
    trustDevice: z.boolean(),
  }),
  z.object({
    method: z.literal("backup"),
    code: z.pipe(
      z.pipe(z.string(), z.transform(normalizeBackupCode)),
      z.string().check(z.regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, { error: "auth:validation.backupCode" })),
    ),
    trustDevice: z.boolean(),
  }),
]);
export type SecondFactorForm = z.input<typeof secondFactorSchema>;
export type SecondFactorValues = z.output<typeof secondFactorSchema>;

/** Notices the auth screens pass to /login through the history state. */
export type LoginNotice = "registered" | "passwordReset" | "invalidResetLink" | "secondStepExpired";
export type LoginLocationState = { notice?: LoginNotice; email?: string } | null;
