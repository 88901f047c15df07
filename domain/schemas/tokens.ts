import { z } from "zod";
import { campaignInputSchema } from "./campaigns";
import { noControlCharacters } from "./fields";
import { acknowledgeWarningsField } from "./guardrails";

// Personal API tokens and the batch endpoint (issue 11, docs/decisions/0031).

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The first characters of the secret, to tell tokens apart. */
    prefix: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    /**
     * For an owner whose role reads every campaign (admin, financial): whether the token may do
     * all the owner may with campaigns. Without it an admin's token only creates campaigns.
     */
    fullAccess: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The web's choices; the API takes any whole number of days in 1..maxTokenExpiryDays. */
export const tokenExpiryChoices = [30, 90, 365] as const;
export const defaultTokenExpiryDays = 90;
export const maxTokenExpiryDays = 365;
/** Live (neither revoked nor expired) tokens one user may hold; the next one is refused (409). */
export const maxActiveTokensPerUser = 20;

export const apiTokenInputSchema = z
  .object({
    name: noControlCharacters(z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long")),
    /** Days until the token stops working (1 to 365); absent: 90. Every token expires (issue 27). */
    // A number or a string of digits; not z.coerce, which would take `true` for 1 day.
    expiresInDays: z
      .union([z.number(), z.string().trim().regex(/^\d+$/, "not_a_number").transform(Number)], {
        error: "expiry_required",
      })
      .pipe(z.number().int("integer").min(1, "min_one").max(maxTokenExpiryDays, "too_large"))
      .default(defaultTokenExpiryDays),
    /**
     * For a role that reads every campaign. Admins: true lets the token read, edit, delete and
     * export campaigns like its owner; false or absent limits it to creating campaigns. Financial
     * (reads all, creates none): absent means true; false is refused (the token would do nothing).
     * Other roles: their tokens have their own scope; absent or false only.
     */
    fullAccess: z.boolean({ error: "invalid_option" }).optional(),
  })
  .meta({ id: "ApiTokenInput" });
export type ApiTokenInput = z.output<typeof apiTokenInputSchema>;
export type ApiTokenForm = z.input<typeof apiTokenInputSchema>;

export const createdApiTokenSchema = apiTokenSchema
  .extend({ token: z.string().meta({ description: "The secret, shown only in this answer" }) })
  .meta({ id: "CreatedApiToken" });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const maxBatchRows = 1000;

export const campaignBatchSchema = z
  .object({
    rows: z.array(campaignInputSchema).min(1, "required").max(maxBatchRows, "too_large"),
    /** A day already logged for that offer: keep it (skip) or replace it. */
    duplicates: z.enum(["skip", "replace"], { error: "invalid_option" }).default("skip"),
    /** Admins: log the rows for this buyer. */
    userId: z.string().trim().min(1).max(100).optional(),
    /** Save even if guardrail warnings apply (422 needs_confirmation otherwise; issue 26). */
    acknowledgeWarnings: acknowledgeWarningsField,
  })
  .meta({ id: "CampaignBatch" });
export type CampaignBatch = z.output<typeof campaignBatchSchema>;
