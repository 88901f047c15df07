import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  buyerPeriodRange,
  daysInRange,
  isIsoDate,
  lastCalendarMonth,
  lastNDays,
  monthRange,
  previousPeriod,
  splitByMonths,
  todayIn,
} from "./periods";

describe("periods", () => {
  it("knows today in the workspace time zone", () => {
    // 02:30 UTC on Nov 22 is still Nov 21 in São Paulo (UTC−3).
    const now = new Date("2026-11-22T02:30:00Z");
    expect(todayIn("America/Sao_Paulo", now)).toBe("2026-11-21");
    expect(todayIn("UTC", now)).toBe("2026-11-22");
  });

  it("validates calendar dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("26-01-01")).toBe(false);
  });

  it("counts last N days with today included", () => {
    expect(lastNDays(7, "2026-11-22")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(daysInRange(lastNDays(30, "2026-03-01"))).toBe(30);
  });

  it("compares with the N days just before", () => {
    expect(previousPeriod({ from: "2026-11-16", to: "2026-11-22" })).toEqual({
      from: "2026-11-09",
      to: "2026-11-15",
    });
  });

  it("takes the admin's last month from the same day one month ago", () => {
    expect(lastCalendarMonth("2026-11-22")).toEqual({ from: "2026-10-22", to: "2026-11-22" });
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2028-03-31", -1)).toBe("2028-02-29");
  });

  it("gives a payments month its calendar bounds", () => {
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(() => monthRange("2026-13")).toThrow();
  });

  it("maps buyer cards to ranges", () => {
    expect(buyerPeriodRange("daily", "2026-11-22")).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(buyerPeriodRange("weekly", "2026-11-22").from).toBe("2026-11-16");
    expect(buyerPeriodRange("monthly", "2026-11-22").from).toBe("2026-10-24");
    expect(buyerPeriodRange("total", "2026-11-22").from).toBeNull();
  });
});

describe("named periods", () => {
  it("resolves every named period", async () => {
    const { resolvePeriod, comparisonRanges } = await import("./periods");
    expect(resolvePeriod("today", "2026-11-22")).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(resolvePeriod("90d", "2026-11-22").from).toBe("2026-08-25");
    expect(resolvePeriod("all", "2026-11-22")).toEqual({ from: null, to: "2026-11-22" });
    expect(resolvePeriod("current_month", "2026-11-22")).toEqual({ from: "2026-11-01", to: "2026-11-22" });
    expect(resolvePeriod("previous_month", "2026-03-15")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(resolvePeriod("last_month", "2026-03-31")).toEqual({ from: "2026-02-28", to: "2026-03-31" });
    expect(comparisonRanges({ from: null, to: "2026-11-22" })).toEqual({
      current: { from: "2026-10-24", to: "2026-11-22" },
      previous: { from: "2026-09-24", to: "2026-10-23" },
    });
  });
});

describe("splitByMonths", () => {
  const daysOf = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  };
  const expand = (split: ReturnType<typeof splitByMonths>, floor: string) => {
    const out: string[] = [];
    if (split.months)
      for (let m = split.months.from ?? floor; m <= split.months.to; m = addMonths(m, 1))
        out.push(...daysOf(m, addDays(addMonths(m, 1), -1)));
    for (const range of split.days) out.push(...daysOf(range.from, range.to));
    return out.sort();
  };

  it("covers every day of the range exactly once, with whole months only inside it", () => {
    const floor = "2023-01-01";
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const from = addDays("2023-03-01", next(500));
      const to = addDays(from, next(120) - 5);
      const split = splitByMonths({ from, to });
      expect(expand(split, floor)).toEqual(from <= to ? daysOf(from, to) : []);
      expect(split.days.length).toBeLessThanOrEqual(2);
      const open = splitByMonths({ from: null, to });
      expect(open.months?.from).toBeNull();
      expect(expand(open, floor)).toEqual(daysOf(floor, to));
    }
  });

  it("keeps a month whole when the range ends on its last day", () => {
    expect(splitByMonths({ from: "2026-02-01", to: "2026-03-31" })).toEqual({
      months: { from: "2026-02-01", to: "2026-03-01" },
      days: [],
    });
    expect(splitByMonths({ from: "2026-02-10", to: "2026-03-05" })).toEqual({
      months: null,
      days: [{ from: "2026-02-10", to: "2026-03-05" }],
    });
    expect(splitByMonths({ from: "2026-01-01", to: "9999-12-31" }).days).toEqual([]);
    expect(splitByMonths({ from: null, to: "2026-03-05" })).toEqual({
      months: { from: null, to: "2026-02-01" },
      days: [{ from: "2026-03-01", to: "2026-03-05" }],
    });
  });
});
