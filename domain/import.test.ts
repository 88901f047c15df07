import { describe, expect, it } from "vitest";
import {
  createCsvRowCounter,
  createEncodingSniffer,
  createImportCsvReader,
  createOfferLookup,
  decodeImportText,
  detectDelimiter,
  guessMapping,
  type ImportOffer,
  mapImportRow,
  normalizeImportNumber,
  parseImportDate,
  readCsvTable,
  readHeaders,
} from "./import";

const offerA: ImportOffer = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Fortuna BR",
  payoutPerDeposit: "30.00",
  visible: true,
};
const hidden: ImportOffer = {
  ...offerA,
  id: "22222222-2222-4222-8222-222222222222",
  name: "Secret",
  visible: false,
};

describe("reading files", () => {
  it("decodes UTF-8 with BOM and falls back to Windows-1252", () => {
    const utf8 = new TextEncoder().encode("\uFEFFData;Instalações\n");
    expect(decodeImportText(utf8)).toContain("Instalações");
    const cp1252 = Uint8Array.from([0x49, 0x6e, 0x73, 0x74, 0x61, 0x6c, 0x61, 0xe7, 0xf5, 0x65, 0x73]);
    expect(decodeImportText(cp1252)).toBe("Instalações");
  });

  it("decides the encoding of a file read in pieces, a character cut between two pieces", () => {
    const bytes = new TextEncoder().encode("Instalações;Депозиты");
    const sniffer = createEncodingSniffer();
    for (let i = 0; i < bytes.length; i += 3) sniffer.push(bytes.subarray(i, i + 3));
    expect(sniffer.finish()).toBe("utf-8");
    const cp1252 = createEncodingSniffer();
    cp1252.push(Uint8Array.from([0x41, 0xe7]));
    cp1252.push(Uint8Array.from([0xf5, 0x65]));
    expect(cp1252.finish()).toBe("windows-1252");
    // A file that ends inside a UTF-8 sequence is not UTF-8.
    const cut = createEncodingSniffer();
    cut.push(Uint8Array.from([0x41, 0xc3]));
    expect(cut.finish()).toBe("windows-1252");
  });

  it("reads a file piece by piece with the lines its records start on", () => {
    const text = '\uFEFFData;Oferta;Obs\r\n\r\n21/11/2026;Fortuna;"two\r\nlines"\r\n22/11/2026;"A ""B""";x\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const reader = createImportCsvReader();
      const records = [];
      for (let i = 0; i < text.length; i += size) records.push(...reader.push(text.slice(i, i + size)));
      records.push(...reader.end());
      expect(records, `pieces of ${size}`).toEqual([
        { cells: ["Data", "Oferta", "Obs"], line: 1 },
        { cells: ["21/11/2026", "Fortuna", "two\r\nlines"], line: 3 },
        { cells: ["22/11/2026", 'A "B"', "x"], line: 5 },
      ]);
    }
  });

  it("detects comma, semicolon and tab delimiters from the header line", () => {
    expect(detectDelimiter("Date,Cost\n1;2;3")).toBe(",");
    expect(detectDelimiter('"a,b";Custo;Cliques\n')).toBe(";");
    expect(detectDelimiter("Date\tCost\tClicks")).toBe("\t");
    expect(readCsvTable("\uFEFFData;Gasto\r\n21/11/2026;12,50\r\n\r\n")).toEqual([
      ["Data", "Gasto"],
      ["21/11/2026", "12,50"],
    ]);
  });

  it("names blank and repeated headers uniquely", () => {
    expect(readHeaders(["Date", "", "Date"])).toEqual(["Date", "Column 2", "Date (2)"]);
  });
});

describe("guessing the mapping", () => {
  it("understands pt-BR, en, ru and tracker headers", () => {
    expect(
      guessMapping([
        "Data",
        "Oferta",
        "Gasto (R$)",
        "Cliques",
        "Instalações",
        "Cadastros",
        "Depósitos",
        "Receita",
      ]),
    ).toEqual({
      date: "Data",
      offer: "Oferta",
      spent: "Gasto (R$)",
      clicks: "Cliques",
      installations: "Instalações",
      registrations: "Cadastros",
      deposits: "Depósitos",
      revenue: "Receita",
    });
    expect(
      guessMapping(["Дата", "Оффер", "Расход", "Клики", "Установки", "Регистрации", "Депозиты"]),
    ).toMatchObject({ date: "Дата", offer: "Оффер", spent: "Расход", deposits: "Депозиты", revenue: null });
    expect(
      guessMapping(["Day", "Campaign", "Cost, USD", "Clicks", "Installs", "Leads", "Sales", "Revenue"]),
    ).toEqual({
      date: "Day",
      offer: "Campaign",
      spent: "Cost, USD",
      clicks: "Clicks",
      installations: "Installs",
      registrations: "Leads",
      deposits: "Sales",
      revenue: "Revenue",
    });
  });

  it("prefers the remembered mapping when its headers are in the file", () => {
    expect(guessMapping(["When", "Cost"], { date: "When", spent: "Missing" })).toMatchObject({
      date: "When",
      spent: "Cost",
    });
  });
});

