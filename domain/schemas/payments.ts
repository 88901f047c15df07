import { z } from "zod";
import { toCents } from "../money";
import { systemNoteSchema } from "../payout-notes";
import { moneyField, noControlCharacters, requiredMoneyField, signedMoneyField } from "./fields";

// Payments and commission settings: request bodies, answers and the OpenAPI document.

/** A ratio: a decimal string with exactly 4 places (domain/ratios.ts, docs/decisions/0067). */
const ratioField = z.string().meta({ description: 'Ratio, decimal with 4 places, e.g. "12.5000"' });

export const monthField = z
  .string({ error: "required" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "invalid_month")
  .meta({ example: "2026-11" });

const booleanQuery = z
  .enum(["true", "false", "1", "0"], { error: "invalid_option" })
  .optional()
  .transform((value) => value === "true" || value === "1");

/** GET /api/payments: the month, narrowed by the table's filters (the totals follow the filters). */
export const paymentsQuerySchema = z.object({
  month: monthField,
  status: z.enum(["pending", "processing", "paid", "cancelled"], { error: "invalid_option" }).optional(),
  /** a team lead's id, or "none" for buyers without a lead */
  teamLeadId: z.string().trim().min(1, "invalid_id").max(100, "invalid_id").optional(),
  /** only statements with something pending */
  pendingOnly: booleanQuery,
});
export type PaymentsQuery = z.output<typeof paymentsQuerySchema>;

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
    roi: ratioField,
    commissionRate: z.string(),
    amountDue: z.string(),
    /** Σ adjustments (bonuses +, clawbacks −, carried overpayments) */
    adjustments: z.string(),
    /** Σ payouts not reversed */
    paid: z.string(),
    /** due + adjustments − paid, never below 0; 0 when paid */
    pending: z.string(),
    /** paid − (due + adjustments) when above 0, else "0.00": moves to next month as an adjustment */
    overpaid: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: "PaymentCard" });
export type PaymentCard = z.infer<typeof paymentCardSchema>;

/** Why a statement owes what it owes (the payments table's row detail). */
export const commissionExplanationSchema = z
  .object({
    model: z.enum(models),
    /** the month ("YYYY-MM") the settings used took effect from; null: the defaults */
    settingsEffectiveFrom: z.string().nullable(),
    /** the ROI bound that picks the higher rate (simple: roi_threshold; tiered: tiered_roi_threshold) */
    roiThreshold: z.string(),
    roiMet: z.boolean(),
    /** tiered: the minimum monthly revenue, and whether the month fell below it (rate 0) */
    minimumMonthlyRevenue: z.string().nullable(),
    belowMinimum: z.boolean(),
    /** tiered: the tier whose revenue bounds hold the month's revenue; null for simple or none */
    tier: z.object({ minRevenue: z.string(), maxRevenue: z.string().nullable() }).nullable(),
    rate: z.string(),
    /** max(profit, 0) × rate / 100, half-up to cents: the commission due */
    commission: z.string(),
  })
  .meta({ id: "CommissionExplanation" });
export type CommissionExplanation = z.infer<typeof commissionExplanationSchema>;

export const paymentRowSchema = paymentCardSchema
  .extend({
    teamLead: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** where the buyer is paid; changedRecently: changed in the last 7 days (check before paying) */
    payee: z
      .object({
        method: z.enum(["pix", "bank", "usdt"]),
        updatedAt: z.string(),
        changedRecently: z.boolean(),
      })
      .nullable(),
    explanation: commissionExplanationSchema,
    /**
     * The month's reconciliation with the networks' statements (issue 32): not_uploaded, matched,
     * open (differences beyond the tolerance unresolved: processing or confirming needs a note as
     * the reason, else 409 reconciliation_open), resolved.
     */
    reconciliation: z.enum(["not_uploaded", "matched", "open", "resolved"]),
  })
  .meta({ id: "PaymentRow" });
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** Sums over the rows the filters keep, in SQL. roi is Σprofit / Σspent × 100. */
export const paymentTotalsSchema = z
  .object({
    count: z.number().int(),
    totalSpent: z.string(),
    totalRevenue: z.string(),
    totalProfit: z.string(),
    roi: ratioField,
    amountDue: z.string(),
    adjustments: z.string(),
    paid: z.string(),
    pending: z.string(),
  })
  .meta({ id: "PaymentTotals" });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

export const paymentMonthSchema = z
  .object({
    month: z.string(),
    /** false while the month has not ended in the workspace time zone: closing it is an early close */
    monthOver: z.boolean(),
    /** the month's last day ("YYYY-MM-DD"), to name the days still to come */
    periodEnd: z.string(),
    items: z.array(paymentRowSchema),
    totals: paymentTotalsSchema,
  })
  .meta({ id: "PaymentMonth" });
export type PaymentMonth = z.infer<typeof paymentMonthSchema>;

export const noteField = noControlCharacters(z.string().max(1000, "too_long"), { multiline: true }).nullish();

/** true to process or confirm a month that has not ended yet (else 409 month_not_over) */
const closeEarlyField = z.boolean({ error: "invalid_option" }).optional();

