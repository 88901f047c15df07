import { z } from "zod";
import { csvDialectNames } from "../csv";
import { languages } from "../roles";
import { countField, currencyField, idField, isoDateField, moneyField, userIdField } from "./fields";
import { acknowledgeWarningsField } from "./guardrails";
import { campaignSortFields } from "./values";

// Campaign shapes: the add-data and edit forms, the API bodies and the OpenAPI document.

export const campaignInputSchema = z
  .object({
    date: isoDateField,
    offerId: z.string({ error: "required" }).min(1, "required").pipe(idField),
    spent: moneyField,
    clicks: countField,
    installations: countField,
    registrations: countField,
    deposits: countField,
    /** Revenue entered directly; when absent it is deposits × the offer's payout. */
    depositPayment: moneyField.optional(),
    /** The spend's currency (issue 30); absent: the buyer's ad account currency. */
    spentCurrency: currencyField.optional(),
    /** The currency of revenue entered directly; absent: the offer's payout currency. */
    revenueCurrency: currencyField.optional(),
  })
  .meta({ id: "CampaignInput" });
export type CampaignInput = z.output<typeof campaignInputSchema>;
export type CampaignForm = z.input<typeof campaignInputSchema>;

/**
 * POST /api/campaigns: one day, and whether the caller confirms its guardrail warnings (issue 26).
 * The flag is not part of campaignInputSchema, which is also the shape of a batch row.
 */
export const campaignCreateSchema = campaignInputSchema
  .extend({ acknowledgeWarnings: acknowledgeWarningsField })
  .meta({ id: "CampaignCreate" });
export type CampaignCreate = z.output<typeof campaignCreateSchema>;

export const campaignPatchSchema = z
  .object({
    date: isoDateField.optional(),
    offerId: idField.optional(),
    spent: moneyField.optional(),
    clicks: countField.optional(),
    installations: countField.optional(),
    registrations: countField.optional(),
    deposits: countField.optional(),
    /** Revenue entered directly; it wins over recomputeRevenue. */
    depositPayment: moneyField.optional(),
    /** The spend's currency (issue 30); absent: kept. */
    spentCurrency: currencyField.optional(),
    /** The currency of the revenue entered directly (depositPayment); absent: kept, or the new offer's payout currency when revenue is recomputed. */
    revenueCurrency: currencyField.optional(),
    /**
     * true: revenue becomes the deposits × the offer's payout; false: the saved revenue is kept.
     * Absent: revenue follows new deposits or a new offer only while it still equals the saved
     * deposits × the offer's payout (a revenue entered directly is kept). Decision 0069.
     */
    recomputeRevenue: z
      .boolean({ error: "invalid" })
      .optional()
      .meta({
        description:
          "true: revenue becomes deposits × the offer's payout; false: the saved revenue is kept. " +
          "Absent: revenue follows new deposits or a new offer only while it still equals the saved " +
          "deposits × the offer's payout, so a revenue entered directly is kept. depositPayment wins.",
      }),
    /** Save even if guardrail warnings apply (422 needs_confirmation otherwise; issue 26). */
    acknowledgeWarnings: acknowledgeWarningsField,
  })
  .meta({ id: "CampaignPatch" });
export type CampaignPatch = z.output<typeof campaignPatchSchema>;

export { type CampaignSortField, campaignSortFields } from "./values";

export const campaignFilterSchema = z.object({
  from: isoDateField.optional(),
  to: isoDateField.optional(),
  offerId: idField.optional(),
  creatorId: userIdField.optional(),
  q: z.string().trim().max(100, "too_long").optional(),
});

/** The CSV export: the list's filters, plus the reader's language and CSV dialect (domain/csv.ts). */
export const campaignExportQuerySchema = campaignFilterSchema.extend({
  lang: z.enum(languages, { error: "invalid_option" }).optional(),
  /** `semicolon` (`;`, decimal comma: pt-BR, ru) or `comma` (`,`, decimal point: en); default by language. */
  dialect: z.enum(csvDialectNames, { error: "invalid_option" }).optional(),
});

export const campaignListQuerySchema = campaignFilterSchema.extend({
  sort: z.enum(campaignSortFields, { error: "invalid_option" }).default("date"),
  order: z.enum(["asc", "desc"], { error: "invalid_option" }).default("desc"),
  page: z.coerce.number({ error: "not_a_number" }).int("integer").min(1, "too_large").default(1),
  pageSize: z.coerce
    .number({ error: "not_a_number" })
    .int("integer")
    .min(1, "too_large")
    .max(100, "too_large")
    .default(10),
});
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;
export type CampaignFilter = z.output<typeof campaignFilterSchema>;

