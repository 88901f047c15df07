import type { LoginValues } from "./schemas";

// The sign-in form's checks, hand-written: /login's first load carries neither zod nor
// react-hook-form (decision 0047). They give the same answers and messages as `loginSchema`
// (./schemas.ts, whose e-mail rule sign-up and recovery use); sign-in-checks.test.ts compares them.

/** zod's e-mail pattern (`z.email()`, zod/v4/core regexes.email), the one sign-up checks with. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type LoginField = keyof LoginValues;
/** A translation key per field that fails its check. */
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The translation key of what is wrong with one field, or undefined when it is fine. */
export function checkLoginField(field: LoginField, value: string): string | undefined {
  if (field === "password") return value.length > 0 ? undefined : "auth:validation.passwordRequired";
  const email = value.trim();
  if (email.length === 0) return "auth:validation.emailRequired";
  return emailPattern.test(email) ? undefined : "auth:validation.emailInvalid";
}

/** The values to send (the e-mail trimmed), or what is wrong with them. */
export function checkLogin(
  values: LoginValues,
): { values: LoginValues; errors?: undefined } | { values?: undefined; errors: LoginErrors } {
  const errors: LoginErrors = {};
  for (const field of ["email", "password"] as const) {
    const error = checkLoginField(field, values[field]);
    if (error) errors[field] = error;
  }
  if (errors.email || errors.password) return { errors };
  return { values: { email: values.email.trim(), password: values.password } };
}
