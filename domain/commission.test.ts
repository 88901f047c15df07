import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CommissionSettings,
  calculateCommission,
  defaultCommissionSettings,
  explainCommission,
  findCommissionSteps,
  findTier,
  isRoiAtLeast,
} from "./commission";

// Property tests have an explicit, generous time budget and a bounded number of runs, so a loaded
// machine never meets Vitest's 5 s default while a hang still fails.
const propertyTimeoutMs = 60_000;

const tiered: CommissionSettings = { ...defaultCommissionSettings, modelType: "tiered" };

describe("simple model", () => {
  it("uses the base rate below the ROI threshold and the high rate at or above it", () => {
    // ROI exactly 50%: spent 1000, profit 500
    expect(
      calculateCommission(defaultCommissionSettings, { revenue: "1500", profit: "500", spent: "1000" }),
    ).toMatchObject({
      rate: "35.00",
      commission: "175.00",
      roiReached: true,
    });
    // ROI 49.99%
    expect(
      calculateCommission(defaultCommissionSettings, { revenue: "1499.90", profit: "499.90", spent: "1000" }),
    ).toMatchObject({ rate: "30.00", commission: "149.97", roiReached: false });
  });

  it("pays nothing on a loss", () => {
    expect(
      calculateCommission(defaultCommissionSettings, { revenue: "100", profit: "-900", spent: "1000" })
        .commission,
    ).toBe("0.00");
  });

  it("treats ROI as 0 when nothing was spent", () => {
    const result = calculateCommission(defaultCommissionSettings, {
      revenue: "200",
      profit: "200",
      spent: "0",
    });
    expect(result).toMatchObject({ rate: "30.00", commission: "60.00", roiReached: false });
  });
});

describe("tiered model", () => {
  // ROI 100% (profit = spent) unless stated.
  const at = (revenue: string, roiHigh = true) => {
    const r = Number(revenue);
    const spent = roiHigh ? (r / 2).toFixed(2) : (r / 1.2).toFixed(2);
    const profit = (r - Number(spent)).toFixed(2);
    return calculateCommission(tiered, { revenue, profit, spent });
  };

  it("pays 0 below the minimum monthly revenue", () => {
    expect(at("3999.99")).toMatchObject({ rate: "0.00", commission: "0.00" });
  });

  it.each([
    ["4000", "15"],
    ["7999.99", "15"],
    ["8000", "20"],
    ["12999.99", "20"],
    ["13000", "25"],
    ["23000", "30"],
    ["33000", "35"],
    ["43000", "40"],
    ["56999.99", "40"],
    ["57000", "45"],
    ["1000000", "45"],
  ])("revenue %s above the ROI threshold → %s%%", (revenue, rate) => {
    expect(at(revenue).rate).toBe(`${rate}.00`);
  });

  it.each([
    ["4000", "10"],
    ["8000", "15"],
    ["13000", "20"],
    ["23000", "25"],
    ["33000", "30"],
    ["43000", "35"],
    ["57000", "40"],
  ])("revenue %s below the ROI threshold → %s%%", (revenue, rate) => {
    expect(at(revenue, false).rate).toBe(`${rate}.00`);
  });

  it("compares ROI exactly at the tiered threshold (30%)", () => {
    expect(isRoiAtLeast("300", "1000", "30")).toBe(true);
    expect(isRoiAtLeast("299.99", "1000", "30")).toBe(false);
    expect(calculateCommission(tiered, { revenue: "13000", profit: "3000", spent: "10000" })).toMatchObject({
      rate: "25.00",
      commission: "750.00",
    });
  });

  it("applies the minimum even when a tier would match", () => {
    const settings = { ...tiered, minimumMonthlyRevenue: "10000" };
    expect(calculateCommission(settings, { revenue: "9000", profit: "5000", spent: "4000" }).rate).toBe(
      "0.00",
    );
  });

  it("finds tiers with an inclusive lower and exclusive upper bound", () => {
    expect(findTier(tiered.revenueTiers, "8000")?.minRevenue).toBe("8000");
    expect(findTier(tiered.revenueTiers, "7999.99")?.minRevenue).toBe("4000");
    expect(findTier([], "100")).toBeNull();
  });
});