const money = z.string().meta({ description: "Decimal amount, 2 places" });
/** A ratio: a decimal string with exactly 4 places (domain/ratios.ts, docs/decisions/0067). */
const ratio = z
  .string()
  .meta({ description: 'Ratio, decimal with 4 places, e.g. "12.5000"', example: "12.5000" });

export const campaignSchema = z
  .object({
    id: z.string(),
    date: z.string().meta({ format: "date" }),
    offerId: z.string().nullable(),
    creatorId: z.string(),
    managerId: z.string().nullable(),
    spent: money,
    clicks: z.number().int(),
    installations: z.number().int(),
    registrations: z.number().int(),
    deposits: z.number().int(),
    depositPayment: money,
    revenue: money,
    /** Issue 30: the currencies the amounts above are in (stored as typed, never rewritten). */
    spentCurrency: currencyField,
    revenueCurrency: currencyField,
    /** The amounts in the reporting currency at the row's day's rate; profit and the ratios use them. */
    spentConverted: money,
    revenueConverted: money,
    profit: money,
    roi: ratio,
    epc: ratio,
    clickPrice: ratio,
    installPrice: ratio,
    regPrice: ratio,
    depPrice: ratio,
    clickToInst: ratio,
    instToReg: ratio,
    regToDep: ratio,
    createdAt: z.string(),
    updatedAt: z.string(),
    offer: z
      .object({ id: z.string(), name: z.string(), casinoBrand: z.string(), payoutPerDeposit: money })
      .nullable(),
    creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .meta({ id: "Campaign" });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPageSchema = z
  .object({
    items: z.array(campaignSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "CampaignPage" });
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const metricsSchema = z
  .object({
    spent: money,
    revenue: money,
    profit: money,
    roi: ratio,
    epc: ratio,
    clicks: z.number().int(),
    installations: z.number().int(),
    registrations: z.number().int(),
    deposits: z.number().int(),
    campaigns: z.number().int(),
    clickToInstall: ratio,
    installToRegistration: ratio,
    registrationToDeposit: ratio,
    costPerClick: ratio,
    costPerInstall: ratio,
    costPerRegistration: ratio,
    costPerDeposit: ratio,
  })
  .meta({ id: "Metrics" });
export type MetricsTotals = z.infer<typeof metricsSchema>;

/**
 * A day of an analytics series: the sums and the profit, without the ratios. The charts draw
 * money per day and the history counts campaigns; the ratios of 730 days were most of an all-time
 * answer's bytes and of its server time (decision 0050).
 */
export const seriesPointSchema = metricsSchema
  .pick({
    spent: true,
    revenue: true,
    profit: true,
    clicks: true,
    installations: true,
    registrations: true,
    deposits: true,
    campaigns: true,
  })
  .extend({ date: z.string() })
  .meta({ id: "SeriesPoint" });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const metricsSummarySchema = z
  .object({
    daily: metricsSchema,
    weekly: metricsSchema,
    monthly: metricsSchema,
    total: metricsSchema,
    today: z.string(),
  })
  .meta({ id: "MetricsSummary" });
export type MetricsSummary = z.infer<typeof metricsSummarySchema>;

/** The dashboard cards: the viewer's scope, or one buyer in it (`userId`; outside it, all zeros). */
export const metricsSummaryQuerySchema = z.object({ userId: userIdField.optional() });
export type MetricsSummaryQuery = z.output<typeof metricsSummaryQuerySchema>;

export const analyticsQuerySchema = z.object({
  from: isoDateField.optional(),
  to: isoDateField.optional(),
  offerId: idField.optional(),
  userId: userIdField.optional(),
  /** Campaigns whose own ROI is below/above these bounds (inclusive) are left out. */
  minRoi: z.coerce.number({ error: "not_a_number" }).optional(),
  maxRoi: z.coerce.number({ error: "not_a_number" }).optional(),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export const analyticsSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string(),
    totals: metricsSchema,
    series: z.array(seriesPointSchema),
    byOffer: z.array(
      metricsSchema.extend({
        offerId: z.string().nullable(),
        offerName: z.string().nullable(),
        casinoBrand: z.string().nullable(),
      }),
    ),
    byUser: z.array(
      metricsSchema.extend({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
      }),
    ),
  })
  .meta({ id: "Analytics" });
export type Analytics = z.infer<typeof analyticsSchema>;
