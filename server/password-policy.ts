import { commonPasswordList } from "./common-passwords-list";

// One password rule for sign-up, reset, change, the admin's set-password and the CLI: 8 to 128
// characters and not one of the 10,000 most common passwords of a published list (SecLists'
// xato-net top 10,000, MIT; see common-passwords-list.ts), compared without case, so
// "Password123" is as refused as "password123".

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    commonPasswordList
      .split("\n")
      .map((entry) => entry.toLowerCase())
      .filter(Boolean),
  );
  return common.has(password.trim().toLowerCase());
}

export type PasswordProblem = "password_too_short" | "password_too_long" | "password_too_common";

export function findPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < passwordMinLength) return "password_too_short";
  if (password.length > passwordMaxLength) return "password_too_long";
  if (isCommonPassword(password)) return "password_too_common";
  return null;
}
