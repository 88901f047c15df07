import { eq } from "drizzle-orm";
import { can } from "../../../domain/permissions";
import {
  defaultRetentionDays,
  isTimeZone,
  type WorkspaceSettings,
  type WorkspaceSettingsInput,
} from "../../../domain/schemas/settings";
import type { Actor } from "../../context";
import type { DbOrTx } from "../../db/client";
import { workspaceSettings } from "../../db/schema";
import { forbidden } from "../../errors";

// The workspace settings live in one database row, read on every request that needs them (a
// primary-key lookup, see docs/decisions/0020): every process sees a save at once, no cache to
// invalidate. Before the first save the defaults apply; WORKSPACE_TIMEZONE seeds the time zone.

const settingsId = 1;

export function buildDefaultSettings(fallbackTimezone: string): WorkspaceSettings {
  return {
    reportingCurrency: "USD",
    defaultLanguage: "pt-BR",
    timezone: isTimeZone(fallbackTimezone) ? fallbackTimezone : "America/Sao_Paulo",
    notifications: { email: true, daily: false, weekly: false, monthly: false },
    backupFrequency: "daily",
    retentionDays: defaultRetentionDays,
    updatedAt: null,
  };
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

export async function saveWorkspaceSettings(input: {
  db: DbOrTx;
  actor: Actor;
  settings: WorkspaceSettingsInput;
}): Promise<WorkspaceSettings> {
  const { db, actor, settings } = input;
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
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(workspaceSettings)
    .values({ id: settingsId, ...values })
    .onConflictDoUpdate({ target: workspaceSettings.id, set: values })
    .returning();
  if (!row) throw new Error("the settings row was not written");
  return toSettings(row);
}
