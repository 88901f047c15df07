import { z } from "zod";
import { noControlCharacters, requiredMoneyField, userIdField } from "./fields";

// Offer shapes: the admin's offer form, the API bodies and the OpenAPI document.

export const currencies = ["USD", "BRL"] as const;
export type Currency = (typeof currencies)[number];

const requiredText = (max: number) =>
  noControlCharacters(z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long"));
/** A short code a postback may name the offer by (docs/decisions/0086); blank clears it. */
const codeField = () =>
  z
    .string()
    .trim()
    .max(40, "too_long")
    .regex(/^[A-Za-z0-9_-]*$/, "invalid_code")
    .transform((code) => (code === "" ? null : code))
    .nullish();
const descriptionField = () =>
  noControlCharacters(z.string().trim().max(2000, "too_long"), { multiline: true }).nullish();

export const offerInputSchema = z
  .object({
    name: requiredText(200),
    description: descriptionField(),
    value: requiredMoneyField,
    currency: z.enum(currencies, { error: "invalid_option" }).default("USD"),
    casinoBrand: requiredText(200),
    payoutPerDeposit: requiredMoneyField,
    visibleToAll: z.boolean({ error: "invalid_option" }).default(true),
    code: codeField(),
    /** Buyers who see the offer when it is not visible to all; ignored (cleared) otherwise. */
    assignedUserIds: z.array(userIdField).max(1000, "too_long").default([]),
  })
  .meta({ id: "OfferInput" });
export type OfferInput = z.output<typeof offerInputSchema>;
export type OfferForm = z.input<typeof offerInputSchema>;

export const offerPatchSchema = z
  .object({
    name: requiredText(200).optional(),
    description: descriptionField(),
    value: requiredMoneyField.optional(),
    currency: z.enum(currencies, { error: "invalid_option" }).optional(),
    casinoBrand: requiredText(200).optional(),
    payoutPerDeposit: requiredMoneyField.optional(),
    visibleToAll: z.boolean({ error: "invalid_option" }).optional(),
    code: codeField(),
    assignedUserIds: z.array(userIdField).max(1000, "too_long").optional(),
  })
  .meta({ id: "OfferPatch" });
export type OfferPatch = z.output<typeof offerPatchSchema>;

const userRef = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const offerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    value: z.string(),
    currency: z.enum(currencies),
    casinoBrand: z.string(),
    payoutPerDeposit: z.string(),
    visibleToAll: z.boolean(),
    /** The code postbacks may name the offer by; null when none. */
    code: z.string().nullable(),
    createdAt: z.string(),
    /** Admins and financial staff only; empty for everyone else. */
    assignedUsers: z.array(userRef),
    /** Campaigns that reference the offer (admins and financial staff only; else 0). */
    campaignCount: z.number().int(),
    /** When it was archived: no new entries, still in reports and history (docs/decisions/0098). */
    archivedAt: z.string().nullable(),
  })
  .meta({ id: "Offer" });
export type Offer = z.infer<typeof offerSchema>;

/** Which offers a list shows: those open for entry (default), the archived ones, or both. */
export const offerStatuses = ["active", "archived", "all"] as const;
export type OfferStatus = (typeof offerStatuses)[number];
export const offerListQuerySchema = z.object({
  status: z.enum(offerStatuses, { error: "invalid_option" }).default("active"),
});
export type OfferListQuery = z.output<typeof offerListQuerySchema>;
