// Roles and languages shared by server and web.

export const roles = ["user", "manager", "financial", "admin"] as const;
export type Role = (typeof roles)[number];

export const languages = ["pt-BR", "en", "ru"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "pt-BR";

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Self sign-up name: the e-mail's local part with its first letter capitalised (decisions.md). */
export function deriveNameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  return local.charAt(0).toUpperCase() + local.slice(1);
}
