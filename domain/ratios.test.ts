import { describe, expect, it } from "vitest";
import { checkDayFigures, maxRatioUnits } from "./metrics";
import { fromRatioUnits, rateText, ratioOf, ratioText, toRatioUnits } from "./ratios";
import { hasControlCharacters } from "./text";

describe("the ratio rule: decimal strings with 4 places, half away from zero", () => {
  it("prints units exactly, signs and zeros included", () => {
    expect(fromRatioUnits(125_000n)).toBe("12.5000");
    expect(fromRatioUnits(-5n)).toBe("-0.0005");
    expect(fromRatioUnits(0n)).toBe("0.0000");
    expect(fromRatioUnits(maxRatioUnits)).toBe("9999999999999999.9999");
  });

  it("divides exactly and rounds half away from zero, 0 over 0 being 0", () => {
    expect(ratioOf(1n, 3n, 100n)).toBe("33.3333");
    expect(ratioOf(2n, 3n, 100n)).toBe("66.6667");
    expect(ratioOf(-2n, 3n, 100n)).toBe("-66.6667");
    expect(ratioOf(1n, 20_000n)).toBe("0.0001"); // 0.00005 rounds up
    expect(ratioOf(5n, 0n)).toBe("0.0000");
  });

  it("reads any SQL numeric text, whatever its scale", () => {
    expect(ratioText("50")).toBe("50.0000");
    expect(ratioText("12.5")).toBe("12.5000");
    expect(ratioText("-66.66666")).toBe("-66.6667");
    expect(ratioText("1428571428457.142857")).toBe("1428571428457.1429");
    expect(toRatioUnits("0.00005")).toBe(1n);
    expect(() => toRatioUnits("1e3")).toThrow(RangeError);
  });

  it("rates have 2 places everywhere: 15 and 15.00 are the same rate, printed one way", () => {
    expect(rateText("15")).toBe("15.00");
    expect(rateText("15.00")).toBe("15.00");
    expect(rateText("12.5")).toBe("12.50");
  });
});

describe("checkDayFigures: what a day will store must fit its columns", () => {
  const payout = "99999.99";

  it("refuses deposits × payout past numeric(14,2), naming deposits", () => {
    expect(checkDayFigures({ spent: "1", deposits: 2_000_000_000, payoutPerDeposit: payout })).toEqual({
      problem: { field: "deposits", code: "revenue_too_large" },
    });
    // 10,000,000 × 99,999.99 = 999,999,900,000.00: fits.
    expect(checkDayFigures({ spent: "1", deposits: 10_000_000, payoutPerDeposit: payout })).toEqual({
      revenue: "999999900000.00",
    });
  });

  it("takes an entered revenue as it is, whatever the deposits", () => {
    expect(
      checkDayFigures({
        spent: "1",
        deposits: 2_000_000_000,
        depositPayment: "5.00",
        payoutPerDeposit: payout,
      }),
    ).toEqual({ revenue: "5.00" });
  });

  it("the largest revenue over the smallest spend still fits the ROI column", () => {
    const extreme = {
      spent: "0.01",
      deposits: 0,
      depositPayment: "999999999999.99",
      payoutPerDeposit: payout,
    };
    expect(checkDayFigures(extreme)).toEqual({ revenue: "999999999999.99" });
    expect(ratioOf(99_999_999_999_998n, 1n, 100n)).toBe("9999999999999800.0000");
  });
});

describe("control characters", () => {
  it("refuses C0, DEL, C1, line separators and bidi overrides in a single-line text", () => {
    for (const text of ["a\u0000", "a\tb", "a\nb", "a\u007f", "a\u0085", "a\u2028", "a\u202eb", "a\u2066"])
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    expect(hasControlCharacters("Ana Luíza O'Brien – Ação 😀")).toBe(false);
  });

  it("keeps tab, LF and CR in a multi-line text, and nothing else", () => {
    expect(hasControlCharacters("line\r\n\tline", { multiline: true })).toBe(false);
    expect(hasControlCharacters("line\u000b", { multiline: true })).toBe(true);
    expect(hasControlCharacters("a\u001b[31m", { multiline: true })).toBe(true);
  });
});
