import { z } from "zod";
import { namedPeriods } from "../periods";
import { roles } from "../roles";
import { analyticsSchema, metricsSchema } from "./campaigns";
import { idField, isoDateField, userIdField } from "./fields";

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

export const reportQuerySchema = rangeQuerySchema.extend({
  userId: userIdField.optional(),
  offerId: idField.optional(),
  minRoi: z.coerce.number({ error: "not_a_number" }).optional(),
  maxRoi: z.coerce.number({ error: "not_a_number" }).optional(),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const financialUsersQuerySchema = z.object({
  q: z.string().trim().max(100, "too_long").optional(),
  role: z.enum(roles, { error: "invalid_option" }).optional(),
});

export const dashboardSchema = analyticsSchema.meta({ id: "Dashboard" });

export const financialAnalyticsSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string(),
    totals: metricsSchema,
    previous: metricsSchema.extend({ from: z.string(), to: z.string() }),
    current: metricsSchema.extend({ from: z.string(), to: z.string() }),
    /** % change of revenue from the previous period to the current one; null when it was 0 */
    revenueGrowth: z.number().nullable(),
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    topUsers: analyticsSchema.shape.byUser,
    topOffers: analyticsSchema.shape.byOffer,
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
