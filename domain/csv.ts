import type { Language } from "./roles";

// RFC 4180 CSV with protection against formula injection (OWASP "CSV injection"): a text cell
// starting with = + - @ tab or carriage return is prefixed with an apostrophe so spreadsheets
// show it as text instead of running it. Numbers stay numbers.

export type CsvCell = string | number | bigint | null | undefined;

const dangerousStart = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string): string {
  return dangerousStart.test(value) ? `'${value}` : value;
}

export function formatCsvCell(
  value: CsvCell,
  options: { numeric?: boolean; delimiter?: CsvDelimiter } = {},
): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // Numeric columns (money strings, counts) are written as they are; "-12.50" is a number, not a formula.
  if (!(options.numeric || typeof value === "number" || typeof value === "bigint"))
    text = neutralizeCell(text);
  const delimiter = options.delimiter ?? ",";
  const mustQuote =
    text.includes('"') || text.includes("\r") || text.includes("\n") || text.includes(delimiter);
  return mustQuote ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV line with CRLF, as RFC 4180 asks. `numeric` marks the columns that hold numbers;
 * `delimiter` is "," unless the reader's dialect says ";" (csvDialects).
 */
export function formatCsvRow(
  cells: CsvCell[],
  numeric: ReadonlySet<number> = new Set(),
  delimiter: CsvDelimiter = ",",
): string {
  return `${cells.map((cell, i) => formatCsvCell(cell, { numeric: numeric.has(i), delimiter })).join(delimiter)}\r\n`;
}

export type CsvDelimiter = "," | ";";

/**
 * The CSV dialect a reader's spreadsheet opens without an import dialog (decisions.md, "Reports"):
 * where the decimal mark is a comma (pt-BR, ru), the list separator is a semicolon.
 */
export type CsvDialect = { delimiter: CsvDelimiter; decimal: "." | "," };
export const csvDialects: Record<Language, CsvDialect> = {
  "pt-BR": { delimiter: ";", decimal: "," },
  en: { delimiter: ",", decimal: "." },
  ru: { delimiter: ";", decimal: "," },
};

/**
 * The reader's choice of dialect on every CSV export (`?dialect=`): `semicolon` (`;` and decimal
 * comma, what pt-BR and ru spreadsheets open) or `comma` (`,` and decimal point, en). Without a
 * choice, the language's own (csvDialects). One mechanism for every export (docs/decisions/0092).
 */
export const csvDialectNames = ["semicolon", "comma"] as const;
export type CsvDialectName = (typeof csvDialectNames)[number];
const namedDialects: Record<CsvDialectName, CsvDialect> = {
  semicolon: { delimiter: ";", decimal: "," },
  comma: { delimiter: ",", decimal: "." },
};

/** The dialect asked for, else the language's. */
export function resolveCsvDialect(language: Language, name?: CsvDialectName | null): CsvDialect {
  return name ? namedDialects[name] : csvDialects[language];
}

/** The dialect name a language defaults to (what the web's choice starts on). */
export function defaultCsvDialectName(language: Language): CsvDialectName {
  return csvDialects[language].delimiter === ";" ? "semicolon" : "comma";
}

/**
 * A piece of a file name from a text a person chose (an offer's or a buyer's name, a search): ASCII
 * letters and digits joined by "-", accents dropped and Cyrillic transliterated, at most 40
 * characters, so the Content-Disposition header needs no encoding. "" when nothing is left.
 */
export function fileNamePart(text: string): string {
  const latin = [
    ...text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase(),
  ]
    .map((ch) => cyrillic[ch] ?? ch)
    .join("");
  return latin
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
}

const cyrillic: Record<string, string> = Object.fromEntries(
  [..."абвгдеёжзийклмнопрстуфхцчшщъыьэюя"].map((ch, i) => [
    ch,
    [
      "a",
      "b",
      "v",
      "g",
      "d",
      "e",
      "e",
      "zh",
      "z",
      "i",
      "i",
      "k",
      "l",
      "m",
      "n",
      "o",
      "p",
      "r",
      "s",
      "t",
      "u",
      "f",
      "kh",
      "ts",
      "ch",
      "sh",
      "shch",
      "",
      "y",
      "",
      "e",
      "iu",
      "ia",
    ][i] as string,
  ]),
);

/** A decimal string ("1030.73", "-5.00") with the dialect's decimal mark and no grouping. */
export function formatCsvDecimal(value: string, dialect: CsvDialect): string {
  return dialect.decimal === "," ? value.replace(".", ",") : value;
}

/** UTF-8 byte order mark so spreadsheet programs read accents and Cyrillic correctly. */
export const csvBom = "\uFEFF";

