import { z } from "zod";
import { isoDateField, noControlCharacters } from "./fields";
import { creativeFormats, creativeStatuses, creativeTypes } from "./values";

export { type CreativeStatus, creativeFormats, creativeStatuses, creativeTypes } from "./values";

export const creativeRequestInputSchema = z
  .object({
    type: z.enum(creativeTypes, { error: "invalid_option" }).default("Image"),
    format: z.enum(creativeFormats, { error: "invalid_option" }).default("Square"),
    /** Not in the past: checked against today in the workspace time zone by the server. */
    deadline: isoDateField,
    description: noControlCharacters(
      z
        .string({ error: "required" })
        .max(5000, "too_long")
        .refine((v) => v.trim() !== "", "required"),
      { multiline: true },
    ),
  })
  .meta({ id: "CreativeRequestInput" });
export type CreativeRequestInput = z.output<typeof creativeRequestInputSchema>;
export type CreativeRequestForm = z.input<typeof creativeRequestInputSchema>;

export const creativeRequestPatchSchema = z
  .object({
    status: z.enum(creativeStatuses, { error: "invalid_option" }),
    /** Stored as admin_notes; blank clears them. */
    adminNotes: noControlCharacters(z.string().max(5000, "too_long"), { multiline: true }).nullish(),
  })
  .meta({ id: "CreativeRequestPatch" });
export type CreativeRequestPatch = z.output<typeof creativeRequestPatchSchema>;

export const creativeRequestSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    type: z.enum(creativeTypes),
    format: z.enum(creativeFormats),
    deadline: z.string(),
    description: z.string(),
    status: z.enum(creativeStatuses),
    adminNotes: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .meta({ id: "CreativeRequest" });
export type CreativeRequest = z.infer<typeof creativeRequestSchema>;
