// RFC 4180 CSV with protection against formula injection (OWASP "CSV injection"): a text cell
// starting with = + - @ tab or carriage return is prefixed with an apostrophe so spreadsheets
// show it as text instead of running it. Numbers stay numbers.

export type CsvCell = string | number | bigint | null | undefined;

const dangerousStart = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string): string {
  return dangerousStart.test(value) ? `'${value}` : value;
}

export function formatCsvCell(value: CsvCell, options: { numeric?: boolean } = {}): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // Numeric columns (money strings, counts) are written as they are; "-12.50" is a number, not a formula.
  if (!(options.numeric || typeof value === "number" || typeof value === "bigint"))
    text = neutralizeCell(text);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with CRLF, as RFC 4180 asks. `numeric` marks the columns that hold numbers. */
export function formatCsvRow(cells: CsvCell[], numeric: ReadonlySet<number> = new Set()): string {
  return `${cells.map((cell, i) => formatCsvCell(cell, { numeric: numeric.has(i) })).join(",")}\r\n`;
}

/** UTF-8 byte order mark so spreadsheet programs read accents and Cyrillic correctly. */
export const csvBom = "\uFEFF";

/** Parses RFC 4180 text (used by tests and imports). Handles quotes, doubled quotes and CRLF. */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const input = text.startsWith(csvBom) ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && input[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
