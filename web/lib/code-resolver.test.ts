import type { FieldValues, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as mini } from "zod/mini";
import { codeResolver, createCodeResolver } from "@/lib/code-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

const schema = z.object({
  name: z.string().trim().min(1, "required"),
  amount: z.string().regex(/^\d+$/, "not_a_number"),
  notifications: z.object({ weekly: z.boolean({ error: "invalid_option" }) }),
  tiers: z.array(z.object({ min: z.string().min(1, "required") })),
});

describe("the code resolver", () => {
  it("turns the schema's codes into translation keys, nested fields included", async () => {
    const resolve = createCodeResolver(schema, (code) => `ns:validation.${code}`);
    const result = await resolve(
      { name: " ", amount: "1,5", notifications: { weekly: "yes" }, tiers: [{ min: "1" }, { min: "" }] },
      undefined,
      options,
    );
    // Nested errors as react-hook-form nests them: notifications.weekly, tiers[1].min.
    const errors = result.errors as unknown as {
      name: { message: string };
      amount: { message: string };
      notifications: { weekly: { message: string } };
      tiers: Record<number, { min: { message: string } }>;
    };
    expect(errors.name.message).toBe("ns:validation.required");
    expect(errors.amount.message).toBe("ns:validation.not_a_number");
    expect(errors.notifications.weekly.message).toBe("ns:validation.invalid_option");
    expect(errors.tiers[1]?.min.message).toBe("ns:validation.required");
  });

  it("answers the schema's output when the values are right", async () => {
    const resolve = codeResolver(schema, "ns");
    const result = await resolve(
      { name: " Ana ", amount: "15", notifications: { weekly: true }, tiers: [] },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: "Ana", amount: "15", notifications: { weekly: true }, tiers: [] });
  });

  it("reads zod/mini schemas too, and keeps messages that already are keys", async () => {
    const resolve = codeResolver(
      mini.object({
        email: mini.string().check(mini.minLength(1, { error: "auth:validation.emailRequired" })),
      }),
      "auth",
    );
    const result = await resolve({ email: "" }, undefined, options);
    expect(result.errors.email?.message).toBe("auth:validation.emailRequired");
  });
});
