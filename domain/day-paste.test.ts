import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blockLanguage,
  type DayPaste,
  isNumberCell,
  parseDayPaste,
  readPasteCell,
  splitPaste,
} from "./day-paste";
import { fromCents } from "./money";

// A block pasted into the day grid (issue 26, docs/decisions/0085).

const propertyTimeoutMs = 60_000;

const offers = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Bet Sol" },
  { id: "22222222-2222-4222-8222-222222222222", name: "Cassino Lua" },
  { id: "33333333-3333-4333-8333-333333333333", name: "Roleta Ágil" },
  { id: "44444444-4444-4444-8444-444444444444", name: "Dup" },
  { id: "55555555-5555-4555-8555-555555555555", name: "Dup" },
];

const named = (paste: DayPaste) => {
  if (paste.kind !== "named") throw new Error(`expected a block with offers, got ${paste.kind}`);
  return paste;
};
const block = (paste: DayPaste) => {
  if (paste.kind !== "block") throw new Error(`expected a plain block, got ${paste.kind}`);
  return paste;
};

describe("splitPaste", () => {
  it("splits by tabs, or by semicolons when there is no tab, and drops blank lines", () => {
    expect(splitPaste("a\tb;c\r\n\r\n1\t2\n")).toEqual([
      { line: 1, cells: ["a", "b;c"] },
      { line: 3, cells: ["1", "2"] },
    ]);
    expect(splitPaste('x;"1;5";"say ""hi"""')).toEqual([{ line: 1, cells: ["x", "1;5", 'say "hi"'] }]);
    expect(splitPaste("12,50\n7")).toEqual([
      { line: 1, cells: ["12,50"] },
      { line: 2, cells: ["7"] },
    ]);
  });
});

describe("blockLanguage", () => {
  it("reads the block's decimal convention from cells that show one", () => {
    expect(blockLanguage(["12,50", "1.200"], "en")).toBe("pt-BR");
    expect(blockLanguage(["1.234,56"], "en")).toBe("pt-BR");
    expect(blockLanguage(["12.50", "1,200"], "pt-BR")).toBe("en");
    expect(blockLanguage(["1,234.56"], "ru")).toBe("en");
    // A lone "1.234" could be either; a block showing both conventions is the reader's.
    expect(blockLanguage(["1.234"], "en")).toBe("en");
    expect(blockLanguage(["12,5", "3.25"], "pt-BR")).toBe("pt-BR");
    // ru already reads a decimal comma.
    expect(blockLanguage(["12,50"], "ru")).toBe("ru");
  });
});

describe("readPasteCell", () => {
  it("reads money in the block's convention and counts with thousands separators", () => {
    expect(readPasteCell("1.234,56", "spent", "pt-BR")).toBe("1234.56");
    expect(readPasteCell("R$ 12,5", "spent", "pt-BR")).toBe("12.50");
    expect(readPasteCell("$1,234.56", "revenue", "en")).toBe("1234.56");
    expect(readPasteCell("1.200", "clicks", "pt-BR")).toBe("1200");
    expect(readPasteCell("1,200", "clicks", "en")).toBe("1200");
    expect(readPasteCell("", "clicks", "en")).toBe("");
    // Unreadable text stays as pasted, for the grid to name.
    expect(readPasteCell("abc", "spent", "pt-BR")).toBe("abc");
    expect(readPasteCell("1,5", "deposits", "pt-BR")).toBe("1,5");
  });

  it(
    "reads any amount written in pt-BR or en format back to the same cents",
    () => {
      const format = (cents: bigint, language: "pt-BR" | "en") => {
        const [whole, fraction] = fromCents(cents).split(".") as [string, string];
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === "en" ? "," : ".");
        return `${grouped}${language === "en" ? "." : ","}${fraction}`;
      };
      fc.assert(
        fc.property(
          fc.bigInt({ min: 0n, max: 99_999_999_999_999n }),
          fc.constantFrom("pt-BR", "en"),
          (cents, language) => {
            const text = format(cents, language as "pt-BR" | "en");
            const language2 = blockLanguage([text], language === "en" ? "pt-BR" : "en");
            expect(readPasteCell(text, "spent", language2)).toBe(fromCents(cents));
          },
        ),
        { numRuns: 300 },
      );
    },
    propertyTimeoutMs,
  );

  it(
    "reads any count with or without thousands separators",
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.constantFrom(".", ",", ""), (n, group) => {
          const text = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, group);
          expect(readPasteCell(text, "clicks", "pt-BR")).toBe(String(n));
          expect(isNumberCell(text)).toBe(true);
        }),
        { numRuns: 300 },
      );
    },
    propertyTimeoutMs,
  );
});

