import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  buyerPeriodRange,
  coverByMonths,
  daysInRange,
  isIsoDate,
  lastCalendarMonth,
  lastNDays,
  monthRange,
  previousPeriod,
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
    expect(resolvePeriod("yesterday", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(resolvePeriod("current_year", "2026-03-15")).toEqual({ from: "2026-01-01", to: "2026-03-15" });
    expect(comparisonRanges({ from: null, to: "2026-11-22" })).toEqual({
      current: { from: "2026-10-24", to: "2026-11-22" },
      previous: { from: "2026-09-24", to: "2026-10-23" },
    });
  });
});

describe("coverByMonths", () => {
  // The day after each day, remembered: the walk below asks for about a million of them.
  const following = new Map<string, string>();
  const dayAfter = (day: string) => {
    const known = following.get(day);
    if (known !== undefined) return known;
    const after = addDays(day, 1);
    following.set(day, after);
    return after;
  };
  const daysOf = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = from; d <= to; d = dayAfter(d)) out.push(d);
    return out;
  };
  /** Each day's multiplicity: + for months and added days, − for subtracted days. */
  const count = (cover: ReturnType<typeof coverByMonths>, floor: string) => {
    const days = new Map<string, number>();
    const bump = (day: string, by: number) => days.set(day, (days.get(day) ?? 0) + by);
    if (cover.months)
      for (let m = cover.months.from ?? floor; m <= cover.months.to; m = addMonths(m, 1))
        for (const day of daysOf(m, addDays(addMonths(m, 1), -1))) bump(day, 1);
    for (const range of cover.add) for (const day of daysOf(range.from, range.to)) bump(day, 1);
    for (const range of cover.subtract) for (const day of daysOf(range.from, range.to)) bump(day, -1);
    return [...days].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  };

  it("counts every day of the range exactly once and no other day, reading at most half of each edge month", () => {
    const floor = "2023-01-01";
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const dayReads = (ranges: { from: string; to: string }[]) =>
      ranges.reduce((total, r) => total + daysOf(r.from, r.to).length, 0);
    for (let i = 0; i < 300; i++) {
      const from = addDays("2023-03-01", next(500));
      const to = addDays(from, next(120) - 5);
      for (const range of [
        { from, to },
        { from: null, to },
      ]) {
        const cover = coverByMonths(range);
        const expected = range.from === null ? daysOf(floor, to) : from <= to ? daysOf(from, to) : [];
        // Compared as one string each: a deep equality of ~700 pairs, 600 times, took seconds.
        expect(count(cover, floor).join(" ")).toBe(expected.map((day) => [day, 1]).join(" "));
        for (const r of [...cover.add, ...cover.subtract]) expect(r.from <= r.to).toBe(true);
        expect(cover.add.length + cover.subtract.length).toBeLessThanOrEqual(2);
        // At most half of each edge month, the smaller side.
        expect(dayReads([...cover.add, ...cover.subtract])).toBeLessThanOrEqual(30);
      }
    }
  });

  it("reads an edge month whole when fewer of its days lie outside the range", () => {
    // The last 30 days on the 25th: October's 5 days, November minus its last 5.
    expect(coverByMonths({ from: "2026-10-27", to: "2026-11-25" })).toEqual({
      months: { from: "2026-11-01", to: "2026-11-01" },
      add: [{ from: "2026-10-27", to: "2026-10-31" }],
      subtract: [{ from: "2026-11-26", to: "2026-11-30" }],
    });
    expect(coverByMonths({ from: null, to: "2026-11-25" })).toEqual({
      months: { from: null, to: "2026-11-01" },
      add: [],
      subtract: [{ from: "2026-11-26", to: "2026-11-30" }],
    });
    expect(coverByMonths({ from: "2026-10-03", to: "2026-11-02" })).toEqual({
      months: { from: "2026-10-01", to: "2026-10-01" },
      add: [{ from: "2026-11-01", to: "2026-11-02" }],
      subtract: [{ from: "2026-10-01", to: "2026-10-02" }],
    });
    expect(coverByMonths({ from: "2026-11-02", to: "2026-11-28" })).toEqual({
      months: { from: "2026-11-01", to: "2026-11-01" },
      add: [],
      subtract: [
        { from: "2026-11-01", to: "2026-11-01" },
        { from: "2026-11-29", to: "2026-11-30" },
      ],
    });
    expect(coverByMonths({ from: "2026-11-10", to: "2026-11-20" })).toEqual({
      months: null,
      add: [{ from: "2026-11-10", to: "2026-11-20" }],
      subtract: [],
    });
    expect(coverByMonths({ from: "2026-02-01", to: "2026-03-31" })).toEqual({
      months: { from: "2026-02-01", to: "2026-03-01" },
      add: [],
      subtract: [],
    });
    expect(coverByMonths({ from: "2026-01-01", to: "9999-12-31" })).toMatchObject({ add: [], subtract: [] });
    expect(coverByMonths({ from: null, to: "9999-12-31" })).toEqual({
      months: { from: null, to: "9999-12-01" },
      add: [],
      subtract: [],
    });
    expect(coverByMonths({ from: "9999-12-05", to: "9999-12-31" }).subtract).toEqual([
      { from: "9999-12-01", to: "9999-12-04" },
    ]);
    expect(coverByMonths({ from: "2026-03-09", to: "2026-03-05" })).toEqual({
      months: null,
      add: [],
      subtract: [],
    });
  });
});
