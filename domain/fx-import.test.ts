import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { guessRateDelimiter, readRateDate, readRateRows, readRateText } from "./fx-import";

const read = (text: string) => readRateRows(parseCsv(text, guessRateDelimiter(text)));

describe("reading a file of rates", () => {
  it("reads the Central Bank's PTAX closing quotes (ddmmyyyy; sell quote; USD only)", () => {
    const file = [
      "02012025;220;A;USD;6,1917;6,1923;1,0000;1,0000",
      "02012025;978;B;EUR;6,3712;6,3741;1,0290;1,0293",
      "03012025;220;A;USD;6,1520;6,1526;1,0000;1,0000",
    ].join("\r\n");
    expect(read(file)).toEqual({
      rates: [
        { date: "2025-01-02", rate: "6.1923" },
        { date: "2025-01-03", rate: "6.1526" },
      ],
      problems: [],
    });
    expect(read("06/01/2025;220;A;USD;6,1060;6,1066;1,0000;1,0000").rates).toEqual([
      { date: "2025-01-06", rate: "6.1066" },
    ]);
  });

  it("reads the Olinda CotacaoDolarPeriodo CSV (quoted decimal commas; the day of dataHoraCotacao)", () => {
    const file = [
      "cotacaoCompra,cotacaoVenda,dataHoraCotacao",
      '"5,4272","5,4278",2025-09-08 13:09:40.608',
      '"5,4117","5,4123",2025-09-09 13:07:27.786',
    ].join("\n");
    expect(read(file).rates).toEqual([
      { date: "2025-09-08", rate: "5.4278" },
      { date: "2025-09-09", rate: "5.4123" },
    ]);
  });

  it("reads a plain table with date and rate columns, in either notation, and names bad lines", () => {
    const file = [
      "Data;Taxa",
      "01/03/2026;5,10",
      "2026-03-02;5.2",
      "31/02/2026;5,3",
      "2026-03-04;abc",
      "",
    ].join("\n");
    expect(read(file)).toEqual({
      rates: [
        { date: "2026-03-01", rate: "5.10" },
        { date: "2026-03-02", rate: "5.2" },
      ],
      problems: [
        { line: 4, code: "invalid_date" },
        { line: 5, code: "invalid_rate" },
      ],
    });
  });

  it("answers nothing for a file without a date and a rate column", () => {
    expect(read("name,amount\nx,1")).toEqual({ rates: [], problems: [] });
  });

  it("refuses impossible dates and rates that are not positive decimals", () => {
    expect(readRateDate("29022025")).toBeNull();
    expect(readRateDate("29/02/2024")).toBe("2024-02-29");
    expect(readRateText("0,0")).toBeNull();
    expect(readRateText("1.234,56")).toBeNull();
    expect(readRateText("5,1234567")).toBeNull();
  });
});
