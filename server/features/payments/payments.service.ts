import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction } from "../../../domain/audit";
import { findCommissionSteps, normalizePercent } from "../../../domain/commission";
import {
  applyPaymentAction,
  type PaymentAction,
  type RefusalReason,
  type StatementStatus,
} from "../../../domain/payments";
import { recogniseSystemNote, type SystemNote } from "../../../domain/payout-notes";
import { addMonths, monthOf, monthRange, todayIn } from "../../../domain/periods";
import { ratioText } from "../../../domain/ratios";
import type {
  Adjustment,
  MyCommission,
  MyPayment,
  MyStatements,
  PaymentCard,
  PaymentHistory,
  PaymentMonth,
} from "../../../domain/schemas/payments";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { paymentAdjustments, paymentStatements, paymentStatusChanges, payouts, users } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { AppError, conflict, forbidden, notFound } from "../../errors";
import { assertCan } from "../../permissions";
import { readMonthRates } from "../fx-rates/fx-rates.service";
import { createNotifications } from "../notifications/notifications.service";
import { readReconciliationStates } from "../reconciliation/lines";
import { carryOverpayment } from "./carry";
import {
  answerMonth,
  computeStatement,
  type MonthFilters,
  readCard,
  readMonth,
  readMonthCommissions,
  readMonthTotals,
  readSettingsInEffect,
  readUserCards,
  refreshStatements,
  sameStatement,
  twoPlaces,
} from "./statements";

export { getCommissionSettings, saveCommissionSettings } from "./commission-settings";

// Monthly commission statements and their ledger (decisions.md, "Commission", "Payments", "Month
// close and the payout ledger"; docs/decisions/0061). Every action is one transaction holding a row
// lock on its statement; the pure rules live in domain/payments.ts and domain/commission.ts.

function assertMonthNotFuture(month: string, timeZone: string) {
  if (month > monthOf(todayIn(timeZone))) {
    throw new AppError("validation_failed", "That month has not started yet.", { month: "month_in_future" });
  }
}

/** Whether a month ("YYYY-MM-DD" last day) has ended in the workspace time zone. */
const isMonthOver = (periodEnd: string, timeZone: string) => todayIn(timeZone) > periodEnd;

/**
 * The month's statements as the payments table shows them, narrowed by the filters, with the
 * filtered rows' totals. Creates the month's missing statements, recalculates the pending ones from
 * the month's campaigns with the settings in effect for the month (processing, paid and cancelled
 * stay frozen), and carries the previous month's overpayments in. One query when nothing changed;
 * otherwise the writes, then the month read again, so only stored figures are ever answered.
 *
 * Also what the payout file reads (its rows' `pending`): call it with the file's filters.
 */
export async function readPaymentRows({
  db,
  actor,
  month,
  timeZone,
  filters = {},
}: {
  db: Db;
  actor: Actor;
  month: string;
  timeZone: string;
  filters?: MonthFilters;
}): Promise<PaymentMonth> {
  assertCan(actor, "payments:manage");
  assertMonthNotFuture(month, timeZone);
  const period = monthRange(month);
  const input = { month, timeZone, filters };
  let { rows, work } = await readMonth(db, input);
  if (work.stale.length > 0 || work.carries.length > 0) {
    if (work.stale.length > 0) await refreshStatements(db, period, work.stale);
    // One transaction per carry: each locks two statements of one buyer, earlier month first.
    for (const originId of work.carries) await db.transaction((tx) => carryOverpayment(tx, actor, originId));
    ({ rows } = await readMonth(db, input));
  }
  const answered = answerMonth(rows);
  const states = await readReconciliationStates(
    db,
    period.from,
    answered.items.map((item) => item.userId),
  );
  for (const item of answered.items) item.reconciliation = states.get(item.userId) ?? "not_uploaded";
  return { month, monthOver: isMonthOver(period.to, timeZone), periodEnd: period.to, ...answered };
}

/** GET /api/payments: see readPaymentRows. */
export const loadPaymentMonth = readPaymentRows;

