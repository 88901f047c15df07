import { passwordMaxLength, passwordMinLength } from "@domain/passwords";
import { z } from "zod";

// The account page's forms. Messages are translation keys.

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: "account:validation.currentRequired" }),
    newPassword: z
      .string()
      .min(passwordMinLength, { error: "auth:validation.passwordMin" })
      .max(passwordMaxLength, { error: "auth:validation.passwordMax" }),
    confirmPassword: z.string().min(1, { error: "auth:validation.confirmRequired" }),
    revokeOtherSessions: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    error: "auth:validation.passwordMismatch",
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ["newPassword"],
    error: "account:validation.samePassword",
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const passwordOnlySchema = z.object({
  password: z.string().min(1, { error: "auth:validation.passwordRequired" }),
});
export type PasswordOnlyValues = z.infer<typeof passwordOnlySchema>;

export const confirmCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "auth:validation.totpCode" })),
});
export type ConfirmCodeForm = z.input<typeof confirmCodeSchema>;
export type ConfirmCodeValues = z.output<typeof confirmCodeSchema>;
