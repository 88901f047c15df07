import type { CreativeRequestInput } from "@domain/schemas/creative-requests";
import { creativeRequestInputSchema } from "@domain/schemas/creative-requests";
import { codeResolver } from "@/lib/code-resolver";

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

/** The API's own schema; its messages are codes that become creative:validation.<code> keys. */
export const creativeResolver = codeResolver<CreativeFormValues, CreativeRequestInput>(
  creativeRequestInputSchema,
  "creative",
);
