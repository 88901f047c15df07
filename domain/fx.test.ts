import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertMoney, isRate, rateDays, rateOn, sumConverted } from "./fx";
import { fromCents, toCents } from "./money";

describe("convertMoney", () => {
  it("keeps an amount in its own currency without a rate", () => {
    expect(convertMoney("1234.50", "BRL", "BRL", null)).toBe("1234.50");
    expect(convertMoney("0.01", "USD", "USD", null)).toBe("0.01");
  });

  it("multiplies USD into BRL and divides BRL into USD at BRL per USD", () => {
    expect(convertMoney("100.00", "USD", "BRL", "5.4321")).toBe("543.21");
    expect(convertMoney("543.21", "BRL", "USD", "5.4321")).toBe("100.00");
    expect(convertMoney("10.00", "BRL", "USD", "3")).toBe("3.33");
  });

  it("rounds half-up to cents", () => {
    // 0.05 × 5.1 = 0.255 → 0.26; 0.01 ÷ 2 = 0.005 → 0.01; 0.03 ÷ 8 = 0.00375 → 0.00
    expect(convertMoney("0.05", "USD", "BRL", "5.1")).toBe("0.26");
    expect(convertMoney("0.01", "BRL", "USD", "2")).toBe("0.01");
    expect(convertMoney("0.03", "BRL", "USD", "8")).toBe("0.00");
    expect(convertMoney("1.00", "BRL", "USD", "1.6")).toBe("0.63"); // 0.625 → 0.63
  });

  it("needs a rate between currencies, except for zero", () => {
    expect(() => convertMoney("1.00", "BRL", "USD", null)).toThrow("missing_rate");
    expect(convertMoney("0.00", "BRL", "USD", null)).toBe("0.00");
  });

  it("answers the nearest cent, ties up, for any amount and rate", () => {
    const rates = fc
      .tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 0, max: 6 }))
      .map(([units, places]) => {
        const text = String(units).padStart(places + 1, "0");
        const rate = places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
        return rate.replace(/^0+(?=\d)/, "");
      })
      .filter((rate) => isRate(rate));
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), rates, (cents, rate) => {
        const [whole = "0", fraction = ""] = rate.split(".");
        const units = BigInt(whole + fraction);
        const scale = 10n ** BigInt(fraction.length);
        // BRL → USD: the exact value is cents × scale / units cents; the answer is within half a cent.
        const usd = toCents(convertMoney(fromCents(cents), "BRL", "USD", rate));
        const errorUsd = usd * units - cents * scale; // in units of 1/units cents
        expect(2n * errorUsd <= units && -2n * errorUsd < units).toBe(true);
        // USD → BRL: cents × units / scale.
        const brl = toCents(convertMoney(fromCents(cents), "USD", "BRL", rate));
        const errorBrl = brl * scale - cents * units;
        expect(2n * errorBrl <= scale && -2n * errorBrl < scale).toBe(true);
      }),
    );
  });
});

describe("rates", () => {
  const rates = [
    { date: "2026-03-02", rate: "5.10" },
    { date: "2026-03-05", rate: "5.20" },
  ];

  it("uses a day's own rate, else the latest earlier one, else none", () => {
    expect(rateOn(rates, "2026-03-02")?.rate).toBe("5.10");
    expect(rateOn(rates, "2026-03-04")?.rate).toBe("5.10");
    expect(rateOn(rates, "2026-03-31")?.rate).toBe("5.20");
    expect(rateOn(rates, "2026-03-01")).toBeNull();
  });

  it("lists each day of a range with its rate, flagging gaps and the day they borrow from", () => {
    expect(rateDays(rates, "2026-03-01", "2026-03-06")).toEqual([
      { date: "2026-03-01", rate: null, own: false, from: null },
      { date: "2026-03-02", rate: "5.10", own: true },
      { date: "2026-03-03", rate: "5.10", own: false, from: "2026-03-02" },
      { date: "2026-03-04", rate: "5.10", own: false, from: "2026-03-02" },
      { date: "2026-03-05", rate: "5.20", own: true },
      { date: "2026-03-06", rate: "5.20", own: false, from: "2026-03-05" },
    ]);
  });

  it("refuses what is not a positive rate with up to six places", () => {
    expect(isRate("5.123456")).toBe(true);
    expect(isRate("5.1234567")).toBe(false);
    expect(isRate("0")).toBe(false);
    expect(isRate("-5")).toBe(false);
    expect(isRate("5,12")).toBe(false);
  });
});

describe("sumConverted", () => {
  it("rounds each row before summing, at each row's own day's rate", () => {
    // Two rows of R$ 0.01 at 2 BRL/USD are US$ 0.01 each (0.005 → 0.01): 0.02, not round(0.02 ÷ 2).
    const rows = [
      { amount: "0.01", currency: "BRL" as const, date: "2026-03-02" },
      { amount: "0.01", currency: "BRL" as const, date: "2026-03-02" },
    ];
    expect(sumConverted(rows, "USD", [{ date: "2026-03-01", rate: "2" }])).toBe("0.02");
    const mixed = [
      { amount: "100.00", currency: "USD" as const, date: "2026-03-01" },
      { amount: "510.00", currency: "BRL" as const, date: "2026-03-01" },
      { amount: "520.00", currency: "BRL" as const, date: "2026-03-03" },
    ];
    const rates = [
      { date: "2026-03-01", rate: "5.10" },
      { date: "2026-03-03", rate: "5.20" },
    ];
    expect(sumConverted(mixed, "USD", rates)).toBe("300.00");
    expect(sumConverted(mixed, "BRL", rates)).toBe("1540.00");
  });
});
