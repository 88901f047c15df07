import { defaultLanguage, isLanguage, type Language } from "@domain/roles";
import i18n from "i18next";
import { useTranslation } from "react-i18next";
import type { ZodError } from "zod";
import { errorMessageKey, isApiError } from "@/lib/api";
import { isMoneyErrorKey } from "@/lib/money-input";

// Small pieces the team screens (users, offers, notes) share.

/** The reader's language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const resolved = instance.resolvedLanguage ?? instance.language;
  return isLanguage(resolved) ? resolved : defaultLanguage;
}

/** Field → validation code, the first issue per field (the same codes the API answers). */
export function fieldCodesFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** The translation key for a validation code in a namespace (ns:validation.<code>). */
export function validationKey(namespace: string, code: string): string {
  // A money field's message is already its key (lib/money-input.ts).
  if (isMoneyErrorKey(code)) return code;
  for (const key of [`${namespace}:validation.${code}`, `${namespace}:errors.${code}`, `errors:${code}`]) {
    if (i18n.exists(key)) return key;
  }
  return `${namespace}:validation.invalid`;
}

/** The translation key for a failed call: the namespace's own code first, then the shared one. */
export function errorKey(namespace: string, error: unknown): string {
  if (isApiError(error)) {
    const own = `${namespace}:errors.${error.code}`;
    if (i18n.exists(own)) return own;
  }
  return errorMessageKey(error);
}

export const textareaClass =
  "min-h-24 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm dark:bg-input/20";

export const checkboxClass = "size-4 shrink-0 rounded border-input accent-primary";
