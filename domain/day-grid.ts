import { type DayColumn, type DayPaste, dayColumns, moneyColumns, readPasteCell } from "./day-paste";
import { computeDepositPayment, computeProfit } from "./metrics";
import { fromCents, toCents } from "./money";
import { formatMoneyForInput, type MoneyInputCode, parseMoneyInput } from "./money-input";
import type { Language } from "./roles";
import type { CampaignInput } from "./schemas/campaigns";
import type { GuardrailWarning } from "./schemas/guardrails";

// The day grid's state (issue 26, docs/decisions/0085): one row per offer the buyer may log, its
// texts as typed in the reader's language, what the day already held, and what changed. Pure and
// exact: money is read with the shared money input rules and summed in cents (bigint), never as
// binary floats. The screen (web/features/campaigns) only renders it.

export type DayTexts = Record<DayColumn, string>;

export type DayGridOffer = { id: string; name: string; payoutPerDeposit: string };

/** What the day already holds for an offer (the buyer's one entry for that offer and day). */
export type SavedDay = {
  spent: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  depositPayment: string;
};

export type DayGridRow = {
  offerId: string;
  payoutPerDeposit: string;
  saved: SavedDay | null;
  /** The texts the row opened with (what the day holds). */
  initial: DayTexts;
  texts: DayTexts;
};

/** Why a cell cannot be read: a money input code, or a count's ("integer", "too_large"). */
export type DayCellCode = MoneyInputCode | "integer";

export type DayFigures = {
  input: Omit<CampaignInput, "date" | "offerId">;
  revenue: string;
  profit: string;
  roi: string;
};

export type RowReading =
  | { ok: true; figures: DayFigures }
  | { ok: false; errors: Partial<Record<DayColumn, DayCellCode>> };

const countColumns = ["clicks", "installations", "registrations", "deposits"] as const;
const maxCount = 2_147_483_647;

export const blankTexts = (): DayTexts => ({
  spent: "",
  clicks: "",
  installations: "",
  registrations: "",
  deposits: "",
  revenue: "",
});

/**
 * A saved day as texts in the reader's language. Revenue is shown only when it was entered directly
 * (it differs from deposits × the offer's payout, as the edit dialog decides, decision 0069); blank,
 * it follows the deposits.
 */
export function textsOfSaved(saved: SavedDay | null, payoutPerDeposit: string, language: Language): DayTexts {
  if (!saved) return blankTexts();
  const computed = computeDepositPayment(saved.deposits, payoutPerDeposit);
  return {
    spent: formatMoneyForInput(saved.spent, language),
    clicks: String(saved.clicks),
    installations: String(saved.installations),
    registrations: String(saved.registrations),
    deposits: String(saved.deposits),
    revenue:
      toCents(saved.depositPayment) === toCents(computed)
        ? ""
        : formatMoneyForInput(saved.depositPayment, language),
  };
}

/** One row per offer, in the offers' order, with what the day holds. */
export function buildRows(
  offers: readonly DayGridOffer[],
  saved: ReadonlyMap<string, SavedDay>,
  language: Language,
): DayGridRow[] {
  return offers.map((offer) => {
    const day = saved.get(offer.id) ?? null;
    const texts = textsOfSaved(day, offer.payoutPerDeposit, language);
    return {
      offerId: offer.id,
      payoutPerDeposit: offer.payoutPerDeposit,
      saved: day,
      initial: texts,
      texts: { ...texts },
    };
  });
}

/** A count as typed: blank is 0; digits with thousands separators ("1.200", "1,200", "1 200") are read. */
export function readCount(text: string): { ok: true; value: number } | { ok: false; code: DayCellCode } {
  const trimmed = text.replace(/[\s\u00a0\u202f]/g, "");
  if (trimmed === "") return { ok: true, value: 0 };
  let digits = trimmed;
  if (/^\d{1,3}([.,]\d{3})+$/.test(trimmed)) digits = trimmed.replace(/[.,]/g, "");
  if (!/^\d+$/.test(digits)) {
    if (/^-/.test(trimmed)) return { ok: false, code: "not_negative" };
    return { ok: false, code: /^\d*[.,]\d+$/.test(trimmed) ? "integer" : "not_a_number" };
  }
  const value = Number(digits);
  return value > maxCount ? { ok: false, code: "too_large" } : { ok: true, value };
}

