import { createRoute, z } from "@hono/zod-openapi";
import { csvDialectNames } from "../../../domain/csv";
import { isLanguage, type Language, languages } from "../../../domain/roles";
import { monthField } from "../../../domain/schemas/payments";
import type { AppDeps } from "../../context";
import { createRouter, errors, requireActor } from "../../http";
import { readWorkspaceSettings } from "../../workspace-settings";
import { buildPayoutCsv, buildPayoutXlsx, listPayoutFileRows, payoutFileName } from "./payout-file";

// GET /api/payments.csv and /api/payments.xlsx (financial, admin): the payout file of a month.

const tags = ["Payments"];

/** The month, and the language of the columns (a plain download link cannot send headers). */
const payoutFileQuerySchema = z.object({
  month: monthField,
  lang: z.enum(languages, { error: "invalid_option" }).optional(),
  /** CSV only: `semicolon` (`;`, decimal comma) or `comma` (`,`, point); default by language. */
  dialect: z.enum(csvDialectNames, { error: "invalid_option" }).optional(),
});

const description =
  "One row per buyer with something pending that month (cancelled statements left out): name, " +
  "e-mail, payment method and details, amount pending, reference PLACAR-YYYY-MM-<8 hex of the " +
  "statement id>, and whether the details changed in the last 7 days. Statements as stored: load " +
  "the month (GET /api/payments) first.";

const csvRoute = createRoute({
  method: "get",
  path: "/payments.csv",
  operationId: "exportPaymentsCsv",
  tags,
  summary: "The month's payout file as CSV, in the reader's dialect (pt-BR and ru: ';' and decimal comma)",
  description,
  request: { query: payoutFileQuerySchema },
  responses: {
    200: { description: "RFC 4180 CSV, UTF-8 with BOM", content: { "text/csv": { schema: z.string() } } },
    ...errors(400, 401, 403),
  },
});

const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const xlsxRoute = createRoute({
  method: "get",
  path: "/payments.xlsx",
  operationId: "exportPaymentsXlsx",
  tags,
  summary: "The month's payout file as an Excel workbook (amounts as number cells with 2 decimals)",
  description,
  request: { query: payoutFileQuerySchema },
  responses: {
    200: {
      description: "An XLSX workbook with one sheet",
      content: { [xlsxContentType]: { schema: z.string().meta({ format: "binary" }) } },
    },
    ...errors(400, 401, 403),
  },
});

/** The link's own choice first, then the profile, then the header (as the financial report CSV). */
function pickLanguage(requested: Language | undefined, actorLanguage: Language | null, header?: string) {
  return requested ?? actorLanguage ?? (isLanguage(header) ? header : "pt-BR");
}

export function createPayoutFileRoutes(deps: AppDeps) {
  const db = deps.database.db;
  /** The amounts are in the workspace's reporting currency, named in a column of their own. */
  const readCurrency = async () =>
    (await readWorkspaceSettings(db, deps.env.workspaceTimezone)).reportingCurrency;
  return createRouter()
    .openapi(csvRoute, async (c) => {
      const actor = requireActor(c);
      const query = c.req.valid("query");
      const rows = await listPayoutFileRows({ db, actor, month: query.month });
      const currency = await readCurrency();
      const language = pickLanguage(query.lang, actor.language, c.req.header("x-language"));
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header(
        "Content-Disposition",
        `attachment; filename="${payoutFileName(language, query.month, "csv")}"`,
      );
      c.header("Cache-Control", "no-store");
      return c.body(buildPayoutCsv(rows, language, currency, query.dialect), 200) as never;
    })
    .openapi(xlsxRoute, async (c) => {
      const actor = requireActor(c);
      const query = c.req.valid("query");
      const rows = await listPayoutFileRows({ db, actor, month: query.month });
      const currency = await readCurrency();
      const language = pickLanguage(query.lang, actor.language, c.req.header("x-language"));
      const file = await buildPayoutXlsx(rows, language, currency);
      c.header("Content-Type", xlsxContentType);
      c.header(
        "Content-Disposition",
        `attachment; filename="${payoutFileName(language, query.month, "xlsx")}"`,
      );
      c.header("Cache-Control", "no-store");
      return c.body(new Uint8Array(file), 200) as never;
    });
}