export type ActionRequest =
  | {
      type: "process" | "confirm";
      note?: string | null;
      closeEarly?: boolean | undefined;
      /** Required while the buyer's reconciliation has open differences (docs/decisions/0113). */
      reconciliationReason?: string | null;
    }
  | { type: "reject" | "reopen"; note?: string | null }
  | { type: "register-payout"; amount: string; note?: string | null; closeEarly?: boolean | undefined }
  | { type: "reverse-payout"; payoutId: string; reason: string }
  | { type: "edit-payout"; payoutId: string; note: string | null | undefined }
  | { type: "adjust"; amount: string; reason: string };

const auditActionByRequest: Record<ActionRequest["type"], AuditAction> = {
  process: "payment.processed",
  reject: "payment.rejected",
  reopen: "payment.reopened",
  confirm: "payment.confirmed",
  "register-payout": "payment.payout_registered",
  "reverse-payout": "payment.payout_reversed",
  "edit-payout": "payment.payout_edited",
  adjust: "payment.adjusted",
};

const refusalMessages: Record<Exclude<RefusalReason, "forbidden">, string> = {
  invalid_transition: "This action is not possible in the statement's current status.",
  nothing_pending: "Nothing is pending on this statement.",
  amount_not_positive: "The amount must be greater than zero.",
  amount_zero: "The amount cannot be zero.",
  amount_exceeds_pending: "The amount is more than what is pending.",
  payout_not_found: "Payment not found.",
  payout_reversed: "This payment was already reversed.",
  reason_required: "A reason is required.",
  statement_closed: "The statement is cancelled; reopen it first.",
  month_not_over:
    "The month has not ended yet in the workspace time zone. Send closeEarly: true to close it early.",
};

const reconciliationOpenError = () =>
  new AppError(
    "conflict",
    "The month's reconciliation has open differences: resolve them, or give the reason (reconciliationReason).",
    { reconciliationReason: "reason_required" },
    "reconciliation_open",
  );

/** The actions whose amount comes from the statement's figures: refreshed first, under the lock. */
const paysFromFigures = (type: ActionRequest["type"]) => type === "confirm" || type === "register-payout";

/**
 * Recalculates a pending statement under its lock from the month's campaigns with the settings in
 * effect, so a month is never closed on figures older than its campaigns. Answers the new amount due
 * when the figures moved, else null.
 */
async function refreshLocked(
  tx: Tx,
  statement: typeof paymentStatements.$inferSelect,
): Promise<string | null> {
  const [{ settings }, totals] = await Promise.all([
    readSettingsInEffect(tx, statement.userId, statement.periodStart),
    readMonthTotals(tx, statement.userId, statement.periodStart),
  ]);
  const fresh = computeStatement(settings, totals);
  const stored = {
    model: statement.modelType,
    totalSpent: statement.totalSpent,
    totalRevenue: statement.totalRevenue,
    totalProfit: statement.totalProfit,
    amountDue: statement.amountDue,
    commissionRate: statement.commissionRate,
    roiAchieved: statement.roiAchieved,
  };
  if (sameStatement(stored, fresh)) return null;
  await tx
    .update(paymentStatements)
    .set({ ...fresh, updatedAt: new Date() })
    .where(eq(paymentStatements.id, statement.id));
  statement.amountDue = fresh.amountDue;
  return fresh.amountDue;
}

/** Runs one workflow action on a statement under a row lock; answers the updated card. */
export async function runPaymentAction({
  db,
  actor,
  statementId,
  request,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  statementId?: string;
  request: ActionRequest;
  timeZone: string;
}): Promise<PaymentCard> {
  assertCan(actor, "payments:manage");
  const outcome = await db.transaction((tx) =>
    runPaymentActionIn(tx, { actor, statementId, request, timeZone }),
  );
  if (outcome.changedDue !== null) {
    throw conflict(
      "statement_changed",
      `The month's figures changed since they were loaded: ${outcome.changedDue} is now due. Review the statement and try again.`,
    );
  }
  return (await readCard(db, outcome.id))!;
}

/**
 * One workflow action inside the caller's transaction (the statement's row lock is taken here), so
 * another feature can run several in one transaction (reconciliation adjustments, issue 32). Answers
 * the statement's id, and the new amount due when a payment was refused because the figures moved.
 */
