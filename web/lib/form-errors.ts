import i18n from "i18next";
import type { ZodError } from "zod";
import { errorMessageKey, isApiError } from "@/lib/api";
import { isMoneyErrorKey } from "@/lib/money-input";

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
