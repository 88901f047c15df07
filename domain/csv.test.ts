import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createCsvReader,
  csvBom,
  csvDialects,
  defaultCsvDialectName,
  fileNamePart,
  formatCsvCell,
  formatCsvDecimal,
  formatCsvRow,
  parseCsv,
  resolveCsvDialect,
} from "./csv";

// Property tests have an explicit, generous time budget and a bounded number of runs, so a loaded
// machine never meets Vitest's 5 s default while a hang still fails.
const propertyTimeoutMs = 60_000;

describe("csv", () => {
  it("neutralizes formulas in text cells", () => {
    expect(formatCsvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(formatCsvCell("+1")).toBe("'+1");
    expect(formatCsvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(formatCsvCell("-2")).toBe("'-2");
  });

  it("keeps numeric columns as numbers", () => {
    expect(formatCsvCell("-12.50", { numeric: true })).toBe("-12.50");
    expect(formatCsvCell(-3)).toBe("-3");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(formatCsvRow(["a,b", 'say "hi"', "two\nlines", null])).toBe(
      '"a,b","say ""hi""","two\nlines",\r\n',
    );
  });

  it("round-trips through the parser", () => {
    const text = `${csvBom}${formatCsvRow(["Оффер", "a,b", 'q"q'])}${formatCsvRow(["x", "", "z"])}`;
    expect(parseCsv(text)).toEqual([
      ["Оффер", "a,b", 'q"q'],
      ["x", "", "z"],
    ]);
  });

  it("parses semicolon files", () => {
    expect(parseCsv("a;b\r\n1,5;2\r\n", ";")).toEqual([
      ["a", "b"],
      ["1,5", "2"],
    ]);
  });
});

describe("reading in pieces", () => {
  const cell = fc.oneof(
    fc.constantFrom("", "a", "1,5", 'q"q', "x\r\ny", "\n", "\r", "; ;", "Оффер"),
    fc.string({ maxLength: 6 }),
  );
  const text = fc
    .tuple(
      fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
      fc.constantFrom("\r\n", "\n", "\r"),
      fc.boolean(),
    )
    .map(([rows, eol, quoteAll]) =>
      rows
        .map((row) =>
          row.map((c) => (quoteAll || /[",;\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(";"),
        )
        .join(eol),
    );

  it("gives the same records however the text is cut", { timeout: propertyTimeoutMs }, () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (input, cuts) => {
        const whole = createCsvReader({ delimiter: ";" });
        const expected = [...whole.push(input), ...whole.end()];
        const points = [...new Set(cuts.map((n) => n % (input.length + 1)))].sort((a, b) => a - b);
        const pieces = createCsvReader({ delimiter: ";" });
        const actual = [];
        let from = 0;
        for (const point of [...points, input.length]) {
          actual.push(...pieces.push(input.slice(from, point)));
          from = point;
        }
        actual.push(...pieces.end());
        expect(actual).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it("counts the lines of quoted line breaks", () => {
    const reader = createCsvReader({ delimiter: "," });
    const records = [
      ...reader.push('a,"1\r'),
      ...reader.push('\n2"\r'),
      ...reader.push("\nb,c\r\n"),
      ...reader.end(),
    ];
    expect(records).toEqual([
      { cells: ["a", "1\r\n2"], line: 1 },
      { cells: ["b", "c"], line: 3 },
    ]);
  });
});

describe("reader's dialect", () => {
  it("quotes a cell holding the delimiter in use, and only then", () => {
    expect(formatCsvRow(["a;b", "c,d", "1030,73"], new Set([2]), ";")).toBe('"a;b";c,d;1030,73\r\n');
    expect(formatCsvRow(["a;b", "c,d"], new Set(), ",")).toBe('a;b,"c,d"\r\n');
    expect(parseCsv(formatCsvRow(["x;y", 'say "hi"', "+5511987654321"], new Set([2]), ";"), ";")).toEqual([
      ["x;y", 'say "hi"', "+5511987654321"],
    ]);
  });

  it("writes decimals with a comma where the reader's language does, with no grouping", () => {
    expect(formatCsvDecimal("1030.73", csvDialects["pt-BR"])).toBe("1030,73");
    expect(formatCsvDecimal("1030.73", csvDialects.ru)).toBe("1030,73");
    expect(formatCsvDecimal("1030.73", csvDialects.en)).toBe("1030.73");
    expect(csvDialects["pt-BR"].delimiter).toBe(";");
    expect(csvDialects.en.delimiter).toBe(",");
  });
});

describe("the reader's CSV dialect and file names (decision 0092)", () => {
  it("takes the dialect asked for, else the language's", () => {
    expect(resolveCsvDialect("pt-BR")).toEqual({ delimiter: ";", decimal: "," });
    expect(resolveCsvDialect("ru")).toEqual({ delimiter: ";", decimal: "," });
    expect(resolveCsvDialect("en")).toEqual({ delimiter: ",", decimal: "." });
    expect(resolveCsvDialect("pt-BR", "comma")).toEqual({ delimiter: ",", decimal: "." });
    expect(resolveCsvDialect("en", "semicolon")).toEqual({ delimiter: ";", decimal: "," });
    expect(defaultCsvDialectName("ru")).toBe("semicolon");
    expect(defaultCsvDialectName("en")).toBe("comma");
  });

  it("writes a person's text as an ASCII piece of a file name", () => {
    expect(fileNamePart("Cassino Ação; Já")).toBe("cassino-acao-ja");
    expect(fileNamePart("Казино «Ромашка»")).toBe("kazino-romashka");
    expect(fileNamePart("Щука ёж")).toBe("shchuka-ezh");
    expect(fileNamePart("  ///  ")).toBe("");
    expect(fileNamePart("a".repeat(50))).toHaveLength(40);
  });
});