export async function runPaymentActionIn(
  tx: Tx,
  {
    actor,
    statementId,
    request,
    timeZone,
  }: { actor: Actor; statementId?: string; request: ActionRequest; timeZone: string },
): Promise<{ id: string; changedDue: string | null; adjustmentId: string | null }> {
  assertCan(actor, "payments:manage");
  {
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

    // Closing a month whose reconciliation has open differences needs a reason (docs/decisions/0113),
    // kept as the status change's note.
    let reconciliationOpen = false;
    if (request.type === "process" || request.type === "confirm") {
      const states = await readReconciliationStates(tx, statement.periodStart, [statement.userId]);
      reconciliationOpen = states.get(statement.userId) === "open";
      if (reconciliationOpen && !request.reconciliationReason?.trim()) throw reconciliationOpenError();
    }

    if (statement.status === "pending" && (request.type === "process" || paysFromFigures(request.type))) {
      const changedDue = await refreshLocked(tx, statement);
      // Never pay an amount nobody was shown: keep the new figures, refuse the payment.
      if (changedDue !== null && paysFromFigures(request.type))
        return { id: targetId, changedDue, adjustmentId: null };
    }

    const [existing, [adjusted]] = await Promise.all([
      tx
        .select({
          id: payouts.id,
          amount: payouts.amount,
          reversedAt: payouts.reversedAt,
          note: payouts.note,
        })
        .from(payouts)
        .where(eq(payouts.statementId, targetId)),
      tx
        .select({ sum: sql<string>`round(coalesce(sum(${paymentAdjustments.amount}), 0), 2)::text` })
        .from(paymentAdjustments)
        .where(eq(paymentAdjustments.statementId, targetId)),
    ]);
    const currentPayout = "payoutId" in request ? existing.find((p) => p.id === request.payoutId) : undefined;
    const closeEarly = "closeEarly" in request ? request.closeEarly === true : false;
    const action: PaymentAction =
      request.type === "register-payout"
        ? { type: "register-payout", amount: request.amount, closeEarly }
        : request.type === "reverse-payout"
          ? { type: "reverse-payout", payoutId: request.payoutId, reason: request.reason }
          : request.type === "edit-payout"
            ? { type: "edit-payout-note", payoutId: request.payoutId }
            : request.type === "adjust"
              ? { type: "adjust", amount: request.amount, reason: request.reason }
              : request.type === "process" || request.type === "confirm"
                ? { type: request.type, closeEarly }
                : { type: request.type };
    const result = applyPaymentAction(
      {
        status: statement.status,
        amountDue: statement.amountDue,
        adjustments: adjusted?.sum ?? "0.00",
        payouts: existing.map((p) => ({ id: p.id, amount: p.amount, reversed: p.reversedAt !== null })),
        monthOver: isMonthOver(statement.periodEnd, timeZone),
      },
      action,
      actor.role,
    );
    if (!result.ok) {
      if (result.reason === "forbidden") throw forbidden();
      throw conflict(result.reason, refusalMessages[result.reason]);
    }
    // A payout's note saved as it already was changes nothing: no history row, no audit event.
    if (
      request.type === "edit-payout" &&
      result.status === statement.status &&
      (request.note === undefined || (request.note?.trim() || null) === (currentPayout?.note ?? null))
    )
      return { id: targetId, changedDue: null, adjustmentId: null };

    const now = new Date();
    const typedNote =
      request.type === "reverse-payout" || request.type === "adjust" ? null : request.note?.trim() || null;
    // The reason for closing with open differences joins the history's note.
    const reconciliationReason =
      reconciliationOpen && "reconciliationReason" in request
        ? request.reconciliationReason?.trim() || null
        : null;
    const note = reconciliationReason
      ? typedNote
        ? `${typedNote} · ${reconciliationReason}`
        : reconciliationReason
      : typedNote;
    let payoutId: string | null = null;
    let adjustmentId: string | null = null;
    const effect = result.effect;
    if (effect?.type === "create-payout") {
      const [created] = await tx
        .insert(payouts)
        .values({ statementId: targetId, amount: effect.amount, paidAt: now, note, createdBy: actor.id })
        .returning({ id: payouts.id });
      payoutId = created!.id;
    } else if (effect?.type === "reverse-payout") {
      await tx
        .update(payouts)
        .set({ reversedAt: now, reversedBy: actor.id, reversalReason: effect.reason, updatedAt: now })
        .where(eq(payouts.id, effect.payoutId));
      payoutId = effect.payoutId;
    } else if (effect?.type === "edit-payout-note") {
      // An absent note leaves it as it is; null or blank clears it.
      if (request.type === "edit-payout" && request.note !== undefined)
        await tx.update(payouts).set({ note, updatedAt: now }).where(eq(payouts.id, effect.payoutId));
      payoutId = effect.payoutId;
    } else if (effect?.type === "adjust") {
      const [created] = await tx
        .insert(paymentAdjustments)
        .values({ statementId: targetId, amount: effect.amount, reason: effect.reason, createdBy: actor.id })
        .returning({ id: paymentAdjustments.id });
      adjustmentId = created!.id;
    }
    // Leaving pending freezes the figures: record the currency they are in and the rate each day of
    // the month converted at (issue 30); those rates are locked from now on (fx-rates.service).
    const frozen =
      statement.status === "pending" && result.status !== "pending"
        ? await readMonthRates(tx, statement.periodStart, statement.periodEnd)
        : null;
    if (result.status !== statement.status || result.paidAt !== "keep") {
      await tx
        .update(paymentStatements)
        .set({
          status: result.status,
          ...(frozen ? { currency: frozen.reportingCurrency, ratesUsed: frozen.rates } : {}),
          ...(result.paidAt === "set" ? { paidAt: now } : result.paidAt === "clear" ? { paidAt: null } : {}),
          updatedAt: now,
        })
        .where(eq(paymentStatements.id, targetId));
    }
    const detail =
      effect?.type === "reverse-payout" || effect?.type === "adjust"
        ? effect.type === "adjust"
          ? `${effect.amount} · ${effect.reason}`
          : effect.reason
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
        ...(adjustmentId ? { adjustmentId } : {}),
        ...(effect?.type === "create-payout" ? { amount: effect.amount } : {}),
        ...(effect?.type === "reverse-payout"
          ? { amount: currentPayout?.amount ?? null, reason: effect.reason }
          : {}),
        ...(effect?.type === "edit-payout-note"
          ? { note: { from: currentPayout?.note ?? null, to: note } }
          : {}),
        ...(effect?.type === "adjust" ? { amount: effect.amount, reason: effect.reason } : {}),
        ...("closeEarly" in action ? { closeEarly: result.closedEarly } : {}),
        ...(note && effect?.type !== "edit-payout-note" ? { note } : {}),
        ...(reconciliationReason ? { reconciliationOpen: true, reconciliationReason } : {}),
      },
    });
    if (result.paid && effect?.type === "create-payout") {
      // The transfer that settled the statement, not the statement's total (earlier parts were
      // their own transfers).
      await createNotifications(tx, [
        {
          userId: statement.userId,
          type: "payment",
          metadata: { statementId: targetId, amount: effect.amount, month: monthOf(statement.periodStart) },
        },
      ]);
    }
    // An adjustment that leaves more paid than owed moves the excess to the next month, if it exists.
    if (effect?.type === "adjust") await carryOverpayment(tx, actor, targetId);
    return { id: targetId, changedDue: null, adjustmentId };
  }
}

