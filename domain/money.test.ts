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

describe("money", () => {
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
