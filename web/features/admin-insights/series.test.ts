import type { Analytics } from "@domain/schemas/campaigns";
import { describe, expect, it } from "vitest";
import { fillDailySeries } from "./series";

const point = (date: string, revenue: string) =>
  ({ date, revenue, profit: revenue, spent: "0.00" }) as unknown as Analytics["series"][number];

describe("the daily chart's series", () => {
  it("adds the days without campaigns as zeros, keeping the server's days as they are", () => {
    const day = point("2026-02-27", "10.00");
    const filled = fillDailySeries([day], { from: "2026-02-26", to: "2026-03-01" });
    expect(filled.map((p) => [p.date, p.revenue])).toEqual([
      ["2026-02-26", "0.00"],
      ["2026-02-27", "10.00"],
      ["2026-02-28", "0.00"],
      ["2026-03-01", "0.00"],
    ]);
    expect(filled[1]).toBe(day);
  });

  it("leaves very long ranges sparse", () => {
    const series = [point("2020-01-01", "1.00")];
    expect(fillDailySeries(series, { from: "2020-01-01", to: "2026-01-01" })).toBe(series);
  });
});