describe("the steps that would raise the rate", () => {
  const simple = defaultCommissionSettings;
  const tiered = { ...defaultCommissionSettings, modelType: "tiered" as const };

  it("simple: the profit missing for the ROI threshold at the current spend", () => {
    // spent 1000, profit 400 → ROI 40%; 50% needs profit 500.
    expect(findCommissionSteps(simple, { revenue: "1400.00", profit: "400.00", spent: "1000.00" })).toEqual([
      { kind: "roi", target: "50.00", missing: "100.00", rateAfter: "35.00" },
    ]);
    // Rounded up to the cent: 50% of 0.03 is 0.015 → 0.02 is needed.
    expect(findCommissionSteps(simple, { revenue: "0.03", profit: "0.00", spent: "0.03" })).toEqual([
      { kind: "roi", target: "50.00", missing: "0.02", rateAfter: "35.00" },
    ]);
  });

  it("simple: nothing once the threshold is reached (exactly), nothing without spend", () => {
    expect(findCommissionSteps(simple, { revenue: "1500.00", profit: "500.00", spent: "1000.00" })).toEqual(
      [],
    );
    expect(findCommissionSteps(simple, { revenue: "0.00", profit: "0.00", spent: "0.00" })).toEqual([]);
  });

  it("tiered: below the minimum revenue, the revenue missing for the first paying tier", () => {
    expect(findCommissionSteps(tiered, { revenue: "3000.00", profit: "1000.00", spent: "2000.00" })).toEqual([
      { kind: "revenue", target: "4000.00", missing: "1000.00", rateAfter: "15.00" },
    ]);
  });

  it("tiered: the next tier and the ROI threshold, each with the rate it brings", () => {
    // revenue 9000, spent 8000, profit 1000 → ROI 12.5% (< 30%), tier 8000–13000 (15 / 20).
    expect(findCommissionSteps(tiered, { revenue: "9000.00", profit: "1000.00", spent: "8000.00" })).toEqual([
      { kind: "roi", target: "30.00", missing: "1400.00", rateAfter: "20.00" },
      { kind: "revenue", target: "13000.00", missing: "4000.00", rateAfter: "20.00" },
    ]);
    // Exactly at a tier edge the next tier is the one above it.
    expect(findCommissionSteps(tiered, { revenue: "13000.00", profit: "6500.00", spent: "6500.00" })).toEqual(
      [{ kind: "revenue", target: "23000.00", missing: "10000.00", rateAfter: "30.00" }],
    );
  });

  it("tiered: the last tier has no revenue step", () => {
    expect(
      findCommissionSteps(tiered, { revenue: "60000.00", profit: "30000.00", spent: "30000.00" }),
    ).toEqual([]);
  });
});

describe("explaining a month's commission", () => {
  const tiered = { ...defaultCommissionSettings, modelType: "tiered" as const };

  it("simple: the threshold, whether it was met, the rate and profit × rate", () => {
    expect(
      explainCommission(defaultCommissionSettings, {
        revenue: "1400.00",
        profit: "400.00",
        spent: "1000.00",
      }),
    ).toEqual({
      model: "simple",
      roiThreshold: "50.00",
      roiMet: false,
      minimumMonthlyRevenue: null,
      belowMinimum: false,
      tier: null,
      rate: "30.00",
      commission: "120.00",
    });
  });

  it("tiered: the minimum, the tier with its bounds, the threshold", () => {
    expect(explainCommission(tiered, { revenue: "9000.00", profit: "3000.00", spent: "6000.00" })).toEqual({
      model: "tiered",
      roiThreshold: "30.00",
      roiMet: true,
      minimumMonthlyRevenue: "4000.00",
      belowMinimum: false,
      tier: { minRevenue: "8000.00", maxRevenue: "13000.00" },
      rate: "20.00",
      commission: "600.00",
    });
    expect(explainCommission(tiered, { revenue: "60000", profit: "100", spent: "59900" }).tier).toEqual({
      minRevenue: "57000.00",
      maxRevenue: null,
    });
    expect(explainCommission(tiered, { revenue: "3999.99", profit: "3000", spent: "999.99" })).toMatchObject({
      belowMinimum: true,
      roiMet: true,
      tier: null,
      rate: "0.00",
      commission: "0.00",
    });
  });

  it("always agrees with calculateCommission", { timeout: propertyTimeoutMs }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(defaultCommissionSettings, tiered, { ...tiered, minimumMonthlyRevenue: "0" }),
        fc.integer({ min: 0, max: 8_000_000 }),
        fc.integer({ min: 0, max: 8_000_000 }),
        (settings, spentCents, revenueCents) => {
          const spent = (spentCents / 100).toFixed(2);
          const revenue = (revenueCents / 100).toFixed(2);
          const profit = ((revenueCents - spentCents) / 100).toFixed(2);
          const input = { revenue, profit, spent };
          const result = calculateCommission(settings, input);
          const explained = explainCommission(settings, input);
          expect(explained.commission).toBe(result.commission);
          expect(Number(explained.rate)).toBe(Number(result.rate));
          expect(explained.tier?.minRevenue ?? null).toBe(
            result.tier ? Number(result.tier.minRevenue).toFixed(2) : null,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
