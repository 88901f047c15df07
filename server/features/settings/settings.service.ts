import { eq } from "drizzle-orm";
import { can } from "../../../domain/permissions";
import {
  defaultRetentionDays,
  isTimeZone,
  type TwoFactorRequirableRole,
  twoFactorRequirableRoles,
  type WorkspaceSettings,
  type WorkspaceSettingsInput,
} from "../../../domain/schemas/settings";
import { recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { workspaceSettings } from "../../db/schema";
import { forbidden } from "../../errors";

// The workspace settings live in one database row, read on every request that needs them (a
// primary-key lookup, see docs/decisions/0020): every process sees a save at once, no cache to
// invalidate. Before the first save the defaults apply; WORKSPACE_TIMEZONE seeds the time zone.

/** The one row of workspace_settings. */
export const workspaceSettingsId = 1;
const settingsId = workspaceSettingsId;

export function buildDefaultSettings(fallbackTimezone: string): WorkspaceSettings {
  return {
    reportingCurrency: "USD",
    defaultLanguage: "pt-BR",
    timezone: isTimeZone(fallbackTimezone) ? fallbackTimezone : "America/Sao_Paulo",
    notifications: { email: true, daily: false, weekly: false, monthly: false },
    backupFrequency: "daily",
    retentionDays: defaultRetentionDays,
    twoFactorRequiredRoles: [],
    updatedAt: null,
  };
}

export function toRequiredRoles(stored: readonly string[] | null | undefined): TwoFactorRequirableRole[] {
  return twoFactorRequirableRoles.filter((role) => stored?.includes(role));
}

type SettingsRow = typeof workspaceSettings.$inferSelect;

function toSettings(row: SettingsRow): WorkspaceSettings {
  return {
    reportingCurrency: row.reportingCurrency,
    defaultLanguage: row.defaultLanguage,
    timezone: row.timezone,
    notifications: {
      email: row.notifyEmail,
      daily: row.notifyDaily,
      weekly: row.notifyWeekly,
      monthly: row.notifyMonthly,
    },
    backupFrequency: row.backupFrequency,
    retentionDays: row.retentionDays,
    twoFactorRequiredRoles: toRequiredRoles(row.twoFactorRequiredRoles),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored settings, or the defaults before the first save. */
export async function readWorkspaceSettings(
  db: DbOrTx,
  fallbackTimezone: string,
): Promise<WorkspaceSettings> {
  const [row] = await db
    .select()
    .from(workspaceSettings)
    .where(eq(workspaceSettings.id, settingsId))
    .limit(1);
  return row ? toSettings(row) : buildDefaultSettings(fallbackTimezone);
}

/** The workspace time zone: decides "today", periods and payment months everywhere. */
export async function readWorkspaceTimezone(db: DbOrTx, fallbackTimezone: string): Promise<string> {
  const [row] = await db
    .select({ timezone: workspaceSettings.timezone })
    .from(workspaceSettings)
    .where(eq(workspaceSettings.id, settingsId))
    .limit(1);
  return row?.timezone ?? buildDefaultSettings(fallbackTimezone).timezone;
}

/** The roles that must use two-factor sign-in (none before the first save). */
export async function readTwoFactorRequiredRoles(db: DbOrTx): Promise<TwoFactorRequirableRole[]> {
  const [row] = await db
    .select({ roles: workspaceSettings.twoFactorRequiredRoles })
    .from(workspaceSettings)
    .where(eq(workspaceSettings.id, settingsId))
    .limit(1);
  return toRequiredRoles(row?.roles);
}

/** Old → new of every setting that changed, for the audit trail. */
function describeChanges(before: WorkspaceSettings, after: WorkspaceSettings) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof WorkspaceSettings)[]) {
    if (key === "updatedAt") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}

export async function saveWorkspaceSettings(input: {
  db: Db;
  actor: Actor;
  settings: WorkspaceSettingsInput;
  fallbackTimezone: string;
}): Promise<WorkspaceSettings> {
  const { db, actor, settings, fallbackTimezone } = input;
  if (!can(actor.role, "settings:manage")) throw forbidden();
  const values = {
    reportingCurrency: settings.reportingCurrency,
    defaultLanguage: settings.defaultLanguage,
    timezone: settings.timezone,
    notifyEmail: settings.notifications.email,
    notifyDaily: settings.notifications.daily,
    notifyWeekly: settings.notifications.weekly,
    notifyMonthly: settings.notifications.monthly,
    backupFrequency: settings.backupFrequency,
    retentionDays: settings.retentionDays,
    // Left out of the request: the stored requirement stays as it is.
    ...(settings.twoFactorRequiredRoles ? { twoFactorRequiredRoles: settings.twoFactorRequiredRoles } : {}),
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(workspaceSettings)
      .where(eq(workspaceSettings.id, settingsId))
      .for("update");
    const before = previous ? toSettings(previous) : buildDefaultSettings(fallbackTimezone);
    const [row] = await tx
      .insert(workspaceSettings)
      .values({ id: settingsId, ...values })
      .onConflictDoUpdate({ target: workspaceSettings.id, set: values })
      .returning();
    if (!row) throw new Error("the settings row was not written");
    const saved = toSettings(row);
    const changes = describeChanges(before, saved);
    if (Object.keys(changes).length > 0) {
      await recordAuditEvent(tx, {
        action: "settings.updated",
        actor,
        client: actor.client ?? null,
        target: { type: "settings", id: String(settingsId) },
        details: { changes },
      });
    }
    return saved;
  });
}
