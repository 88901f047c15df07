import { describe, expect, it } from "vitest";
import { formatDateRange } from "@/lib/format";
import {
  checkCustomRange,
  rangeQuery,
  readRangeParams,
  resolveRange,
  sameRange,
  writeRangeParams,
} from "@/lib/range";

const read = (search: string, fallback: "30d" | "7d" = "30d") =>
  readRangeParams(new URLSearchParams(search), fallback);

describe("readRangeParams", () => {
  it("reads every preset and a free range", () => {
    expect(read("period=yesterday")).toEqual({ period: "yesterday" });
    expect(read("period=current_year")).toEqual({ period: "current_year" });
    expect(read("period=custom&from=2026-11-01&to=2026-11-10")).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-10",
    });
    // Dates win over the period, as on the server.
    expect(read("period=7d&from=2026-11-01&to=2026-11-01")).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-01",
    });
  });

  it("falls back on anything malformed", () => {
    expect(read("")).toEqual({ period: "30d" });
    expect(read("period=bogus", "7d")).toEqual({ period: "7d" });
    expect(read("period=custom")).toEqual({ period: "30d" });
    expect(read("period=custom&from=2026-11-01")).toEqual({ period: "30d" });
    expect(read("period=custom&from=2026-02-30&to=2026-03-01")).toEqual({ period: "30d" });
    expect(read("period=custom&from=01/11/2026&to=2026-11-10")).toEqual({ period: "30d" });
    // Reversed dates are not a range: the period beside them, or the fallback.
    expect(read("period=90d&from=2026-11-10&to=2026-11-01")).toEqual({ period: "90d" });
    expect(read("period=custom&from=2026-11-10&to=2026-11-01")).toEqual({ period: "30d" });
    // A named period that is not a picker preset (the admin's old "last_month") is not offered.
    expect(read("period=last_month", "7d")).toEqual({ period: "7d" });
  });

  it("keeps the old /user/analytics links (period=7|30|90) opening the same days", () => {
    expect(read("period=7")).toEqual({ period: "7d" });
    expect(read("period=90")).toEqual({ period: "90d" });
  });

  it("reads a prefixed range apart from the page's own", () => {
    const params = new URLSearchParams("period=7d&stats.period=yesterday");
    expect(readRangeParams(params, "30d", "stats")).toEqual({ period: "yesterday" });
  });
});

describe("writeRangeParams", () => {
  it("round-trips, leaves the fallback out and keeps other params", () => {
    const start = new URLSearchParams("q=abc&period=custom&from=2026-11-01&to=2026-11-02");
    const preset = writeRangeParams(start, { period: "yesterday" }, "30d");
    expect(preset.toString()).toBe("q=abc&period=yesterday");
    expect(writeRangeParams(preset, { period: "30d" }, "30d").toString()).toBe("q=abc");
    const custom = { period: "custom", from: "2026-10-01", to: "2026-10-31" } as const;
    const written = writeRangeParams(preset, custom, "30d");
    expect(readRangeParams(written, "30d")).toEqual(custom);
  });
});

describe("rangeQuery", () => {
  it("sends a preset as its period and a free range as its dates", () => {
    expect(rangeQuery({ period: "current_year" })).toEqual({ period: "current_year" });
    expect(rangeQuery({ period: "custom", from: "2026-01-01", to: "2026-01-31" })).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
  });
});

describe("resolveRange and checkCustomRange", () => {
  it("resolves presets from the given today, inclusive", () => {
    expect(resolveRange({ period: "yesterday" }, "2026-03-01")).toEqual({
      from: "2026-02-28",
      to: "2026-02-28",
    });
    expect(resolveRange({ period: "7d" }, "2026-11-28")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(resolveRange({ period: "previous_month" }, "2026-01-15")).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
    expect(resolveRange({ period: "all" }, "2026-11-28")).toEqual({ from: null, to: "2026-11-28" });
  });

  it("refuses missing, unreal and reversed dates; one day is a range", () => {
    expect(checkCustomRange("", "2026-11-01")).toEqual({ field: "from", code: "date_required" });
    expect(checkCustomRange("2026-11-01", "2026-13-01")).toEqual({ field: "to", code: "date_required" });
    expect(checkCustomRange("2026-11-02", "2026-11-01")).toEqual({ field: "to", code: "dates_reversed" });
    expect(checkCustomRange("2026-11-01", "2026-11-01")).toBeNull();
  });

  it("compares ranges by their parts", () => {
    expect(sameRange({ period: "7d" }, { period: "7d" })).toBe(true);
    expect(
      sameRange(
        { period: "custom", from: "2026-01-01", to: "2026-01-02" },
        { period: "custom", from: "2026-01-01", to: "2026-01-03" },
      ),
    ).toBe(false);
  });
});

// Intl puts thin and narrow no-break spaces around the dash.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatDateRange", () => {
  it("writes the range in the reader's language, one date for one day", () => {
    expect(plain(formatDateRange("2026-11-22", "2026-11-28", "en"))).toBe("Nov 22 – 28, 2026");
    expect(plain(formatDateRange("2026-11-22", "2026-11-28", "pt-BR"))).toBe("22 – 28 de nov. de 2026");
    expect(plain(formatDateRange("2026-11-28", "2026-11-28", "en"))).toBe("Nov 28, 2026");
  });
});