const creators = alias(users, "payout_creator");
const changers = alias(users, "changer");
const adjusters = alias(users, "adjuster");
const linked = alias(paymentStatements, "linked_statement");

/** A statement's adjustments, newest first, as the API shows them. */
async function readAdjustments(db: DbOrTx, statementIds: string[]): Promise<Adjustment[]> {
  if (statementIds.length === 0) return [];
  const rows = await db
    .select({
      adjustment: paymentAdjustments,
      creatorName: adjusters.name,
      linkedStart: linked.periodStart,
    })
    .from(paymentAdjustments)
    .leftJoin(adjusters, eq(adjusters.id, paymentAdjustments.createdBy))
    .leftJoin(linked, eq(linked.id, paymentAdjustments.linkedStatementId))
    .where(inArray(paymentAdjustments.statementId, statementIds))
    .orderBy(desc(paymentAdjustments.createdAt), desc(paymentAdjustments.id));
  return rows.map(({ adjustment, creatorName, linkedStart }) => ({
    id: adjustment.id,
    statementId: adjustment.statementId,
    amount: adjustment.amount,
    reason: adjustment.reason,
    kind: adjustment.kind,
    linkedMonth: linkedStart ? monthOf(linkedStart) : null,
    createdBy: adjustment.createdBy ? { id: adjustment.createdBy, name: creatorName ?? "" } : null,
    createdAt: toIsoString(adjustment.createdAt),
  }));
}

