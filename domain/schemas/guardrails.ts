import { z } from "zod";

// Guardrails on every write of a day's figures (issue 26; decisions.md "One entry per offer and day;
// guardrails"; docs/decisions/0084). A date after today in the workspace time zone is refused
// (400 future_date). A funnel that runs backwards, or a value above 10× the buyer's median for that
// offer over the previous 30 logged days, is a warning: the write answers 422 needs_confirmation with
// the warnings below, unless the request carries acknowledgeWarnings: true.

export const guardrailWarningCodes = [
  /** More deposits than registrations. */
  "deposits_over_registrations",
  /** More registrations than clicks. */
  "registrations_over_clicks",
  /** More installs than clicks. */
  "installations_over_clicks",
  /** More than 10× the buyer's median for this offer over the previous 30 logged days. */
  "above_median",
] as const;
export type GuardrailWarningCode = (typeof guardrailWarningCodes)[number];

export const guardrailFields = [
  "spent",
  "clicks",
  "installations",
  "registrations",
  "deposits",
  "depositPayment",
] as const;
export type GuardrailField = (typeof guardrailFields)[number];

export const guardrailWarningSchema = z
  .object({
    /** The row's index in the request (batch, day grid) or the file's row number (import); absent for one entry. */
    row: z.number().int().nonnegative().optional(),
    field: z.enum(guardrailFields),
    code: z.enum(guardrailWarningCodes),
    /** What was entered, as text (money with 2 places, counts as integers). */
    value: z.string(),
    /** above_median: the median, and the limit (10× the median) that was passed. */
    median: z.string().optional(),
    limit: z.string().optional(),
  })
  .meta({ id: "GuardrailWarning" });
export type GuardrailWarning = z.infer<typeof guardrailWarningSchema>;

/** The 422 needs_confirmation answer's extra member: error.warnings (beside code, message, fields). */
export const needsConfirmationCode = "needs_confirmation";

/** Every write that can warn accepts this flag: the caller saw the warnings and confirms. */
export const acknowledgeWarningsField = z
  .boolean()
  .optional()
  .meta({ description: "Save even if guardrail warnings apply (the caller confirmed them)." });
