import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPaste,
  batchOf,
  buildRows,
  changedRows,
  type DayGridRow,
  dayTotals,
  readCount,
  refusalsByRow,
  type SavedDay,
  warningsByRow,
} from "./day-grid";
import { parseDayPaste } from "./day-paste";
import { fromCents, toCents } from "./money";

// The day grid's state (issue 26, docs/decisions/0085): changed rows, exact totals, paste, refusals.

const propertyTimeoutMs = 60_000;

const offers = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Bet Sol", payoutPerDeposit: "20.00" },
  { id: "22222222-2222-4222-8222-222222222222", name: "Cassino Lua", payoutPerDeposit: "0.10" },
  { id: "33333333-3333-4333-8333-333333333333", name: "Roleta", payoutPerDeposit: "33.33" },
];
const saved: SavedDay = {
  spent: "12.50",
  clicks: 100,
  installations: 10,
  registrations: 5,
  deposits: 2,
  depositPayment: "40.00",
};

const withTexts = (rows: DayGridRow[], index: number, texts: Partial<DayGridRow["texts"]>) =>
  rows.map((row, i) => (i === index ? { ...row, texts: { ...row.texts, ...texts } } : row));

describe("buildRows", () => {
  it("pre-fills what the day holds in the reader's format; revenue only when entered directly", () => {
    const rows = buildRows(
      offers,
      new Map([
        [offers[0]!.id, saved],
        [offers[1]!.id, { ...saved, deposits: 3, depositPayment: "7.77" }],
      ]),
      "pt-BR",
    );
    expect(rows[0]!.texts).toEqual({
      spent: "12,50",
      clicks: "100",
      installations: "10",
      registrations: "5",
      deposits: "2",
      revenue: "",
    });
    expect(rows[1]!.texts.revenue).toBe("7,77");
    expect(rows[2]!.saved).toBeNull();
    expect(rows[2]!.texts.spent).toBe("");
    expect(changedRows(rows, "pt-BR")).toEqual([]);
  });
});

describe("changed rows", () => {
  it("sends only rows whose figures changed", () => {
    let rows = buildRows(offers, new Map([[offers[0]!.id, saved]]), "pt-BR");
    // Same value, other spelling: no change. Zeros on an empty offer: no change.
    rows = withTexts(rows, 0, { spent: "12,5" });
    rows = withTexts(rows, 1, { clicks: "0", spent: "0" });
    expect(changedRows(rows, "pt-BR")).toEqual([]);
    rows = withTexts(rows, 2, { spent: "1.000,00", deposits: "3" });
    rows = withTexts(rows, 0, { clicks: "101" });
    expect(changedRows(rows, "pt-BR")).toEqual([0, 2]);
    const batch = batchOf(rows, "2026-11-20", "pt-BR");
    expect(batch.gridRows).toEqual([0, 2]);
    expect(batch.unreadable).toEqual([]);
    expect(batch.rows).toEqual([
      {
        date: "2026-11-20",
        offerId: offers[0]!.id,
        spent: "12.50",
        clicks: 101,
        installations: 10,
        registrations: 5,
        deposits: 2,
      },
      {
        date: "2026-11-20",
        offerId: offers[2]!.id,
        spent: "1000.00",
        clicks: 0,
        installations: 0,
        registrations: 0,
        deposits: 3,
      },
    ]);
  });

  it("keeps a revenue entered directly and names unreadable cells", () => {
    let rows = buildRows(offers, new Map(), "en");
    rows = withTexts(rows, 0, { deposits: "1", revenue: "55.5" });
    rows = withTexts(rows, 1, { spent: "1,2,3" });
    const batch = batchOf(rows, "2026-11-20", "en");
    expect(batch.rows[0]?.depositPayment).toBe("55.50");
    expect(batch.unreadable).toEqual([1]);
  });
});

describe("readCount", () => {
  it("reads counts with thousands separators and refuses the rest with a reason", () => {
    expect(readCount("1.200")).toEqual({ ok: true, value: 1200 });
    expect(readCount(" 1 200 ")).toEqual({ ok: true, value: 1200 });
    expect(readCount("")).toEqual({ ok: true, value: 0 });
    expect(readCount("1,5")).toEqual({ ok: false, code: "integer" });
    expect(readCount("-3")).toEqual({ ok: false, code: "not_negative" });
    expect(readCount("x")).toEqual({ ok: false, code: "not_a_number" });
    expect(readCount("3000000000")).toEqual({ ok: false, code: "too_large" });
  });
});

