import type { CreativeRequestInput } from "@domain/schemas/creative-requests";
import { creativeRequestInputSchema } from "@domain/schemas/creative-requests";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { validationKey } from "@/features/users/helpers";

// The creative request form's values and resolver (request-form.tsx).

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
