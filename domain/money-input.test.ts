import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromCents } from "./money";
import {
  formatMoneyForInput,
  formatPercentForInput,
  type MoneyInputCode,
  maxMoneyInputCents,
  moneyInputPlaceholder,
  parseMoneyInput,
  parsePercentInput,
} from "./money-input";
import { type Language, languages } from "./roles";

// Property tests have an explicit, generous time budget and a bounded number of runs, so a loaded
// machine never meets Vitest's 5 s default while a hang still fails.
const propertyTimeoutMs = 60_000;

// Money typed in the reader's language (docs/decisions/0063-money-input.md): one reading or a code,
// never a dropped character, never a guess between two conventions.

type Row = [text: string, expected: string | MoneyInputCode];

const isCode = (expected: string) => !/^-?\d+\.\d{2}$/.test(expected);

function expectRead(text: string, language: Language, expected: string, allowNegative = false) {
  const result = parseMoneyInput(text, { language, allowNegative });
  expect(result, `${language} ${JSON.stringify(text)}`).toEqual(
    isCode(expected) ? { ok: false, code: expected } : { ok: true, value: expected },
  );
}

// The ambiguity table, per language: what each common form reads as, and what is refused.
const tables: Record<Language, Row[]> = {
  "pt-BR": [
    ["1.030,73", "1030.73"],
    ["1030,73", "1030.73"],
    ["R$ 1.030,73", "1030.73"],
    ["US$ 1.030,73", "1030.73"],
    ["US$\u00a01.030,73", "1030.73"],
    ["1.030", "1030.00"], // "." groups in pt-BR: a thousand
    ["10.999", "10999.00"], // the same rule: never 10,99 (issue 24)
    ["1.030.500", "1030500.00"],
    ["1.030.500,5", "1030500.50"],
    ["1030.73", "1030.73"], // a lone "." before 1–2 digits can only be decimal
    ["10.5", "10.50"],
    ["1,030.73", "1030.73"], // both marks: the last is the decimal one
    ["1,030", "ambiguous"], // 1,03 (pt-BR decimal, 3 places) or one thousand and thirty (en)
    ["10,999", "ambiguous"],
    ["0,5", "0.50"],
    [",5", "0.50"],
    ["1 030,73", "1030.73"],
    ["10,999.5", "10999.50"],
    ["1,0305", "max_two_decimals"],
    ["1030,735", "max_two_decimals"],
    ["1030.735", "max_two_decimals"],
    ["0.500", "max_two_decimals"], // no thousand starts with 0
    ["1.03.5", "not_a_number"],
    ["1.0305.000", "not_a_number"],
    ["1..5", "not_a_number"],
    ["10,", "not_a_number"],
    ["1.030,73a", "not_a_number"],
    ["1a", "not_a_number"],
    ["abc", "not_a_number"],
    ["1e3", "not_a_number"],
    ["€ 10", "not_a_number"],
    ["-100", "not_negative"],
    ["−100", "not_negative"],
    ["", "required"],
    ["   ", "required"],
    ["999.999.999.999,99", "999999999999.99"],
    ["1.000.000.000.000,00", "too_large"],
  ],
  en: [
    ["1,030.73", "1030.73"],
    ["1030.73", "1030.73"],
    ["$1,030.73", "1030.73"],
    ["US$ 1,030.73", "1030.73"],
    ["1,030", "1030.00"], // "," groups in en
    ["1,030,500", "1030500.00"],
    ["1.030", "ambiguous"], // 1.030 (three decimals) or pt-BR's thousand
    ["10.999", "ambiguous"],
    ["1.030,73", "1030.73"], // both marks: the last is the decimal one
    ["1030,73", "1030.73"], // a lone "," before 1–2 digits can only be decimal
    ["1,5", "1.50"],
    [".5", "0.50"],
    ["1 030.73", "1030.73"],
    ["1.0305", "max_two_decimals"],
    ["1,03,0", "not_a_number"],
    ["$1,030.73.", "not_a_number"],
    ["-5", "not_negative"],
    ["($5.00)", "not_negative"],
    ["12 34", "not_a_number"],
  ],
  ru: [
    ["1 030,73", "1030.73"],
    ["1\u00a0030,73", "1030.73"],
    ["1\u202f030,73", "1030.73"],
    ["1 030,73 $", "1030.73"],
    ["1 030,73 R$", "1030.73"],
    ["1030,73", "1030.73"],
    ["1 030", "1030.00"],
    ["1 030 500", "1030500.00"],
    ["1030.73", "1030.73"],
    ["1.030,73", "1030.73"],
    ["1,030.73", "1030.73"],
    ["1,030", "ambiguous"], // ru groups with spaces: either mark before 3 digits is a guess
    ["1.030", "ambiguous"],
    ["1 030,735", "max_two_decimals"],
    ["10 00", "not_a_number"],
    ["1 ,5", "not_a_number"],
    ["1 030,73 ₽", "not_a_number"],
    ["-1 030,73 $", "not_negative"],
  ],
};

