import { describe, expect, it } from "vitest";
import { computeDepositPayment, computeMetrics } from "./metrics";

const zero = { spent: "0", revenue: "0", clicks: 0, installations: 0, registrations: 0, deposits: 0 };

describe("computeMetrics", () => {
  it("gives 0 for every ratio whose denominator is 0", () => {
    const m = computeMetrics({ ...zero, revenue: "50.00" });
    expect(m).toMatchObject({
      profit: "50.00",
      roi: 0,
      epc: 0,
      costPerClick: 0,
      costPerInstall: 0,
      costPerRegistration: 0,
      costPerDeposit: 0,
      clickToInstall: 0,
      installToRegistration: 0,
      registrationToDeposit: 0,
    });
  });

  it("derives every metric from sums", () => {
    const m = computeMetrics({
      spent: "200.00",
      revenue: "350.00",
      clicks: 1000,
      installations: 250,
      registrations: 50,
      deposits: 7,
    });
    expect(m.profit).toBe("150.00");
    expect(m.roi).toBe(75);
    expect(m.epc).toBe(0.35);
    expect(m.costPerClick).toBe(0.2);
    expect(m.costPerInstall).toBe(0.8);
    expect(m.costPerRegistration).toBe(4);
    expect(m.costPerDeposit).toBe(28.5714);
    expect(m.clickToInstall).toBe(25);
    expect(m.installToRegistration).toBe(20);
    expect(m.registrationToDeposit).toBe(14);
  });

  it("is a ratio of sums, not an average of ratios", () => {
    // Day 1: spent 100, revenue 300 (ROI 200%); day 2: spent 900, revenue 900 (ROI 0%).
    const m = computeMetrics({ ...zero, spent: "1000.00", revenue: "1200.00" });
    expect(m.roi).toBe(20); // not (200 + 0) / 2 = 100
  });

  it("handles losses", () => {
    const m = computeMetrics({ ...zero, spent: "300.00", revenue: "100.00", clicks: 3 });
    expect(m.profit).toBe("-200.00");
    expect(m.roi).toBe(-66.6667);
    expect(m.epc).toBe(33.3333);
  });

  it("computes revenue as deposits × payout exactly", () => {
    expect(computeDepositPayment(3, "33.33")).toBe("99.99");
    expect(computeDepositPayment(0, "150")).toBe("0.00");
  });
});