/** One record of a CSV text and the line it starts on (1-based; a quoted cell may span lines). */
export type CsvRecord = { cells: string[]; line: number };

export type CsvReader = {
  /** Feeds the next piece of text (any size, cut anywhere); answers the records it completed. */
  push: (text: string) => CsvRecord[];
  /** The end of the text: answers the last record, if any. */
  end: () => CsvRecord[];
};

/**
 * An incremental RFC 4180 parser: quotes, doubled quotes, CR, LF and CRLF, each possibly cut
 * between two pieces, and a leading BOM. Memory holds one record, so a file of any size can be read
 * piece by piece. With no delimiter, `detect` picks it once the first line is complete.
 */
export function createCsvReader(
  options: { delimiter?: string; detect?: (firstLine: string) => string } = {},
): CsvReader {
  let delimiter = options.delimiter ?? (options.detect ? "" : ",");
  // Text held back until the first line is complete, when the delimiter is still to be detected.
  let head = "";
  let atStart = true;
  let records: CsvRecord[] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  /** A quote inside a quoted cell at the end of a piece: a doubled quote or the closing one. */
  let quotePending = false;
  /** A CR at the end of a piece: a following LF belongs to it. */
  let crPending = false;
  let line = 1;
  let recordLine = 1;
  let recordStarted = false;
  let afterCr = false;
  const quotedStop = /["\r\n]/g;
  let plainStop: RegExp | undefined;

  const finishRecord = () => {
    row.push(cell);
    records.push({ cells: row, line: recordLine });
    row = [];
    cell = "";
    recordStarted = false;
  };

  const consume = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      const wasAfterCr = afterCr;
      afterCr = false;
      if (crPending) {
        crPending = false;
        if (ch === "\n") continue;
      }
      if (quotePending) {
        quotePending = false;
        if (ch === '"') {
          cell += '"';
          continue;
        }
        quoted = false;
      }
      if (!recordStarted) {
        recordStarted = true;
        recordLine = line;
      }
      if (quoted) {
        if (ch === '"') {
          if (i + 1 < text.length) {
            if (text[i + 1] === '"') {
              cell += '"';
              i++;
            } else quoted = false;
          } else quotePending = true;
        } else if (ch === "\r" || ch === "\n") {
          // A line break inside a quoted cell: CRLF counts once, even when cut between pieces.
          if (ch === "\r" || !wasAfterCr) line++;
          afterCr = ch === "\r";
          cell += ch;
        } else {
          // Plain text up to the next quote or line break, in one slice (a file is megabytes).
          quotedStop.lastIndex = i + 1;
          const end = quotedStop.exec(text)?.index ?? text.length;
          cell += text.slice(i, end);
          i = end - 1;
        }
      } else if (ch === '"') quoted = true;
      else if (ch === delimiter) {
        row.push(cell);
        cell = "";
      } else if (ch === "\n" || ch === "\r") {
        line++;
        if (ch === "\r") {
          if (i + 1 < text.length) {
            if (text[i + 1] === "\n") i++;
          } else crPending = true;
        }
        finishRecord();
      } else {
        plainStop ??= new RegExp(`["\\r\\n${delimiter.replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&")}]`, "g");
        plainStop.lastIndex = i + 1;
        const end = plainStop.exec(text)?.index ?? text.length;
        cell += text.slice(i, end);
        i = end - 1;
      }
    }
  };

  /** The first line's end outside quotes, or -1. */
  const firstLineEnd = (text: string) => {
    let inQuotes = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === '"') inQuotes = !inQuotes;
      else if (!inQuotes && (ch === "\n" || ch === "\r")) return i;
    }
    return -1;
  };

  return {
    push(text) {
      let input = text;
      if (atStart && input.length > 0) {
        atStart = false;
        if (input.startsWith(csvBom)) input = input.slice(1);
      }
      if (!delimiter) {
        head += input;
        const end = firstLineEnd(head);
        // A header line longer than 64 KB is not a header: decide with what there is.
        if (end < 0 && head.length < 65_536) return [];
        delimiter = options.detect!(end < 0 ? head : head.slice(0, end));
        input = head;
        head = "";
      }
      consume(input);
      const done = records;
      records = [];
      return done;
    },
    end() {
      if (!delimiter && head) {
        delimiter = options.detect!(head);
        consume(head);
        head = "";
      }
      if (quotePending) {
        quotePending = false;
        quoted = false;
      }
      if (cell !== "" || row.length > 0) finishRecord();
      const done = records;
      records = [];
      return done;
    },
  };
}

/** Parses RFC 4180 text (used by tests and imports). Handles quotes, doubled quotes and CRLF. */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const reader = createCsvReader({ delimiter });
  return [...reader.push(text), ...reader.end()].map((record) => record.cells);
}
