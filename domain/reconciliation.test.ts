import { describe, expect, it } from "vitest";
import {
  createLookup,
  differencePercent,
  guessReconciliationMapping,
  isBeyondTolerance,
  mapStatementRow,
  type ReconciliationOfferRef,
  splitByShare,
} from "./reconciliation";

describe("splitByShare (largest remainder)", () => {
  it("adds up exactly and gives the leftover cents to the largest remainders", () => {
    expect(splitByShare(-10001n, [1n, 1n, 1n])).toEqual([-3334n, -3334n, -3333n]);
    expect(splitByShare(100n, [1n, 2n])).toEqual([33n, 67n]);
    // 1000 × 3/7 = 428.57, × 4/7 = 571.43: the first has the larger remainder.
    expect(splitByShare(1000n, [3n, 4n])).toEqual([429n, 571n]);
    for (const [total, weights] of [
      [99999n, [7n, 13n, 1n, 0n, 5n]],
      [-1n, [1n, 1n]],
      [12345n, [0n, 0n, 0n]],
    ] as const) {
      const shares = splitByShare(total, weights);
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
    }
  });

  it("gives nothing to a buyer with no share and splits equally when nobody has one", () => {
    expect(splitByShare(500n, [0n, 5n])).toEqual([0n, 500n]);
    expect(splitByShare(5n, [0n, 0n])).toEqual([3n, 2n]);
    expect(splitByShare(5n, [])).toEqual([]);
  });
});

describe("isBeyondTolerance (the larger of percent and amount)", () => {
  const tolerance = { percent: "2", amount: "50" };
  it("flags only a difference beyond both", () => {
    expect(isBeyondTolerance("800.00", "1000.00", tolerance)).toBe(true);
    // 1 % of 10,000 = 100 > 50, but within 2 %.
    expect(isBeyondTolerance("9900.00", "10000.00", tolerance)).toBe(false);
    // 40 % but only 20.00.
    expect(isBeyondTolerance("30.00", "50.00", tolerance)).toBe(false);
    expect(isBeyondTolerance("1000.00", "1000.00", tolerance)).toBe(false);
    // exactly at the bounds is within.
    expect(isBeyondTolerance("0.00", "50.00", tolerance)).toBe(false);
    expect(isBeyondTolerance("2550.00", "2500.01", tolerance)).toBe(false);
    expect(isBeyondTolerance("60.01", "0.00", tolerance)).toBe(true);
  });
  it("reads the difference percent on what was reported", () => {
    expect(differencePercent("1000.00", "800.00")).toBe("-25.00");
    expect(differencePercent("1.00", "3.00")).toBe("66.67");
    expect(differencePercent("5.00", "0.00")).toBeNull();
  });
});

describe("mapStatementRow", () => {
  const gold: ReconciliationOfferRef = { id: "o1", payoutPerDeposit: "100.00" };
  const lookups = {
    offer: createLookup(new Map([["gs 01", gold]]), new Map([["gold slots", [gold]]])),
    buyer: createLookup(
      new Map(),
      new Map([
        ["carla7", ["u1"]],
        ["dup", ["u2", "u3"]],
      ]),
    ),
  };
  const headers = ["Offer", "Sub ID", "Date", "FTD", "Payout"];
  const mapping = guessReconciliationMapping(headers);

  it("guesses the network's columns", () => {
    expect(mapping).toEqual({
      offer: "Offer",
      buyer: "Sub ID",
      date: "Date",
      registrations: null,
      deposits: "FTD",
      revenue: "Payout",
    });
  });

  it("matches by name, alias and code, and computes revenue from the payout when the file has none", () => {
    const row = mapStatementRow(
      ["Gold Slots", "CARLA7", "10/10/2026", "8", "1.234,50"],
      headers,
      mapping,
      lookups,
      "2026-10",
      2,
    );
    expect(row).toMatchObject({
      status: "matched",
      offerId: "o1",
      userId: "u1",
      date: "2026-10-10",
      deposits: 8,
      revenue: "1234.50",
      revenueFromFile: true,
    });
    const computed = mapStatementRow(["GS-01", "", "", "3", ""], headers, mapping, lookups, "2026-10", 3);
    expect(computed).toMatchObject({
      status: "matched",
      offerId: "o1",
      userId: null,
      revenue: "300.00",
      revenueFromFile: false,
    });
  });

  it("says why a row is unmatched or an error", () => {
    expect(
      mapStatementRow(["Nope", "", "", "1", ""], headers, mapping, lookups, "2026-10", 2).problems,
    ).toEqual([{ code: "unknown_offer", field: "offer" }]);
    expect(
      mapStatementRow(["Gold Slots", "dup", "", "1", ""], headers, mapping, lookups, "2026-10", 2),
    ).toMatchObject({
      status: "unmatched",
      problems: [{ code: "ambiguous_buyer", field: "buyer" }],
    });
    expect(
      mapStatementRow(["Gold Slots", "", "2026-09-30", "1", ""], headers, mapping, lookups, "2026-10", 2),
    ).toMatchObject({
      status: "error",
      problems: [{ code: "outside_month", field: "date" }],
    });
    expect(
      mapStatementRow(["Gold Slots", "", "", "1.5", "1.234"], headers, mapping, lookups, "2026-10", 2)
        .problems,
    ).toEqual([
      { code: "not_integer", field: "deposits" },
      { code: "too_many_decimals", field: "revenue" },
    ]);
    expect(
      mapStatementRow(["Gold Slots", "", "", "-1", "-12.50"], headers, mapping, lookups, "2026-10", 2)
        .problems,
    ).toEqual([{ code: "negative_number", field: "deposits" }]);
    // A chargeback: a negative payout is a figure, not an error.
    expect(
      mapStatementRow(["Gold Slots", "", "", "0", "(12,50)"], headers, mapping, lookups, "2026-10", 2),
    ).toMatchObject({
      status: "matched",
      revenue: "-12.50",
    });
  });
});
