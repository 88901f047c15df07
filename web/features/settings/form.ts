import type { TwoFactorRequirableRole } from "@domain/permissions";
import {
  suggestedTimezones,
  type WorkspaceSettings,
  type WorkspaceSettingsInput,
  workspaceSettingsInputSchema,
} from "@domain/schemas/settings";
import type { UseFormSetError } from "react-hook-form";
import { errorMessageKey, isApiError } from "@/lib/api";
import { createCodeResolver } from "@/lib/code-resolver";
import { i18n } from "@/lib/i18n";

// The settings form validates with the API's own schema; its codes become settings:validation.*.

export type SettingsFormValues = Omit<WorkspaceSettingsInput, "retentionDays" | "twoFactorRequiredRoles"> & {
  retentionDays: string;
  twoFactorRequiredRoles: TwoFactorRequirableRole[];
};

const fieldNames = ["reportingCurrency", "defaultLanguage", "timezone", "backupFrequency", "retentionDays"];

export function validationKey(code: string): string {
  for (const key of [`settings:validation.${code}`, `errors:${code}`]) if (i18n.exists(key)) return key;
  return "settings:validation.invalid";
}

export const settingsResolver = createCodeResolver<SettingsFormValues, WorkspaceSettingsInput>(
  workspaceSettingsInputSchema,
  validationKey,
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
  };
}

/** Puts the server's field errors on their fields; answers the key of the form-wide message. */
export function applyServerErrors(error: unknown, setError: UseFormSetError<SettingsFormValues>): string {
  if (isApiError(error) && error.fields) {
    for (const [field, code] of Object.entries(error.fields)) {
      if (fieldNames.includes(field)) {
        setError(field as "timezone", { type: "server", message: validationKey(code) });
      }
    }
  }
  return errorMessageKey(error);
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
