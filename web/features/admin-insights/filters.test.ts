import { describe, expect, it } from "vitest";
import { withParams } from "@/lib/use-url-state";
import { readAnalyticsFilters, readDashboardFilters } from "./filters";

const offerId = "0b7f3c1e-6a4d-4c8e-9f1a-2d3b4c5d6e7f";

// The period is the one range picker's: web/lib/range.test.ts.
describe("admin insight filters in the URL", () => {
  it("reads the dashboard's user, dropping an empty one", () => {
    expect(readDashboardFilters(new URLSearchParams("period=7d&user=u1"))).toEqual({ userId: "u1" });
    expect(readDashboardFilters(new URLSearchParams("period=90d&user="))).toEqual({});
  });

  it("drops malformed ids", () => {
    expect(readAnalyticsFilters(new URLSearchParams(`period=custom&offer=${offerId}&user=u1`))).toEqual({
      userId: "u1",
      offerId,
    });
    expect(readAnalyticsFilters(new URLSearchParams("period=today&offer=nope"))).toEqual({});
  });

  it("sets and removes params without touching the others", () => {
    const next = withParams(new URLSearchParams("period=7d&user=u1"), { user: undefined, offer: offerId });
    expect(next.toString()).toBe(`period=7d&offer=${offerId}`);
  });
});
