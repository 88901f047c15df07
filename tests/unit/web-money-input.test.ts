import { describe, expect, it } from "vitest";
import { campaignFormSchema } from "../../web/features/campaigns/form";
import { isMoneyErrorKey, moneyTextSchema, readMoneyFields, readMoneyText } from "../../web/lib/money-input";

// Forms keep the typed text; their schema reads it in the reader's language and submits the
// canonical value, or blocks the submission with the money input's own message (issue 24).

describe("moneyTextSchema", () => {
  it("turns the typed text into the value the API takes", () => {
    expect(moneyTextSchema("pt-BR").parse("1.030,73")).toBe("1030.73");
    expect(moneyTextSchema("en").parse("$1,030.73")).toBe("1030.73");
    expect(moneyTextSchema("ru").parse("1 030,73")).toBe("1030.73");
    expect(moneyTextSchema("pt-BR", { blank: "zero" }).parse("")).toBe("0.00");
    expect(moneyTextSchema("pt-BR", { kind: "percent", allowNegative: true }).parse("-12,5%")).toBe("-12.50");
  });

  it("blocks a text it cannot read with the key of its message, keeping nothing half-read", () => {
    const cases = [
      ["pt-BR", "1,030", "common:moneyInput.errors.ambiguous"],
      ["pt-BR", "-100", "common:moneyInput.errors.not_negative"],
      ["pt-BR", "10.99x", "common:moneyInput.errors.not_a_number"],
      ["en", "10.999", "common:moneyInput.errors.ambiguous"],
      ["pt-BR", "", "common:moneyInput.errors.required"],
    ] as const;
    for (const [language, text, key] of cases) {
      const result = moneyTextSchema(language).safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(key);
      expect(isMoneyErrorKey(key)).toBe(true);
    }
    expect(isMoneyErrorKey("not_a_number")).toBe(false);
  });

  it("refuses another currency's sign in a field that names its currency", () => {
    expect(readMoneyText("R$ 10", "pt-BR", { currency: "USD" })).toEqual({
      ok: false,
      code: "other_currency",
    });
    expect(readMoneyText("R$ 10", "pt-BR", { currency: "BRL" })).toEqual({ ok: true, value: "10.00" });
  });
});

describe("readMoneyFields", () => {
  it("reads each text, leaves blanks to the API's schema and keeps unreadable texts as typed", () => {
    const read = readMoneyFields({ amount: "1.030,73", rate: "12,5 %", empty: "", bad: "10,999" }, "pt-BR", {
      amount: {},
      rate: { kind: "percent" },
      empty: {},
      bad: {},
    });
    expect(read.values).toEqual({ amount: "1030.73", rate: "12.50", empty: "", bad: "10,999" });
    expect(read.errors).toEqual({ bad: "common:moneyInput.errors.ambiguous" });
  });
});

describe("the campaign form's schema", () => {
  const base = {
    date: "2026-11-21",
    offerId: "5f0c2b1e-8a4d-4c1b-9b3e-2d7f6a1c0e9b",
    clicks: "10",
    installations: "",
    registrations: "",
    deposits: "2",
  };

  it("submits the spend typed in the reader's language as the canonical value", () => {
    expect(campaignFormSchema("pt-BR").parse({ ...base, spent: "1.030,73" }).spent).toBe("1030.73");
    expect(campaignFormSchema("en").parse({ ...base, spent: "1,030.73" }).spent).toBe("1030.73");
    expect(campaignFormSchema("pt-BR").parse({ ...base, spent: "" }).spent).toBe("0.00");
  });

  it("blocks what the old field quietly cut: 1.030,73 → 1.03, -100 → 100, 10.999 → 10.99", () => {
    const pt = campaignFormSchema("pt-BR");
    expect(pt.parse({ ...base, spent: "1.030,73" }).spent).toBe("1030.73");
    expect(pt.safeParse({ ...base, spent: "-100" }).error?.issues[0]?.message).toBe(
      "common:moneyInput.errors.not_negative",
    );
    expect(pt.parse({ ...base, spent: "10.999" }).spent).toBe("10999.00");
    expect(campaignFormSchema("en").safeParse({ ...base, spent: "10.999" }).error?.issues[0]?.message).toBe(
      "common:moneyInput.errors.ambiguous",
    );
  });
});
