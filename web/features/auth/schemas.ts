import { z } from "zod";

// Form shapes. Messages are translation keys, translated where they are shown (FormMessage).

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

const email = z
  .string()
  .trim()
  .min(1, { error: "auth:validation.emailRequired" })
  .pipe(z.email({ error: "auth:validation.emailInvalid" }));

const newPassword = z
  .string()
  .min(passwordMinLength, { error: "auth:validation.passwordMin" })
  .max(passwordMaxLength, { error: "auth:validation.passwordMax" });

const confirmation = z.string().min(1, { error: "auth:validation.confirmRequired" });

export const loginSchema = z.object({
  email,
  password: z.string().min(1, { error: "auth:validation.passwordRequired" }),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({ email, password: newPassword, confirmPassword: confirmation })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    error: "auth:validation.passwordMismatch",
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: confirmation })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    error: "auth:validation.passwordMismatch",
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Notices the auth screens pass to /login through the history state. */
export type LoginNotice = "registered" | "passwordReset" | "invalidResetLink";
export type LoginLocationState = { notice?: LoginNotice; email?: string } | null;
