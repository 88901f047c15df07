import i18n from "i18next";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ZodError } from "zod";
import { errorMessageKey, isApiError } from "@/lib/api";

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
  // A message that is already a key ("common:moneyInput.errors.ambiguous", a web-only schema's
  // "auth:validation.passwordMin") stays; codes never name a namespace.
  if (code.includes(":")) return code;
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

type ServerErrorOptions = {
  namespace: string;
  fields: readonly string[];
  /** A code's translation key; default validationKey(namespace, code). */
  toKey?: (code: string) => string;
  codeFields?: Record<string, string>;
};

/**
 * The one way a form shows a refused call: its field errors (ApiError `fields`: field → code) go on
 * the form's fields as translation keys, where the browser's own checks would have put them; only
 * the form's own `fields` are touched and the first is focused. A whole-call code that is about one
 * field (`codeFields`, e.g. email_taken → email) goes there too. Answers the key of the form-wide
 * message, or null when the call's own code went on a field: each error shows once (issue 28).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: ServerErrorOptions & { codeFields: Record<string, string> },
): string | null;
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: ServerErrorOptions,
): string;
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: ServerErrorOptions,
): string | null {
  const toKey = options.toKey ?? ((code: string) => validationKey(options.namespace, code));
  if (isApiError(error)) {
    const problems = Object.entries(error.fields ?? {});
    const field = options.codeFields?.[error.code];
    if (field) problems.push([field, error.code]);
    let placed = 0;
    for (const [path, code] of problems) {
      // A problem with one item of a list (assignedUserIds.3) goes on the list.
      const name = options.fields.includes(path) ? path : path.replace(/\.\d+$/, "");
      if (!options.fields.includes(name)) continue;
      setError(name as Path<T>, { type: "server", message: toKey(code) }, { shouldFocus: placed === 0 });
      placed += 1;
    }
    if (field && options.fields.includes(field)) return null;
  }
  return errorKey(options.namespace, error);
}
