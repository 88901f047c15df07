import { and, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction } from "../../../domain/audit";
import {
  type CommissionSettings,
  calculateCommission,
  defaultCommissionSettings,
  findCommissionSteps,
  normalizePercent,
  type RevenueTier,
} from "../../../domain/commission";
import { computeProfit } from "../../../domain/metrics";
import { toBasisPoints, toCents } from "../../../domain/money";
import {
  applyPaymentAction,
  type PaymentAction,
  pendingAmount,
  type StatementStatus,
} from "../../../domain/payments";
import { addMonths, monthOf, monthRange, todayIn } from "../../../domain/periods";
import { can } from "../../../domain/permissions";
import type {
  CommissionSettingsInput,
  CommissionSettingsView,
  MyCommission,
  MyPayment,
  PaymentCard,
  PaymentHistory,
  PaymentMonth,
} from "../../../domain/schemas/payments";
import { auditSourceOf, describeChanges, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import {
  campaigns,
  campaignTotals,
  commissionSettings,
  paymentStatements,
  paymentStatusChanges,
  payouts,
  users,
} from "../../db/schema";
import { toIsoString } from "../../db/values";
import { AppError, conflict, forbidden, notFound, unprocessable } from "../../errors";
import { grains, selectOrderedRows, selectRows } from "../analytics/campaign-totals";
import { createNotifications } from "../notifications/notifications.service";

// Monthly commission statements and the payment workflow (decisions.md, "Commission", "Payments").
// Every action is one transaction holding a row lock on its statement; the pure rules live in
// domain/payments.ts and domain/commission.ts.

/** numeric(20,4) "50.0000" → "50.00" (values are entered with at most 2 decimals). */
function twoPlaces(value: string): string {
  const [whole = "0", fraction = ""] = value.split(".");
  const extra = fraction.slice(2);
  if (/[1-9]/.test(extra)) throw new RangeError(`More than 2 decimals: ${value}`);
  return `${whole}.${fraction.slice(0, 2).padEnd(2, "0")}`;
}

function requireManager(actor: Actor) {
  if (!can(actor.role, "payments:manage")) throw forbidden();
}

type SettingsRow = typeof commissionSettings.$inferSelect;
/** What a statement needs of a settings row. */
type SettingsFields = Pick<
  SettingsRow,
  | "modelType"
  | "baseCommissionRate"
  | "highRoiCommissionRate"
  | "roiThreshold"
  | "tieredRoiThreshold"
  | "minimumMonthlyRevenue"
  | "revenueTiers"
>;

const commissionAuditedFields = [
  "modelType",
  "baseCommissionRate",
  "highRoiCommissionRate",
  "roiThreshold",
  "tieredRoiThreshold",
  "minimumMonthlyRevenue",
  "revenueTiers",
] as const satisfies readonly (keyof CommissionSettings)[];

function toSettings(row: SettingsFields | undefined): CommissionSettings {
  if (!row) return defaultCommissionSettings;
  return {
    modelType: row.modelType,
    baseCommissionRate: twoPlaces(row.baseCommissionRate),
    highRoiCommissionRate: twoPlaces(row.highRoiCommissionRate),
    roiThreshold: twoPlaces(row.roiThreshold),
    tieredRoiThreshold: twoPlaces(row.tieredRoiThreshold),
    minimumMonthlyRevenue: twoPlaces(row.minimumMonthlyRevenue),
    revenueTiers:
      row.revenueTiers.length > 0
        ? (row.revenueTiers as RevenueTier[])
        : defaultCommissionSettings.revenueTiers,
  };
}

async function monthTotals(tx: DbOrTx, userIds: string[], from: string, to: string) {
  if (userIds.length === 0) return new Map<string, { spent: string; revenue: string }>();
  // A whole calendar month: the month × buyer × team lead totals (docs/decisions/0042) hold it exactly,
  // a few rows per buyer instead of every campaign of the month.
  const wholeMonth = from.endsWith("-01") && to === monthRange(monthOf(from)).to;
  const rows = wholeMonth
    ? await tx
        .select({
          userId: campaignTotals.creatorId,
          spent: sql<string>`coalesce(sum(${campaignTotals.spent}), 0)::numeric(16,2)::text`,
          revenue: sql<string>`coalesce(sum(${campaignTotals.revenue}), 0)::numeric(16,2)::text`,
        })
        .from(campaignTotals)
        .where(
          and(
            eq(campaignTotals.grain, grains.monthTeam),
            eq(campaignTotals.period, from),
            inArray(campaignTotals.creatorId, userIds),
          ),
        )
        .groupBy(campaignTotals.creatorId)
    : await tx
        .select({
          userId: campaigns.creatorId,
          spent: sql<string>`coalesce(sum(${campaigns.spent}), 0)::numeric(16,2)::text`,
          revenue: sql<string>`coalesce(sum(${campaigns.depositPayment}), 0)::numeric(16,2)::text`,
        })
        .from(campaigns)
        .where(and(inArray(campaigns.creatorId, userIds), gte(campaigns.date, from), lte(campaigns.date, to)))
        .groupBy(campaigns.creatorId);
  return new Map(rows.map((r) => [r.userId!, { spent: r.spent, revenue: r.revenue }]));
}

/** A statement's figures from the month's sums (two-decimal strings from SQL). */
function computeStatement(settings: CommissionSettings, totals: { spent: string; revenue: string }) {
  // Profit and ROI only: the other ratios of computeMetrics were a tenth of the month's CPU.
  const { profit, roi } = computeProfit(totals);
  const result = calculateCommission(settings, { revenue: totals.revenue, profit, spent: totals.spent });
  return {
    modelType: settings.modelType,
    totalSpent: totals.spent,
    totalRevenue: totals.revenue,
    totalProfit: profit,
    roiAchieved: String(roi),
    commissionRate: result.rate,
    amountDue: result.commission,
  };
}

function assertMonthNotFuture(month: string, timeZone: string) {
  if (month > monthOf(todayIn(timeZone))) {
    throw new AppError("validation_failed", "That month has not started yet.", { month: "month_in_future" });
  }
}

/**
 * Creates the month's missing statements and recalculates the pending ones from the month's
 * campaigns; processing, paid and cancelled statements stay frozen. Returns one card per buyer.
 */
export async function loadPaymentMonth({
  db,
  actor,
  month,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  month: string;
  timeZone: string;
}): Promise<PaymentMonth> {
  requireManager(actor);
  assertMonthNotFuture(month, timeZone);
  const { from, to } = monthRange(month);
  // One statement when nothing changed since the last load (each round trip costs more than these
  // reads, docs/performance.md): the buyers with their month, settings and stored statement. Only
  // statements that are new or whose figures moved are written, and the written rows come back.
  const buyers = await readMonth(db, from);
  const stale = new Map<string, FreshStatement>();
  for (const buyer of buyers) {
    if (buyer.statementId !== null && buyer.status !== "pending") continue;
    const fresh = computeStatement(buyer.hasSettings ? toSettings(buyer) : defaultCommissionSettings, {
      spent: buyer.spent,
      revenue: buyer.revenue,
    });
    if (buyer.statementId === null || !sameStatement(buyer as StoredStatement, fresh))
      stale.set(buyer.id, { userId: buyer.id, ...fresh });
  }
  if (stale.size === 0) return { month, cards: buyers.map((buyer) => toCard(buyer as StoredCard)) };
  const written = new Map(
    (await refreshStatements(db, { from, to }, [...stale.values()])).map((row) => [row.userId, row]),
  );
  // A statement another request froze or wrote first between the read and the write is not written
  // here: read the month's cards again rather than show figures that were not stored.
  if (written.size !== stale.size) return { month, cards: await readCards(db, { periodStart: from }) };
  return {
    month,
    cards: buyers.map((buyer) => {
      const row = written.get(buyer.id);
      return toCard(row ? { ...buyer, ...row } : (buyer as StoredCard));
    }),
  };
}

type FreshStatement = { userId: string } & ReturnType<typeof computeStatement>;

/** A stored statement's fields as text, as a card shows them (plain SQL, no query builder mapping). */
type StoredStatement = {
  statementId: string;
  status: StatementStatus;
  /** model_type as "model": the buyer's settings in the same row have their own modelType */
  model: PaymentCard["model"];
  periodStart: string;
  periodEnd: string;
  totalSpent: string;
  totalRevenue: string;
  totalProfit: string;
  roiAchieved: string;
  commissionRate: string;
  amountDue: string;
  paidAt: string | null;
};
type StoredCard = StoredStatement & { userId: string; name: string; email: string; paid: string };

/** The columns of a stored statement (alias s) under StoredStatement's names. */
const storedStatementColumns = sql`s.id as "statementId", s.status, s.model_type as model,
  s.period_start::text as "periodStart", s.period_end::text as "periodEnd",
  s.total_spent::text as "totalSpent", s.total_revenue::text as "totalRevenue",
  s.total_profit::text as "totalProfit", s.roi_achieved::text as "roiAchieved",
  s.commission_rate::text as "commissionRate", s.amount_due::text as "amountDue",
  -- The ISO form Date.toISOString gives (milliseconds, UTC), whatever the driver.
  to_char(s.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "paidAt"`;

/** The sum of a statement's payouts that were not reversed, as text. */
const paidColumn = sql`coalesce((select sum(p.amount) from ${payouts} p
  where p.statement_id = s.id and p.reversed_at is null), 0)::numeric(16,2)::text as paid`;

/**
 * The payments screen's buyers (active buyers, plus any buyer who already has a statement this
 * month) in the cards' order, each with the month's spend and revenue (the month × buyer × team
 * lead totals hold a whole month exactly, docs/decisions/0042), their commission settings if saved,
 * and their stored statement for the month with what was paid of it, if there is one.
 */
async function readMonth(db: DbOrTx, periodStart: string) {
  type Row = SettingsFields &
    Omit<StoredCard, keyof StoredStatement> &
    ({ [K in keyof StoredStatement]: StoredStatement[K] | null } & {
      id: string;
      spent: string;
      revenue: string;
      hasSettings: boolean;
    });
  return selectOrderedRows<Row>(
    db,
    sql`select u.id, u.id as "userId", u.name, u.email,
               coalesce(t.spent, 0)::numeric(16,2)::text as spent,
               coalesce(t.revenue, 0)::numeric(16,2)::text as revenue,
               cs.user_id is not null as "hasSettings", cs.model_type as "modelType",
               cs.base_commission_rate::text as "baseCommissionRate",
               cs.high_roi_commission_rate::text as "highRoiCommissionRate",
               cs.roi_threshold::text as "roiThreshold", cs.tiered_roi_threshold::text as "tieredRoiThreshold",
               cs.minimum_monthly_revenue::text as "minimumMonthlyRevenue", coalesce(cs.revenue_tiers, '[]'::jsonb) as "revenueTiers",
               ${storedStatementColumns}, ${paidColumn}
        from ${users} u
        left join (select creator_id, sum(spent) as spent, sum(revenue) as revenue
                   from ${campaignTotals}
                   where grain = ${sql.raw(String(grains.monthTeam))} and period = ${periodStart}::date
                   group by creator_id) t on t.creator_id = u.id
        left join ${commissionSettings} cs on cs.user_id = u.id
        left join ${paymentStatements} s on s.user_id = u.id and s.period_start = ${periodStart}::date
        where u.role = 'user' and (u.deactivated_at is null or s.id is not null)`,
    sql`name, id`,
  );
}

/**
 * Whether a stored statement holds the fresh figures, compared as the columns store them: money in
 * cents, the rate in hundredths, the ROI (4 decimals in both) as a number. Fresh figures never have
 * more decimals than their column, so nothing here rounds.
 */
function sameStatement(stored: StoredStatement, fresh: ReturnType<typeof computeStatement>) {
  return (
    stored.model === fresh.modelType &&
    toCents(stored.totalSpent) === toCents(fresh.totalSpent) &&
    toCents(stored.totalRevenue) === toCents(fresh.totalRevenue) &&
    toCents(stored.totalProfit) === toCents(fresh.totalProfit) &&
    toCents(stored.amountDue) === toCents(fresh.amountDue) &&
    toBasisPoints(stored.commissionRate) === toBasisPoints(fresh.commissionRate) &&
    Number(stored.roiAchieved) === Number(fresh.roiAchieved)
  );
}

/**
 * Writes the given fresh statements in one statement: new ones appear as pending, pending ones are
 * refreshed, others stay frozen; answers the rows it wrote. A statement that already holds these
 * figures (another load wrote them first) is not written again, so two people opening the month do
 * not wait on each other's row locks (issue 9: 702 ms p95 at 10 connections when every load
 * rewrote all 200). PostgreSQL compares after casting to the columns' types. Rows go in user order,
 * so two loads lock them in the same order.
 */
async function refreshStatements(
  db: DbOrTx,
  period: { from: string; to: string },
  fresh: FreshStatement[],
): Promise<(StoredStatement & { userId: string; paid: string })[]> {
  const values = JSON.stringify(
    fresh.map((row) => ({
      user_id: row.userId,
      model_type: row.modelType,
      total_spent: row.totalSpent,
      total_revenue: row.totalRevenue,
      total_profit: row.totalProfit,
      roi_achieved: row.roiAchieved,
      commission_rate: row.commissionRate,
      amount_due: row.amountDue,
    })),
  );
  return selectRows(
    db,
    sql`
    insert into ${paymentStatements} as s (user_id, period_start, period_end, model_type, total_spent,
      total_revenue, total_profit, roi_achieved, commission_rate, amount_due)
    select f.user_id, ${period.from}::date, ${period.to}::date, f.model_type, f.total_spent, f.total_revenue,
           f.total_profit, f.roi_achieved, f.commission_rate, f.amount_due
    from (select f.user_id, f.model_type, f.total_spent::numeric(14,2) as total_spent,
                 f.total_revenue::numeric(14,2) as total_revenue, f.total_profit::numeric(14,2) as total_profit,
                 f.roi_achieved::numeric(20,4) as roi_achieved, f.commission_rate::numeric(5,2) as commission_rate,
                 f.amount_due::numeric(14,2) as amount_due
          from jsonb_to_recordset(${values}::jsonb) as f(user_id text, model_type text, total_spent text,
            total_revenue text, total_profit text, roi_achieved text, commission_rate text, amount_due text)) f
    left join ${paymentStatements} c on c.user_id = f.user_id and c.period_start = ${period.from}::date
    where c.id is null
       or (c.status = 'pending'
           and (c.model_type, c.total_spent, c.total_revenue, c.total_profit, c.roi_achieved, c.commission_rate,
                c.amount_due)
               is distinct from (f.model_type, f.total_spent, f.total_revenue, f.total_profit, f.roi_achieved,
                                 f.commission_rate, f.amount_due))
    order by f.user_id
    on conflict (user_id, period_start) do update set
      model_type = excluded.model_type, total_spent = excluded.total_spent,
      total_revenue = excluded.total_revenue, total_profit = excluded.total_profit,
      roi_achieved = excluded.roi_achieved, commission_rate = excluded.commission_rate,
      amount_due = excluded.amount_due, updated_at = now()
    where s.status = 'pending'
    returning s.user_id as "userId", ${storedStatementColumns}, ${paidColumn}`,
  );
}

function toCard(row: StoredCard): PaymentCard {
  const state = {
    status: row.status,
    amountDue: row.amountDue,
    payouts: [{ id: "sum", amount: row.paid, reversed: false }],
  };
  return {
    statementId: row.statementId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    model: row.model,
    status: row.status,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    totalSpent: row.totalSpent,
    totalRevenue: row.totalRevenue,
    totalProfit: row.totalProfit,
    roi: Number(row.roiAchieved),
    commissionRate: twoPlaces(row.commissionRate),
    amountDue: row.amountDue,
    paid: row.paid,
    pending: pendingAmount(state),
    paidAt: row.paidAt,
  };
}

async function readCards(db: DbOrTx, where: { periodStart: string } | { statementId: string }) {
  // Plain SQL: mapping 200 statements through the query builder was a third of the month's CPU.
  const rows = await selectRows<StoredCard>(
    db,
    sql`select s.user_id as "userId", u.name, u.email, ${storedStatementColumns}, ${paidColumn}
        from ${paymentStatements} s
        join ${users} u on u.id = s.user_id
        where ${"statementId" in where ? sql`s.id = ${where.statementId}` : sql`s.period_start = ${where.periodStart}::date and u.role = 'user'`}
        order by u.name, u.id`,
  );
  return rows.map(toCard);
}

const auditActionByRequest: Record<ActionRequest["type"], AuditAction> = {
  process: "payment.processed",
  reject: "payment.rejected",
  reopen: "payment.reopened",
  confirm: "payment.confirmed",
  "register-payout": "payment.payout_registered",
  "reverse-payout": "payment.payout_reversed",
  "edit-payout": "payment.payout_edited",
};

export type ActionRequest =
  | { type: "process" | "reject" | "reopen" | "confirm"; note?: string | null }
  | { type: "register-payout"; amount: string; note?: string | null }
  | { type: "reverse-payout"; payoutId: string; reason: string }
  | { type: "edit-payout"; payoutId: string; amount?: string; note?: string | null };

const refusalMessages: Record<string, string> = {
  invalid_transition: "This action is not possible in the statement's current status.",
  nothing_pending: "Nothing is pending on this statement.",
  amount_not_positive: "The amount must be greater than zero.",
  amount_negative: "The amount cannot be negative.",
  amount_exceeds_pending: "The amount is more than what is pending.",
  payout_not_found: "Payment not found.",
  payout_reversed: "This payment was already reversed.",
  statement_not_paid: "Only payments of a paid statement can be reversed.",
  reason_required: "A reason is required.",
  statement_closed: "The statement is cancelled; reopen it first.",
};

/** Runs one workflow action on a statement under a row lock; answers the updated card. */
export async function runPaymentAction({
  db,
  actor,
  statementId,
  request,
}: {
  db: Db;
  actor: Actor;
  statementId?: string;
  request: ActionRequest;
}): Promise<PaymentCard> {
  requireManager(actor);
  const id = await db.transaction(async (tx) => {
    let targetId = statementId;
    if (request.type === "reverse-payout" || request.type === "edit-payout") {
      const [payout] = await tx
        .select({ statementId: payouts.statementId })
        .from(payouts)
        .where(eq(payouts.id, request.payoutId));
      if (!payout) throw notFound("Payment");
      targetId = payout.statementId;
    }
    if (!targetId) throw notFound("Statement");
    const [statement] = await tx
      .select()
      .from(paymentStatements)
      .where(eq(paymentStatements.id, targetId))
      .for("update");
    if (!statement) throw notFound("Statement");
    const existing = await tx
      .select({ id: payouts.id, amount: payouts.amount, reversedAt: payouts.reversedAt })
      .from(payouts)
      .where(eq(payouts.statementId, targetId));

    const currentPayout = "payoutId" in request ? existing.find((p) => p.id === request.payoutId) : undefined;
    const action: PaymentAction =
      request.type === "register-payout"
        ? { type: "register-payout", amount: request.amount }
        : request.type === "reverse-payout"
          ? { type: "reverse-payout", payoutId: request.payoutId, reason: request.reason }
          : request.type === "edit-payout"
            ? {
                type: "edit-payout",
                payoutId: request.payoutId,
                amount: request.amount ?? currentPayout?.amount ?? "0",
              }
            : { type: request.type };
    const result = applyPaymentAction(
      {
        status: statement.status,
        amountDue: statement.amountDue,
        payouts: existing.map((p) => ({ id: p.id, amount: p.amount, reversed: p.reversedAt !== null })),
      },
      action,
      actor.role,
    );
    if (!result.ok) {
      if (result.reason === "forbidden") throw forbidden();
      throw conflict(result.reason, refusalMessages[result.reason] ?? "Not possible now.");
    }

    const now = new Date();
    const note = "note" in request ? request.note?.trim() || null : null;
    let payoutId: string | null = null;
    const effect = result.payout;
    if (effect?.type === "create") {
      const [created] = await tx
        .insert(payouts)
        .values({ statementId: targetId, amount: effect.amount, paidAt: now, note, createdBy: actor.id })
        .returning({ id: payouts.id });
      payoutId = created!.id;
    } else if (effect?.type === "reverse") {
      await tx
        .update(payouts)
        .set({ reversedAt: now, reversedBy: actor.id, reversalReason: effect.reason, updatedAt: now })
        .where(eq(payouts.id, effect.payoutId));
      payoutId = effect.payoutId;
    } else if (effect?.type === "edit") {
      await tx
        .update(payouts)
        .set({
          amount: effect.amount,
          ...(request.type === "edit-payout" && request.note !== undefined ? { note } : {}),
          updatedAt: now,
        })
        .where(eq(payouts.id, effect.payoutId));
      payoutId = effect.payoutId;
    }
    await tx
      .update(paymentStatements)
      .set({
        status: result.status,
        ...(result.paidAt === "set" ? { paidAt: now } : result.paidAt === "clear" ? { paidAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(paymentStatements.id, targetId));
    const detail =
      effect?.type === "reverse"
        ? effect.reason
        : effect?.type === "edit" && currentPayout
          ? [`${currentPayout.amount} → ${effect.amount}`, note].filter(Boolean).join(" · ")
          : note;
    await tx.insert(paymentStatusChanges).values({
      statementId: targetId,
      payoutId,
      action: request.type,
      previousStatus: statement.status,
      newStatus: result.status as StatementStatus,
      changedBy: actor.id,
      note: detail,
    });
    await recordAuditEvent(tx, {
      action: auditActionByRequest[request.type],
      ...auditSourceOf(actor),
      target: { type: "statement", id: targetId },
      subjectUserId: statement.userId,
      details: {
        month: monthOf(statement.periodStart),
        amountDue: statement.amountDue,
        status: { from: statement.status, to: result.status },
        ...(payoutId ? { payoutId } : {}),
        ...(effect?.type === "create" ? { amount: effect.amount } : {}),
        ...(effect?.type === "edit"
          ? { amount: { from: currentPayout?.amount ?? null, to: effect.amount } }
          : {}),
        ...(effect?.type === "reverse"
          ? { amount: currentPayout?.amount ?? null, reason: effect.reason }
          : {}),
        ...(note ? { note } : {}),
      },
    });
    if (result.paid) {
      await createNotifications(tx, [
        {
          userId: statement.userId,
          type: "payment",
          metadata: {
            statementId: targetId,
            amount: statement.amountDue,
            month: monthOf(statement.periodStart),
          },
        },
      ]);
    }
    return targetId;
  });
  const [card] = await readCards(db, { statementId: id });
  return card!;
}

const creators = alias(users, "payout_creator");
const changers = alias(users, "changer");

export async function getPaymentHistory({
  db,
  actor,
  statementId,
  page,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
  page: number;
}): Promise<PaymentHistory> {
  requireManager(actor);
  const pageSize = 10;
  const [statement] = await db.select().from(paymentStatements).where(eq(paymentStatements.id, statementId));
  if (!statement) throw notFound("Statement");
  const [rows, [total], changes] = await Promise.all([
    db
      .select({ payout: payouts, creatorName: creators.name })
      .from(payouts)
      .leftJoin(creators, eq(creators.id, payouts.createdBy))
      .where(eq(payouts.statementId, statementId))
      .orderBy(desc(payouts.paidAt), desc(payouts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(payouts).where(eq(payouts.statementId, statementId)),
    db
      .select({ change: paymentStatusChanges, changerName: changers.name })
      .from(paymentStatusChanges)
      .leftJoin(changers, eq(changers.id, paymentStatusChanges.changedBy))
      .where(eq(paymentStatusChanges.statementId, statementId))
      .orderBy(desc(paymentStatusChanges.createdAt)),
  ]);
  return {
    items: rows.map(({ payout, creatorName }) => ({
      id: payout.id,
      statementId,
      amount: payout.amount,
      paidAt: toIsoString(payout.paidAt),
      note: payout.note,
      createdBy: payout.createdBy ? { id: payout.createdBy, name: creatorName ?? "" } : null,
      reversedAt: payout.reversedAt ? toIsoString(payout.reversedAt) : null,
      reversalReason: payout.reversalReason,
      periodStart: statement.periodStart,
      periodEnd: statement.periodEnd,
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
    changes: changes.map(({ change, changerName }) => ({
      id: change.id,
      action: change.action,
      previousStatus: change.previousStatus,
      newStatus: change.newStatus,
      note: change.note,
      changedBy: change.changedBy ? { id: change.changedBy, name: changerName ?? "" } : null,
      createdAt: toIsoString(change.createdAt),
    })),
  };
}

/** The buyer's own current month for the top-bar badge (computed, never written). */
export async function getMyPayment({
  db,
  actor,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  timeZone: string;
}): Promise<MyPayment> {
  if (!can(actor.role, "payments:read-own")) throw forbidden();
  const month = monthOf(todayIn(timeZone));
  const { from, to } = monthRange(month);
  const [cards, [latest]] = await Promise.all([
    readCards(db, { periodStart: from }).then((all) => all.filter((card) => card.userId === actor.id)),
    db
      .select({ paidAt: sql<Date | string | null>`max(${paymentStatements.paidAt})` })
      .from(paymentStatements)
      .where(eq(paymentStatements.userId, actor.id)),
  ]);
  const latestPaid = latest?.paidAt ? new Date(latest.paidAt) : null;
  const nextExpectedDate = latestPaid ? addMonths(todayIn(timeZone, latestPaid), 1) : null;
  const card = cards[0];
  if (card) return { month, status: card.status, pending: card.pending, nextExpectedDate };
  // No statement yet this month: what it would be if it were loaded now.
  const [settingsRow] = await db
    .select()
    .from(commissionSettings)
    .where(eq(commissionSettings.userId, actor.id));
  const totals = (await monthTotals(db, [actor.id], from, to)).get(actor.id) ?? {
    spent: "0.00",
    revenue: "0.00",
  };
  const projected = computeStatement(toSettings(settingsRow), totals);
  return { month, status: "pending", pending: projected.amountDue, nextExpectedDate };
}

/**
 * The buyer's commission for the current month under their model, and what would raise the rate.
 * A frozen statement (processing, paid, cancelled) answers its own figures without steps.
 */
export async function getMyCommission({
  db,
  actor,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  timeZone: string;
}): Promise<MyCommission> {
  if (!can(actor.role, "payments:read-own")) throw forbidden();
  const month = monthOf(todayIn(timeZone));
  const { from, to } = monthRange(month);
  const [[settingsRow], [statement], totalsById] = await Promise.all([
    db.select().from(commissionSettings).where(eq(commissionSettings.userId, actor.id)),
    db
      .select()
      .from(paymentStatements)
      .where(and(eq(paymentStatements.userId, actor.id), eq(paymentStatements.periodStart, from))),
    monthTotals(db, [actor.id], from, to),
  ]);
  const settings = toSettings(settingsRow);
  if (statement && statement.status !== "pending") {
    return {
      month,
      model: statement.modelType,
      status: statement.status,
      frozen: true,
      spent: twoPlaces(statement.totalSpent),
      revenue: twoPlaces(statement.totalRevenue),
      profit: twoPlaces(statement.totalProfit),
      roi: Number(statement.roiAchieved),
      rate: normalizePercent(statement.commissionRate),
      commission: twoPlaces(statement.amountDue),
      steps: [],
    };
  }
  const totals = totalsById.get(actor.id) ?? { spent: "0.00", revenue: "0.00" };
  const projected = computeStatement(settings, totals);
  return {
    month,
    model: settings.modelType,
    status: "pending",
    frozen: false,
    spent: projected.totalSpent,
    revenue: projected.totalRevenue,
    profit: projected.totalProfit,
    roi: Number(projected.roiAchieved),
    rate: projected.commissionRate,
    commission: projected.amountDue,
    steps: findCommissionSteps(settings, {
      revenue: projected.totalRevenue,
      profit: projected.totalProfit,
      spent: projected.totalSpent,
    }),
  };
}

export async function getCommissionSettings({
  db,
  actor,
  userId,
}: {
  db: Db;
  actor: Actor;
  userId: string;
}): Promise<CommissionSettingsView> {
  if (!can(actor.role, "commission-settings:manage")) throw forbidden();
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  const [row] = await db.select().from(commissionSettings).where(eq(commissionSettings.userId, userId));
  return { userId, ...toSettings(row), saved: Boolean(row) };
}

export async function saveCommissionSettings({
  db,
  actor,
  userId,
  input,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  input: CommissionSettingsInput;
}): Promise<CommissionSettingsView> {
  if (!can(actor.role, "commission-settings:manage")) throw forbidden();
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  if (user.role !== "user") {
    throw unprocessable("not_a_buyer", "Commission settings apply to buyers only.");
  }
  const values = {
    modelType: input.modelType,
    baseCommissionRate: input.baseCommissionRate,
    highRoiCommissionRate: input.highRoiCommissionRate,
    roiThreshold: input.roiThreshold,
    tieredRoiThreshold: input.tieredRoiThreshold,
    minimumMonthlyRevenue: input.minimumMonthlyRevenue,
    revenueTiers: input.revenueTiers,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(commissionSettings)
      .where(eq(commissionSettings.userId, userId))
      .for("update");
    await tx
      .insert(commissionSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: commissionSettings.userId, set: values });
    const before = toSettings(previous);
    const after = toSettings({ userId, ...values } as typeof commissionSettings.$inferSelect);
    await recordAuditEvent(tx, {
      action: "commission_settings.updated",
      ...auditSourceOf(actor),
      target: { type: "commission_settings", id: userId },
      subjectUserId: userId,
      details: { changes: describeChanges(before, after, commissionAuditedFields), firstSave: !previous },
    });
  });
  return getCommissionSettings({ db, actor, userId });
}