describe("parseDayPaste", () => {
  it("matches offers by name in a headed spreadsheet block, columns by their header", () => {
    const text = [
      "Oferta\tCusto\tCliques\tInstalações\tCadastros\tDepósitos",
      "bet sol\t1.234,56\t1.200\t300\t40\t2",
      "Cassino Lua\t12,5\t90\t20\t3\t1",
      "Nada\t1\t1\t1\t1\t1",
      "Dup\t1\t1\t1\t1\t1",
      "BET SOL\t1\t1\t1\t1\t1",
    ].join("\n");
    const paste = named(parseDayPaste(text, { offers, reader: "en" }));
    expect(paste.columns).toEqual(["spent", "clicks", "installations", "registrations", "deposits"]);
    expect(paste.rows).toEqual([
      {
        line: 2,
        offerId: offers[0]!.id,
        values: {
          spent: "1234.56",
          clicks: "1200",
          installations: "300",
          registrations: "40",
          deposits: "2",
        },
      },
      {
        line: 3,
        offerId: offers[1]!.id,
        values: { spent: "12.50", clicks: "90", installations: "20", registrations: "3", deposits: "1" },
      },
    ]);
    expect(paste.unmatched).toEqual([
      { line: 4, reference: "Nada", reason: "unknown_offer" },
      { line: 5, reference: "Dup", reason: "ambiguous_offer" },
      { line: 6, reference: "BET SOL", reason: "repeated_offer" },
    ]);
  });

  it("reads a tracker's semicolon table with en numbers, a date column and a revenue column", () => {
    const text = [
      "Date;Campaign;Cost;Clicks;Installs;Regs;FTD;Revenue",
      "2026-11-20;Roleta Agil;1,234.50;2,000;10;5;1;99.90",
    ].join("\n");
    const paste = named(parseDayPaste(text, { offers, reader: "pt-BR" }));
    expect(paste.rows[0]).toEqual({
      line: 2,
      offerId: offers[2]!.id,
      values: {
        spent: "1234.50",
        clicks: "2000",
        installations: "10",
        registrations: "5",
        deposits: "1",
        revenue: "99.90",
      },
    });
  });

  it("without a header, takes the column of names as offers and the rest in the grid's order", () => {
    const text = ["21/11/2026;Bet Sol;10,00;100;50;5;1", ";;1;1;1;1;1"].join("\n");
    const paste = named(parseDayPaste(text, { offers, reader: "pt-BR" }));
    expect(paste.columns).toEqual(["spent", "clicks", "installations", "registrations", "deposits"]);
    expect(paste.rows).toEqual([
      {
        line: 1,
        offerId: offers[0]!.id,
        values: { spent: "10.00", clicks: "100", installations: "50", registrations: "5", deposits: "1" },
      },
    ]);
    expect(paste.unmatched).toEqual([{ line: 2, reference: "", reason: "missing_offer" }]);
  });

  it("a block of numbers only is placed by position; a header picks the columns", () => {
    const plain = block(parseDayPaste("10,5\t100\n7\t20", { offers, reader: "en" }));
    expect(plain.columns).toBeNull();
    expect(plain.language).toBe("pt-BR");
    expect(plain.lines.map((line) => line.cells)).toEqual([
      ["10,5", "100"],
      ["7", "20"],
    ]);
    const headed = block(parseDayPaste("Clicks\tSpend\n100\t10.50", { offers, reader: "pt-BR" }));
    expect(headed.columns).toEqual(["clicks", "spent"]);
    expect(headed.language).toBe("en");
    expect(headed.lines).toEqual([{ line: 2, cells: ["100", "10.50"] }]);
  });
});
