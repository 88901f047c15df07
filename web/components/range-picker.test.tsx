import i18n from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadClassMerge } from "@/lib/utils";
import en from "@/locales/en/common.json";

vi.mock("@/lib/use-formatters", () => ({
  useFormatters: () => ({ language: "en", currency: "USD", timeZone: "UTC" }),
}));

const { RangePicker } = await import("@/components/range-picker");

beforeAll(async () => {
  // Signed-in screens run with tailwind-merge loaded (web/lib/utils.ts).
  await loadClassMerge();
  await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { common: en } } });
});

const render = (value: Parameters<typeof RangePicker>[0]["value"], presets?: ("7d" | "30d" | "all")[]) =>
  renderToStaticMarkup(<RangePicker value={value} onChange={() => {}} presets={presets} />);

describe("RangePicker", () => {
  it("offers every preset and a free range, labelled, with the preset's days spelled out", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T12:00:00Z") });
    const html = render({ period: "7d" });
    vi.useRealTimers();
    for (const label of [
      "Today",
      "Yesterday",
      "Last 7 days",
      "This month",
      "Last month",
      "This year",
      "All time",
      "Custom…",
    ])
      expect(html).toContain(`>${label}</option>`);
    expect(html).toContain("<label");
    expect(html.replace(/\s/g, " ")).toContain("Nov 22 – 28, 2026");
    expect(html).not.toContain('data-testid="range-picker-from"');
  });

  it("lists only the screen's presets, but still shows an old link's preset as chosen", () => {
    const html = render({ period: "yesterday" }, ["7d", "30d", "all"]);
    expect(html).not.toContain(">Today</option>");
    expect(html).toContain(">Yesterday</option>");
    expect(html).toContain(">Last 30 days</option>");
  });

  it("shows two date inputs for a free range", () => {
    const html = render({ period: "custom", from: "2026-11-01", to: "2026-11-10" });
    expect(html).toContain('data-testid="range-picker-from"');
    expect(html).toContain('value="11/01/2026"');
    expect(html).toContain('value="11/10/2026"');
  });
});
