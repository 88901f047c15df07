import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPercent,
  compareMoney,
  divideRoundHalfUp,
  fromCents,
  subtractMoney,
  sumMoney,
  toCents,
} from "./money";

// Property tests have an explicit, generous time budget and a bounded number of runs, so a loaded
// machine never meets Vitest's 5 s default while a hang still fails.
const propertyTimeoutMs = 60_000;

// The timeout is for the property test (parsing against the reference); the rest are instant.
describe("money", { timeout: propertyTimeoutMs }, () => {
  it.each([
    ["0", 0n],
    ["12", 1200n],
    ["12.3", 1230n],
    ["12.34", 1234n],
    ["-0.05", -5n],
    [" 7.10 ", 710n],
  ])("parses %s to cents", (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each(["", "1.234", "abc", "1e3", "1,50", "--1", "."])("rejects %j", (text) => {
    expect(() => toCents(text)).toThrow(RangeError);
  });

  it("parses long amounts beyond the fast path exactly", () => {
    expect(toCents("12345678901234.56")).toBe(1234567890123456n);
    expect(toCents("-99999999999999999.99")).toBe(-9999999999999999999n);
    expect(toCents("9999999999999.99")).toBe(999999999999999n);
  });

  it("parses every plain decimal as the reference does, and refuses the rest alike", () => {
    // The reference: whole and fraction as BigInt, as the parser did before its fast path.
    const reference = (text: string) => {
      const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
      if (!match) return "refused";
      const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
      return match[1] ? -cents : cents;
    };
    const parse = (text: string) => {
      try {
        return toCents(text);
      } catch (error) {
        if (error instanceof RangeError) return "refused";
        throw error;
      }
    };
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 0, maxLength: 17 });
    const amount = fc
      .tuple(fc.constantFrom("", "-", "+", " "), digits, fc.constantFrom("", ".", ","), digits)
      .map(([sign, whole, dot, fraction]) => `${sign}${whole}${dot}${fraction.slice(0, 3)}`);
    fc.assert(
      fc.property(fc.oneof(amount, fc.string({ maxLength: 8 })), (text) => {
        expect(parse(text)).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("formats cents back to a decimal string", () => {
    expect(fromCents(0n)).toBe("0.00");
    expect(fromCents(5n)).toBe("0.05");
    expect(fromCents(-123456n)).toBe("-1234.56");
  });

  it("sums exactly where floats drift", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney(["0.10", "0.20"])).toBe("0.30");
    expect(sumMoney(Array.from({ length: 10_000 }, () => "0.10"))).toBe("1000.00");
  });

  it("subtracts exactly, to a negative result too", () => {
    expect(subtractMoney("0.30", "0.10")).toBe("0.20");
    expect(subtractMoney("10.00", "12.35")).toBe("-2.35");
    expect(subtractMoney("999999999999.99", "0.01")).toBe("999999999999.98");
  });

  it("rounds half away from zero", () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(4n, 3n)).toBe(1n);
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow();
  });

  it("applies a percentage rounded to cents", () => {
    expect(applyPercent("1000.00", "12.5")).toBe("125.00");
    expect(applyPercent("0.05", "50")).toBe("0.03");
    expect(applyPercent("333.33", "35")).toBe("116.67");
  });

  it("compares amounts", () => {
    expect(compareMoney("1.00", "1")).toBe(0);
    expect(compareMoney("0.99", "1")).toBe(-1);
    expect(compareMoney("-1", "-2")).toBe(1);
  });
});
