import { z } from "zod";
import { csvDialectNames } from "../csv";
import { languages } from "../roles";
import { metricsSchema } from "./campaigns";
import { idField, moneyField, userIdField } from "./fields";
import { rangeQuerySchema, roiBoundField } from "./reports";

// The pivot report (issue 25, decisions.md "Reports", docs/decisions/0079): every role groups what it
// may read by up to three dimensions, chooses and orders the metric columns, compares with the
// previous period of the same length, filters, sorts and pages; exports carry exactly the same.

/** What a pivot row may be keyed by, in the order the screen offers them. */
export const pivotDimensions = ["buyer", "team", "offer", "brand", "day", "week", "month"] as const;
export type PivotDimension = (typeof pivotDimensions)[number];
/** Dimensions whose key is a date (day; week = its ISO Monday; month = its first day). */
export const timeDimensions = ["day", "week", "month"] as const satisfies readonly PivotDimension[];

/** The metric columns a pivot may show: the figures of metricsSchema, in its order. */
export const pivotMetrics = Object.keys(metricsSchema.shape) as (keyof typeof metricsSchema.shape)[];
export type PivotMetric = keyof typeof metricsSchema.shape;
/** The columns a new report shows. */
export const defaultPivotColumns: readonly PivotMetric[] = [
  "spent",
  "revenue",
  "profit",
  "roi",
  "epc",
  "deposits",
];

export const maxPivotDimensions = 3;
export const maxPivotPageSize = 500;

/** A comma-separated list of distinct choices ("buyer,offer"), at least one, at most `max`. */
function commaList<T extends string>(choices: readonly T[], max: number, fallback: readonly T[]) {
  return z
    .string()
    .optional()
    .transform((value, ctx): T[] => {
      if (value === undefined || value.trim() === "") return [...fallback];
      const items = value.split(",").map((item) => item.trim());
      if (items.some((item) => !(choices as readonly string[]).includes(item))) {
        ctx.addIssue({ code: "custom", message: "invalid_option" });
        return z.NEVER;
      }
      if (new Set(items).size !== items.length || items.length > max) {
        ctx.addIssue({ code: "custom", message: "invalid_option" });
        return z.NEVER;
      }
      return items as T[];
    })
    .meta({
      type: "string",
      description: `Comma-separated, distinct, at most ${max} of: ${choices.join(", ")}`,
    });
}

const pivotShape = {
  ...rangeQuerySchema.shape,
  /** Up to three dimensions, outermost first ("team,week"). */
  groupBy: commaList(pivotDimensions, maxPivotDimensions, ["buyer"]),
  /** The metric columns, in the order shown (and exported). */
  columns: commaList(pivotMetrics, pivotMetrics.length, defaultPivotColumns),
  /** `previous`: each row and the totals also carry the previous period of the same length. */
  compare: z.enum(["none", "previous"], { error: "invalid_option" }).default("none"),
  // Filters that restrict the rows summed (within what the caller may read).
  buyerId: userIdField.optional(),
  /** A team lead's id: their buyers' rows (the team as it is now). */
  teamId: userIdField.optional(),
  offerId: idField.optional(),
  brand: z.string().trim().min(1, "required").max(200, "too_long").optional(),
  // Filters on the grouped rows (the current period's figures of each row), docs/decisions/0079.
  minRoi: roiBoundField,
  maxRoi: roiBoundField,
  minSpend: moneyField.optional(),
  /** A metric name, or `key` for the dimensions' own order (dates ascending, names A–Z). */
  sort: z
    .enum(["key", ...pivotMetrics] as [string, ...string[]], { error: "invalid_option" })
    .optional()
    .meta({
      description:
        "A metric, or key; by default dates ascending when the first dimension is a date, else spent",
    }),
  dir: z.enum(["asc", "desc"], { error: "invalid_option" }).optional(),
  page: z.coerce.number({ error: "not_a_number" }).int("not_a_number").min(1, "too_small").default(1),
  pageSize: z.coerce
    .number({ error: "not_a_number" })
    .int("not_a_number")
    .min(1, "too_small")
    .max(maxPivotPageSize, "too_big")
    .default(100),
};

function checkPivot(
  query: {
    from?: string | undefined;
    to?: string | undefined;
    minRoi?: number | undefined;
    maxRoi?: number | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (query.minRoi !== undefined && query.maxRoi !== undefined && query.minRoi > query.maxRoi)
    ctx.addIssue({ code: "custom", path: ["maxRoi"], message: "roi_bounds_reversed" });
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({ code: "custom", path: ["to"], message: "dates_reversed" });
}

export const pivotQuerySchema = z.object(pivotShape).superRefine(checkPivot);
export type PivotQuery = z.output<typeof pivotQuerySchema>;

/** The exports take the same query (all rows, no paging) plus the reader's language and CSV dialect. */
export const pivotExportQuerySchema = z
  .object({
    ...pivotShape,
    lang: z.enum(languages, { error: "invalid_option" }).optional(),
    /** CSV only: `semicolon` (`;`, decimal comma: pt-BR, ru) or `comma` (`,`, decimal point: en); default by language. */
    dialect: z.enum(csvDialectNames, { error: "invalid_option" }).optional(),
  })
  .superRefine(checkPivot);
export type PivotExportQuery = z.output<typeof pivotExportQuerySchema>;

/** One dimension's value of a row: an id or a date (null: no team, no offer), and its name when it has one. */
export const pivotKeySchema = z
  .object({ value: z.string().nullable(), label: z.string().nullable() })
  .meta({ id: "PivotKey" });

export const pivotRowSchema = z
  .object({
    /** One key per groupBy dimension, in the same order. */
    keys: z.array(pivotKeySchema),
    current: metricsSchema,
    /** The same row in the previous period (its time keys shifted by the period's length); null without compare. */
    previous: metricsSchema.nullable(),
  })
  .meta({ id: "PivotRow" });
export type PivotRow = z.infer<typeof pivotRowSchema>;

export const pivotSchema = z
  .object({
    groupBy: z.array(z.enum(pivotDimensions)),
    columns: z.array(z.enum(pivotMetrics as [PivotMetric, ...PivotMetric[]])),
    from: z.string().nullable(),
    to: z.string(),
    /** The previous period compared with; null without compare or for an open ("all") range. */
    previous: z.object({ from: z.string(), to: z.string() }).nullable(),
    rows: z.array(pivotRowSchema),
    /** Over every row that passes the filters, not only this page. */
    totals: z.object({ current: metricsSchema, previous: metricsSchema.nullable() }),
    rowCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "Pivot" });
export type Pivot = z.infer<typeof pivotSchema>;

// Saved views: a report's URL query under a name, private to its owner.

export const savedReportInputSchema = z.object({
  name: z.string().trim().min(1, "required").max(80, "too_long"),
  /** The report's URL query without "?", e.g. "groupBy=team,week&period=previous_month&compare=previous". */
  query: z.string().max(2000, "too_long"),
});
export type SavedReportInput = z.output<typeof savedReportInputSchema>;

export const savedReportSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    query: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "SavedReport" });
export type SavedReport = z.infer<typeof savedReportSchema>;
