import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver from the API's own zod schema, so the browser and the server agree on every
 * rule. The schema's messages are codes ("required", "negative"); `toKey` turns each into the
 * translation key FormMessage shows.
 */
export function createCodeResolver<Values extends FieldValues, Output>(
  schema: Parameters<typeof zodResolver>[0],
  toKey: (code: string) => string,
): Resolver<Values, unknown, Output> {
  const zod = zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
  return async (values, context, options) => {
    const result = await zod(values, context, options);
    for (const error of Object.values(result.errors)) {
      if (error && typeof error.message === "string") error.message = toKey(error.message);
    }
    return result;
  };
}
