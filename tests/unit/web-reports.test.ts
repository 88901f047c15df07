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
    expect(readDraft(new URLSearchParams(), "pt-BR")).toEqual(blank);
    expect(readDraft(new URLSearchParams("period=90d"), "pt-BR")).toEqual({ ...blank, period: "90d" });
    expect(readDraft(new URLSearchParams("period=1y"), "pt-BR")).toEqual(blank);
    expect(readDraft(new URLSearchParams("period=7d&from=2026-01-01"), "pt-BR")).toEqual({
      ...blank,
      period: "custom",
      from: "2026-01-01",
    });
    expect(readTab(new URLSearchParams("tab=offer"))).toBe("offer");
    expect(readTab(new URLSearchParams("tab=x"))).toBe("user");
  });

  it("accepts a valid draft and writes only what is set (no default period) to the URL", () => {
    const check = checkDraft({ ...blank, offerId, minRoi: " -12,5 ", maxRoi: "0" }, "pt-BR");
    expect(check).toEqual({
      ok: true,
      params: { period: "30d", offerId, minRoi: "-12.5", maxRoi: "0" },
    });
    if (!check.ok) return;
    expect(toSearchParams(check.params, "user").toString()).toBe(`offerId=${offerId}&minRoi=-12.5&maxRoi=0`);
    expect(toSearchParams(check.params, "offer").get("tab")).toBe("offer");
    expect(reportCsvUrl(check.params, "en")).toBe(
      `/api/reports.csv?offerId=${offerId}&minRoi=-12.5&maxRoi=0&lang=en`,
    );
    const custom = checkDraft({ ...blank, period: "custom", from: "2026-01-01", to: "2026-01-31" }, "pt-BR");
    expect(custom.ok && toSearchParams(custom.params, "user").toString()).toBe(
      "from=2026-01-01&to=2026-01-31",
    );
  });

  it("refuses bad bounds, reversed bounds and reversed or missing dates with codes per field", () => {
    expect(checkDraft({ ...blank, minRoi: "abc" }, "pt-BR")).toEqual({
      ok: false,
      errors: { minRoi: "common:moneyInput.percentErrors.not_a_number" },
    });
    expect(checkDraft({ ...blank, maxRoi: "1e3" }, "pt-BR")).toEqual({
      ok: false,
      errors: { maxRoi: "common:moneyInput.percentErrors.not_a_number" },
    });
    // Never a guess: "1,500" is one and a half with three decimals, or fifteen hundred.
    expect(checkDraft({ ...blank, minRoi: "1,500" }, "pt-BR")).toEqual({
      ok: false,
      errors: { minRoi: "common:moneyInput.percentErrors.ambiguous" },
    });
    expect(checkDraft({ ...blank, minRoi: "1.500%" }, "pt-BR")).toMatchObject({
      ok: true,
      params: { minRoi: "1500" },
    });
    expect(checkDraft({ ...blank, minRoi: "50", maxRoi: "10" }, "pt-BR")).toEqual({
      ok: false,
      errors: { maxRoi: "roi_bounds_reversed" },
    });
    expect(checkDraft({ ...blank, minRoi: "10", maxRoi: "10" }, "pt-BR").ok).toBe(true);
    expect(checkDraft({ ...blank, period: "custom", from: "2026-02-01", to: "2026-01-31" }, "pt-BR")).toEqual(
      {
        ok: false,
        errors: { to: "dates_reversed" },
      },
    );
    expect(checkDraft({ ...blank, period: "custom" }, "pt-BR")).toEqual({
      ok: false,
      errors: { from: "dates_required" },
    });
    expect(checkDraft({ ...blank, offerId: "nope" }, "pt-BR")).toEqual({
      ok: false,
      errors: { offerId: "invalid_id" },
    });
  });
});

describe("report ROI bounds in the reader's language", () => {
  it("shows the URL's bounds as the reader writes them and reads them back the same", () => {
    const params = new URLSearchParams("minRoi=-12.5&maxRoi=1500");
    for (const [language, min, max] of [
      ["pt-BR", "-12,5", "1500"],
      ["en", "-12.5", "1500"],
      ["ru", "-12,5", "1500"],
    ] as const) {
      const draft = readDraft(params, language);
      expect([draft.minRoi, draft.maxRoi]).toEqual([min, max]);
      expect(checkDraft(draft, language)).toEqual({
        ok: true,
        params: { period: "30d", minRoi: "-12.5", maxRoi: "1500" },
      });
    }
  });
});
