import { createRoute, z } from "@hono/zod-openapi";
import {
  fxRatesInputSchema,
  fxRatesQuerySchema,
  fxRatesSavedSchema,
  fxRatesSchema,
} from "../../../domain/schemas/fx-rates";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { fetchBcbRates, importFxRates, listFxRates, saveFxRates } from "./fx-rates.service";

// Daily exchange rates, BRL per USD (issue 30, docs/decisions/0104, 0105).

const tags = ["Exchange rates"];

const getRates = createRoute({
  method: "get",
  path: "/fx-rates",
  operationId: "listFxRates",
  tags,
  summary:
    "Every day of a range with the rate it uses: its own, or the latest earlier one (a gap, with the day it comes from), or none",
  request: { query: fxRatesQuerySchema },
  responses: { 200: jsonResponse(fxRatesSchema, "The range's days"), ...errors(400, 401) },
});

const putRates = createRoute({
  method: "put",
  path: "/fx-rates",
  operationId: "saveFxRates",
  tags,
  summary:
    "Enter or change daily rates (financial, admins); the rows they convert follow at once. 409 rates_locked when a month closed for payment uses one",
  request: { body: { content: { "application/json": { schema: fxRatesInputSchema } }, required: true } },
  responses: { 200: jsonResponse(fxRatesSavedSchema, "What was written"), ...errors(400, 401, 403, 409) },
});

const importForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, { error: "required" })
    .meta({
      type: "string",
      format: "binary",
      description:
        "CSV or XLSX of dates and rates: the Central Bank's PTAX closing quotes as published, its OData CSV, or a table with date and rate columns (up to 2 MB)",
    }),
});

const importRates = createRoute({
  method: "post",
  path: "/fx-rates/import",
  operationId: "importFxRates",
  tags,
  summary: "Import daily rates from a file (financial, admins)",
  request: { body: { content: { "multipart/form-data": { schema: importForm } }, required: true } },
  responses: {
    200: jsonResponse(fxRatesSavedSchema, "What was written"),
    ...errors(400, 401, 403, 409, 413),
  },
});

const fetchRates = createRoute({
  method: "post",
  path: "/fx-rates/fetch",
  operationId: "fetchFxRates",
  tags,
  summary:
    "Fetch PTAX closing rates for a range from the Central Bank (financial, admins; only with FX_SOURCE=bcb, else 409 fx_source_off)",
  request: {
    body: {
      content: {
        "application/json": { schema: fxRatesQuerySchema.strict().meta({ id: "FxRatesFetchInput" }) },
      },
      required: true,
    },
  },
  responses: {
    200: jsonResponse(fxRatesSavedSchema, "What was written"),
    ...errors(400, 401, 403, 409),
    503: { description: "The Central Bank did not answer", content: errors(400)[400].content },
  },
});

export function createFxRatesRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(getRates, async (c) => {
      requireActor(c);
      const { from, to } = c.req.valid("query");
      c.header("Cache-Control", "no-store");
      return c.json(await listFxRates({ db, from, to }), 200);
    })
    .openapi(putRates, async (c) => {
      const actor = requireActor(c);
      return c.json(await saveFxRates({ db, actor, rates: c.req.valid("json").rates }), 200);
    })
    .openapi(importRates, async (c) => {
      const actor = requireActor(c);
      const { file } = c.req.valid("form");
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await importFxRates({ db, actor, file: { name: file.name, bytes } }), 200);
    })
    .openapi(fetchRates, async (c) => {
      const actor = requireActor(c);
      const { from, to } = c.req.valid("json");
      return c.json(await fetchBcbRates({ db, actor, baseUrl: deps.env.fxBcbUrl, from, to }), 200);
    });
}