/** A row's texts read in the reader's language: what it would save, with revenue, profit and ROI. */
export function readTexts(texts: DayTexts, payoutPerDeposit: string, language: Language): RowReading {
  const errors: Partial<Record<DayColumn, DayCellCode>> = {};
  const spent =
    texts.spent.trim() === ""
      ? { ok: true as const, value: "0.00" }
      : parseMoneyInput(texts.spent, { language });
  if (!spent.ok) errors.spent = spent.code;
  const counts: Partial<Record<(typeof countColumns)[number], number>> = {};
  for (const column of countColumns) {
    const read = readCount(texts[column]);
    if (read.ok) counts[column] = read.value;
    else errors[column] = read.code;
  }
  const revenueText = texts.revenue.trim();
  const entered = revenueText === "" ? null : parseMoneyInput(revenueText, { language });
  if (entered && !entered.ok) errors.revenue = entered.code;
  if (Object.keys(errors).length > 0 || !spent.ok || (entered && !entered.ok)) return { ok: false, errors };
  const deposits = counts.deposits ?? 0;
  const revenue = entered?.ok ? entered.value : computeDepositPayment(deposits, payoutPerDeposit);
  const { profit, roi } = computeProfit({ spent: spent.value, revenue });
  const input: DayFigures["input"] = {
    spent: spent.value,
    clicks: counts.clicks ?? 0,
    installations: counts.installations ?? 0,
    registrations: counts.registrations ?? 0,
    deposits,
  };
  if (entered?.ok) input.depositPayment = entered.value;
  return { ok: true, figures: { input, revenue, profit, roi } };
}

export const readRow = (row: DayGridRow, language: Language): RowReading =>
  readTexts(row.texts, row.payoutPerDeposit, language);

const sameFigures = (a: DayFigures, b: DayFigures) =>
  a.input.spent === b.input.spent &&
  a.revenue === b.revenue &&
  countColumns.every((column) => a.input[column] === b.input[column]) &&
  (a.input.depositPayment === undefined) === (b.input.depositPayment === undefined);

/**
 * Whether a row changed: what it would save differs from what it opened with ("12,5" and "12,50"
 * are the same; a blank offer typed as zeros is no change). A text that cannot be read is a change.
 */
export function isRowChanged(row: DayGridRow, language: Language): boolean {
  const now = readRow(row, language);
  const before = readTexts(row.initial, row.payoutPerDeposit, language);
  if (!now.ok || !before.ok)
    return dayColumns.some((column) => row.texts[column].trim() !== row.initial[column].trim());
  return !sameFigures(now.figures, before.figures);
}

/** The indexes of the changed rows. */
export function changedRows(rows: readonly DayGridRow[], language: Language): number[] {
  return rows.flatMap((row, i) => (isRowChanged(row, language) ? [i] : []));
}

export type DayTotals = {
  spent: string;
  revenue: string;
  profit: string;
  roi: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  /** Rows left out because a text cannot be read. */
  unreadable: number;
};

/** The day's totals over every readable row (saved or typed), summed exactly in cents. */
export function dayTotals(rows: readonly DayGridRow[], language: Language): DayTotals {
  let spent = 0n;
  let revenue = 0n;
  const counts = { clicks: 0, installations: 0, registrations: 0, deposits: 0 };
  let unreadable = 0;
  for (const row of rows) {
    const reading = readRow(row, language);
    if (!reading.ok) {
      unreadable++;
      continue;
    }
    spent += toCents(reading.figures.input.spent);
    revenue += toCents(reading.figures.revenue);
    for (const column of countColumns) counts[column] += reading.figures.input[column];
  }
  const { profit, roi } = computeProfit({ spent: fromCents(spent), revenue: fromCents(revenue) });
  return { spent: fromCents(spent), revenue: fromCents(revenue), profit, roi, ...counts, unreadable };
}

/**
 * The batch to save: the changed rows only, and for each batch row its grid row (to name refusals
 * and warnings). Rows that cannot be read stop the save: `errors` lists them.
 */
export function batchOf(
  rows: readonly DayGridRow[],
  date: string,
  language: Language,
): { rows: CampaignInput[]; gridRows: number[]; unreadable: number[] } {
  const batch: CampaignInput[] = [];
  const gridRows: number[] = [];
  const unreadable: number[] = [];
  for (const i of changedRows(rows, language)) {
    const row = rows[i]!;
    const reading = readRow(row, language);
    if (!reading.ok) {
      unreadable.push(i);
      continue;
    }
    batch.push({ date, offerId: row.offerId, ...reading.figures.input });
    gridRows.push(i);
  }
  return { rows: batch, gridRows, unreadable };
}

