import {
  type CreativeRequestInput,
  type CreativeStatus,
  creativeRequestInputSchema,
  creativeStatuses,
} from "@domain/schemas/creative-requests";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { validationKey } from "@/features/users/helpers";

// Shared by the buyer's and the admin's screens (and the bell's texts).

/** Anything the server might answer that is not a known status reads as rejected (spec, section 2). */
export function normalizeStatus(status: string): CreativeStatus {
  return (creativeStatuses as readonly string[]).includes(status) ? (status as CreativeStatus) : "rejected";
}

export type CreativeFormValues = {
  type: CreativeRequestInput["type"];
  format: CreativeRequestInput["format"];
  deadline: string;
  description: string;
};

export const blankCreativeForm: CreativeFormValues = {
  type: "Image",
  format: "Square",
  deadline: "",
  description: "",
};

const zod = zodResolver(creativeRequestInputSchema) as unknown as Resolver<
  CreativeFormValues,
  unknown,
  CreativeRequestInput
>;

/** The API's own schema; its messages are codes that become creative:validation.<code> keys. */
export const creativeResolver: Resolver<CreativeFormValues, unknown, CreativeRequestInput> = async (
  values,
  context,
  options,
) => {
  const result = await zod(values, context, options);
  for (const error of Object.values(result.errors)) {
    if (error && typeof error.message === "string") error.message = validationKey("creative", error.message);
  }
  return result;
};
