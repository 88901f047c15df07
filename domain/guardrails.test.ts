import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { funnelWarnings, isFutureDate, warningFields } from "./guardrails";
import { createBinarySniffer } from "./import";

describe("isFutureDate", () => {
  it("refuses only days after today", () => {
    expect(isFutureDate("2026-11-29", "2026-11-28")).toBe(true);
    expect(isFutureDate("2026-11-28", "2026-11-28")).toBe(false);
    expect(isFutureDate("2025-12-31", "2026-01-01")).toBe(false);
    expect(isFutureDate("2027-01-01", "2026-12-31")).toBe(true);
  });
});

describe("funnelWarnings", () => {
  it("flags the issue's funnel: 10 clicks, 500 installs, 900 registrations, 1,000 deposits", () => {
    expect(funnelWarnings({ clicks: 10, installations: 500, registrations: 900, deposits: 1000 })).toEqual([
      { field: "installations", code: "installations_over_clicks", value: "500" },
      { field: "registrations", code: "registrations_over_clicks", value: "900" },
      { field: "deposits", code: "deposits_over_registrations", value: "1000" },
    ]);
  });

  it("numbers each warning with its row when given", () => {
    expect(funnelWarnings({ clicks: 1, installations: 0, registrations: 0, deposits: 0 }, 3)).toEqual([]);
    expect(funnelWarnings({ clicks: 1, installations: 2, registrations: 0, deposits: 0 }, 3)).toEqual([
      { row: 3, field: "installations", code: "installations_over_clicks", value: "2" },
    ]);
  });

  it("compares a step only when the earlier one was entered (> 0)", () => {
    expect(funnelWarnings({ clicks: 0, installations: 50, registrations: 20, deposits: 0 })).toEqual([]);
    expect(funnelWarnings({ clicks: 0, installations: 0, registrations: 0, deposits: 5 })).toEqual([]);
  });

  it("warns exactly when a later step exceeds an entered earlier one", () => {
    const count = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(count, count, count, count, (clicks, installations, registrations, deposits) => {
        const codes = funnelWarnings({ clicks, installations, registrations, deposits }).map((w) => w.code);
        expect(codes.includes("deposits_over_registrations")).toBe(
          registrations > 0 && deposits > registrations,
        );
        expect(codes.includes("registrations_over_clicks")).toBe(clicks > 0 && registrations > clicks);
        expect(codes.includes("installations_over_clicks")).toBe(clicks > 0 && installations > clicks);
      }),
    );
  });
});

describe("warningFields", () => {
  it("names the field of one entry, rows.<i>.<field> in a batch, each with its first code", () => {
    expect(
      warningFields([
        { field: "deposits", code: "deposits_over_registrations", value: "9" },
        { field: "deposits", code: "above_median", value: "9" },
        { row: 2, field: "clicks", code: "above_median", value: "1100", median: "100", limit: "1000" },
      ]),
    ).toEqual({ deposits: "deposits_over_registrations", "rows.2.clicks": "above_median" });
  });
});

describe("createBinarySniffer", () => {
  const sniff = (...chunks: Uint8Array[]) => {
    const sniffer = createBinarySniffer();
    for (const chunk of chunks) sniffer.push(chunk);
    return sniffer.finish();
  };
  const text = (value: string) => new TextEncoder().encode(value);

  it("takes CSV text, a stray NUL in a cell included, in any piece sizes", () => {
    expect(sniff(text("Date;Oferta;Gasto\r\n01/10/2026;Fortuna BR;1.234,50\r\n"))).toBe(false);
    expect(sniff(text("Date,Offer,Cost\n2026-09-0\u00001,Fortuna BR,1\u0000\n"))).toBe(false);
    expect(sniff(text("Da"), text("te\tOffer\n"))).toBe(false);
  });

  it("refuses known signatures and bytes of every value", () => {
    expect(sniff(new Uint8Array([0x89, 0x50]), new Uint8Array([0x4e, 0x47, 0x0d, 0x0a]))).toBe(true);
    expect(sniff(text("%PDF-1.7\nDate,Offer\n"))).toBe(true);
    expect(sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe(true);
    expect(sniff(Uint8Array.from({ length: 4096 }, (_, i) => (i * 151 + 7) % 256))).toBe(true);
  });
});
