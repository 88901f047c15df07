import { z } from "zod";
import { requiredTwoFactorRoles, twoFactorRequirableRoles } from "../permissions";
import { languages } from "../roles";

// Workspace settings (decisions.md, "Settings"). Messages are codes the web translates
// (validation.<code> or settings.errors.<code>).

export const reportingCurrencies = ["USD", "BRL"] as const;
export type ReportingCurrency = (typeof reportingCurrencies)[number];
export const backupFrequencies = ["daily", "weekly", "monthly"] as const;
export type BackupFrequency = (typeof backupFrequencies)[number];

/** Time zones the settings screen offers first; the API accepts any IANA zone. */
export const suggestedTimezones = [
  "America/Sao_Paulo",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Lisbon",
  "Europe/Moscow",
  "UTC",
] as const;

const twoFactorRequiredRolesField = z
  .array(z.enum(twoFactorRequirableRoles, { error: "invalid_option" }), { error: "invalid_option" })
  .max(twoFactorRequirableRoles.length, "invalid_option")
  .transform((list) => requiredTwoFactorRoles(list));

export const defaultRetentionDays = 30;
export const maxRetentionDays = 3650;

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  const known = checkedTimeZones.get(value);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  // Checked on every request before the first settings save (the default zone): remember answers.
  if (checkedTimeZones.size < 500) checkedTimeZones.set(value, valid);
  return valid;
}

const checkedTimeZones = new Map<string, boolean>();

export const notificationPreferencesSchema = z.object({
  email: z.boolean(),
  daily: z.boolean(),
  weekly: z.boolean(),
  monthly: z.boolean(),
});

export const workspaceSettingsInputSchema = z
  .object({
    reportingCurrency: z.enum(reportingCurrencies, { error: "invalid_option" }),
    defaultLanguage: z.enum(languages, { error: "invalid_option" }),
    timezone: z
      .string({ error: "required" })
      .trim()
      .min(1, "required")
      .refine(isTimeZone, "invalid_timezone"),
    notifications: notificationPreferencesSchema,
    backupFrequency: z.enum(backupFrequencies, { error: "invalid_option" }),
    retentionDays: z
      .union([z.string(), z.number()], { error: "not_a_number" })
      .transform((value, ctx) => {
        const text = typeof value === "number" ? String(value) : value.trim();
        if (text === "") {
          ctx.addIssue({ code: "custom", message: "required" });
          return z.NEVER;
        }
        const n = Number(text);
        const code = !Number.isFinite(n)
          ? "not_a_number"
          : !Number.isInteger(n)
            ? "integer"
            : n < 1
              ? "min_one"
              : n > maxRetentionDays
                ? "too_large"
                : null;
        if (code) {
          ctx.addIssue({ code: "custom", message: code });
          return z.NEVER;
        }
        return n;
      })
      .meta({ type: "integer", minimum: 1, maximum: maxRetentionDays, description: "Days to keep backups" }),
    /** Roles that must use two-factor sign-in; left out, the stored choice is kept. */
    twoFactorRequiredRoles: twoFactorRequiredRolesField.optional(),
    /** Remind buyers of a day left empty (10:00, workspace time); left out, the stored choice is kept. */
    remindMissingDays: z.boolean({ error: "invalid_option" }).optional(),
  })
  .meta({ id: "WorkspaceSettingsInput" });
export type WorkspaceSettingsInput = z.output<typeof workspaceSettingsInputSchema>;
export type WorkspaceSettingsForm = z.input<typeof workspaceSettingsInputSchema>;

export const workspaceSettingsSchema = z
  .object({
    reportingCurrency: z.enum(reportingCurrencies),
    defaultLanguage: z.enum(languages),
    timezone: z.string(),
    notifications: notificationPreferencesSchema,
    backupFrequency: z.enum(backupFrequencies),
    retentionDays: z.number().int(),
    twoFactorRequiredRoles: z.array(z.enum(twoFactorRequirableRoles)),
    remindMissingDays: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "WorkspaceSettings" });
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

export const backupSchema = z
  .object({
    id: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    status: z.enum(["running", "success", "failed"]),
    trigger: z.enum(["manual", "scheduled", "cli"]),
    databaseKind: z.string(),
    fileName: z.string().nullable(),
    sizeBytes: z.number().nullable(),
    durationMs: z.number().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "Backup" });
export type Backup = z.infer<typeof backupSchema>;
