import { describe, expect, it } from "vitest";
import {
  readFinancialPeriod,
  readRole,
  readSearch,
  readStatsSelection,
} from "../../web/features/financial-insights/search-params";
import { withParams } from "../../web/lib/use-url-state";

// The financial screens keep every filter in the URL; whatever a bookmark holds becomes a valid choice.

const params = (search: string) => new URLSearchParams(search);

describe("financial insights URL filters", () => {
  it("reads the period, falling back for anything unknown", () => {
    expect(readFinancialPeriod(params("period=7d"), "all")).toBe("7d");
    expect(readFinancialPeriod(params("period=90d"), "30d")).toBe("90d");
    expect(readFinancialPeriod(params("period=today"), "all")).toBe("all");
    expect(readFinancialPeriod(params(""), "30d")).toBe("30d");
  });

  it("reads the role and the search text", () => {
    expect(readRole(params("role=financial"))).toBe("financial");
    expect(readRole(params("role=root"))).toBeUndefined();
    expect(readSearch(params("q=Bruno%20G"))).toBe("Bruno G");
    expect(readSearch(params(`q=${"x".repeat(150)}`))).toHaveLength(100);
  });

  it("reads the details period: named, custom, incomplete or reversed", () => {
    expect(readStatsSelection(params("")).range).toEqual({ period: "30d" });
    expect(readStatsSelection(params("stats=previous_month")).range).toEqual({ period: "previous_month" });
    expect(readStatsSelection(params("stats=custom&from=2026-01-01&to=2026-01-31"))).toMatchObject({
      range: { from: "2026-01-01", to: "2026-01-31" },
      problem: null,
    });
    // A one-day range is allowed (both ends are inclusive).
    expect(readStatsSelection(params("stats=custom&from=2026-01-05&to=2026-01-05")).range).toEqual({
      from: "2026-01-05",
      to: "2026-01-05",
    });
    expect(readStatsSelection(params("stats=custom&from=2026-01-01"))).toMatchObject({
      range: null,
      problem: "incomplete",
    });
    expect(readStatsSelection(params("stats=custom&from=2026-02-30&to=2026-03-01")).problem).toBe(
      "incomplete",
    );
    expect(readStatsSelection(params("stats=custom&from=2026-02-01&to=2026-01-31"))).toMatchObject({
      range: null,
      problem: "reversed",
    });
  });

  it("sets and removes keys without touching the others", () => {
    const next = withParams(params("period=7d&q=ana&role=user"), { q: "", role: "admin", user: "u1" });
    expect(next.toString()).toBe("period=7d&role=admin&user=u1");
  });
});
