import { createRoute, z } from "@hono/zod-openapi";
import {
  type ImportMapping,
  importCommitSchema,
  importMappingSchema,
  importPreviewPageQuerySchema,
  importPreviewSchema,
  importResultSchema,
} from "../../../domain/import";
import { campaignBatchSchema } from "../../../domain/schemas/tokens";
import type { AppDeps } from "../../context";
import { AppError, errorBodySchema, validationError } from "../../errors";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import {
  commitImport,
  getImportPreviewPage,
  maxCsvBytes,
  previewImport,
  saveCampaignBatch,
} from "./imports.service";
import { receiveUpload } from "./upload";

/** The upload streams to a temporary file with its own limit; the rest of the API keeps 1 MB (server/app.ts). */
export const importPreviewPath = "/api/imports/preview";

const tags = ["Imports"];

const previewForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, { error: "required" })
    .meta({
      type: "string",
      format: "binary",
      description: "CSV (comma, semicolon or tab; up to 100 MB and 50,000 rows) or XLSX (up to 25 MB)",
    }),
  mapping: z
    .string()
    .optional()
    .meta({ description: 'JSON field → header, e.g. {"date":"Dia","spent":"Custo"}; absent: guessed' }),
  userId: z.string().optional().meta({ description: "Admins: import for this buyer" }),
});

const previewRoute = createRoute({
  method: "post",
  path: "/imports/preview",
  operationId: "previewImport",
  tags,
  summary: "Read a file of daily results and show every row as it will be saved, with its problems",
  request: { body: { content: { "multipart/form-data": { schema: previewForm } }, required: true } },
  responses: {
    200: jsonResponse(importPreviewSchema, "The first page of the preview and its token"),
    ...errors(400, 401, 403, 404, 422),
    413: {
      description: "The file is too large",
      content: { "application/json": { schema: errorBodySchema } },
    },
  },
});

const uploadFields = z.object({ mapping: previewForm.shape.mapping, userId: previewForm.shape.userId });

const pageRoute = createRoute({
  method: "get",
  path: "/imports/preview/{token}",
  operationId: "getImportPreview",
  tags,
  summary: "Another page of a preview, optionally only rows of one status",
  request: { params: z.object({ token: z.string().max(100) }), query: importPreviewPageQuerySchema },
  responses: { 200: jsonResponse(importPreviewSchema, "One page of the preview"), ...errors(400, 401, 404) },
});

const commitRoute = createRoute({
  method: "post",
  path: "/imports",
  operationId: "importCampaigns",
  tags,
  summary: "Save the accepted rows of a preview in one transaction (duplicates skipped or replaced)",
  description:
    "Rows the preview marked as errors (month_closed and future_date among them) are skipped. A month " +
    "closed since the preview refuses the whole commit with 409 month_closed: preview the file again. " +
    "While rows to be written carry guardrail warnings (ImportRow.warnings), the commit answers 422 " +
    "needs_confirmation (error.warnings) unless acknowledgeWarnings is true.",
  request: { body: { content: { "application/json": { schema: importCommitSchema } }, required: true } },
  responses: {
    200: jsonResponse(importResultSchema, "How many rows were added, replaced and skipped"),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

const batchRoute = createRoute({
  method: "post",
  path: "/campaigns/batch",
  operationId: "createCampaignBatch",
  tags: ["Campaigns"],
  summary: "Log up to 1,000 days at once, all or nothing (duplicate days skipped or replaced)",
  description:
    "For tracker scripts with a personal API token. The same rules as the import: every row is " +
    "validated like POST /api/campaigns, a day already logged for the offer is skipped or replaced, " +
    "two rows for one offer and day are refused, and one row dated in a month the buyer's statement " +
    "has closed refuses the whole batch (409 month_closed, fields rows.<i>.date). A row dated after " +
    "today answers 400 future_date (rows.<i>.date); guardrail warnings answer 422 needs_confirmation " +
    "(error.warnings, row = index) unless acknowledgeWarnings is true. Send an Idempotency-Key to retry safely: the same " +
    "key and body answer the stored result (header Idempotent-Replayed: true) without saving again.",
  request: {
    headers: z.object({
      "idempotency-key": z
        .string()
        .min(1)
        .max(255)
        .optional()
        .meta({ description: "Any unique string per batch" }),
    }),
    body: { content: { "application/json": { schema: campaignBatchSchema } }, required: true },
  },
  responses: {
    200: jsonResponse(importResultSchema, "How many rows were added, replaced and skipped"),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

function parseMapping(text: string | undefined): ImportMapping | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", "The mapping is not JSON.", { mapping: "invalid_option" });
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function createImportsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  // The upload is not validated by the OpenAPI layer, which would read the whole body into memory:
  // it streams to a temporary file first (docs/decisions/0038). The route is documented all the same.
  router.openAPIRegistry.registerPath(previewRoute);
  router.post("/imports/preview", async (c) => {
    const actor = requireActor(c);
    const upload = await receiveUpload(c.req.raw, {
      fileField: "file",
      fieldNames: ["mapping", "userId"],
      maxFileBytes: maxCsvBytes,
    });
    try {
      if (!upload.file) throw new AppError("validation_failed", "Attach a file.", { file: "required" });
      const fields = uploadFields.safeParse(upload.fields);
      if (!fields.success) throw validationError(fields.error);
      const preview = await previewImport({
        db,
        actor,
        file: upload.file,
        mapping: parseMapping(fields.data.mapping),
        userId: fields.data.userId || undefined,
        timeZone: await readRequestTimeZone(c, db, deps.env.workspaceTimezone),
      });
      return c.json(preview, 200);
    } finally {
      await upload.cleanup();
    }
  });
  return router
    .openapi(pageRoute, async (c) => {
      const actor = requireActor(c);
      const preview = await getImportPreviewPage({
        db,
        actor,
        token: c.req.valid("param").token,
        query: c.req.valid("query"),
      });
      return c.json(preview, 200);
    })
    .openapi(batchRoute, async (c) => {
      const actor = requireActor(c);
      // Idempotency-Key is honoured for every write by server/idempotency.ts.
      const timeZone = await readRequestTimeZone(c, db, deps.env.workspaceTimezone);
      return c.json(await saveCampaignBatch({ db, actor, batch: c.req.valid("json"), timeZone }), 200);
    })
    .openapi(commitRoute, async (c) => {
      const actor = requireActor(c);
      const { token, duplicates, acknowledgeWarnings } = c.req.valid("json");
      const timeZone = await readRequestTimeZone(c, db, deps.env.workspaceTimezone);
      return c.json(await commitImport({ db, actor, token, duplicates, acknowledgeWarnings, timeZone }), 200);
    });
}
