import { describe, expect, it } from "vitest";
import { withParams } from "@/lib/use-url-state";
import { readAnalyticsFilters, readDashboardFilters, resolveAnalyticsRange } from "./filters";

const offerId = "0b7f3c1e-6a4d-4c8e-9f1a-2d3b4c5d6e7f";

describe("admin insight filters in the URL", () => {
  it("reads the dashboard's period and user, falling back to today for anything else", () => {
    expect(readDashboardFilters(new URLSearchParams("period=7d&user=u1"))).toEqual({
      period: "7d",
      userId: "u1",
    });
    expect(readDashboardFilters(new URLSearchParams("period=90d&user="))).toEqual({ period: "today" });
  });

  it("keeps custom dates only for a custom period and drops malformed ids and dates", () => {
    expect(
      readAnalyticsFilters(
        new URLSearchParams(`period=custom&from=2026-02-01&to=2026-02-30&offer=${offerId}`),
      ),
    ).toEqual({ period: "custom", from: "2026-02-01", offerId });
    expect(readAnalyticsFilters(new URLSearchParams("period=today&from=2026-01-01&offer=nope"))).toEqual({
      period: "today",
    });
    expect(readAnalyticsFilters(new URLSearchParams(""))).toEqual({ period: "7d" });
  });

  it("resolves periods like the server: 7 days with today, one calendar month, inclusive custom ranges", () => {
    const today = "2026-03-31";
    expect(resolveAnalyticsRange({ period: "today" }, today)).toEqual({
      ok: true,
      range: { from: today, to: today },
    });
    expect(resolveAnalyticsRange({ period: "7d" }, today)).toEqual({
      ok: true,
      range: { from: "2026-03-25", to: today },
    });
    expect(resolveAnalyticsRange({ period: "last_month" }, today)).toEqual({
      ok: true,
      range: { from: "2026-02-28", to: today },
    });
    expect(resolveAnalyticsRange({ period: "custom", from: "2026-01-05", to: "2026-01-05" }, today)).toEqual({
      ok: true,
      range: { from: "2026-01-05", to: "2026-01-05" },
    });
    expect(resolveAnalyticsRange({ period: "custom", from: "2026-01-06", to: "2026-01-05" }, today)).toEqual({
      ok: false,
      problem: "reversed",
    });
    expect(resolveAnalyticsRange({ period: "custom", to: "2026-01-05" }, today)).toEqual({
      ok: false,
      problem: "incomplete",
    });
  });

  it("sets and removes params without touching the others", () => {
    const next = withParams(new URLSearchParams("period=7d&user=u1"), { user: undefined, offer: offerId });
    expect(next.toString()).toBe(`period=7d&offer=${offerId}`);
  });
});
