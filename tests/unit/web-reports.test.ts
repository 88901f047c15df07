import { describe, expect, it } from "vitest";
import {
  checkDraft,
  type ReportDraft,
  readDraft,
  readTab,
  reportCsvUrl,
  toSearchParams,
} from "../../web/features/reports/filters";

// The report screen's filters: the URL is the applied state, the form a draft of what was typed.

const blank: ReportDraft = {
  period: "30d",
  from: "",
  to: "",
  userId: "",
  offerId: "",
  minRoi: "",
  maxRoi: "",
};
const offerId = "5f0c2b1e-8a4d-4c1b-9b3e-2d7f6a1c0e9b";

describe("report filters", () => {
  it("reads the URL: nothing means 30 days; dates switch the period to custom", () => {
    expect(readDraft(new URLSearchParams())).toEqual(blank);
    expect(readDraft(new URLSearchParams("period=90d"))).toEqual({ ...blank, period: "90d" });
    expect(readDraft(new URLSearchParams("period=1y"))).toEqual(blank);
    expect(readDraft(new URLSearchParams("period=7d&from=2026-01-01"))).toEqual({
      ...blank,
      period: "custom",
      from: "2026-01-01",
    });
    expect(readTab(new URLSearchParams("tab=offer"))).toBe("offer");
    expect(readTab(new URLSearchParams("tab=x"))).toBe("user");
  });

  it("accepts a valid draft and writes only what is set (no default period) to the URL", () => {
    const check = checkDraft({ ...blank, offerId, minRoi: " -12,5 ", maxRoi: "0" });
    expect(check).toEqual({ ok: true, params: { period: "30d", offerId, minRoi: "-12.5", maxRoi: "0" } });
    if (!check.ok) return;
    expect(toSearchParams(check.params, "user").toString()).toBe(`offerId=${offerId}&minRoi=-12.5&maxRoi=0`);
    expect(toSearchParams(check.params, "offer").get("tab")).toBe("offer");
    expect(reportCsvUrl(check.params, "en")).toBe(
      `/api/reports.csv?offerId=${offerId}&minRoi=-12.5&maxRoi=0&lang=en`,
    );
    const custom = checkDraft({ ...blank, period: "custom", from: "2026-01-01", to: "2026-01-31" });
    expect(custom.ok && toSearchParams(custom.params, "user").toString()).toBe(
      "from=2026-01-01&to=2026-01-31",
    );
  });

  it("refuses bad bounds, reversed bounds and reversed or missing dates with codes per field", () => {
    expect(checkDraft({ ...blank, minRoi: "abc" })).toEqual({
      ok: false,
      errors: { minRoi: "not_a_number" },
    });
    expect(checkDraft({ ...blank, maxRoi: "1e3" })).toEqual({
      ok: false,
      errors: { maxRoi: "not_a_number" },
    });
    expect(checkDraft({ ...blank, minRoi: "50", maxRoi: "10" })).toEqual({
      ok: false,
      errors: { maxRoi: "roi_bounds_reversed" },
    });
    expect(checkDraft({ ...blank, minRoi: "10", maxRoi: "10" }).ok).toBe(true);
    expect(checkDraft({ ...blank, period: "custom", from: "2026-02-01", to: "2026-01-31" })).toEqual({
      ok: false,
      errors: { to: "dates_reversed" },
    });
    expect(checkDraft({ ...blank, period: "custom" })).toEqual({
      ok: false,
      errors: { from: "dates_required" },
    });
    expect(checkDraft({ ...blank, offerId: "nope" })).toEqual({
      ok: false,
      errors: { offerId: "invalid_id" },
    });
  });
});
