import { z } from "zod";
import { namedPeriods } from "../periods";
import { roles } from "../roles";
import { metricsSchema } from "./campaigns";
import { isoDateField, userIdField } from "./fields";

// Admin and financial screens: query shapes and answers. Every number is aggregated in SQL.

const periodField = (
  allowed: readonly (typeof namedPeriods)[number][],
  fallback: (typeof namedPeriods)[number],
) =>
  z.enum(allowed as [string, ...string[]], { error: "invalid_option" }).default(fallback) as z.ZodDefault<
    z.ZodEnum<{ [K in (typeof namedPeriods)[number]]: K }>
  >;

export const adminDashboardQuerySchema = z.object({
  period: periodField(["today", "7d", "30d"], "today"),
  userId: userIdField.optional(),
});

export const financialPeriodQuerySchema = z.object({
  period: periodField(["7d", "30d", "90d", "all"], "all"),
});

/** A named period, or a custom range when from/to are given (they win over the period). */
export const rangeQuerySchema = z.object({
  period: periodField(namedPeriods, "30d"),
  from: isoDateField.optional(),
  to: isoDateField.optional(),
});

const decimalPattern = /^-?\d+(\.\d+)?$/;

/**
 * A ROI bound in percent ("12.5"; a decimal comma is accepted too); blank means no bound. Only plain
 * decimals: "1e3", "Infinity" or "0x10" are refused instead of quietly becoming a number, and a blank
 * field never turns into a bound of 0.
 */
export const roiBoundField = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const text = typeof value === "number" ? String(value) : value.trim().replace(",", ".");
    if (text === "") return undefined;
    if (!decimalPattern.test(text) || text.length > 24) {
      ctx.addIssue({ code: "custom", message: "not_a_number" });
      return z.NEVER;
    }
    return Number(text);
  })
  .meta({ type: "number", description: "ROI in percent; the bound itself is included" });

export const financialUsersQuerySchema = z.object({
  q: z.string().trim().max(100, "too_long").optional(),
  role: z.enum(roles, { error: "invalid_option" }).optional(),
});

/**
 * A row of a dashboard's table: the figures the admin and financial screens show (decision 0055).
 * Those tables list every user and offer of the period, so the other ratios of each row were most
 * of the answer's bytes and of its server time, and no screen read them.
 */
export const breakdownFiguresSchema = metricsSchema
  .pick({ spent: true, revenue: true, profit: true, roi: true, deposits: true, campaigns: true })
  .meta({ id: "BreakdownFigures" });
export type BreakdownFigures = z.infer<typeof breakdownFiguresSchema>;

export const offerBreakdownSchema = breakdownFiguresSchema
  .extend({
    offerId: z.string().nullable(),
    offerName: z.string().nullable(),
    casinoBrand: z.string().nullable(),
  })
  .meta({ id: "OfferBreakdown" });
export type OfferBreakdown = z.infer<typeof offerBreakdownSchema>;
export const userBreakdownSchema = breakdownFiguresSchema
  .extend({ userId: z.string(), name: z.string(), email: z.string() })
  .meta({ id: "UserBreakdown" });
export type UserBreakdown = z.infer<typeof userBreakdownSchema>;

/** The admin and financial dashboards: the period's totals and its rows by offer and by user, no chart. */
export const dashboardSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string(),
    totals: metricsSchema,
    byOffer: z.array(offerBreakdownSchema),
    byUser: z.array(userBreakdownSchema),
  })
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const financialAnalyticsSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string(),
    totals: metricsSchema,
    previous: metricsSchema.extend({ from: z.string(), to: z.string() }),
    current: metricsSchema.extend({ from: z.string(), to: z.string() }),
    /** % change of revenue from the previous period to the current one; null when it was 0 */
    revenueGrowth: z
      .string()
      .nullable()
      .meta({ description: 'Ratio, decimal with 4 places, e.g. "12.5000"' }),
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    topUsers: z.array(userBreakdownSchema),
    topOffers: z.array(offerBreakdownSchema),
  })
  .meta({ id: "FinancialAnalytics" });
export type FinancialAnalytics = z.infer<typeof financialAnalyticsSchema>;

export const financialUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(roles),
    createdAt: z.string(),
    deactivatedAt: z.string().nullable(),
    campaigns: z.number().int(),
    spent: z.string(),
    revenue: z.string(),
    profit: z.string(),
    lastCampaignDate: z.string().nullable(),
  })
  .meta({ id: "FinancialUser" });
export type FinancialUser = z.infer<typeof financialUserSchema>;

export const userStatsSchema = z
  .object({
    user: financialUserSchema.pick({ id: true, name: true, email: true, role: true, createdAt: true }),
    from: z.string().nullable(),
    to: z.string(),
    totals: metricsSchema,
  })
  .meta({ id: "UserStats" });
export type UserStats = z.infer<typeof userStatsSchema>;
