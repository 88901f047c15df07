import { createRoute } from "@hono/zod-openapi";
import { workspaceSettingsInputSchema, workspaceSettingsSchema } from "../../../domain/schemas/settings";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor, requirePermission } from "../../http";
import { readWorkspaceSettings, saveWorkspaceSettings } from "./settings.service";

// Any signed-in user reads the settings (the screens need the currency, time zone and language;
// nothing here is secret); only admins change them (docs/decisions/0020).

const getSettings = createRoute({
  method: "get",
  path: "/settings",
  tags: ["Settings"],
  summary: "The workspace settings (any signed-in user)",
  responses: { 200: jsonResponse(workspaceSettingsSchema, "Settings"), ...errors(401) },
});

const putSettings = createRoute({
  method: "put",
  path: "/settings",
  tags: ["Settings"],
  summary: "Replace the workspace settings (admins); applies to every process at once",
  request: {
    body: { content: { "application/json": { schema: workspaceSettingsInputSchema } }, required: true },
  },
  responses: { 200: jsonResponse(workspaceSettingsSchema, "Saved settings"), ...errors(400, 401, 403) },
});

export function createSettingsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(getSettings, async (c) => {
      requireActor(c);
      c.header("Cache-Control", "no-store");
      return c.json(await readWorkspaceSettings(db, deps.env.workspaceTimezone), 200);
    })
    .openapi(putSettings, async (c) => {
      const actor = requirePermission(c, "settings:manage");
      const settings = await saveWorkspaceSettings({
        db,
        actor,
        settings: c.req.valid("json"),
        fallbackTimezone: deps.env.workspaceTimezone,
      });
      return c.json(settings, 200);
    });
}
