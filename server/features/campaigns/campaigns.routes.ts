import { createRoute, z } from "@hono/zod-openapi";
import { stream } from "hono/streaming";
import { csvBom, formatCsvRow, resolveCsvDialect } from "../../../domain/csv";
import { todayIn } from "../../../domain/periods";
import { isLanguage, type Language } from "../../../domain/roles";
import {
  campaignCreateSchema,
  campaignExportQuerySchema,
  campaignListQuerySchema,
  campaignPageSchema,
  campaignPatchSchema,
  campaignSchema,
} from "../../../domain/schemas/campaigns";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import { campaignsFileName, csvHeaders } from "./campaigns.csv";
import {
  createCampaign,
  deleteCampaign,
  describeCampaignExport,
  getCampaign,
  iterateCampaignCsv,
  listCampaigns,
  updateCampaign,
} from "./campaigns.service";

const idParams = z.object({ id: z.uuid({ error: "invalid_id" }) });
const tags = ["Campaigns"];

const listRoute = createRoute({
  method: "get",
  path: "/campaigns",
  operationId: "listCampaigns",
  tags,
  summary: "Campaigns the viewer may see, filtered, sorted and paginated",
  request: { query: campaignListQuerySchema },
  responses: { 200: jsonResponse(campaignPageSchema, "One page of campaigns"), ...errors(400, 401) },
});

const exportRoute = createRoute({
  method: "get",
  path: "/campaigns/export.csv",
  operationId: "exportCampaignsCsv",
  tags,
  summary: "The same filters as the list, as a streamed CSV file (UTF-8 with BOM, newest first)",
  description:
    "In the reader's dialect (lang, else the profile's language, else X-Language): pt-BR and ru ';' and " +
    "decimal comma, en ',' and point, or the one dialect asks for. The file is named by the period and " +
    "the filters (offer, buyer, search).",
  request: { query: campaignExportQuerySchema },
  responses: {
    200: { description: "RFC 4180 CSV", content: { "text/csv": { schema: z.string() } } },
    ...errors(400, 401),
  },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/campaigns",
  operationId: "createCampaign",
  tags,
  summary: "Log a day's results for an offer visible to the buyer",
  request: { body: { content: { "application/json": { schema: campaignCreateSchema } }, required: true } },
  description:
    "409 month_closed (field date) when the buyer's statement for that month has closed it. " +
    "400 future_date for a day after today in the workspace time zone. 422 needs_confirmation " +
    "(error.warnings) when the funnel runs backwards or a value is above 10× the buyer's median for " +
    "the offer: send acknowledgeWarnings: true to save anyway. 409 day_already_logged (field date, " +
    "existingId) when the buyer already has an entry for that offer and day: edit that entry instead.",
  responses: {
    201: jsonResponse(campaignSchema, "The saved campaign"),
    ...errors(400, 401, 403, 409, 422),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}",
  operationId: "getCampaign",
  tags,
  summary: "One campaign within the viewer's scope",
  request: { params: idParams },
  responses: { 200: jsonResponse(campaignSchema, "The campaign"), ...errors(400, 401, 404) },
});

const patchRoute = createRoute({
  method: "patch",
  path: "/campaigns/{id}",
  operationId: "updateCampaign",
  tags,
  summary: "Change one's own campaign (admins: any)",
  description:
    "409 month_closed when the month of the saved date or of the new one is closed by the creator's " +
    "statement (field date when the new date is the closed one). 400 future_date for a new date after " +
    "today; 422 needs_confirmation (error.warnings) for the edited row's guardrail warnings unless " +
    "acknowledgeWarnings: true. 409 day_already_logged (field date or offerId, existingId) when the " +
    "new date or offer meets another entry of the creator's for that day.",
  request: {
    params: idParams,
    body: { content: { "application/json": { schema: campaignPatchSchema } }, required: true },
  },
  responses: {
    200: jsonResponse(campaignSchema, "The updated campaign"),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/campaigns/{id}",
  operationId: "deleteCampaign",
  tags,
  summary: "Delete one's own campaign (admins: any)",
  description: "409 month_closed when the creator's statement for its month has closed it.",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 401, 403, 404, 409) },
});

/** The link's own choice first (what the reader sees), then the profile, then the header. */
function csvLanguage(
  requested: Language | undefined,
  actorLanguage: Language | null,
  header: string | undefined,
): Language {
  return requested ?? actorLanguage ?? (isLanguage(header) ? header : "pt-BR");
}

export function createCampaignsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const actor = requireActor(c);
      return c.json(await listCampaigns({ db, actor, query: c.req.valid("query") }), 200);
    })
    .openapi(exportRoute, async (c) => {
      const actor = requireActor(c);
      const { lang, dialect: dialectName, ...filter } = c.req.valid("query");
      const language = csvLanguage(lang, actor.language, c.req.header("x-language"));
      const dialect = resolveCsvDialect(language, dialectName);
      const header = csvHeaders[language];
      const names = await describeCampaignExport({ db, actor, filter });
      const today = todayIn(await readRequestTimeZone(c, db, deps.env.workspaceTimezone));
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header(
        "Content-Disposition",
        `attachment; filename="${campaignsFileName(language, { ...filter, ...names, today })}"`,
      );
      c.header("Cache-Control", "no-store");
      return stream(c, async (out) => {
        await out.write(csvBom + formatCsvRow(header, new Set(), dialect.delimiter));
        // Chunks of 1,000 to 8,000 lines, each one string until written: the server's memory
        // stays flat at any size (docs/performance.md, "CSV export memory").
        for await (const text of iterateCampaignCsv({ db, actor, filter, chunkSize: 1000, dialect })) {
          await out.write(text);
          // Give the event loop a turn so the chunk reaches the socket now: PGlite answers queries
          // without one, and the whole file piled up in memory before the first byte left
          // (docs/performance.md).
          await new Promise((resolve) => setImmediate(resolve));
        }
      }) as never;
    })
    .openapi(createRouteDef, async (c) => {
      const actor = requireActor(c);
      const timeZone = await readRequestTimeZone(c, db, deps.env.workspaceTimezone);
      return c.json(await createCampaign({ db, actor, input: c.req.valid("json"), timeZone }), 201);
    })
    .openapi(getRoute, async (c) => {
      const actor = requireActor(c);
      return c.json(await getCampaign({ db, actor, id: c.req.valid("param").id }), 200);
    })
    .openapi(patchRoute, async (c) => {
      const actor = requireActor(c);
      const campaign = await updateCampaign({
        db,
        actor,
        id: c.req.valid("param").id,
        patch: c.req.valid("json"),
        timeZone: await readRequestTimeZone(c, db, deps.env.workspaceTimezone),
      });
      return c.json(campaign, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const actor = requireActor(c);
      await deleteCampaign({ db, actor, id: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