export async function getPaymentHistory({
  db,
  actor,
  statementId,
  page,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
  page: number;
  timeZone: string;
}): Promise<PaymentHistory> {
  assertCan(actor, "payments:manage");
  const pageSize = 10;
  const [statement] = await db.select().from(paymentStatements).where(eq(paymentStatements.id, statementId));
  if (!statement) throw notFound("Statement");
  const [rows, [total], changes, adjustments] = await Promise.all([
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
      // Commit order: every change holds the statement's row lock, so seq follows it; created_at is
      // the transaction's start and misorders changes that waited for the lock.
      .orderBy(desc(paymentStatusChanges.seq)),
    readAdjustments(db, [statementId]),
  ]);
  // Confirmar Pagamento's payout carries the system note "confirmed on {day}" (docs/decisions/0094):
  // known from its status change, or from the sentence older versions stored as its note.
  const confirmedPayouts = new Set(
    changes.filter(({ change }) => change.action === "confirm").map(({ change }) => change.payoutId),
  );
  const notesOf = (note: string | null, confirmedAt: Date | null) => {
    const recognised = recogniseSystemNote(note);
    if (recognised) return { note: null, systemNote: recognised };
    const systemNote: SystemNote | null = confirmedAt
      ? { type: "payment_confirmed", date: todayIn(timeZone, confirmedAt) }
      : null;
    return { note, systemNote };
  };
  return {
    items: rows.map(({ payout, creatorName }) => ({
      id: payout.id,
      statementId,
      amount: payout.amount,
      paidAt: toIsoString(payout.paidAt),
      ...notesOf(payout.note, confirmedPayouts.has(payout.id) ? payout.paidAt : null),
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
      ...notesOf(change.note, change.action === "confirm" ? change.createdAt : null),
      changedBy: change.changedBy ? { id: change.changedBy, name: changerName ?? "" } : null,
      createdAt: toIsoString(change.createdAt),
    })),
    adjustments,
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
  assertCan(actor, "payments:read-own");
  const month = monthOf(todayIn(timeZone));
  const { from } = monthRange(month);
  const [cards, [latest]] = await Promise.all([
    readUserCards(db, actor.id, from),
    db
      .select({
        statementPaidAt: sql<Date | string | null>`max(${paymentStatements.paidAt})`,
        payoutPaidAt: sql<Date | string | null>`(select max(p.paid_at) from ${payouts} p
          join ${paymentStatements} s on s.id = p.statement_id
          where s.user_id = ${actor.id} and p.reversed_at is null)`,
      })
      .from(paymentStatements)
      .where(eq(paymentStatements.userId, actor.id)),
  ]);
  const latestPaid = latest?.statementPaidAt ? new Date(latest.statementPaidAt) : null;
  const nextExpectedDate = latestPaid ? addMonths(todayIn(timeZone, latestPaid), 1) : null;
  const lastPaidAt = latest?.payoutPaidAt ? new Date(latest.payoutPaidAt).toISOString() : null;
  const card = cards[0];
  if (card) return { month, status: card.status, pending: card.pending, nextExpectedDate, lastPaidAt };
  // No statement yet this month: what it would be if it were loaded now.
  const [{ settings }, totals] = await Promise.all([
    readSettingsInEffect(db, actor.id, from),
    readMonthTotals(db, actor.id, from),
  ]);
  const projected = computeStatement(settings, totals);
  return { month, status: "pending", pending: projected.amountDue, nextExpectedDate, lastPaidAt };
}

/** The buyer's own statements, newest month first, with their payouts and adjustments (read-only). */
export async function getMyPayments({ db, actor }: { db: Db; actor: Actor }): Promise<MyStatements> {
  assertCan(actor, "payments:read-own");
  const cards = await readUserCards(db, actor.id);
  const ids = cards.map((card) => card.statementId);
  const [payoutRows, adjustments] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            id: payouts.id,
            statementId: payouts.statementId,
            amount: payouts.amount,
            paidAt: payouts.paidAt,
            reversedAt: payouts.reversedAt,
            reversalReason: payouts.reversalReason,
          })
          .from(payouts)
          .where(inArray(payouts.statementId, ids))
          .orderBy(desc(payouts.paidAt), desc(payouts.id)),
    readAdjustments(db, ids),
  ]);
  return {
    items: cards.map((card) => ({
      statementId: card.statementId,
      month: monthOf(card.periodStart),
      status: card.status,
      model: card.model,
      totalRevenue: card.totalRevenue,
      totalProfit: card.totalProfit,
      roi: card.roi,
      commissionRate: card.commissionRate,
      amountDue: card.amountDue,
      adjustments: card.adjustments,
      paid: card.paid,
      pending: card.pending,
      overpaid: card.overpaid,
      paidAt: card.paidAt,
      payouts: payoutRows
        .filter((p) => p.statementId === card.statementId)
        .map((p) => ({
          id: p.id,
          amount: p.amount,
          paidAt: toIsoString(p.paidAt),
          reversedAt: p.reversedAt ? toIsoString(p.reversedAt) : null,
          reversalReason: p.reversalReason,
        })),
      adjustmentItems: adjustments.filter((a) => a.statementId === card.statementId),
    })),
  };
}