export const actionBodySchema = z
  .object({
    note: noteField,
    closeEarly: closeEarlyField,
    /**
     * Process or confirm a buyer whose month has open reconciliation differences (issue 32): the
     * reason, kept in the status history; without it 409 reconciliation_open.
     */
    reconciliationReason: noteField,
  })
  .meta({ id: "PaymentActionBody" });
export const payoutInputSchema = z
  .object({ amount: requiredMoneyField, note: noteField, closeEarly: closeEarlyField })
  .meta({ id: "PayoutInput" });
/** A recorded payout's amount never changes: only its note (an amount answers 400). */
export const payoutPatchSchema = z.object({ note: noteField }).strict().meta({ id: "PayoutPatch" });

/** A required reason (an adjustment's, a reversal's): not blank, at most 1000 characters. */
const reasonField = noControlCharacters(
  z
    .string({ error: "required" })
    .max(1000, "too_long")
    .refine((v) => v.trim() !== "", "required"),
  { multiline: true },
);

export const adjustmentInputSchema = z
  .object({
    /** positive: a bonus; negative: a clawback */
    amount: signedMoneyField,
    reason: reasonField,
  })
  .meta({ id: "AdjustmentInput" });

export const adjustmentSchema = z
  .object({
    id: z.string(),
    statementId: z.string(),
    amount: z.string(),
    reason: z.string(),
    /** manual; carry_out (+, the overpayment leaving this month); carry_in (−, arriving from another) */
    kind: z.enum(["manual", "carry_out", "carry_in"]),
    /** for carries: the other statement's month ("YYYY-MM") */
    linkedMonth: z.string().nullable(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Adjustment" });
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const reverseBodySchema = z
  .object({
    reason: reasonField,
  })
  .meta({ id: "ReverseBody" });

export const payoutSchema = z
  .object({
    id: z.string(),
    statementId: z.string(),
    amount: z.string(),
    paidAt: z.string(),
    /** What a person typed; the system's own text is `systemNote`, rendered per reader. */
    note: z.string().nullable(),
    systemNote: systemNoteSchema.nullable(),
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
    systemNote: systemNoteSchema.nullable(),
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
    adjustments: z.array(adjustmentSchema),
  })
  .meta({ id: "PaymentHistory" });
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;

export const myPaymentSchema = z
  .object({
    month: z.string(),
    status: z.enum(statuses),
    pending: z.string(),
    nextExpectedDate: z.string().nullable(),
    /** the latest payout's time, for "Pago em …" when nothing is pending */
    lastPaidAt: z.string().nullable(),
  })
  .meta({ id: "MyPayment" });
export type MyPayment = z.infer<typeof myPaymentSchema>;

/** GET /api/me/payments: the buyer's own statements, newest month first, read-only. */
export const myStatementSchema = z
  .object({
    statementId: z.string(),
    month: z.string(),
    status: z.enum(statuses),
    model: z.enum(models),
    totalRevenue: z.string(),
    totalProfit: z.string(),
    roi: ratioField,
    commissionRate: z.string(),
    amountDue: z.string(),
    adjustments: z.string(),
    paid: z.string(),
    pending: z.string(),
    overpaid: z.string(),
    paidAt: z.string().nullable(),
    payouts: z.array(
      z.object({
        id: z.string(),
        amount: z.string(),
        paidAt: z.string(),
        reversedAt: z.string().nullable(),
        reversalReason: z.string().nullable(),
      }),
    ),
    adjustmentItems: z.array(adjustmentSchema),
  })
  .meta({ id: "MyStatement" });
export type MyStatement = z.infer<typeof myStatementSchema>;
export const myStatementsSchema = z
  .object({ items: z.array(myStatementSchema) })
  .meta({ id: "MyStatements" });
export type MyStatements = z.infer<typeof myStatementsSchema>;

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
    roi: ratioField,
    rate: z.string(),
    commission: z.string(),
    steps: z.array(commissionStepSchema),
  })
  .meta({ id: "MyCommission" });
export type MyCommission = z.infer<typeof myCommissionSchema>;

const percentField = (max: number | null) =>
  z
    // A rate is a decimal: text only, like money (fields.ts, docs/decisions/0067).
    .string({ error: (issue) => (issue.input === undefined ? "required" : "string_expected") })
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
  // The amount field describes itself as a string; null (no upper bound) must be said again here.
  maxRevenue: requiredMoneyField.nullable().meta({ type: ["string", "null"] }),
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
    /** the month ("YYYY-MM") these settings take effect from; default: the current month */
    effectiveFrom: monthField.optional(),
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
    /** the month ("YYYY-MM") the settings shown took effect from; null: from the start or defaults */
    effectiveFrom: z.string().nullable(),
    /** every saved version, newest effective month first */
    history: z.array(
      z.object({
        effectiveFrom: z.string().nullable(),
        modelType: z.enum(models),
        baseCommissionRate: z.string(),
        highRoiCommissionRate: z.string(),
        roiThreshold: z.string(),
        tieredRoiThreshold: z.string(),
        minimumMonthlyRevenue: z.string(),
        updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
        updatedAt: z.string(),
      }),
    ),
  })
  .meta({ id: "CommissionSettings" });
export type CommissionSettingsView = z.infer<typeof commissionSettingsSchema>;
