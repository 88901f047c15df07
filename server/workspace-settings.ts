import { eq } from "drizzle-orm";
import { requiredTwoFactorRoles, type TwoFactorRequirableRole } from "../domain/permissions";
import { defaultRetentionDays, isTimeZone, type WorkspaceSettings } from "../domain/schemas/settings";
import type { DbOrTx } from "./db/client";
import { workspaceSettings } from "./db/schema";

// The workspace settings live in one database row, read on every request that needs them (a
// primary-key lookup, see docs/decisions/0020): every process sees a save at once, no cache to
// invalidate. Before the first save the defaults apply; WORKSPACE_TIMEZONE seeds the time zone.
// Reading them is core (the session lookup, the two-factor gate and many features need them);
// saving them is the settings feature's (server/features/settings/settings.service.ts).

/** The one row of workspace_settings. */
export const workspaceSettingsId = 1;

export function buildDefaultSettings(fallbackTimezone: string): WorkspaceSettings {
  return {
    reportingCurrency: "USD",
    defaultLanguage: "pt-BR",
    timezone: isTimeZone(fallbackTimezone) ? fallbackTimezone : "America/Sao_Paulo",
    notifications: { email: true, daily: false, weekly: false, monthly: false },
    backupFrequency: "daily",
    retentionDays: defaultRetentionDays,
    twoFactorRequiredRoles: [],
    remindMissingDays: true,
    updatedAt: null,
  };
}

type SettingsRow = typeof workspaceSettings.$inferSelect;

export function toSettings(row: SettingsRow): WorkspaceSettings {
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
    twoFactorRequiredRoles: requiredTwoFactorRoles(row.twoFactorRequiredRoles),
    remindMissingDays: row.remindMissingDays,
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
    .where(eq(workspaceSettings.id, workspaceSettingsId))
    .limit(1);
  return row ? toSettings(row) : buildDefaultSettings(fallbackTimezone);
}

/** The workspace time zone: decides "today", periods and payment months everywhere. */
export async function readWorkspaceTimezone(db: DbOrTx, fallbackTimezone: string): Promise<string> {
  const [row] = await db
    .select({ timezone: workspaceSettings.timezone })
    .from(workspaceSettings)
    .where(eq(workspaceSettings.id, workspaceSettingsId))
    .limit(1);
  return row?.timezone ?? buildDefaultSettings(fallbackTimezone).timezone;
}

/** The roles that must use two-factor sign-in (none before the first save). */
export async function readTwoFactorRequiredRoles(db: DbOrTx): Promise<TwoFactorRequirableRole[]> {
  const [row] = await db
    .select({ roles: workspaceSettings.twoFactorRequiredRoles })
    .from(workspaceSettings)
    .where(eq(workspaceSettings.id, workspaceSettingsId))
    .limit(1);
  return requiredTwoFactorRoles(row?.roles);
}
