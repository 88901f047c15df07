import { readFileSync } from "node:fs";
import path from "node:path";
import type { Payee } from "@domain/schemas/payee";
import { payeeInputSchema, payeeValidationCodes } from "@domain/schemas/payee";
import { describe, expect, it } from "vitest";
import { toPayeeFormValues } from "../../web/features/account/payee-form";

// The payment details form on /account: saved details fill the form so that saving unchanged sends
// the same values back; every code the schema can answer has its text in the three languages.

const saved = { updatedAt: "2026-11-02T12:00:00.000Z", updatedBy: null };
const examples: Payee[] = [
  { method: "pix", pixKeyType: "phone", pixKey: "+5511987654321", ...saved },
  {
    method: "bank",
    bankCode: "260",
    bankBranch: "0001",
    bankAccount: "1234567-8",
    bankAccountType: "savings",
    holderName: "Bia Silva",
    holderDocument: "52998224725",
    ...saved,
  },
  { method: "usdt", usdtAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", ...saved },
];

describe("payee form", () => {
  it.each(examples)("fills the form from saved $method details and reads them back unchanged", (payee) => {
    const parsed = payeeInputSchema.parse(toPayeeFormValues(payee));
    const { updatedAt: _at, updatedBy: _by, ...stored } = payee;
    expect(parsed).toEqual(stored);
  });

  it("starts a first save as a Pix CPF key, every field empty", () => {
    expect(toPayeeFormValues(null)).toMatchObject({ method: "pix", pixKeyType: "cpf", pixKey: "" });
    expect(payeeInputSchema.safeParse(toPayeeFormValues(null)).error?.issues[0]).toMatchObject({
      path: ["pixKey"],
      message: "required",
    });
  });

  it("has a text for every validation code in pt-BR, en and ru", () => {
    const codes = [...payeeValidationCodes, "required", "too_long", "invalid_option", "invalid"];
    for (const language of ["pt-BR", "en", "ru"]) {
      const file = path.resolve(import.meta.dirname, "../../web/locales", language, "account.json");
      const texts = JSON.parse(readFileSync(file, "utf8")).payee.validation as Record<string, string>;
      for (const code of codes) expect(texts[code], `${language} ${code}`).toBeTruthy();
    }
  });
});
