import { describe, expect, it } from "vitest";
import { computeDepositPayment, computeMetrics } from "./metrics";

const zero = { spent: "0", revenue: "0", clicks: 0, installations: 0, registrations: 0, deposits: 0 };

describe("computeMetrics", () => {
  it("gives 0 for every ratio whose denominator is 0", () => {
    const m = computeMetrics({ ...zero, revenue: "50.00" });
    expect(m).toMatchObject({
      profit: "50.00",
      roi: "0.0000",
      epc: "0.0000",
      costPerClick: "0.0000",
      costPerInstall: "0.0000",
      costPerRegistration: "0.0000",
      costPerDeposit: "0.0000",
      clickToInstall: "0.0000",
      installToRegistration: "0.0000",
      registrationToDeposit: "0.0000",
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
    expect(m.roi).toBe("75.0000");
    expect(m.epc).toBe("0.3500");
    expect(m.costPerClick).toBe("0.2000");
    expect(m.costPerInstall).toBe("0.8000");
    expect(m.costPerRegistration).toBe("4.0000");
    expect(m.costPerDeposit).toBe("28.5714");
    expect(m.clickToInstall).toBe("25.0000");
    expect(m.installToRegistration).toBe("20.0000");
    expect(m.registrationToDeposit).toBe("14.0000");
  });

  it("is a ratio of sums, not an average of ratios", () => {
    // Day 1: spent 100, revenue 300 (ROI 200%); day 2: spent 900, revenue 900 (ROI 0%).
    const m = computeMetrics({ ...zero, spent: "1000.00", revenue: "1200.00" });
    expect(m.roi).toBe("20.0000"); // not (200 + 0) / 2 = 100
  });

  it("handles losses", () => {
    const m = computeMetrics({ ...zero, spent: "300.00", revenue: "100.00", clicks: 3 });
    expect(m.profit).toBe("-200.00");
    expect(m.roi).toBe("-66.6667");
    expect(m.epc).toBe("33.3333");
  });

  it("keeps every digit of a ratio a double would lose (issue 27)", () => {
    // spend 0.07, revenue 999,999,999.99: ROI 1,428,571,428,457.142857… → …457.1429, 17 digits.
    const m = computeMetrics({ ...zero, spent: "0.07", revenue: "999999999.99" });
    expect(m.roi).toBe("1428571428457.1429");
    expect(Number(m.roi).toFixed(4)).not.toBe(m.roi); // what a JSON number would have said
  });

  it("computes revenue as deposits × payout exactly", () => {
    expect(computeDepositPayment(3, "33.33")).toBe("99.99");
    expect(computeDepositPayment(0, "150")).toBe("0.00");
  });
});
