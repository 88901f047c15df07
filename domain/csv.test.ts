import { describe, expect, it } from "vitest";
import { csvBom, formatCsvCell, formatCsvRow, parseCsv } from "./csv";

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
