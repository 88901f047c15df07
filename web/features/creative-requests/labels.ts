import { type CreativeStatus, creativeStatuses } from "@domain/schemas/values";

// Shared by the buyer's and the admin's screens (and the bell's texts). Kept free of zod and
// react-hook-form: the bell is on every signed-in screen (the form's parts are in ./form.ts).

/** Anything the server might answer that is not a known status reads as rejected (spec, section 2). */
export function normalizeStatus(status: string): CreativeStatus {
  return (creativeStatuses as readonly string[]).includes(status) ? (status as CreativeStatus) : "rejected";
}
