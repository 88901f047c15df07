import { z } from "zod";
import { auditActions, auditOutcomes } from "../audit";
import { isoDateField, userIdField } from "./fields";

// The audit trail as /admin/audit reads it (issue 10): newest first, paged by a cursor (the last
// event's id), filtered by user, action, outcome and period. Periods are calendar days in the
// workspace's time zone, like every other period in Placar.

export const auditListQuerySchema = z
  .object({
    /** Events the user did or that were about them (actor or subject). */
    userId: userIdField.optional(),
    action: z.enum(auditActions, { error: "invalid_option" }).optional(),
    outcome: z.enum(auditOutcomes, { error: "invalid_option" }).optional(),
    from: isoDateField.optional(),
    to: isoDateField.optional(),
    /** The id of the last event of the previous page; events older than it come next. */
    cursor: z.coerce
      .number({ error: "not_a_number" })
      .int("not_a_number")
      .positive("not_a_number")
      .optional(),
    limit: z.coerce
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
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditEventSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    action: z.enum(auditActions),
    outcome: z.enum(auditOutcomes),
    actor: z
      .object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() })
      .nullable()
      .meta({ description: "Who did it; null for an anonymous call" }),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    subject: z
      .object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() })
      .nullable()
      .meta({ description: "The user the event is about, when that is not the actor" }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).meta({
      description: "Old and new values, a reason, the refused call; never a secret",
    }),
  })
  .meta({ id: "AuditEvent" });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z
  .object({
    items: z.array(auditEventSchema),
    nextCursor: z.number().int().nullable().meta({ description: "Pass as cursor for the next page" }),
  })
  .meta({ id: "AuditPage" });
export type AuditPage = z.infer<typeof auditPageSchema>;
