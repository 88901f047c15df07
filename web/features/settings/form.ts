import type { TwoFactorRequirableRole } from "@domain/permissions";
import {
  suggestedTimezones,
  type WorkspaceSettings,
  type WorkspaceSettingsInput,
  workspaceSettingsInputSchema,
} from "@domain/schemas/settings";
import { codeResolver } from "@/lib/code-resolver";

// The settings form validates with the API's own schema; its codes become settings:validation.*.

export type SettingsFormValues = Omit<
  WorkspaceSettingsInput,
  "retentionDays" | "twoFactorRequiredRoles" | "remindMissingDays"
> & {
  retentionDays: string;
  twoFactorRequiredRoles: TwoFactorRequirableRole[];
  remindMissingDays: boolean;
};

export const settingsFieldNames = [
  "reportingCurrency",
  "defaultLanguage",
  "timezone",
  "backupFrequency",
  "retentionDays",
] as const;

export const settingsResolver = codeResolver<SettingsFormValues, WorkspaceSettingsInput>(
  workspaceSettingsInputSchema,
  "settings",
);

export function toFormValues(settings: WorkspaceSettings): SettingsFormValues {
  return {
    twoFactorRequiredRoles: [...settings.twoFactorRequiredRoles],
    reportingCurrency: settings.reportingCurrency,
    defaultLanguage: settings.defaultLanguage,
    timezone: settings.timezone,
    notifications: { ...settings.notifications },
    backupFrequency: settings.backupFrequency,
    retentionDays: String(settings.retentionDays),
    remindMissingDays: settings.remindMissingDays,
  };
}

/** Every IANA zone this browser knows, the usual ones first; the current value is always there. */
export function listTimezones(current: string): { suggested: string[]; others: string[] } {
  const all =
    typeof Intl.supportedValuesOf === "function"
      ? Intl.supportedValuesOf("timeZone")
      : [...suggestedTimezones];
  const suggested = [...suggestedTimezones] as string[];
  const others = [...new Set([...all, current])].filter((zone) => zone && !suggested.includes(zone)).sort();
  return { suggested, others };
}
