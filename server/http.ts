import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { can, type Permission } from "../domain/permissions";
import type { Actor, AppBindings } from "./context";
import { errorBodySchema, forbidden, unauthenticated, validationError } from "./errors";

// Shared pieces for feature routers: one validation hook, one way to demand a session or a role.

export function createRouter() {
  return new OpenAPIHono<AppBindings>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export function requireActor(c: Context<AppBindings>): Actor {
  const actor = c.get("actor");
  if (!actor) throw unauthenticated();
  return actor;
}

export function requirePermission(c: Context<AppBindings>, permission: Permission): Actor {
  const actor = requireActor(c);
  if (!can(actor.role, permission)) throw forbidden();
  return actor;
}

const errorContent = { "application/json": { schema: errorBodySchema } };

/** Standard error responses for an OpenAPI route definition. */
export const errorResponses = {
  400: { description: "Invalid request", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not allowed", content: errorContent },
  404: { description: "Not found", content: errorContent },
  409: { description: "Conflict with the current state", content: errorContent },
  413: { description: "The request body is too large", content: errorContent },
  422: { description: "Valid shape, refused by a business rule", content: errorContent },
  429: { description: "Too many requests (Retry-After says when to try again)", content: errorContent },
} as const;

/** Picks some of the standard error responses. */
export function errors<K extends keyof typeof errorResponses>(...codes: K[]) {
  return Object.fromEntries(codes.map((code) => [code, errorResponses[code]])) as Pick<
    typeof errorResponses,
    K
  >;
}

/** An OpenAPI response with a JSON body of the given schema. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}
