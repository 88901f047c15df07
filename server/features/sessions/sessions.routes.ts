import { createRoute, z } from "@hono/zod-openapi";
import { sessionIdField, sessionSchema, sessionsRevokedSchema } from "../../../domain/schemas/sessions";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { listMySessions, revokeMyOtherSessions, revokeMySession } from "./sessions.service";

// The signed-in user's sessions (account page). Admins end another user's sessions through
// POST /api/users/{id}/sessions/revoke.

const tags = ["Me"];

const listRoute = createRoute({
  method: "get",
  path: "/me/sessions",
  operationId: "listMySessions",
  tags,
  summary: "The signed-in user's active sessions, this one first (device, address, signed in, last active)",
  responses: { 200: jsonResponse(z.array(sessionSchema), "Sessions"), ...errors(401) },
});
const revokeRoute = createRoute({
  method: "delete",
  path: "/me/sessions/{id}",
  operationId: "revokeMySession",
  tags,
  summary: "End one of the signed-in user's other sessions (422 cannot_end_current_session for this one)",
  request: { params: z.object({ id: sessionIdField }) },
  responses: { 204: { description: "Ended" }, ...errors(400, 401, 404, 422) },
});
const revokeOthersRoute = createRoute({
  method: "post",
  path: "/me/sessions/revoke-others",
  operationId: "revokeMyOtherSessions",
  tags,
  summary: "End every session of the signed-in user except this one",
  responses: { 200: jsonResponse(sessionsRevokedSchema, "How many ended"), ...errors(401) },
});

export function createSessionsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const actor = requireActor(c);
      c.header("Cache-Control", "no-store");
      return c.json(await listMySessions({ db, actor, currentSessionId: c.get("sessionId") }), 200);
    })
    .openapi(revokeRoute, async (c) => {
      const actor = requireActor(c);
      await revokeMySession({
        db,
        actor,
        currentSessionId: c.get("sessionId"),
        sessionId: c.req.valid("param").id,
      });
      return c.body(null, 204);
    })
    .openapi(revokeOthersRoute, async (c) => {
      const actor = requireActor(c);
      const revoked = await revokeMyOtherSessions({ db, actor, currentSessionId: c.get("sessionId") });
      return c.json({ revoked }, 200);
    });
}
