import {
  createOfferLookup,
  guessMapping,
  type ImportField,
  normalizeImportNumber,
  parseImportDate,
  readHeaders,
} from "./import";
import { parseMoneyInput } from "./money-input";
import type { Language } from "./roles";

// A block pasted into the day grid (issue 26, docs/decisions/0085): cells copied from a spreadsheet
// or a tracker's table, tab- or semicolon-separated, with pt-BR ("1.234,56") or en ("1,234.56")
// numbers, with or without a header row. Pure: the grid (domain/day-grid.ts) puts the result into
// its rows. Headers are guessed and offers found exactly as the import does (domain/import.ts).

/** The grid's editable columns, in their order on screen. */
export const dayColumns = [
  "spent",
  "clicks",
  "installations",
  "registrations",
  "deposits",
  "revenue",
] as const;
export type DayColumn = (typeof dayColumns)[number];

export const moneyColumns: ReadonlySet<DayColumn> = new Set<DayColumn>(["spent", "revenue"]);

export type PasteOffer = { id: string; name: string };

/** Why a line of a block with an offer column fills no row. */
export type PasteUnmatchedReason = "missing_offer" | "unknown_offer" | "ambiguous_offer" | "repeated_offer";
export type PasteUnmatched = { line: number; reference: string; reason: PasteUnmatchedReason };

/**
 * A cell's value: the canonical decimal ("1234.56") or count ("1200"), "" for an empty cell, or the
 * text as pasted when it cannot be read (the grid then shows why, like a typed text).
 */
export type PasteValue = string;

export type DayPaste =
  /** No offer column: the values fill the grid from the cell pasted into, right and down. */
  | {
      kind: "block";
      /** Each pasted column's grid column (null: skipped); null when there is no header (by position). */
      columns: (DayColumn | null)[] | null;
      /** The cells as pasted; each is read (readPasteCell) once its grid column is known. */
      lines: { line: number; cells: string[] }[];
      /** The block's decimal convention (blockLanguage). */
      language: Language;
    }
  /** An offer column: each line fills its offer's row. */
  | {
      kind: "named";
      columns: DayColumn[];
      rows: { line: number; offerId: string; values: Partial<Record<DayColumn, PasteValue>> }[];
      unmatched: PasteUnmatched[];
    };

const importToDay: Partial<Record<ImportField, DayColumn>> = {
  spent: "spent",
  clicks: "clicks",
  installations: "installations",
  registrations: "registrations",
  deposits: "deposits",
  revenue: "revenue",
};

/** Splits the pasted text into lines of cells: tabs when there are any, else semicolons. */
export function splitPaste(text: string): { line: number; cells: string[] }[] {
  const delimiter = text.includes("\t") ? "\t" : text.includes(";") ? ";" : null;
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((raw, i) => ({
      line: i + 1,
      cells: (delimiter ? splitCells(raw, delimiter) : [raw]).map((cell) => unquote(cell.trim())),
    }))
    .filter((entry) => entry.cells.some((cell) => cell !== ""));
}

/** One line's cells; a delimiter inside double quotes belongs to the cell. */
function splitCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === delimiter && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** A spreadsheet quotes a cell holding the delimiter or a quote: "a;b" → a;b, "say ""hi""" → say "hi". */
function unquote(cell: string): string {
  const match = /^"(.*)"$/s.exec(cell);
  return match ? (match[1] ?? "").replace(/""/g, '"').trim() : cell;
}

/** True when a cell reads as a number in either convention ("1.234,56", "$1,234.56", "(5)", "12"). */
export function isNumberCell(cell: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(normalizeImportNumber(cell, "money"));
}

/** True when a cell is a date, not a number ("21/11/2026", "2026-11-21"). */
function isDateCell(cell: string): boolean {
  return /[-/.]\d/.test(cell) && !isNumberCell(cell) && parseImportDate(cell) !== null;
}

/**
 * The block's decimal convention, from the cells that show one: "12,50" or "1.234,56" read as pt-BR,
 * "12.50" or "1,234.56" as en. A block showing both, or neither, is read in the reader's language.
 */
export function blockLanguage(cells: readonly string[], reader: Language): Language {
  let comma = 0;
  let dot = 0;
  for (const raw of cells) {
    const cell = raw.replace(/[\s\u00a0\u202f]/g, "");
    const last = /[.,](\d+)\D*$/.exec(cell);
    if (!last || !/\d[.,]\d+\D*$/.test(cell)) continue;
    const separator = cell[last.index];
    const both = cell.includes(",") && cell.includes(".");
    // "1.234" or "1,234" alone could be a thousand or a decimal: it says nothing.
    if (!both && (last[1] ?? "").length === 3) continue;
    if (separator === ",") comma++;
    else dot++;
  }
  if (comma > 0 && dot === 0) return reader === "en" ? "pt-BR" : reader;
  if (dot > 0 && comma === 0) return "en";
  return reader;
}

