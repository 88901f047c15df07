import { createRoute, z } from "@hono/zod-openapi";
import { workspaceSettingsInputSchema, workspaceSettingsSchema } from "../../../domain/schemas/settings";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readWorkspaceSettings } from "../../workspace-settings";
import { sendTestReport } from "../report-mails/report-mails.service";
import { saveWorkspaceSettings } from "./settings.service";

// Any signed-in user reads the settings (the screens need the currency, time zone and language;
// nothing here is secret); only admins change them (docs/decisions/0020).

const getSettings = createRoute({
  method: "get",
  path: "/settings",
  operationId: "getSettings",
  tags: ["Settings"],
  summary: "The workspace settings (any signed-in user)",
  responses: { 200: jsonResponse(workspaceSettingsSchema, "Settings"), ...errors(401) },
});

const putSettings = createRoute({
  method: "put",
  path: "/settings",
  operationId: "updateSettings",
  tags: ["Settings"],
  summary:
    "Replace the workspace settings (admins); applies to every process at once. A new reporting currency converts every figure (409 statements_processing while a statement is processing; 400 missing_rate naming a day without a rate)",
  request: {
    body: { content: { "application/json": { schema: workspaceSettingsInputSchema } }, required: true },
  },
  responses: { 200: jsonResponse(workspaceSettingsSchema, "Saved settings"), ...errors(400, 401, 403, 409) },
});

const testReportInputSchema = z
  .object({
    key: z.uuid({ error: "invalid_id" }).meta({
      description:
        "One per press of the button: the same key is sent once, however often it arrives (job_runs claim).",
    }),
  })
  .meta({ id: "TestReportInput" });

const testReportResultSchema = z
  .object({
    recipients: z.number().int().meta({ description: "Active admins and financial users" }),
    sent: z.number().int(),
    failed: z.number().int(),
    outbox: z.boolean().meta({ description: "SMTP_URL is unset: the mails were written to DATA_DIR/outbox" }),
  })
  .meta({ id: "TestReportResult" });

const postTestReport = createRoute({
  method: "post",
  path: "/settings/test-report",
  operationId: "sendTestReport",
  tags: ["Settings"],
  summary:
    "Send today's daily report e-mail now to every admin and financial user (admins); each key sends once",
  request: {
    body: { content: { "application/json": { schema: testReportInputSchema } }, required: true },
  },
  responses: {
    200: jsonResponse(testReportResultSchema, "How many mails went out"),
    ...errors(400, 401, 403, 409),
  },
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
      const actor = requireActor(c);
      const settings = await saveWorkspaceSettings({
        db,
        actor,
        settings: c.req.valid("json"),
        fallbackTimezone: deps.env.workspaceTimezone,
      });
      return c.json(settings, 200);
    })
    .openapi(postTestReport, async (c) => {
      const actor = requireActor(c);
      const result = await sendTestReport({ deps, actor, key: c.req.valid("json").key });
      return c.json(result, 200);
    });
}
