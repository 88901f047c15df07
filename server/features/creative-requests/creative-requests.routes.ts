import { createRoute, z } from "@hono/zod-openapi";
import {
  creativeRequestInputSchema,
  creativeRequestPatchSchema,
  creativeRequestSchema,
} from "../../../domain/schemas/creative-requests";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readWorkspaceTimezone } from "../settings/settings.service";
import {
  createCreativeRequest,
  listCreativeRequests,
  updateCreativeRequest,
} from "./creative-requests.service";

const tags = ["Creative requests"];

const listRoute = createRoute({
  method: "get",
  path: "/creative-requests",
  operationId: "listCreativeRequests",
  tags,
  summary: "Own requests (buyers, team leads) or all (admins), newest first",
  responses: { 200: jsonResponse(z.array(creativeRequestSchema), "Requests"), ...errors(401, 403) },
});
const createRouteDef = createRoute({
  method: "post",
  path: "/creative-requests",
  operationId: "createCreativeRequest",
  tags,
  summary: "File a creative request; every admin is notified",
  request: {
    body: { content: { "application/json": { schema: creativeRequestInputSchema } }, required: true },
  },
  responses: { 201: jsonResponse(creativeRequestSchema, "The request"), ...errors(400, 401, 403) },
});
const patchRoute = createRoute({
  method: "patch",
  path: "/creative-requests/{id}",
  operationId: "updateCreativeRequest",
  tags,
  summary: "Set a request's status and notes (admins); the requester is notified of a new status",
  request: {
    params: z.object({ id: z.uuid({ error: "invalid_id" }) }),
    body: { content: { "application/json": { schema: creativeRequestPatchSchema } }, required: true },
  },
  responses: { 200: jsonResponse(creativeRequestSchema, "The request"), ...errors(400, 401, 403, 404) },
});

export function createCreativeRequestsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listCreativeRequests({ db, actor: requireActor(c) }), 200))
    .openapi(createRouteDef, async (c) => {
      const request = await createCreativeRequest({
        db,
        actor: requireActor(c),
        input: c.req.valid("json"),
        timeZone: await readWorkspaceTimezone(db, deps.env.workspaceTimezone),
      });
      return c.json(request, 201);
    })
    .openapi(patchRoute, async (c) => {
      const request = await updateCreativeRequest({
        db,
        actor: requireActor(c),
        id: c.req.valid("param").id,
        patch: c.req.valid("json"),
      });
      return c.json(request, 200);
    });
}
