import { createRoute, z } from "@hono/zod-openapi";
import { apiTokenInputSchema, apiTokenSchema, createdApiTokenSchema } from "../../../domain/schemas/tokens";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { createToken, listTokens, revokeToken } from "./tokens.service";

const tags = ["API tokens"];

const listRoute = createRoute({
  method: "get",
  path: "/tokens",
  operationId: "listTokens",
  tags,
  summary: "One's own personal API tokens (never the secrets)",
  responses: { 200: jsonResponse(z.array(apiTokenSchema), "Tokens, newest first"), ...errors(401) },
});
const createRouteDef = createRoute({
  method: "post",
  path: "/tokens",
  operationId: "createToken",
  tags,
  summary: "Create a personal API token; the secret is in this answer only",
  request: { body: { content: { "application/json": { schema: apiTokenInputSchema } }, required: true } },
  responses: {
    201: jsonResponse(createdApiTokenSchema, "The token with its secret"),
    ...errors(400, 401, 409),
  },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/tokens/{id}",
  operationId: "revokeToken",
  tags,
  summary: "Revoke one of one's tokens; it stops working at once",
  request: { params: z.object({ id: z.uuid({ error: "invalid_id" }) }) },
  responses: { 204: { description: "Revoked" }, ...errors(400, 401, 404) },
});

export function createTokensRoutes(deps: AppDeps) {
  const db = deps.database.db;
  // Bearer tokens are accepted on the campaign routes only (server/app.ts), so these always need a
  // signed-in session: a leaked token cannot mint more tokens.
  const requireSession = requireActor;
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listTokens({ db, actor: requireSession(c) }), 200))
    .openapi(createRouteDef, async (c) =>
      c.json(await createToken({ db, actor: requireSession(c), input: c.req.valid("json") }), 201),
    )
    .openapi(deleteRoute, async (c) => {
      await revokeToken({ db, actor: requireSession(c), id: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