/** A cell's text from a pasted value: money in the reader's format, counts as digits. */
function textOf(value: string, column: DayColumn, language: Language): string {
  if (value === "") return "";
  if (moneyColumns.has(column) && /^-?\d+\.\d{2}$/.test(value)) return formatMoneyForInput(value, language);
  return value;
}

export type PasteOutcome = {
  rows: DayGridRow[];
  /** Cells filled. */
  filled: number;
  /** Lines that filled nothing, with the reason (an offer column's unmatched names). */
  unmatched: Extract<DayPaste, { kind: "named" }>["unmatched"];
  /** Grid rows that received values. */
  touched: number[];
};

/**
 * Puts a pasted block into the grid: a block with an offer column fills the matching rows; any
 * other block fills from the anchor cell right and down (its header, if any, picks the columns).
 */
export function applyPaste(
  rows: readonly DayGridRow[],
  paste: DayPaste,
  anchor: { row: number; column: DayColumn },
  language: Language,
): PasteOutcome {
  const next = rows.map((row) => ({ ...row, texts: { ...row.texts } }));
  let filled = 0;
  const touched = new Set<number>();
  const put = (rowIndex: number, column: DayColumn, value: string) => {
    const row = next[rowIndex];
    if (!row) return;
    row.texts[column] = textOf(value, column, language);
    filled++;
    touched.add(rowIndex);
  };
  if (paste.kind === "named") {
    const index = new Map(next.map((row, i) => [row.offerId, i]));
    for (const line of paste.rows) {
      const rowIndex = index.get(line.offerId);
      if (rowIndex === undefined) continue;
      for (const [column, value] of Object.entries(line.values) as [DayColumn, string][])
        put(rowIndex, column, value);
    }
    return { rows: next, filled, unmatched: paste.unmatched, touched: [...touched] };
  }
  const start = dayColumns.indexOf(anchor.column);
  paste.lines.forEach((line, offset) => {
    const rowIndex = anchor.row + offset;
    if (rowIndex >= next.length) return;
    line.cells.forEach((cell, i) => {
      const column = paste.columns ? paste.columns[i] : dayColumns[start + i];
      if (!column) return;
      put(rowIndex, column, readPasteCell(cell, column, paste.language));
    });
  });
  return { rows: next, filled, unmatched: [], touched: [...touched] };
}

export type RowRefusal = { column: DayColumn | null; code: string };

const columnOfField: Record<string, DayColumn | null> = {
  spent: "spent",
  clicks: "clicks",
  installations: "installations",
  registrations: "registrations",
  deposits: "deposits",
  depositPayment: "revenue",
  date: null,
  offerId: null,
};

/**
 * The server's refusals of a batch (`fields`: "rows.<i>.<field>" or "rows.<i>" → code) by grid row.
 * `gridRows[i]` is the grid row of the batch's row i. Fields that name no row are left out.
 */
export function refusalsByRow(
  fields: Readonly<Record<string, string>>,
  gridRows: readonly number[],
): Map<number, RowRefusal[]> {
  const byRow = new Map<number, RowRefusal[]>();
  for (const [path, code] of Object.entries(fields)) {
    const match = /^rows\.(\d+)(?:\.(\w+))?$/.exec(path);
    if (!match) continue;
    const gridRow = gridRows[Number(match[1])];
    if (gridRow === undefined) continue;
    const column = match[2] ? (columnOfField[match[2]] ?? null) : null;
    byRow.set(gridRow, [...(byRow.get(gridRow) ?? []), { column, code }]);
  }
  return byRow;
}

/** Guardrail warnings (`row` = the batch's row index) by grid row. */
export function warningsByRow(
  warnings: readonly GuardrailWarning[],
  gridRows: readonly number[],
): Map<number, GuardrailWarning[]> {
  const byRow = new Map<number, GuardrailWarning[]>();
  for (const warning of warnings) {
    if (warning.row === undefined) continue;
    const gridRow = gridRows[warning.row];
    if (gridRow === undefined) continue;
    byRow.set(gridRow, [...(byRow.get(gridRow) ?? []), warning]);
  }
  return byRow;
}

/** The grid's column of a guardrail field (depositPayment is the revenue column). */
export const columnOfGuardrailField = (field: GuardrailWarning["field"]): DayColumn =>
  field === "depositPayment" ? "revenue" : field;
