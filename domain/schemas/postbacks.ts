import { z } from "zod";
import {
  defaultPostbackEvents,
  defaultPostbackParams,
  postbackEventTypes,
  postbackFields,
  postbackOutcomeTypes,
  postbackParamNamePattern,
  postbackPresetNames,
  postbackPresets,
} from "../postbacks";
import { idField, isoDateField, noControlCharacters } from "./fields";

// Postback keys and their log (issue 26, docs/decisions/0086).

export const maxActivePostbackKeysPerOwner = 50;

const paramName = z
  .string({ error: "required" })
  .trim()
  .regex(postbackParamNamePattern, "invalid_param_name");

const paramsShape = Object.fromEntries(postbackFields.map((field) => [field, paramName.optional()])) as {
  [K in (typeof postbackFields)[number]]: z.ZodOptional<typeof paramName>;
};

export const postbackKeyInputSchema = z
  .object({
    label: noControlCharacters(
      z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
    ),
    /** Admins: a key for this offer; the buyer is read from the `buyer` parameter (their code). */
    offerId: idField.optional(),
    preset: z.enum(postbackPresetNames, { error: "invalid_option" }).default("generic"),
    /** Our field → the network's parameter name; absent fields take the preset's. */
    params: z.object(paramsShape).default({}),
    /** The network's event names → ours; absent: the usual names (reg, ftd, dep…). */
    events: z
      .record(
        z
          .string()
          .trim()
          .min(1, "required")
          .max(40, "too_long")
          .transform((name) => name.toLowerCase()),
        z.enum(postbackEventTypes, { error: "invalid_option" }),
      )
      .optional(),
  })
  .transform((input, ctx) => {
    const params = { ...postbackPresets[input.preset].params };
    for (const field of postbackFields) {
      const name = input.params[field];
      if (name) params[field] = name;
    }
    const names = postbackFields
      .filter((field) => field !== "buyer" || input.offerId)
      .map((field) => params[field].toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: "custom", path: ["params"], message: "duplicate_param_name" });
    const events =
      input.events && Object.keys(input.events).length > 0 ? input.events : defaultPostbackEvents;
    if (Object.keys(events).length > 50)
      ctx.addIssue({ code: "custom", path: ["events"], message: "too_long" });
    return { ...input, params, events };
  })
  .meta({ id: "PostbackKeyInput" });
export type PostbackKeyInput = z.output<typeof postbackKeyInputSchema>;
export type PostbackKeyForm = z.input<typeof postbackKeyInputSchema>;

export const postbackKeySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    /** The secret in the URL; shown to whoever may manage the key. */
    token: z.string(),
    preset: z.enum(postbackPresetNames),
    params: z.object({
      event: z.string(),
      amount: z.string(),
      currency: z.string(),
      tid: z.string(),
      date: z.string(),
      offer: z.string(),
      buyer: z.string(),
    }),
    events: z.record(z.string(), z.enum(postbackEventTypes)),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    offer: z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }).nullable(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PostbackKey" });
export type PostbackKey = z.infer<typeof postbackKeySchema>;

export const postbackLogQuerySchema = z
  .object({
    keyId: idField.optional(),
    outcome: z.enum(postbackOutcomeTypes, { error: "invalid_option" }).optional(),
    /** Days in the workspace time zone, inclusive. */
    from: isoDateField.optional(),
    to: isoDateField.optional(),
    page: z.coerce.number({ error: "not_a_number" }).int("not_a_number").min(1, "not_a_number").default(1),
    pageSize: z.coerce
      .number({ error: "not_a_number" })
      .int("not_a_number")
      .min(1, "not_a_number")
      .max(200, "not_a_number")
      .default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    error: "invalid_date",
  });
export type PostbackLogQuery = z.output<typeof postbackLogQuerySchema>;

export const postbackLogEntrySchema = z
  .object({
    id: z.number().int(),
    keyId: z.string(),
    keyLabel: z.string(),
    outcome: z.enum(postbackOutcomeTypes),
    reason: z.string().nullable(),
    status: z.number().int(),
    event: z.string().nullable(),
    tid: z.string().nullable(),
    date: z.string().nullable(),
    amount: z.string().nullable(),
    user: z.object({ id: z.string(), name: z.string() }).nullable(),
    offer: z.object({ id: z.string(), name: z.string() }).nullable(),
    params: z.record(z.string(), z.string()),
    receivedAt: z.string(),
  })
  .meta({ id: "PostbackLogEntry" });
export type PostbackLogEntry = z.infer<typeof postbackLogEntrySchema>;

export const postbackLogPageSchema = z
  .object({ items: z.array(postbackLogEntrySchema), total: z.number().int() })
  .meta({ id: "PostbackLogPage" });
export type PostbackLogPage = z.infer<typeof postbackLogPageSchema>;

export const postbackAnswerSchema = z
  .object({
    outcome: z.enum(postbackOutcomeTypes),
    date: z.string().optional(),
  })
  .meta({ id: "PostbackAnswer" });
export type PostbackAnswer = z.infer<typeof postbackAnswerSchema>;

export { defaultPostbackParams };