describe("dayTotals", () => {
  it("adds the day exactly: revenue from deposits × payout, profit and ROI of the sums", () => {
    let rows = buildRows(offers, new Map([[offers[0]!.id, saved]]), "pt-BR");
    rows = withTexts(rows, 1, { spent: "0,10", deposits: "3" });
    rows = withTexts(rows, 2, { spent: "0,20", deposits: "1", clicks: "1.000" });
    const totals = dayTotals(rows, "pt-BR");
    // 12.50 + 0.10 + 0.20 spent; 40.00 + 0.30 + 33.33 revenue.
    expect(totals).toEqual({
      spent: "12.80",
      revenue: "73.63",
      profit: "60.83",
      roi: "475.2344",
      clicks: 1100,
      installations: 10,
      registrations: 5,
      deposits: 6,
      unreadable: 0,
    });
    expect(dayTotals(withTexts(rows, 2, { spent: "abc" }), "pt-BR").unreadable).toBe(1);
  });

  it("stays exact to the cent where binary floats would not (a hundred offers near the largest spend)", () => {
    const many = Array.from({ length: 100 }, (_, i) => ({
      id: `offer-${i}`,
      name: `Offer ${i}`,
      payoutPerDeposit: "0.01",
    }));
    const spends = many.map((_, i) => 99_999_999_999_999n - BigInt((i * 7919) % 100));
    const rows = buildRows(many, new Map(), "en").map((row, i) => ({
      ...row,
      texts: { ...row.texts, spent: fromCents(spends[i]!), deposits: String(i + 1) },
    }));
    const totals = dayTotals(rows, "en");
    expect(totals.spent).toBe(fromCents(spends.reduce((sum, cents) => sum + cents, 0n)));
    expect(totals.spent).toBe("99999999999949.50");
    expect(totals.revenue).toBe("50.50");
  });

  it(
    "sums any amounts to the cent, as integers of cents would",
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.bigInt({ min: 0n, max: 10_000_000_000n }), { minLength: 3, maxLength: 3 }),
          (spends) => {
            const rows = buildRows(offers, new Map(), "en").map((row, i) => ({
              ...row,
              texts: { ...row.texts, spent: fromCents(spends[i]!) },
            }));
            const total = spends.reduce((sum, cents) => sum + cents, 0n);
            expect(toCents(dayTotals(rows, "en").spent)).toBe(total);
          },
        ),
        { numRuns: 200 },
      );
    },
    propertyTimeoutMs,
  );
});

describe("applyPaste", () => {
  it("fills the matching rows from a block with offer names", () => {
    const rows = buildRows(offers, new Map(), "pt-BR");
    const paste = parseDayPaste("Oferta\tGasto\tDepósitos\nRoleta\t1,234.50\t2\nNinguém\t1\t1", {
      offers,
      reader: "pt-BR",
    });
    const outcome = applyPaste(rows, paste, { row: 0, column: "spent" }, "pt-BR");
    expect(outcome.rows[2]!.texts).toMatchObject({ spent: "1234,50", deposits: "2" });
    expect(outcome.rows[0]!.texts.spent).toBe("");
    expect(outcome.touched).toEqual([2]);
    expect(outcome.unmatched).toEqual([{ line: 3, reference: "Ninguém", reason: "unknown_offer" }]);
  });

  it("fills from the anchor cell right and down, stopping at the grid's edges", () => {
    const rows = buildRows(offers, new Map(), "en");
    const paste = parseDayPaste("5\t6\t7\n8\t9\t10\n11\t12\t13", { offers, reader: "en" });
    const outcome = applyPaste(rows, paste, { row: 1, column: "registrations" }, "en");
    expect(outcome.rows[0]!.texts.registrations).toBe("");
    expect(outcome.rows[1]!.texts).toMatchObject({ registrations: "5", deposits: "6", revenue: "7.00" });
    expect(outcome.rows[2]!.texts).toMatchObject({ registrations: "8", deposits: "9", revenue: "10.00" });
    expect(outcome.filled).toBe(6);
    // The original rows are untouched (the grid keeps them for Escape and the draft).
    expect(rows[1]!.texts.registrations).toBe("");
  });
});

describe("refusals and warnings by grid row", () => {
  it("maps the batch's row indexes back to the grid's rows", () => {
    const refusals = refusalsByRow(
      {
        "rows.0.date": "future_date",
        "rows.1": "duplicate_in_file",
        "rows.1.depositPayment": "too_large",
        other: "x",
      },
      [2, 5],
    );
    expect(refusals.get(2)).toEqual([{ column: null, code: "future_date" }]);
    expect(refusals.get(5)).toEqual([
      { column: null, code: "duplicate_in_file" },
      { column: "revenue", code: "too_large" },
    ]);
    const warnings = warningsByRow(
      [
        { row: 1, field: "deposits", code: "deposits_over_registrations", value: "9" },
        { field: "clicks", code: "above_median", value: "1" },
      ],
      [2, 5],
    );
    expect([...warnings.keys()]).toEqual([5]);
  });
});