/** One pasted cell as the grid's value for a column (see PasteValue). */
export function readPasteCell(cell: string, column: DayColumn, language: Language): PasteValue {
  const text = cell.trim();
  if (text === "") return "";
  if (moneyColumns.has(column)) {
    const money = parseMoneyInput(text, { language });
    return money.ok ? money.value : text;
  }
  const count = normalizeImportNumber(text, "count");
  return /^\d+$/.test(count) ? String(Number(count)) : text;
}

/**
 * Reads a pasted block. `reader` is the reader's language, used when the block does not show its
 * own decimal convention.
 */
export function parseDayPaste(
  text: string,
  { offers, reader }: { offers: readonly PasteOffer[]; reader: Language },
): DayPaste {
  const lines = splitPaste(text);
  const width = Math.max(0, ...lines.map((entry) => entry.cells.length));
  const language = blockLanguage(
    lines.flatMap((entry) => entry.cells),
    reader,
  );

  // A header: the first line names at least one known column and holds no number.
  const first = lines[0];
  let header: string[] | null = null;
  let mapping: ReturnType<typeof guessMapping> = {};
  if (first && !first.cells.some(isNumberCell)) {
    const names = readHeaders(first.cells);
    const guessed = guessMapping(names);
    const known = Object.entries(guessed).filter(([field, name]) => name && field !== "date").length;
    if (known > 0) {
      header = names;
      mapping = guessed;
    }
  }
  const body = header ? lines.slice(1) : lines;

  // The offer column: the header's, or else the first column of names (text that is no number or date).
  let offerIndex = -1;
  if (header) {
    offerIndex = mapping.offer ? header.indexOf(mapping.offer) : -1;
  } else {
    for (let i = 0; i < width; i++) {
      const filled = body.map((entry) => entry.cells[i] ?? "").filter((cell) => cell !== "");
      if (filled.length > 0 && filled.every((cell) => !isNumberCell(cell) && !isDateCell(cell))) {
        offerIndex = i;
        break;
      }
    }
  }

  // Each pasted column's grid column.
  let columns: (DayColumn | null)[] | null = null;
  if (header) {
    const byHeader = new Map<string, DayColumn>();
    for (const [field, name] of Object.entries(mapping)) {
      const column = importToDay[field as ImportField];
      if (name && column) byHeader.set(name, column);
    }
    columns = header.map((name) => byHeader.get(name) ?? null);
  } else if (offerIndex >= 0) {
    // No header: after the offer column (and any date column), the grid's own order.
    const dateColumns = new Set<number>();
    for (let i = 0; i < width; i++) {
      const filled = body.map((entry) => entry.cells[i] ?? "").filter((cell) => cell !== "");
      if (filled.length > 0 && filled.every(isDateCell)) dateColumns.add(i);
    }
    let next = 0;
    columns = Array.from({ length: width }, (_, i) =>
      i === offerIndex || dateColumns.has(i) ? null : (dayColumns[next++] ?? null),
    );
  }

  if (offerIndex < 0) {
    return {
      kind: "block",
      columns,
      lines: body.map((entry) => ({ line: entry.line, cells: entry.cells })),
      language,
    };
  }

  const named = (columns ?? []).filter((column): column is DayColumn => column !== null);
  const findOffer = createOfferLookup(
    offers.map((offer) => ({ id: offer.id, name: offer.name, payoutPerDeposit: "0", visible: true })),
  );
  const rows: Extract<DayPaste, { kind: "named" }>["rows"] = [];
  const unmatched: PasteUnmatched[] = [];
  const taken = new Set<string>();
  for (const entry of body) {
    const reference = entry.cells[offerIndex] ?? "";
    const found = reference ? findOffer(reference) : undefined;
    if (!reference) unmatched.push({ line: entry.line, reference, reason: "missing_offer" });
    else if (found === "ambiguous")
      unmatched.push({ line: entry.line, reference, reason: "ambiguous_offer" });
    else if (!found) unmatched.push({ line: entry.line, reference, reason: "unknown_offer" });
    else if (taken.has(found.id)) unmatched.push({ line: entry.line, reference, reason: "repeated_offer" });
    else {
      taken.add(found.id);
      const values: Partial<Record<DayColumn, PasteValue>> = {};
      (columns ?? []).forEach((column, i) => {
        if (column && i < entry.cells.length)
          values[column] = readPasteCell(entry.cells[i] ?? "", column, language);
      });
      rows.push({ line: entry.line, offerId: found.id, values });
    }
  }
  return { kind: "named", columns: named, rows, unmatched };
}
