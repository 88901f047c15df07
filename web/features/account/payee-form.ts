import type { BankAccountType, PayeeMethod, PixKeyType } from "@domain/payee";
import { type Payee, type PayeeInput, payeeInputSchema } from "@domain/schemas/payee";
import i18n from "i18next";
import { createCodeResolver } from "@/lib/code-resolver";

// The payment details form: one flat set of fields for the three methods, so switching method keeps
// what was typed in the others; the API's own schema checks it (the same codes as the server).

export type PayeeFormValues = {
  method: PayeeMethod;
  pixKeyType: PixKeyType;
  pixKey: string;
  bankCode: string;
  bankBranch: string;
  bankAccount: string;
  bankAccountType: BankAccountType;
  holderName: string;
  holderDocument: string;
  usdtAddress: string;
};

/** A validation code's text: the account page's own, else the shared one, else "not valid". */
export function payeeValidationKey(code: string): string {
  for (const key of [`account:payee.validation.${code}`, `errors:${code}`]) if (i18n.exists(key)) return key;
  return "account:payee.validation.invalid";
}

export const payeeResolver = createCodeResolver<PayeeFormValues, PayeeInput>(
  payeeInputSchema,
  payeeValidationKey,
);

/** The form's values from the saved details (their own method's fields), or a blank Pix CPF form. */
export function toPayeeFormValues(payee: Payee | null): PayeeFormValues {
  const blank: PayeeFormValues = {
    method: "pix",
    pixKeyType: "cpf",
    pixKey: "",
    bankCode: "",
    bankBranch: "",
    bankAccount: "",
    bankAccountType: "checking",
    holderName: "",
    holderDocument: "",
    usdtAddress: "",
  };
  if (!payee) return blank;
  if (payee.method === "pix")
    return { ...blank, method: "pix", pixKeyType: payee.pixKeyType, pixKey: payee.pixKey };
  if (payee.method === "bank")
    return {
      ...blank,
      method: "bank",
      bankCode: payee.bankCode,
      bankBranch: payee.bankBranch,
      bankAccount: payee.bankAccount,
      bankAccountType: payee.bankAccountType,
      holderName: payee.holderName,
      holderDocument: payee.holderDocument,
    };
  return { ...blank, method: "usdt", usdtAddress: payee.usdtAddress };
}

/** The fields each method sends (and may be refused on). */
export const payeeFieldsOf: Record<PayeeMethod, (keyof PayeeFormValues)[]> = {
  pix: ["pixKeyType", "pixKey"],
  bank: ["bankCode", "bankBranch", "bankAccount", "bankAccountType", "holderName", "holderDocument"],
  usdt: ["usdtAddress"],
};
