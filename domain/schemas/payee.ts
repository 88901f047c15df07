import { z } from "zod";
import {
  bankAccountTypes,
  type Checked,
  checkBankAccount,
  checkBankBranch,
  checkBankCode,
  checkCpfOrCnpj,
  checkHolderName,
  checkPixKey,
  checkTronAddress,
  pixKeyTypes,
} from "../payee";

// Where a buyer is paid (issue 24): GET/PUT /api/me/payee and GET /api/users/{id}/payee. The input
// is a union on `method`; every value is checked and normalised by domain/payee.ts, so the form and
// the server refuse the same text with the same code (account:validation.<code>).

/** The validation codes these schemas answer, besides the shared ones (required, too_long, …). */
export const payeeValidationCodes = [
  "invalid_cpf",
  "invalid_cnpj",
  "invalid_document",
  "invalid_email",
  "invalid_phone",
  "invalid_random_key",
  "invalid_bank_code",
  "invalid_bank_branch",
  "invalid_bank_account",
  "invalid_holder_name",
  "invalid_usdt_address",
] as const;

/** A text field read by one of domain/payee.ts's checks (an absent field reads as empty). */
const checkedText = (check: (raw: string) => Checked, max = 200) =>
  z
    .string({ error: "required" })
    .max(max, "too_long")
    .optional()
    .transform((value, ctx) => {
      const result = check(value ?? "");
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.code });
        return z.NEVER;
      }
      return result.value;
    })
    .meta({ type: "string" });

const pixInputSchema = z
  .object({
    method: z.literal("pix"),
    pixKeyType: z.enum(pixKeyTypes, { error: "invalid_option" }),
    pixKey: z.string({ error: "required" }).max(200, "too_long").optional().meta({ type: "string" }),
  })
  .transform((value, ctx) => {
    const result = checkPixKey(value.pixKeyType, value.pixKey ?? "");
    if (!result.ok) {
      ctx.addIssue({ code: "custom", path: ["pixKey"], message: result.code });
      return z.NEVER;
    }
    return { method: "pix" as const, pixKeyType: value.pixKeyType, pixKey: result.value };
  });

const bankInputSchema = z.object({
  method: z.literal("bank"),
  bankCode: checkedText(checkBankCode, 10),
  bankBranch: checkedText(checkBankBranch, 20),
  bankAccount: checkedText(checkBankAccount, 30),
  bankAccountType: z.enum(bankAccountTypes, { error: "invalid_option" }),
  holderName: checkedText(checkHolderName, 500),
  holderDocument: checkedText(checkCpfOrCnpj, 30),
});

const usdtInputSchema = z.object({
  method: z.literal("usdt"),
  usdtAddress: checkedText(checkTronAddress, 100),
});

export const payeeInputSchema = z
  .discriminatedUnion("method", [pixInputSchema, bankInputSchema, usdtInputSchema], {
    error: "invalid_option",
  })
  .meta({ id: "PayeeInput" });
export type PayeeInput = z.output<typeof payeeInputSchema>;
export type PayeeForm = z.input<typeof payeeInputSchema>;

const saved = {
  updatedAt: z.string(),
  /** who saved it last (the buyer; null if that user is gone) */
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
};

export const payeeSchema = z
  .discriminatedUnion("method", [
    z.object({ method: z.literal("pix"), pixKeyType: z.enum(pixKeyTypes), pixKey: z.string(), ...saved }),
    z.object({
      method: z.literal("bank"),
      bankCode: z.string(),
      bankBranch: z.string(),
      bankAccount: z.string(),
      bankAccountType: z.enum(bankAccountTypes),
      holderName: z.string(),
      holderDocument: z.string(),
      ...saved,
    }),
    z.object({ method: z.literal("usdt"), usdtAddress: z.string(), ...saved }),
  ])
  .meta({ id: "Payee" });
export type Payee = z.infer<typeof payeeSchema>;

/** The answer of every payee operation: the details, or null when none are saved yet. */
export const payeeAnswerSchema = z.object({ payee: payeeSchema.nullable() }).meta({ id: "PayeeAnswer" });
export type PayeeAnswer = z.infer<typeof payeeAnswerSchema>;
