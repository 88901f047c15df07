import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./paths";

// One password rule for sign-up, reset, change, the admin's set-password and the CLI: 8 to 128
// characters and not one of the 10,000 most common passwords of a published list (SecLists'
// xato-net top 10,000, MIT; server/data/common-passwords.txt and its LICENSE file), compared without case, so
// "Password123" is as refused as "password123"; and not containing the owner's e-mail local part
// (issue 27: "ana.souza@…" may not choose "Ana.Souza2024"), compared without case.

import { passwordMaxLength, passwordMinLength } from "../domain/passwords";

export { passwordMaxLength, passwordMinLength };

/** The published list, one password per line, kept as data beside its licence (not as code). */
export const commonPasswordsFile = path.join(projectRoot, "server", "data", "common-passwords.txt");

// Read once when the server starts (this module is loaded with the auth setup): a missing or
// truncated file stops the start instead of quietly accepting every password.
const common: ReadonlySet<string> = loadCommonPasswords(commonPasswordsFile);

export function loadCommonPasswords(file: string): ReadonlySet<string> {
  const entries = readFileSync(file, "utf8")
    .split("\n")
    .map((entry) => entry.toLowerCase())
    .filter(Boolean);
  if (entries.length < 9_000)
    throw new Error(`${file} holds ${entries.length} passwords; expected about 10,000`);
  return new Set(entries);
}

export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}

/** Local parts shorter than this are not looked for: "a@…" would refuse every password with an "a". */
export const emailLocalPartMinLength = 3;

/**
 * True when the password contains the e-mail's local part (or, for "ana+work@…", the part before
 * the "+"), without regard to case. Short local parts are not looked for.
 */
export function containsEmailLocalPart(password: string, email: string): boolean {
  const local = (email.trim().toLowerCase().split("@")[0] ?? "").trim();
  const candidates = [local, local.split("+")[0] ?? ""].filter(
    (part) => part.length >= emailLocalPartMinLength,
  );
  const lowered = password.toLowerCase();
  return candidates.some((part) => lowered.includes(part));
}

export type PasswordProblem =
  | "password_too_short"
  | "password_too_long"
  | "password_too_common"
  | "password_contains_email";

export function findPasswordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < passwordMinLength) return "password_too_short";
  if (password.length > passwordMaxLength) return "password_too_long";
  if (isCommonPassword(password)) return "password_too_common";
  if (email !== undefined && containsEmailLocalPart(password, email)) return "password_contains_email";
  return null;
}