describe("parseMoneyInput: the ambiguity table", () => {
  for (const language of languages) {
    it.each(tables[language])(`${language}: %j → %s`, (text, expected) => {
      expectRead(text, language, expected);
    });
  }

  it("reads negatives only where the field allows them, with - or − and around the currency", () => {
    for (const [text, language] of [
      ["-1.030,73", "pt-BR"],
      ["−1.030,73", "pt-BR"],
      ["-US$ 1.030,73", "pt-BR"],
      ["R$ -1.030,73", "pt-BR"],
      ["-$1,030.73", "en"],
      ["($1,030.73)", "en"],
      ["-1 030,73 $", "ru"],
      ["−1 030,73", "ru"],
    ] as const) {
      expectRead(text, language, "-1030.73", true);
    }
    expectRead("-0,00", "pt-BR", "0.00");
    expectRead("+150", "en", "150.00");
    expectRead("--5", "en", "not_a_number", true);
    expectRead("-(5)", "en", "not_a_number", true);
    expectRead("5-", "en", "not_a_number", true);
  });

  it("refuses a sign of another currency when the field names its own", () => {
    expect(parseMoneyInput("R$ 10,00", { language: "pt-BR", currency: "USD" })).toEqual({
      ok: false,
      code: "other_currency",
    });
    expect(parseMoneyInput("US$ 10,00", { language: "pt-BR", currency: "USD" })).toEqual({
      ok: true,
      value: "10.00",
    });
    expect(parseMoneyInput("R$ 10,00", { language: "pt-BR", currency: "BRL" })).toEqual({
      ok: true,
      value: "10.00",
    });
    expect(parseMoneyInput("10 usd", { language: "en", currency: "brl" })).toEqual({
      ok: false,
      code: "other_currency",
    });
  });

  it("keeps fewer decimals when asked", () => {
    expect(parseMoneyInput("10,5", { language: "pt-BR", maxDecimals: 0 })).toEqual({
      ok: false,
      code: "max_two_decimals",
    });
    expect(parseMoneyInput("10", { language: "pt-BR", maxDecimals: 0 })).toEqual({
      ok: true,
      value: "10.00",
    });
  });
});

describe("parsePercentInput", () => {
  it.each([
    ["pt-BR", "12,5", "12.50"],
    ["pt-BR", "12,5%", "12.50"],
    ["ru", "12,5 %", "12.50"],
    ["en", "12.5%", "12.50"],
    ["pt-BR", "1.000%", "1000.00"],
    ["pt-BR", "12,555", "ambiguous"],
    ["en", "12.555", "ambiguous"],
    ["en", "12.5555", "max_two_decimals"],
    ["pt-BR", "R$ 12", "not_a_number"],
    ["pt-BR", "12%%", "not_a_number"],
    ["pt-BR", "%", "not_a_number"],
    ["pt-BR", "-10%", "not_negative"],
  ] as const)("%s %j → %s", (language, text, expected) => {
    expect(parsePercentInput(text, { language })).toEqual(
      isCode(expected) ? { ok: false, code: expected } : { ok: true, value: expected },
    );
  });

  it("reads a negative ROI bound where allowed", () => {
    expect(parsePercentInput("−12,5 %", { language: "ru", allowNegative: true })).toEqual({
      ok: true,
      value: "-12.50",
    });
  });
});

