import { createRoute, z } from "@hono/zod-openapi";
import {
  adjustmentProposalSchema,
  aliasInputSchema,
  lineDaysSchema,
  lineQuerySchema,
  monthQuerySchema,
  type ReconciliationMapping,
  reconciliationLinesSchema,
  reconciliationListSchema,
  reconciliationMappingSchema,
  reconciliationPreviewSchema,
  reconciliationRowsQuerySchema,
  resolveLineSchema,
  toleranceSchema,
} from "../../../domain/reconciliation";
import type { AppDeps } from "../../context";
import { AppError, errorBodySchema, validationError } from "../../errors";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import { maxCsvBytes } from "../imports/imports.service";
import { receiveUpload } from "../imports/upload";
import {
  commitReconciliation,
  getAdjustmentProposal,
  getLineDays,
  getReconciliationLines,
  getReconciliationRows,
  getTolerance,
  listReconciliations,
  previewReconciliation,
  resolveLine,
  saveAlias,
  saveTolerance,
} from "./reconciliation.service";

/** The upload streams to a temporary file with its own limit, like the import's (server/app.ts). */
export const reconciliationPreviewPath = "/api/reconciliations/preview";

const tags = ["Reconciliation"];
const idParams = z.object({ id: z.uuid({ error: "invalid_id" }) });
const json = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});

const previewForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, { error: "required" })
    .meta({ type: "string", format: "binary", description: "CSV (up to 50,000 rows) or XLSX" }),
  network: z
    .string()
    .meta({ description: "The network's name; its saved mapping is used when none is sent" }),
  month: z.string().meta({ description: "The statement's month, YYYY-MM" }),
  mapping: z
    .string()
    .optional()
    .meta({ description: 'JSON field → header, e.g. {"offer":"Offer","revenue":"Payout"}; absent: guessed' }),
});
const uploadFields = z.object({
  network: z.string({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
  month: monthQuerySchema.shape.month,
  mapping: z.string().optional(),
});

const previewRoute = createRoute({
  method: "post",
  path: "/reconciliations/preview",
  operationId: "previewReconciliation",
  tags,
  summary:
    "Read a network's statement for a month: every row matched to an offer (and buyer) or with its reason",
  request: { body: { content: { "multipart/form-data": { schema: previewForm } }, required: true } },
  responses: {
    200: jsonResponse(reconciliationPreviewSchema, "The preview's first page"),
    ...errors(400, 401, 403, 422),
    413: {
      description: "The file is too large",
      content: { "application/json": { schema: errorBodySchema } },
    },
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/reconciliations",
  operationId: "listReconciliations",
  tags,
  summary:
    "The month's committed statements (and the caller's preview) with their flagged and resolved lines",
  request: { query: monthQuerySchema },
  responses: { 200: jsonResponse(reconciliationListSchema, "The statements"), ...errors(400, 401, 403) },
});

const rowsRoute = createRoute({
  method: "get",
  path: "/reconciliations/{id}/rows",
  operationId: "getReconciliationRows",
  tags,
  summary: "A page of a statement's rows, optionally of one status",
  request: { params: idParams, query: reconciliationRowsQuerySchema },
  responses: { 200: jsonResponse(reconciliationPreviewSchema, "The rows"), ...errors(400, 401, 403, 404) },
});

const commitRoute = createRoute({
  method: "post",
  path: "/reconciliations/{id}/commit",
  operationId: "commitReconciliation",
  tags,
  summary:
    "Make a preview the network's statement for the month (replacing one without resolved lines) and remember its mapping",
  request: { params: idParams },
  responses: {
    200: jsonResponse(reconciliationPreviewSchema, "The committed statement"),
    ...errors(401, 403, 404, 409),
  },
});

const aliasRoute = createRoute({
  method: "post",
  path: "/reconciliations/{id}/aliases",
  operationId: "mapReconciliationReference",
  tags,
  summary:
    "Map a reference of the file to an offer or buyer by hand: applied to this statement and remembered",
  request: { params: idParams, body: json(aliasInputSchema) },
  responses: {
    200: jsonResponse(reconciliationPreviewSchema, "The rows still unmatched"),
    ...errors(400, 401, 403, 404, 422),
  },
});

const linesRoute = createRoute({
  method: "get",
  path: "/reconciliations/{id}/lines",
  operationId: "getReconciliationLines",
  tags,
  summary:
    "Logged against reported per offer (or buyer × offer), with differences flagged beyond the tolerance",
  request: { params: idParams },
  responses: { 200: jsonResponse(reconciliationLinesSchema, "The lines"), ...errors(400, 401, 403, 404) },
});

const daysRoute = createRoute({
  method: "get",
  path: "/reconciliations/{id}/lines/days",
  operationId: "getReconciliationLineDays",
  tags,
  summary: "The buyers' days behind a line",
  request: { params: idParams, query: lineQuerySchema },
  responses: { 200: jsonResponse(lineDaysSchema, "The days"), ...errors(400, 401, 403, 404) },
});

const proposalRoute = createRoute({
  method: "get",
  path: "/reconciliations/{id}/lines/proposal",
  operationId: "getReconciliationProposal",
  tags,
  summary:
    "The adjustment each buyer behind a line would get: the difference split by logged deposits, commission recomputed",
  request: { params: idParams, query: lineQuerySchema },
  responses: { 200: jsonResponse(adjustmentProposalSchema, "The proposal"), ...errors(400, 401, 403, 404) },
});

const resolveRoute = createRoute({
  method: "post",
  path: "/reconciliations/{id}/resolutions",
  operationId: "resolveReconciliationLine",
  tags,
  summary:
    "Resolve a line: accept it with a note, or adjust the buyers' statements (amounts as proposed or edited)",
  request: { params: idParams, body: json(resolveLineSchema) },
  responses: {
    200: jsonResponse(reconciliationLinesSchema, "The lines after"),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

const toleranceRoute = createRoute({
  method: "get",
  path: "/reconciliations/tolerance",
  operationId: "getReconciliationTolerance",
  tags,
  summary:
    "The workspace's tolerance: a line is flagged when its difference exceeds both the percent and the amount",
  responses: { 200: jsonResponse(toleranceSchema, "The tolerance"), ...errors(401, 403) },
});

const saveToleranceRoute = createRoute({
  method: "put",
  path: "/reconciliations/tolerance",
  operationId: "saveReconciliationTolerance",
  tags,
  summary: "Change the workspace's tolerance",
  request: { body: json(toleranceSchema) },
  responses: { 200: jsonResponse(toleranceSchema, "The tolerance"), ...errors(400, 401, 403) },
});

function parseMapping(text: string | undefined): ReconciliationMapping | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", "The mapping is not JSON.", { mapping: "invalid_option" });
  }
  const parsed = reconciliationMappingSchema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function createReconciliationRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  // Streamed to a temporary file first, never read whole by the OpenAPI layer (as the import's).
  router.openAPIRegistry.registerPath(previewRoute);
  router.post("/reconciliations/preview", async (c) => {
    const actor = requireActor(c);
    const upload = await receiveUpload(c.req.raw, {
      fileField: "file",
      fieldNames: ["network", "month", "mapping"],
      maxFileBytes: maxCsvBytes,
    });
    try {
      if (!upload.file) throw new AppError("validation_failed", "Attach a file.", { file: "required" });
      const fields = uploadFields.safeParse(upload.fields);
      if (!fields.success) throw validationError(fields.error);
      const preview = await previewReconciliation({
        db,
        actor,
        file: upload.file,
        network: fields.data.network,
        month: fields.data.month,
        mapping: parseMapping(fields.data.mapping),
      });
      return c.json(preview, 200);
    } finally {
      await upload.cleanup();
    }
  });
  return router
    .openapi(toleranceRoute, async (c) => c.json(await getTolerance({ db, actor: requireActor(c) }), 200))
    .openapi(saveToleranceRoute, async (c) =>
      c.json(await saveTolerance({ db, actor: requireActor(c), input: c.req.valid("json") }), 200),
    )
    .openapi(listRoute, async (c) =>
      c.json(
        await listReconciliations({ db, actor: requireActor(c), month: c.req.valid("query").month }),
        200,
      ),
    )
    .openapi(rowsRoute, async (c) =>
      c.json(
        await getReconciliationRows({
          db,
          actor: requireActor(c),
          statementId: c.req.valid("param").id,
          query: c.req.valid("query"),
        }),
        200,
      ),
    )
    .openapi(commitRoute, async (c) =>
      c.json(
        await commitReconciliation({ db, actor: requireActor(c), statementId: c.req.valid("param").id }),
        200,
      ),
    )
    .openapi(aliasRoute, async (c) =>
      c.json(
        await saveAlias({
          db,
          actor: requireActor(c),
          statementId: c.req.valid("param").id,
          input: c.req.valid("json"),
        }),
        200,
      ),
    )
    .openapi(linesRoute, async (c) =>
      c.json(
        await getReconciliationLines({ db, actor: requireActor(c), statementId: c.req.valid("param").id }),
        200,
      ),
    )
    .openapi(daysRoute, async (c) =>
      c.json(
        await getLineDays({
          db,
          actor: requireActor(c),
          statementId: c.req.valid("param").id,
          query: c.req.valid("query"),
        }),
        200,
      ),
    )
    .openapi(proposalRoute, async (c) =>
      c.json(
        await getAdjustmentProposal({
          db,
          actor: requireActor(c),
          statementId: c.req.valid("param").id,
          query: c.req.valid("query"),
        }),
        200,
      ),
    )
    .openapi(resolveRoute, async (c) => {
      const actor = requireActor(c);
      const timeZone = await readRequestTimeZone(c, db, deps.env.workspaceTimezone);
      return c.json(
        await resolveLine({
          db,
          actor,
          statementId: c.req.valid("param").id,
          input: c.req.valid("json"),
          timeZone,
        }),
        200,
      );
    });
}
