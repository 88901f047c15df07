import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isLanguage, type Language } from "../../../domain/roles";
import {
  pivotExportQuerySchema,
  pivotQuerySchema,
  pivotSchema,
  savedReportInputSchema,
  savedReportSchema,
} from "../../../domain/schemas/pivot";
import type { AppBindings, AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import { getPivot, readPivotExport } from "./pivot.service";
import { buildPivotCsv, buildPivotXlsx, pivotFileName } from "./pivot-file";
import { deleteSavedReport, listSavedReports, saveReport } from "./saved-reports.service";

// The pivot report (issue 25, docs/decisions/0079) for every role, its exports, and saved views.

const tags = ["Reports"];

const pivot = createRoute({
  method: "get",
  path: "/reports",
  operationId: "getReport",
  tags,
  summary: "The pivot: rows grouped by up to three dimensions over what the caller may read",
  description:
    "Rows of the current period grouped by groupBy, filtered (buyerId, teamId, offerId, brand restrict the " +
    "rows summed; minRoi, maxRoi, minSpend apply to each grouped row's current figures), sorted and paged; " +
    "totals over every row that passes. compare=previous adds the previous period of the same length, its " +
    "time keys shifted forward by the period's length.",
  request: { query: pivotQuerySchema },
  responses: { 200: jsonResponse(pivotSchema, "Pivot"), ...errors(400, 401, 403) },
});

const exportDescription =
  "Exactly what the screen shows for the same query: every row (no paging) in its sort, the chosen " +
  "columns, and a totals row; with compare=previous each metric has its value, the previous value and Δ%.";

const csvRoute = createRoute({
  method: "get",
  path: "/reports.csv",
  operationId: "exportReportCsv",
  tags,
  summary: "The pivot as CSV in the reader's dialect (pt-BR, ru: ';' and decimal comma; en: ',' and point)",
  description: exportDescription,
  request: { query: pivotExportQuerySchema },
  responses: {
    200: { description: "RFC 4180 CSV, UTF-8 with BOM", content: { "text/csv": { schema: z.string() } } },
    ...errors(400, 401, 403),
  },
});

const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const xlsxRoute = createRoute({
  method: "get",
  path: "/reports.xlsx",
  operationId: "exportReportXlsx",
  tags,
  summary: "The pivot as an Excel workbook (number, money, percent and date cells)",
  description: exportDescription,
  request: { query: pivotExportQuerySchema },
  responses: {
    200: {
      description: "An XLSX workbook with one sheet",
      content: { [xlsxContentType]: { schema: z.string().meta({ format: "binary" }) } },
    },
    ...errors(400, 401, 403),
  },
});

const listSaved = createRoute({
  method: "get",
  path: "/saved-reports",
  operationId: "listSavedReports",
  tags,
  summary: "The caller's saved report views, by name",
  responses: { 200: jsonResponse(z.array(savedReportSchema), "Saved views"), ...errors(401, 403) },
});

const save = createRoute({
  method: "post",
  path: "/saved-reports",
  operationId: "saveReport",
  tags,
  summary: "Save a report view under a name; the same name replaces that view's query",
  request: { body: { content: { "application/json": { schema: savedReportInputSchema } }, required: true } },
  responses: {
    200: jsonResponse(savedReportSchema, "The view, its query replaced"),
    201: jsonResponse(savedReportSchema, "The new view"),
    ...errors(400, 401, 403),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/saved-reports/{id}",
  operationId: "deleteSavedReport",
  tags,
  summary: "Delete one of the caller's saved views (another user's answers 404)",
  request: { params: z.object({ id: z.uuid({ error: "invalid_id" }) }) },
  responses: { 204: { description: "Deleted" }, ...errors(400, 401, 403, 404) },
});

/** The link's own choice first (it is what the reader sees), then the profile, then the header. */
function pickLanguage(requested: Language | undefined, actorLanguage: Language | null, header?: string) {
  return requested ?? actorLanguage ?? (isLanguage(header) ? header : "pt-BR");
}

export function createPivotRoutes(deps: AppDeps) {
  const db = deps.database.db;
  // Read per request (docs/decisions/0020): a time-zone change applies to every process at once.
  const readTimeZone = (c: Context<AppBindings>) => readRequestTimeZone(c, db, deps.env.workspaceTimezone);
  return createRouter()
    .openapi(pivot, async (c) =>
      c.json(
        await getPivot({
          db,
          actor: requireActor(c),
          query: c.req.valid("query"),
          timeZone: await readTimeZone(c),
        }),
        200,
      ),
    )
    .openapi(csvRoute, async (c) => {
      const actor = requireActor(c);
      const { lang, dialect, ...query } = c.req.valid("query");
      const result = await readPivotExport({ db, actor, query, timeZone: await readTimeZone(c) });
      const language = pickLanguage(lang, actor.language, c.req.header("x-language"));
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header(
        "Content-Disposition",
        `attachment; filename="${pivotFileName(language, result, "csv", query)}"`,
      );
      c.header("Cache-Control", "no-store");
      return c.body(buildPivotCsv(result, language, dialect), 200) as never;
    })
    .openapi(xlsxRoute, async (c) => {
      const actor = requireActor(c);
      const { lang, dialect: _dialect, ...query } = c.req.valid("query");
      const result = await readPivotExport({ db, actor, query, timeZone: await readTimeZone(c) });
      const language = pickLanguage(lang, actor.language, c.req.header("x-language"));
      const file = await buildPivotXlsx(result, language);
      c.header("Content-Type", xlsxContentType);
      c.header(
        "Content-Disposition",
        `attachment; filename="${pivotFileName(language, result, "xlsx", query)}"`,
      );
      c.header("Cache-Control", "no-store");
      return c.body(new Uint8Array(file), 200) as never;
    })
    .openapi(listSaved, async (c) => c.json(await listSavedReports({ db, actor: requireActor(c) }), 200))
    .openapi(save, async (c) => {
      const { report, created } = await saveReport({
        db,
        actor: requireActor(c),
        input: c.req.valid("json"),
      });
      return created ? c.json(report, 201) : c.json(report, 200);
    })
    .openapi(remove, async (c) => {
      await deleteSavedReport({ db, actor: requireActor(c), id: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
