import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CommissionSettings } from "../../../domain/commission";
import { monthOf, monthRange, todayIn } from "../../../domain/periods";
import { can } from "../../../domain/permissions";
import type { CommissionSettingsInput, CommissionSettingsView } from "../../../domain/schemas/payments";
import { auditSourceOf, describeChanges, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { commissionSettings, paymentStatements, users } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { conflict, notFound, unprocessable } from "../../errors";
import { assertCan } from "../../permissions";
import { effectiveMonthOf, toSettings } from "./statements";

// A buyer's commission settings by effective month (decisions.md, "Month close and the payout
// ledger"; docs/decisions/0061): a month uses the row with the latest effective_from on or before its
// first day, the defaults when there is none. A save takes effect from a month (default the current
// one) and is refused when that month or a later one has a statement that is no longer pending: the
// months before it keep the settings they had.

const auditedFields = [
  "modelType",
  "baseCommissionRate",
  "highRoiCommissionRate",
  "roiThreshold",
  "tieredRoiThreshold",
  "minimumMonthlyRevenue",
  "revenueTiers",
] as const satisfies readonly (keyof CommissionSettings)[];

const updaters = alias(users, "settings_updater");

async function readView(db: DbOrTx, userId: string, month: string): Promise<CommissionSettingsView> {
  const rows = await db
    .select({ row: commissionSettings, updaterName: updaters.name })
    .from(commissionSettings)
    .leftJoin(updaters, eq(updaters.id, commissionSettings.updatedBy))
    .where(eq(commissionSettings.userId, userId))
    .orderBy(desc(commissionSettings.effectiveFrom));
  const periodStart = monthRange(month).from;
  // Newest first: the first row on or before the month is the one in effect.
  const inEffect = rows.find(({ row }) => row.effectiveFrom <= periodStart)?.row;
  return {
    userId,
    ...toSettings(inEffect),
    saved: Boolean(inEffect),
    effectiveFrom: inEffect ? effectiveMonthOf(inEffect.effectiveFrom) : null,
    history: rows.map(({ row, updaterName }) => {
      const { revenueTiers: _tiers, ...version } = toSettings(row);
      return {
        effectiveFrom: effectiveMonthOf(row.effectiveFrom),
        ...version,
        updatedBy: row.updatedBy ? { id: row.updatedBy, name: updaterName ?? "" } : null,
        updatedAt: toIsoString(row.updatedAt),
      };
    }),
  };
}

async function requireUser(db: DbOrTx, userId: string) {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  return user;
}

export async function getCommissionSettings({
  db,
  actor,
  userId,
  month,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  /** "YYYY-MM"; default the current month in the workspace time zone */
  month?: string | undefined;
  timeZone: string;
}): Promise<CommissionSettingsView> {
  assertCan(actor, "commission-settings:manage");
  await requireUser(db, userId);
  return readView(db, userId, month ?? monthOf(todayIn(timeZone)));
}

export async function saveCommissionSettings({
  db,
  actor,
  userId,
  input,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  input: CommissionSettingsInput;
  timeZone: string;
}): Promise<CommissionSettingsView> {
  assertCan(actor, "commission-settings:manage");
  const user = await requireUser(db, userId);
  if (!can(user.role, "commission:earn")) {
    throw unprocessable("not_a_buyer", "Commission settings apply to buyers only.");
  }
  const month = input.effectiveFrom ?? monthOf(todayIn(timeZone));
  const effectiveFrom = monthRange(month).from;
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
    // The buyer's statements from that month on, locked in month order (as a carry locks them): a
    // statement processed meanwhile either waits for this save or is seen closed by it.
    const later = await tx
      .select({ periodStart: paymentStatements.periodStart, status: paymentStatements.status })
      .from(paymentStatements)
      .where(and(eq(paymentStatements.userId, userId), gte(paymentStatements.periodStart, effectiveFrom)))
      .orderBy(paymentStatements.periodStart)
      .for("update");
    const closed = later.find((statement) => statement.status !== "pending");
    if (closed) {
      throw conflict(
        "month_closed",
        `The statement of ${monthOf(closed.periodStart)} is ${closed.status}: settings cannot take effect from ${month}. Reopen it or choose a later month.`,
      );
    }
    // The settings in effect for that month before this save, for the audit trail.
    const [previous] = await tx
      .select()
      .from(commissionSettings)
      .where(and(eq(commissionSettings.userId, userId), lte(commissionSettings.effectiveFrom, effectiveFrom)))
      .orderBy(desc(commissionSettings.effectiveFrom))
      .limit(1)
      .for("update");
    const changes = describeChanges(toSettings(previous), toSettings({ ...values }), auditedFields);
    // Saving the settings already in effect changes nothing: no new version, no audit event. A first
    // save is always kept (the buyer's settings become their own instead of the defaults).
    if (previous && Object.keys(changes).length === 0) return;
    await tx
      .insert(commissionSettings)
      .values({ userId, effectiveFrom, ...values })
      .onConflictDoUpdate({
        target: [commissionSettings.userId, commissionSettings.effectiveFrom],
        set: { ...values, updatedAt: sql`now()` },
      });
    await recordAuditEvent(tx, {
      action: "commission_settings.updated",
      ...auditSourceOf(actor),
      target: { type: "commission_settings", id: userId },
      subjectUserId: userId,
      details: { effectiveFrom: month, changes, firstSave: !previous },
    });
  });
  return readView(db, userId, month);
}
