import { createRoute } from "@hono/zod-openapi";
import { auditListQuerySchema, auditPageSchema } from "../../../domain/schemas/audit";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requirePermission } from "../../http";
import { readWorkspaceTimezone } from "../settings/settings.service";
import { listAuditEvents } from "./audit.service";

const listRoute = createRoute({
  method: "get",
  path: "/audit",
  operationId: "listAuditEvents",
  tags: ["Audit"],
  summary: "The audit trail, newest first (admins)",
  request: { query: auditListQuerySchema },
  responses: { 200: jsonResponse(auditPageSchema, "A page of events"), ...errors(400, 401, 403) },
});

export function createAuditRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter().openapi(listRoute, async (c) => {
    const actor = requirePermission(c, "audit:read");
    const timeZone = await readWorkspaceTimezone(db, deps.env.workspaceTimezone);
    return c.json(await listAuditEvents({ db, actor, query: c.req.valid("query"), timeZone }), 200);
  });
}
