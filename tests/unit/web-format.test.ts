import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatPercent,
  formatTime,
} from "@/lib/format";
import { createFormatters } from "@/lib/use-formatters";

// Intl output uses narrow no-break spaces in places; compare with plain spaces (and no word joiner).
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\u2060/g, "");

/** Where a line may break in a text: after a space or a hyphen that nothing glues (issue 28). */
function breakOpportunities(text: string): number {
  return [...text.matchAll(/[ -](?!\u2060)/g)].length;
}

describe("formatting with Intl in the reader's language", () => {
  it("formats money in the reporting currency", () => {
    expect(plain(formatMoney("1234.5", "USD", "pt-BR"))).toBe("US$ 1.234,50");
    expect(formatMoney("1234.5", "USD", "en")).toBe("$1,234.50");
    expect(plain(formatMoney("1234.5", "USD", "ru"))).toBe("1 234,50 $");
    expect(plain(formatMoney(-0.5, "BRL", "pt-BR"))).toBe("-R$ 0,50");
    expect(formatMoney("not a number", "USD", "en")).toBe("$0.00");
  });

  it("never lets an amount wrap: the sign is glued to the currency and digits (issue 28)", () => {
    for (const language of ["pt-BR", "en", "ru"] as const) {
      for (const value of ["-527590.50", "527590.50", "-0.01"]) {
        const text = formatMoney(value, "USD", language);
        expect(breakOpportunities(text), `${language} ${JSON.stringify(text)}`).toBe(0);
      }
    }
    expect(formatMoney("-1", "USD", "pt-BR")).toBe("-\u2060US$\u00a01,00");
  });

  it("writes large headline amounts short, small ones in full", () => {
    expect(plain(formatMoneyCompact("527590.50", "USD", "pt-BR"))).toBe("US$ 527,6 mil");
    expect(plain(formatMoneyCompact("-9876543.21", "USD", "en"))).toBe("-$9.9M");
    expect(plain(formatMoneyCompact("527590.50", "USD", "ru"))).toBe("527,6 тыс. $");
    expect(formatMoneyCompact("99999.99", "USD", "en")).toBe("$99,999.99");
    expect(breakOpportunities(formatMoneyCompact("-9876543.21", "USD", "ru"))).toBe(0);
  });

  it("keeps the cents of large amounts", () => {
    expect(formatMoney("123456789012.34", "USD", "en")).toBe("$123,456,789,012.34");
  });

  it("formats numbers and percentages", () => {
    expect(formatNumber(1234567, "pt-BR")).toBe("1.234.567");
    expect(formatPercent(12.5, "pt-BR")).toBe("12,50%");
    expect(formatPercent("-3", "en")).toBe("-3.00%");
  });

  it("shows a calendar date as that day whatever the time zone", () => {
    expect(formatDate("2024-03-01", "pt-BR", { style: "short" })).toBe("01/03/2024");
    expect(formatDate("2024-03-01", "en", { style: "medium" })).toBe("Mar 1, 2024");
    expect(formatDate("2024-12-31", "ru", { style: "short" })).toBe("31.12.2024");
  });

  it("shows an instant in the given time zone", () => {
    expect(formatDate("2024-03-01T02:00:00Z", "en", { timeZone: "America/Sao_Paulo" })).toBe("Feb 29, 2024");
  });
});

describe("one clock: instants in the workspace's time zone, whatever the browser's", () => {
  // 16:07 UTC is 13:07 in São Paulo; the "browser" here runs in Tokyo (01:07 the next day).
  const instant = "2026-11-27T16:07:00.000Z";
  const browserZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "Asia/Tokyo";
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it("runs the check in a browser zone that is not the workspace's", () => {
    expect(new Intl.DateTimeFormat("en", { timeStyle: "short" }).format(new Date(instant))).toBe("1:07 AM");
  });

  it("shows times and dates of instants in the workspace's zone, naming it when asked", () => {
    const f = createFormatters({ language: "pt-BR", currency: "USD", timeZone: "America/Sao_Paulo" });
    expect(f.time(instant)).toBe("13:07");
    expect(plain(f.dateTime(instant))).toBe("27 de nov. de 2026, 13:07");
    expect(plain(f.dateTime(instant, { showZone: true }))).toBe("27 de nov. de 2026, 13:07 (BRT)");
    // The date of an instant is the workspace's day (Tokyo is already on the 28th).
    expect(f.date(instant, "short")).toBe("27/11/2026");
    expect(plain(formatTime(instant, "en", "America/Sao_Paulo", { showZone: true }))).toBe("1:07 PM (GMT-3)");
    expect(formatDateTime(instant, "ru", "Europe/Moscow")).toBe("27 нояб. 2026 г., 19:07");
    // A calendar date stays that day.
    expect(f.date("2026-11-27", "short")).toBe("27/11/2026");
  });
});