describe("cells", () => {
  it("parses the common date forms", () => {
    expect(parseImportDate("2026-11-21")).toBe("2026-11-21");
    expect(parseImportDate("2026-11-21 00:00:00")).toBe("2026-11-21");
    expect(parseImportDate("21/11/2026")).toBe("2026-11-21");
    expect(parseImportDate("21.11.2026")).toBe("2026-11-21");
    expect(parseImportDate("11/21/2026")).toBe("2026-11-21");
    expect(parseImportDate(46_347)).toBe("2026-11-21");
    expect(parseImportDate(new Date(Date.UTC(2026, 10, 21)))).toBe("2026-11-21");
    expect(parseImportDate("31/02/2026")).toBeNull();
    expect(parseImportDate("yesterday")).toBeNull();
  });

  it("normalizes decimal commas, thousands and currency signs", () => {
    expect(normalizeImportNumber("12,50", "money")).toBe("12.50");
    expect(normalizeImportNumber("R$ 1.234,56", "money")).toBe("1234.56");
    expect(normalizeImportNumber("1,234.56", "money")).toBe("1234.56");
    expect(normalizeImportNumber("1 234,5", "money")).toBe("1234.5");
    expect(normalizeImportNumber("(12,50)", "money")).toBe("-12.50");
    expect(normalizeImportNumber("1.234", "count")).toBe("1234");
    expect(normalizeImportNumber("1,234,567", "count")).toBe("1234567");
    expect(normalizeImportNumber(12.5, "money")).toBe("12.5");
    expect(normalizeImportNumber("abc", "money")).toBe("abc");
  });
});

describe("rows", () => {
  const headers = ["Date", "Offer", "Cost", "Clicks", "Installs", "Regs", "Deposits"];
  const mapping = guessMapping(headers);
  const lookup = createOfferLookup([offerA, hidden]);
  const row = (cells: string[], line = 2) => mapImportRow(cells, headers, mapping, lookup, line);

  it("maps a good row with revenue from the payout and derived metrics", () => {
    const result = row(["21/11/2026", "fortuna br", "100,00", "1.000", "250", "50", "3"]);
    expect(result.status).toBe("ok");
    expect(result.values).toMatchObject({
      offerId: offerA.id,
      spent: "100.00",
      clicks: 1000,
      revenue: "90.00",
    });
    expect(result.metrics).toMatchObject({ profit: "-10.00", roi: "-10.0000", epc: "0.0900" });
  });

  it("names every problem of a row", () => {
    expect(row(["2026-13-01", "Nope", "-5", "x", "1,5", "0", "0"]).problems).toEqual([
      { code: "unknown_offer", field: "offer" },
      { code: "bad_date", field: "date" },
      { code: "negative_number", field: "spent" },
      { code: "not_a_number", field: "clicks" },
      { code: "not_integer", field: "installations" },
    ]);
    expect(row(["2026-11-01", "Secret", "1,234", "0", "0", "0", "0"]).problems).toEqual([
      { code: "offer_not_visible", field: "offer" },
      { code: "too_many_decimals", field: "spent" },
    ]);
    expect(row(["2026-11-01", "", "1", "0", "0", "0", "0"]).problems).toEqual([
      { code: "missing_offer", field: "offer" },
    ]);
  });

  it("refuses to guess between offers that share a name", () => {
    const twin: ImportOffer = { ...offerA, id: "33333333-3333-4333-8333-333333333333" };
    const hiddenTwin: ImportOffer = {
      ...hidden,
      id: "44444444-4444-4444-8444-444444444444",
      name: "Fortuna BR",
    };
    const twins = createOfferLookup([offerA, twin]);
    expect(mapImportRow(["2026-11-01", "Fortuna BR", "1"], headers, mapping, twins, 2).problems).toEqual([
      { code: "ambiguous_offer", field: "offer" },
    ]);
    // The id settles it; a hidden offer of the same name does not make a visible one ambiguous.
    expect(mapImportRow(["2026-11-01", twin.id, "1"], headers, mapping, twins, 2).values?.offerId).toBe(
      twin.id,
    );
    expect(createOfferLookup([hiddenTwin, offerA])("fortuna br")).toBe(offerA);
  });
});

describe("counting rows before reading them", () => {
  it("counts records with a letter or digit, quoted line breaks inside one record", () => {
    const counter = createCsvRowCounter();
    const bytes = new TextEncoder().encode('Data;Obs\r\n\r\n;;\r\n21/11/2026;"a\r\nb"\r\né;é\n"x"');
    for (let i = 0; i < bytes.length; i += 4) counter.push(bytes.subarray(i, i + 4));
    expect(counter.finish()).toBe(3);
  });
});
