import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Every table of the product. Money is numeric(14,2); ratios are numeric(20,4) so that small
// values such as an EPC of 0.0345 survive. numeric columns travel as strings in JS.

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const ratio = (name: string) => numeric(name, { precision: 20, scale: 4 });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const roles = ["user", "manager", "financial", "admin"] as const;
export const languages = ["pt-BR", "en", "ru"] as const;

// ---------------------------------------------------------------------------------------------
// Better Auth tables. The JS keys follow Better Auth's field names; the columns are snake_case.
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Better Auth admin plugin
    role: text("role", { enum: roles }).notNull().default("user"),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    // Placar
    managerId: text("manager_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    language: text("language", { enum: languages }),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    // Better Auth two-factor plugin
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role),
    index("users_manager_idx").on(t.managerId),
    check("users_role_check", sql`${t.role} in ('user', 'manager', 'financial', 'admin')`),
    check("users_language_check", sql`${t.language} is null or ${t.language} in ('pt-BR', 'en', 'ru')`),
    check("users_manager_not_self", sql`${t.managerId} is null or ${t.managerId} <> ${t.id}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Better Auth two-factor plugin: the TOTP secret and the backup codes, both encrypted by Better Auth. */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factors_user_unique").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

// Shared by every app process, so a limit holds behind a load balancer too.
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export const currencies = ["USD", "BRL"] as const;

export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    casinoBrand: text("casino_brand").notNull(),
    description: text("description"),
    value: money("value").notNull(),
    currency: text("currency", { enum: currencies }).notNull().default("USD"),
    payoutPerDeposit: money("payout_per_deposit").notNull(),
    visibleToAll: boolean("visible_to_all").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("offers_currency_check", sql`${t.currency} in ('USD', 'BRL')`),
    check("offers_value_nonnegative", sql`${t.value} >= 0`),
    check("offers_payout_nonnegative", sql`${t.payoutPerDeposit} >= 0`),
    check("offers_name_not_blank", sql`${t.name} ~ '\\S'`),
    index("offers_created_idx").on(t.createdAt),
  ],
);

export const offerAssignments = pgTable(
  "offer_assignments",
  {
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.userId] }), index("offer_assignments_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Campaigns: one buyer's results for one offer on one calendar day.
// Derived fields are STORED generated columns, every ratio 0 when its denominator is 0.
// ---------------------------------------------------------------------------------------------

const safeDivide = (numerator: SQL, denominator: SQL, scale: number, factor = 1): SQL =>
  sql`case when ${denominator} = 0 then 0 else round((${numerator})::numeric * ${sql.raw(String(factor))} / ${denominator}, ${sql.raw(String(scale))}) end`;

export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    date: date("date", { mode: "string" }).notNull(),
    offerId: uuid("offer_id").references(() => offers.id, { onDelete: "set null" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The creator's team lead now, not when the row was logged (docs/decisions/0078): a team change
    // moves the creator's rows (users.service), and the totals grains group by it.
    managerId: text("manager_id").references(() => users.id, { onDelete: "set null" }),
    spent: money("spent").notNull().default("0"),
    clicks: integer("clicks").notNull().default(0),
    installations: integer("installations").notNull().default(0),
    registrations: integer("registrations").notNull().default(0),
    deposits: integer("deposits").notNull().default(0),
    depositPayment: money("deposit_payment").notNull().default("0"),
    profit: money("profit").notNull().generatedAlwaysAs(sql`deposit_payment - spent`),
    roi: ratio("roi")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`(deposit_payment - spent)`, sql`spent`, 4, 100)),
    epc: ratio("epc")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`deposit_payment`, sql`clicks`, 4)),
    clickPrice: ratio("click_price")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`spent`, sql`clicks`, 4)),
    installPrice: ratio("install_price")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`spent`, sql`installations`, 4)),
    regPrice: ratio("reg_price")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`spent`, sql`registrations`, 4)),
    depPrice: ratio("dep_price")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`spent`, sql`deposits`, 4)),
    clickToInst: ratio("click_to_inst")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`installations`, sql`clicks`, 4, 100)),
    instToReg: ratio("inst_to_reg")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`registrations`, sql`installations`, 4, 100)),
    regToDep: ratio("reg_to_dep")
      .notNull()
      .generatedAlwaysAs(safeDivide(sql`deposits`, sql`registrations`, 4, 100)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("campaigns_spent_nonnegative", sql`${t.spent} >= 0`),
    check("campaigns_deposit_payment_nonnegative", sql`${t.depositPayment} >= 0`),
    check(
      "campaigns_counts_nonnegative",
      sql`${t.clicks} >= 0 and ${t.installations} >= 0 and ${t.registrations} >= 0 and ${t.deposits} >= 0`,
    ),
    // The list's order is (sort column, date, created_at, id), all in one direction, so each of these
    // indexes yields a page of a scope in order without sorting (docs/performance.md). The date ones
    // also serve the date-range filters, the CSV export's keyset and the per-user reads.
    index("campaigns_creator_date_idx").on(t.creatorId, t.date, t.createdAt, t.id),
    // One entry per buyer, offer and calendar day (decisions.md; docs/decisions/0083): every path
    // edits that entry instead of adding another. A deleted offer's rows (offer_id null) stay apart.
    uniqueIndex("campaigns_creator_offer_date_key").on(t.creatorId, t.offerId, t.date),
    index("campaigns_manager_date_idx").on(t.managerId, t.date, t.createdAt, t.id),
    index("campaigns_offer_date_idx").on(t.offerId, t.date),
    index("campaigns_date_idx").on(t.date, t.createdAt, t.id),
    // A team lead's list sorted by a metric: the manager branch walks one of these in order; the
    // lead's own campaigns (the creator branch) are few and sorted in memory.
    index("campaigns_manager_spent_idx").on(t.managerId, t.spent, t.date, t.createdAt, t.id),
    index("campaigns_manager_revenue_idx").on(t.managerId, t.depositPayment, t.date, t.createdAt, t.id),
    index("campaigns_manager_profit_idx").on(t.managerId, t.profit, t.date, t.createdAt, t.id),
    index("campaigns_manager_roi_idx").on(t.managerId, t.roi, t.date, t.createdAt, t.id),
    index("campaigns_manager_epc_idx").on(t.managerId, t.epc, t.date, t.createdAt, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Campaign totals (docs/decisions/0042): sums of campaigns kept by triggers on campaigns in the
// same transaction as every write (insert, update, delete, the cascade and set-nulls of deleting a
// user or an offer, truncate), so aggregates read hundreds or thousands of rows instead of a
// million and stay exact. Nobody writes this table but the triggers (migrations 0006 and 0008).
//
// One row per grain and key: `grain` is the GROUPING() mask the triggers compute over (date,
// month, creator_id, manager_id, offer_id), a 1 bit for each column the grain sums over; see
// server/read/grains.ts for the grains. `period` is the day or the month's
// first day; the columns a grain does not have are null. No foreign keys (a row leaves when its
// last campaign does), no check constraints (PostgreSQL checks them on an upsert's proposed row, a
// negative delta, before it finds the conflict). Sums are unbounded numeric, counts bigint.
// ---------------------------------------------------------------------------------------------

export const campaignTotals = pgTable(
  "campaign_totals",
  {
    grain: smallint("grain").notNull(),
    period: date("period", { mode: "string" }).notNull(),
    creatorId: text("creator_id"),
    managerId: text("manager_id"),
    offerId: uuid("offer_id"),
    spent: numeric("spent").notNull().default("0"),
    revenue: numeric("revenue").notNull().default("0"),
    clicks: bigint("clicks", { mode: "number" }).notNull().default(0),
    installations: bigint("installations", { mode: "number" }).notNull().default(0),
    registrations: bigint("registrations", { mode: "number" }).notNull().default(0),
    deposits: bigint("deposits", { mode: "number" }).notNull().default(0),
    campaigns: bigint("campaigns", { mode: "number" }).notNull().default(0),
  },
  // The unique key (grain, period, coalesced ids) and two covering indexes by creator and by manager
  // are in migration 0006: drizzle-kit cannot express INCLUDE, and the key must be the upsert's
  // conflict target exactly.
);

// ---------------------------------------------------------------------------------------------
// Creative requests, notifications, notes
// ---------------------------------------------------------------------------------------------

export const creativeTypes = ["Image", "Video", "GIF"] as const;
export const creativeFormats = ["Square", "Vertical", "Horizontal"] as const;
export const creativeStatuses = ["pending", "in_progress", "completed", "rejected"] as const;

export const creativeRequests = pgTable(
  "creative_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: creativeTypes }).notNull().default("Image"),
    format: text("format", { enum: creativeFormats }).notNull().default("Square"),
    deadline: date("deadline", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: creativeStatuses }).notNull().default("pending"),
    adminNotes: text("admin_notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("creative_requests_type_check", sql`${t.type} in ('Image', 'Video', 'GIF')`),
    check("creative_requests_format_check", sql`${t.format} in ('Square', 'Vertical', 'Horizontal')`),
    check(
      "creative_requests_status_check",
      sql`${t.status} in ('pending', 'in_progress', 'completed', 'rejected')`,
    ),
    check("creative_requests_description_not_blank", sql`${t.description} ~ '\\S'`),
    index("creative_requests_user_created_idx").on(t.userId, t.createdAt),
    index("creative_requests_created_idx").on(t.createdAt),
  ],
);

export const notificationTypes = [
  "creative_request",
  "creative_request_status",
  "payment",
  "new_offer",
  "payee_changed",
  // A buyer logged nothing yesterday (issue 26's reminders): metadata { day }, one per buyer and day.
  "missing_day",
] as const;

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    // Rendered in the reader's language from type + metadata; never a stored sentence.
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "notifications_type_check",
      sql`${t.type} in ('creative_request', 'creative_request_status', 'payment', 'new_offer', 'payee_changed', 'missing_day')`,
    ),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    // At most one reminder per buyer and day, whichever process sends it.
    uniqueIndex("notifications_missing_day_unique")
      .on(t.userId, sql`(${t.metadata}->>'day')`)
      .where(sql`${t.type} = 'missing_day'`),
  ],
);

export const userNotes = pgTable(
  "user_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_notes_content_not_blank", sql`${t.content} ~ '\\S'`),
    index("user_notes_user_created_idx").on(t.userId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Commissions and payments (decisions.md, "Commission" and "Payments")
// ---------------------------------------------------------------------------------------------

export const commissionModels = ["simple", "tiered"] as const;

export type RevenueTier = {
  minRevenue: string;
  maxRevenue: string | null;
  commissionBelowRoi: string;
  commissionAboveRoi: string;
};

/**
 * A buyer's commission settings, one row per month they take effect from (decisions.md, "Month close
 * and the payout ledger"): a month uses the row with the latest effective_from on or before its first
 * day. Rows that existed before settings had a month take effect from 2000-01-01, "from the start".
 */
export const commissionSettings = pgTable(
  "commission_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first day of the month these settings take effect from. */
    effectiveFrom: date("effective_from", { mode: "string" }).notNull().default("2000-01-01"),
    modelType: text("model_type", { enum: commissionModels }).notNull().default("simple"),
    baseCommissionRate: percent("base_commission_rate").notNull().default("30"),
    highRoiCommissionRate: percent("high_roi_commission_rate").notNull().default("35"),
    roiThreshold: ratio("roi_threshold").notNull().default("50"),
    tieredRoiThreshold: percent("tiered_roi_threshold").notNull().default("30"),
    minimumMonthlyRevenue: money("minimum_monthly_revenue").notNull().default("4000"),
    revenueTiers: jsonb("revenue_tiers").$type<RevenueTier[]>().notNull().default([]),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "commission_settings_user_effective_pk", columns: [t.userId, t.effectiveFrom] }),
    check("commission_settings_effective_month_start", sql`extract(day from ${t.effectiveFrom}) = 1`),
    check("commission_settings_model_check", sql`${t.modelType} in ('simple', 'tiered')`),
    check(
      "commission_settings_rates_range",
      sql`${t.baseCommissionRate} between 0 and 100 and ${t.highRoiCommissionRate} between 0 and 100 and ${t.tieredRoiThreshold} between 0 and 100`,
    ),
    check("commission_settings_nonnegative", sql`${t.roiThreshold} >= 0 and ${t.minimumMonthlyRevenue} >= 0`),
  ],
);

export const statementStatuses = ["pending", "processing", "paid", "cancelled"] as const;

/** The spec's manager_payments: one buyer's commission statement for one calendar month. */
export const paymentStatements = pgTable(
  "payment_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    modelType: text("model_type", { enum: commissionModels }).notNull().default("simple"),
    // A month's sums and what it owes are unbounded numeric (issue 27): any number of accepted rows,
    // each within its own column, must never make a statement's read or refresh overflow.
    totalSpent: numeric("total_spent").notNull().default("0"),
    totalRevenue: numeric("total_revenue").notNull().default("0"),
    totalProfit: numeric("total_profit").notNull().default("0"),
    roiAchieved: numeric("roi_achieved").notNull().default("0"),
    commissionRate: percent("commission_rate").notNull().default("0"),
    amountDue: numeric("amount_due").notNull().default("0"),
    status: text("status", { enum: statementStatuses }).notNull().default("pending"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_statements_user_period_unique").on(t.userId, t.periodStart),
    index("payment_statements_period_idx").on(t.periodStart),
    check(
      "payment_statements_status_check",
      sql`${t.status} in ('pending', 'processing', 'paid', 'cancelled')`,
    ),
    check("payment_statements_model_check", sql`${t.modelType} in ('simple', 'tiered')`),
    check("payment_statements_amount_nonnegative", sql`${t.amountDue} >= 0`),
    check("payment_statements_period_order", sql`${t.periodEnd} >= ${t.periodStart}`),
    check("payment_statements_rate_range", sql`${t.commissionRate} between 0 and 100`),
  ],
);

/** One money transfer against a statement. RESTRICT: a buyer with payouts cannot be deleted. */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => paymentStatements.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: text("reversed_by").references(() => users.id, { onDelete: "set null" }),
    reversalReason: text("reversal_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payouts_amount_nonnegative", sql`${t.amount} >= 0`),
    check(
      "payouts_reversal_has_reason",
      sql`${t.reversedAt} is null or coalesce(${t.reversalReason}, '') ~ '\\S'`,
    ),
    index("payouts_statement_idx").on(t.statementId, t.paidAt),
  ],
);

export const adjustmentKinds = ["manual", "carry_out", "carry_in"] as const;

/**
 * A correction to what a statement owes (decisions.md, "Month close and the payout ledger"): a bonus
 * (positive) or a clawback (negative) with its reason. An overpayment moves to the buyer's next month
 * as a pair: carry_out (+X) on the statement that was overpaid, carry_in (−X) on the next month's,
 * each pointing at the other statement through linked_statement_id. Rows are never changed.
 */
export const paymentAdjustments = pgTable(
  "payment_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => paymentStatements.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    kind: text("kind", { enum: adjustmentKinds }).notNull().default("manual"),
    linkedStatementId: uuid("linked_statement_id").references(() => paymentStatements.id, {
      onDelete: "restrict",
    }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_adjustments_amount_nonzero", sql`${t.amount} <> 0`),
    check("payment_adjustments_reason_present", sql`${t.reason} ~ '\\S'`),
    check("payment_adjustments_kind_check", sql`${t.kind} in ('manual', 'carry_out', 'carry_in')`),
    check("payment_adjustments_carry_linked", sql`(${t.kind} = 'manual') = (${t.linkedStatementId} is null)`),
    index("payment_adjustments_statement_idx").on(t.statementId, t.createdAt),
  ],
);

export const payeeMethods = ["pix", "bank", "usdt"] as const;
export const pixKeyTypes = ["cpf", "cnpj", "email", "phone", "random"] as const;
export const bankAccountTypes = ["checking", "savings"] as const;

/**
 * Where a buyer is paid (issue 24): a Pix key, a Brazilian bank account or a USDT (TRC-20) address.
 * Read by the buyer, financial users and admins only; every change is audited.
 */
export const payeeDetails = pgTable(
  "payee_details",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: payeeMethods }).notNull(),
    pixKeyType: text("pix_key_type", { enum: pixKeyTypes }),
    pixKey: text("pix_key"),
    bankCode: text("bank_code"),
    bankBranch: text("bank_branch"),
    bankAccount: text("bank_account"),
    bankAccountType: text("bank_account_type", { enum: bankAccountTypes }),
    holderName: text("holder_name"),
    holderDocument: text("holder_document"),
    usdtAddress: text("usdt_address"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payee_details_method_check", sql`${t.method} in ('pix', 'bank', 'usdt')`),
    check(
      "payee_details_method_fields",
      sql`(${t.method} <> 'pix' or (${t.pixKeyType} is not null and ${t.pixKey} is not null))
      and (${t.method} <> 'bank' or (${t.bankCode} is not null and ${t.bankBranch} is not null and ${t.bankAccount} is not null))
      and (${t.method} <> 'usdt' or ${t.usdtAddress} is not null)`,
    ),
  ],
);

/**
 * Append-only log of every statement change: who, when, from what to what, and why. `seq` orders it:
 * every change takes the statement's row lock first, so within a statement the sequence follows
 * commit order, which created_at (the transaction's start time) does not (issue 27).
 */
export const paymentStatusChanges = pgTable(
  "payment_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => paymentStatements.id, { onDelete: "cascade" }),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    previousStatus: text("previous_status", { enum: statementStatuses }),
    newStatus: text("new_status", { enum: statementStatuses }).notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_status_changes_statement_idx").on(t.statementId, t.createdAt),
    index("payment_status_changes_statement_seq_idx").on(t.statementId, t.seq),
  ],
);

// ---------------------------------------------------------------------------------------------
// Workspace settings, backups and scheduled jobs
// ---------------------------------------------------------------------------------------------

export const backupFrequencies = ["daily", "weekly", "monthly"] as const;

/** The workspace's settings: exactly one row (id 1), created on the first save. */
export const workspaceSettings = pgTable(
  "workspace_settings",
  {
    id: integer("id").primaryKey().default(1),
    reportingCurrency: text("reporting_currency", { enum: currencies }).notNull().default("USD"),
    defaultLanguage: text("default_language", { enum: languages }).notNull().default("pt-BR"),
    timezone: text("timezone").notNull().default("America/Sao_Paulo"),
    notifyEmail: boolean("notify_email").notNull().default(true),
    notifyDaily: boolean("notify_daily").notNull().default(false),
    notifyWeekly: boolean("notify_weekly").notNull().default(false),
    notifyMonthly: boolean("notify_monthly").notNull().default(false),
    /** At 10:00 (workspace time), remind each buyer who logged nothing yesterday (issue 26). */
    remindMissingDays: boolean("remind_missing_days").notNull().default(true),
    backupFrequency: text("backup_frequency", { enum: backupFrequencies }).notNull().default("daily"),
    retentionDays: integer("retention_days").notNull().default(30),
    /** Roles (admin, financial) whose members must use two-factor sign-in. */
    twoFactorRequiredRoles: text("two_factor_required_roles").array().notNull().default(sql`'{}'::text[]`),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("workspace_settings_single_row", sql`${t.id} = 1`),
    check("workspace_settings_currency_check", sql`${t.reportingCurrency} in ('USD', 'BRL')`),
    check("workspace_settings_language_check", sql`${t.defaultLanguage} in ('pt-BR', 'en', 'ru')`),
    check(
      "workspace_settings_backup_frequency_check",
      sql`${t.backupFrequency} in ('daily', 'weekly', 'monthly')`,
    ),
    check("workspace_settings_retention_positive", sql`${t.retentionDays} >= 1`),
    check(
      "workspace_settings_two_factor_roles_check",
      sql`${t.twoFactorRequiredRoles} <@ array['admin', 'financial']::text[]`,
    ),
  ],
);

export const backupStatuses = ["running", "success", "failed"] as const;
export const backupTriggers = ["manual", "scheduled", "cli"] as const;

/** Every backup run, successful or not; the file lives in the backup folder under file_name. */
export const backups = pgTable(
  "backups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    status: text("status", { enum: backupStatuses }).notNull().default("running"),
    trigger: text("trigger", { enum: backupTriggers }).notNull(),
    databaseKind: text("database_kind").notNull(),
    fileName: text("file_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    durationMs: integer("duration_ms"),
    reason: text("reason"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("backups_status_check", sql`${t.status} in ('running', 'success', 'failed')`),
    check("backups_trigger_check", sql`${t.trigger} in ('manual', 'scheduled', 'cli')`),
    index("backups_started_idx").on(t.startedAt),
  ],
);

/**
 * One row per scheduled job occurrence ("backup:2026-11-23"). Inserting the row is the claim: of
 * several app processes only the one whose insert succeeds runs the job.
 */
export const jobRuns = pgTable("job_runs", {
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  outcome: text("outcome"),
});

// Reports (issue 25)
// ---------------------------------------------------------------------------------------------

/**
 * A report view a user saved by name (docs/decisions/0079): the report's URL query as it was on
 * screen, reopened as is. Private to its owner; saving under a name the owner already used replaces it.
 */
export const savedReports = pgTable(
  "saved_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("saved_reports_user_name_key").on(t.userId, t.name),
    check("saved_reports_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("saved_reports_query_length", sql`char_length(${t.query}) <= 2000`),
  ],
);

// Data intake (issue 11): remembered import mappings, personal API tokens, batch idempotency
// ---------------------------------------------------------------------------------------------

/** The column mapping a user last imported with (field → header name), guessed first next time. */
export const importMappings = pgTable("import_mappings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mapping: jsonb("mapping").$type<Record<string, string | null>>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Import previews waiting for their commit (docs/decisions/0038): in the database, so any app
 * process can page or commit what another one parsed, and a restart loses nothing. The id is the
 * token; one per uploader (a new upload replaces the old one); 30 minutes; deleted by the commit.
 */
export const importPreviews = pgTable(
  "import_previews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who uploaded it: the only user who may page or commit it. */
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whose campaigns the rows become (the uploader, or the buyer an admin imports for). */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    headers: jsonb("headers").$type<string[]>().notNull(),
    mapping: jsonb("mapping").$type<Record<string, string | null>>().notNull(),
    /** False while the file is still being read: such a preview cannot be paged or committed. */
    ready: boolean("ready").notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("import_previews_actor_unique").on(t.actorId),
    index("import_previews_expires_idx").on(t.expiresAt),
  ],
);

/** The rows of a preview as they will be saved: values when valid, the file's cells and problems. */
export const importPreviewRows = pgTable(
  "import_preview_rows",
  {
    previewId: uuid("preview_id")
      .notNull()
      .references(() => importPreviews.id, { onDelete: "cascade" }),
    /** The file's line (the header is line 1) or the sheet's row. */
    line: integer("line").notNull(),
    /** ok: added; duplicate: a day already logged (skipped or replaced); error: never saved. */
    status: text("status").notNull(),
    problems: jsonb("problems").$type<{ code: string; field?: string }[]>().notNull(),
    raw: jsonb("raw").$type<Record<string, string>>().notNull(),
    // The values as they will be saved; null on rows with problems of their own.
    date: date("date", { mode: "string" }),
    offerId: uuid("offer_id"),
    offerName: text("offer_name"),
    spent: money("spent"),
    clicks: integer("clicks"),
    installations: integer("installations"),
    registrations: integer("registrations"),
    deposits: integer("deposits"),
    revenue: money("revenue"),
  },
  (t) => [
    primaryKey({ columns: [t.previewId, t.line] }),
    check("import_preview_rows_status_check", sql`${t.status} in ('ok', 'duplicate', 'error')`),
    // Pages filtered by status and the per-status counts.
    index("import_preview_rows_status_idx").on(t.previewId, t.status, t.line),
  ],
);

/** Personal API tokens: only a SHA-256 of the secret is stored; the secret is shown once. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The first characters of the secret, to tell tokens apart in the list. */
    prefix: text("prefix").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * Whether the token may do everything its owner may with campaigns (read, edit, delete, export).
     * Without it an admin's or a financial user's token is limited to intake: creating campaigns
     * (single, batch, import) and reading offers (issue 27). A buyer's or a lead's token has their own
     * scope either way.
     */
    fullAccess: boolean("full_access").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

/** Answers of POST /api/campaigns/batch by Idempotency-Key, so a retried batch saves nothing twice. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ---------------------------------------------------------------------------------------------
// Audit log (issue 10): append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). No foreign
// keys: the trail outlives the users and objects it names, so ids and e-mails are copied in.
// ---------------------------------------------------------------------------------------------

export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** What happened, e.g. "auth.sign_in", "user.role_changed", "payment.confirmed", "access.denied". */
    action: text("action").notNull(),
    /** "success" or "failure" (a refused sign-in, a denied call). */
    outcome: text("outcome").notNull().default("success"),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    /** The object acted on: its kind ("user", "offer", "statement", "settings"...) and id. */
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** The user the event is about when that is not the actor (a role change's user, a statement's buyer). */
    subjectUserId: text("subject_user_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Old and new values, the request's method and path, a reason: never a secret. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check("audit_events_outcome_check", sql`${t.outcome} in ('success', 'failure')`),
    index("audit_events_created_idx").on(t.createdAt, t.id),
    index("audit_events_actor_idx").on(t.actorId, t.createdAt),
    index("audit_events_subject_idx").on(t.subjectUserId, t.createdAt),
    index("audit_events_action_idx").on(t.action, t.createdAt),
  ],
);

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  twoFactors,
  rateLimits,
  offers,
  offerAssignments,
  campaigns,
  campaignTotals,
  creativeRequests,
  notifications,
  userNotes,
  commissionSettings,
  paymentStatements,
  payouts,
  paymentAdjustments,
  payeeDetails,
  paymentStatusChanges,
  workspaceSettings,
  backups,
  jobRuns,
  importMappings,
  importPreviews,
  importPreviewRows,
  apiTokens,
  idempotencyKeys,
  auditEvents,
};