/**
 * The buyer's commission for the current month under the settings in effect for it, and what would
 * raise the rate. A frozen statement (processing, paid, cancelled) answers its own figures without
 * steps.
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
  assertCan(actor, "payments:read-own");
  const month = monthOf(todayIn(timeZone));
  const { from } = monthRange(month);
  const [{ settings }, [statement], totals] = await Promise.all([
    readSettingsInEffect(db, actor.id, from),
    db
      .select()
      .from(paymentStatements)
      .where(and(eq(paymentStatements.userId, actor.id), eq(paymentStatements.periodStart, from))),
    readMonthTotals(db, actor.id, from),
  ]);
  if (statement && statement.status !== "pending") {
    return {
      month,
      model: statement.modelType,
      status: statement.status,
      frozen: true,
      spent: twoPlaces(statement.totalSpent),
      revenue: twoPlaces(statement.totalRevenue),
      profit: twoPlaces(statement.totalProfit),
      roi: ratioText(statement.roiAchieved),
      rate: normalizePercent(statement.commissionRate),
      commission: twoPlaces(statement.amountDue),
      steps: [],
    };
  }
  const projected = computeStatement(settings, totals);
  return {
    month,
    model: settings.modelType,
    status: "pending",
    frozen: false,
    spent: projected.totalSpent,
    revenue: projected.totalRevenue,
    profit: projected.totalProfit,
    roi: ratioText(projected.roiAchieved),
    rate: projected.commissionRate,
    commission: projected.amountDue,
    steps: findCommissionSteps(settings, {
      revenue: projected.totalRevenue,
      profit: projected.totalProfit,
      spent: projected.totalSpent,
    }),
  };
}

/**
 * The commission of the current calendar month (workspace time zone) so far, per buyer, as the
 * payments screen and the buyer's own card compute it: for screens that list several buyers (the
 * team screen). No permission of its own: the caller has already scoped `userIds` to what its
 * actor may read.
 */
export async function readCommissionsThisMonth({
  db,
  userIds,
  timeZone,
  now,
}: {
  db: DbOrTx;
  userIds: readonly string[];
  timeZone: string;
  now?: Date;
}): Promise<Map<string, string>> {
  const { from } = monthRange(monthOf(todayIn(timeZone, now)));
  return readMonthCommissions(db, userIds, from);
}
