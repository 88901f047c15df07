import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { validationKey } from "@/lib/form-errors";

/** A zod schema, classic or zod/mini (the signed-out screens use mini for its size). */
type Schema = $ZodType<unknown, FieldValues>;

/**
 * The one form resolver: the API's own zod schema (domain/), so the browser and the server agree on
 * every rule. The schema's messages are codes ("required", "negative"); `toKey` turns each into the
 * translation key Field shows.
 */
export function createCodeResolver<Values extends FieldValues, Output>(
  schema: Schema,
  toKey: (code: string) => string,
): Resolver<Values, unknown, Output> {
  const zod = zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
  return async (values, context, options) => {
    const result = await zod(values, context, options);
    renameMessages(result.errors, toKey);
    return result;
  };
}

/** The usual case: codes become `<namespace>:validation.<code>` (lib/form-errors.ts validationKey). */
export function codeResolver<Values extends FieldValues, Output>(
  schema: Schema,
  namespace: string,
): Resolver<Values, unknown, Output> {
  return createCodeResolver<Values, Output>(schema, (code) => validationKey(namespace, code));
}

// Nested fields (notifications.weekly, items.0.amount) carry their error one level down.
function renameMessages(errors: object, toKey: (code: string) => string) {
  for (const [key, error] of Object.entries(errors) as [string, unknown][]) {
    // An error's `ref` is its element, never an error.
    if (key === "ref" || key === "types" || !error || typeof error !== "object") continue;
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string") (error as { message: string }).message = toKey(message);
    else renameMessages(error, toKey);
  }
}