describe("formatMoneyForInput", () => {
  it("shows a stored value with the reader's decimal separator, two decimals and no grouping", () => {
    expect(formatMoneyForInput("1030.73", "pt-BR")).toBe("1030,73");
    expect(formatMoneyForInput("1030.73", "en")).toBe("1030.73");
    expect(formatMoneyForInput("1030.7", "ru")).toBe("1030,70");
    expect(formatMoneyForInput("-5", "pt-BR")).toBe("-5,00");
    expect(formatMoneyForInput(12.5, "en")).toBe("12.50");
    expect(formatMoneyForInput("1.030,7 typed", "en")).toBe("1.030,7 typed");
    expect(formatPercentForInput("30.00", "pt-BR")).toBe("30");
    expect(formatPercentForInput("12.50", "pt-BR")).toBe("12,5");
    expect(formatPercentForInput("-12.05", "en")).toBe("-12.05");
    expect(formatPercentForInput("0.00", "ru")).toBe("0");
    expect(moneyInputPlaceholder("pt-BR")).toBe("0,00");
    expect(moneyInputPlaceholder("en")).toBe("0.00");
    expect(moneyInputPlaceholder("ru")).toBe("0,00");
  });
});

// Every way the app or a person's software writes an amount in a language reads back to it.
const intlLocale: Record<Language, string> = { "pt-BR": "pt-BR", en: "en-US", ru: "ru-RU" };
const centsArbitrary = fc.oneof(
  fc.bigInt({ min: 0n, max: 100_000n }),
  fc.bigInt({ min: 0n, max: maxMoneyInputCents }),
  fc.constantFrom(0n, 1n, 99n, 100n, 103_073n, 1_000_000n, maxMoneyInputCents),
);

function intlWritings(cents: bigint, language: Language): string[] {
  const decimal = fromCents(cents);
  const writings: string[] = [];
  for (const useGrouping of [true, false]) {
    for (const minimumFractionDigits of [2, 0]) {
      const digits = { minimumFractionDigits, maximumFractionDigits: 2, useGrouping };
      writings.push(new Intl.NumberFormat(intlLocale[language], digits).format(decimal as never));
      for (const currency of ["USD", "BRL"]) {
        for (const currencyDisplay of ["symbol", "narrowSymbol", "code"] as const) {
          writings.push(
            new Intl.NumberFormat(intlLocale[language], {
              ...digits,
              style: "currency",
              currency,
              currencyDisplay,
            }).format(decimal as never),
          );
        }
      }
    }
  }
  return writings;
}

describe("parseMoneyInput: properties", { timeout: propertyTimeoutMs }, () => {
  it("reads back every Intl formatting and formatMoneyForInput of an amount, in each language", () => {
    fc.assert(
      fc.property(centsArbitrary, fc.boolean(), fc.constantFrom(...languages), (abs, negate, language) => {
        const cents = negate ? -abs : abs;
        const expected = fromCents(cents === 0n ? 0n : cents);
        for (const text of [...intlWritings(cents, language), formatMoneyForInput(expected, language)]) {
          const result = parseMoneyInput(text, { language, allowNegative: true });
          expect(result, `${language} ${JSON.stringify(text)}`).toEqual({ ok: true, value: expected });
        }
        if (cents > 0n) {
          expect(parseMoneyInput(`-${formatMoneyForInput(expected, language)}`, { language })).toEqual({
            ok: false,
            code: "not_negative",
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads back Intl percentages and formatPercentForInput", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
        fc.constantFrom(...languages),
        (cents, language) => {
          const expected = fromCents(cents);
          const text = new Intl.NumberFormat(intlLocale[language], {
            style: "percent",
            minimumFractionDigits: 0,
            maximumFractionDigits: 2,
          }).format(`${expected}e-2` as never);
          for (const written of [text, formatPercentForInput(expected, language)]) {
            expect(parsePercentInput(written, { language, allowNegative: true }), written).toEqual({
              ok: true,
              value: expected,
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never reads a text with a letter in it", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(..."abcdefxyzоАé"),
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...languages),
        (before, letter, after, language) => {
          const result = parseMoneyInput(`1${before}${letter}${after}`, { language, allowNegative: true });
          expect(result.ok && /[a-zа-яé]/i.test(`${before}${letter}${after}`.replace(/usd|brl/gi, ""))).toBe(
            false,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
