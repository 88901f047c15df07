import { z } from "zod";
import { toCents } from "../money";
import { moneyField, requiredMoneyField } from "./fields";

// Payments and commission settings: request bodies, answers and the OpenAPI document.

export const monthField = z
  .string({ error: "required" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "invalid_month")
  .meta({ example: "2026-11" });

export const paymentsQuerySchema = z.object({ month: monthField });

const statuses = ["pending", "processing", "paid", "cancelled"] as const;
const models = ["simple", "tiered"] as const;

export const paymentCardSchema = z
  .object({
    statementId: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    model: z.enum(models),
    status: z.enum(statuses),
    periodStart: z.string(),
    periodEnd: z.string(),
    totalSpent: z.string(),
    totalRevenue: z.string(),
    totalProfit: z.string(),
    roi: z.number(),
    commissionRate: z.string(),
    amountDue: z.string(),
    paid: z.string(),
    pending: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: "PaymentCard" });
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const paymentMonthSchema = z
  .object({ month: z.string(), cards: z.array(paymentCardSchema) })
  .meta({ id: "PaymentMonth" });
export type PaymentMonth = z.infer<typeof paymentMonthSchema>;

export const noteField = z.string().max(1000, "too_long").nullish();

export const actionBodySchema = z.object({ note: noteField }).meta({ id: "PaymentActionBody" });
export const payoutInputSchema = z
  .object({ amount: requiredMoneyField, note: noteField })
  .meta({ id: "PayoutInput" });
export const payoutPatchSchema = z
  .object({ amount: moneyField, note: noteField })
  .meta({ id: "PayoutPatch" });
export const reverseBodySchema = z
  .object({
    reason: z
      .string({ error: "required" })
      .max(1000, "too_long")
      .refine((v) => v.trim() !== "", "required"),
  })
  .meta({ id: "ReverseBody" });

export const payoutSchema = z
  .object({
    id: z.string(),
    statementId: z.string(),
    amount: z.string(),
    paidAt: z.string(),
    note: z.string().nullable(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    reversedAt: z.string().nullable(),
    reversalReason: z.string().nullable(),
    periodStart: z.string(),
    periodEnd: z.string(),
  })
  .meta({ id: "Payout" });
export type Payout = z.infer<typeof payoutSchema>;

export const statusChangeSchema = z
  .object({
    id: z.string(),
    action: z.string(),
    previousStatus: z.enum(statuses).nullable(),
    newStatus: z.enum(statuses),
    note: z.string().nullable(),
    changedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PaymentStatusChange" });
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const paymentHistorySchema = z
  .object({
    items: z.array(payoutSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    changes: z.array(statusChangeSchema),
  })
  .meta({ id: "PaymentHistory" });
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;

export const myPaymentSchema = z
  .object({
    month: z.string(),
    status: z.enum(statuses),
    pending: z.string(),
    nextExpectedDate: z.string().nullable(),
  })
  .meta({ id: "MyPayment" });
export type MyPayment = z.infer<typeof myPaymentSchema>;

export const commissionStepSchema = z.object({
  kind: z.enum(["roi", "revenue"]),
  target: z.string(),
  missing: z.string(),
  rateAfter: z.string(),
});

export type CommissionStep = z.infer<typeof commissionStepSchema>;

export const myCommissionSchema = z
  .object({
    month: z.string(),
    model: z.enum(["simple", "tiered"]),
    status: z.enum(statuses),
    /** true when the statement is frozen (processing, paid, cancelled): no longer a projection */
    frozen: z.boolean(),
    spent: z.string(),
    revenue: z.string(),
    profit: z.string(),
    roi: z.number(),
    rate: z.string(),
    commission: z.string(),
    steps: z.array(commissionStepSchema),
  })
  .meta({ id: "MyCommission" });
export type MyCommission = z.infer<typeof myCommissionSchema>;

const percentField = (max: number | null) =>
  z
    .union([z.string(), z.number()])
    .transform((value, ctx) => {
      const text = String(value).trim().replace(",", ".");
      // Spec: non-numeric becomes 0.
      const normalized = text === "" || !/^-?\d+(\.\d+)?$/.test(text) ? "0" : text;
      const n = Number(normalized);
      if (n < 0) ctx.addIssue({ code: "custom", message: "not_negative" });
      else if (max !== null && n > max) ctx.addIssue({ code: "custom", message: "max_100" });
      else if (!/^\d+(\.\d{1,2})?$/.test(normalized))
        ctx.addIssue({ code: "custom", message: "max_two_decimals" });
      return normalized;
    })
    .meta({ type: "string" });

export const revenueTierSchema = z.object({
  minRevenue: requiredMoneyField,
  maxRevenue: requiredMoneyField.nullable(),
  commissionBelowRoi: percentField(100),
  commissionAboveRoi: percentField(100),
});

export const commissionSettingsInputSchema = z
  .object({
    modelType: z.enum(models, { error: "invalid_option" }),
    baseCommissionRate: percentField(100),
    highRoiCommissionRate: percentField(100),
    roiThreshold: percentField(null),
    tieredRoiThreshold: percentField(100),
    minimumMonthlyRevenue: moneyField,
    revenueTiers: z.array(revenueTierSchema).max(50, "too_long"),
  })
  .superRefine((value, ctx) => {
    // Tiers ordered by their lower bound, each ending where the next begins or earlier, no overlap.
    const tiers = value.revenueTiers;
    for (let i = 0; i < tiers.length; i++) {
      const tier = tiers[i]!;
      if (tier.maxRevenue !== null && toCents(tier.maxRevenue) <= toCents(tier.minRevenue)) {
        ctx.addIssue({ code: "custom", path: ["revenueTiers", i, "maxRevenue"], message: "tier_range" });
      }
      const next = tiers[i + 1];
      if (next && (tier.maxRevenue === null || toCents(next.minRevenue) < toCents(tier.maxRevenue))) {
        ctx.addIssue({
          code: "custom",
          path: ["revenueTiers", i + 1, "minRevenue"],
          message: "tier_overlap",
        });
      }
    }
  })
  .meta({ id: "CommissionSettingsInput" });
export type CommissionSettingsInput = z.output<typeof commissionSettingsInputSchema>;
export type CommissionSettingsForm = z.input<typeof commissionSettingsInputSchema>;

export const commissionSettingsSchema = z
  .object({
    userId: z.string(),
    modelType: z.enum(models),
    baseCommissionRate: z.string(),
    highRoiCommissionRate: z.string(),
    roiThreshold: z.string(),
    tieredRoiThreshold: z.string(),
    minimumMonthlyRevenue: z.string(),
    revenueTiers: z.array(
      z.object({
        minRevenue: z.string(),
        maxRevenue: z.string().nullable(),
        commissionBelowRoi: z.string(),
        commissionAboveRoi: z.string(),
      }),
    ),
    /** false when the buyer has no saved settings and the defaults apply */
    saved: z.boolean(),
  })
  .meta({ id: "CommissionSettings" });
export type CommissionSettingsView = z.infer<typeof commissionSettingsSchema>;
