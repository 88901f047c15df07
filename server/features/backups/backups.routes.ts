import { Readable } from "node:stream";
import { createRoute, z } from "@hono/zod-openapi";
import { backupSchema } from "../../../domain/schemas/settings";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requirePermission } from "../../http";
import { readWorkspaceSettings } from "../settings/settings.service";
import {
  applyBackupRetention,
  deleteBackup,
  listBackups,
  openBackupFile,
  runBackup,
} from "./backups.service";

const tags = ["Backups"];
const backupParams = z.object({ id: z.uuid({ error: "invalid_id" }) });

const list = createRoute({
  method: "get",
  path: "/backups",
  operationId: "listBackups",
  tags,
  summary: "Backup history, newest first (admins)",
  responses: { 200: jsonResponse(z.array(backupSchema), "Backups"), ...errors(401, 403) },
});
const create = createRoute({
  method: "post",
  path: "/backups",
  operationId: "createBackup",
  tags,
  summary: "Back the whole database up now (admins); a failed run is recorded with its reason",
  responses: { 201: jsonResponse(backupSchema, "The finished run"), ...errors(401, 403) },
});
const download = createRoute({
  method: "get",
  path: "/backups/{id}/download",
  operationId: "downloadBackup",
  tags,
  summary: "Download a backup file (admins)",
  request: { params: backupParams },
  responses: {
    200: {
      description: "The backup file",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...errors(400, 401, 403, 404),
  },
});
const remove = createRoute({
  method: "delete",
  path: "/backups/{id}",
  operationId: "deleteBackup",
  tags,
  summary: "Delete a backup and its file (admins)",
  request: { params: backupParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 401, 403, 404) },
});

export function createBackupsRoutes(deps: AppDeps) {
  const { database, env, logger } = deps;
  const db = database.db;
  return createRouter()
    .openapi(list, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listBackups({ db, actor: requirePermission(c, "settings:manage") }), 200);
    })
    .openapi(create, async (c) => {
      const actor = requirePermission(c, "settings:manage");
      const backup = await runBackup({ database, env, logger: c.get("logger"), trigger: "manual", actor });
      const { retentionDays } = await readWorkspaceSettings(db, env.workspaceTimezone);
      await applyBackupRetention({ db, env, retentionDays }).catch((err) =>
        logger.warn("backup retention failed", { err }),
      );
      return c.json(backup, 201);
    })
    .openapi(download, async (c) => {
      const actor = requirePermission(c, "settings:manage");
      const file = await openBackupFile({ db, env, actor, id: c.req.valid("param").id });
      c.header("Content-Type", "application/octet-stream");
      c.header("Content-Length", String(file.size));
      c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
      c.header("Cache-Control", "no-store");
      return c.body(Readable.toWeb(file.stream()) as unknown as ReadableStream, 200);
    })
    .openapi(remove, async (c) => {
      const actor = requirePermission(c, "settings:manage");
      await deleteBackup({ db, env, actor, id: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
