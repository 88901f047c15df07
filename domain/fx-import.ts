import { type DailyRate, isRate } from "./fx";

// Reading a file of daily rates (issue 30, docs/decisions/0105): the rows of a CSV (any of , ; tab)
// or of an XLSX's first sheet, as text cells. Three shapes are read, the first two as the Central
// Bank publishes them:
// 1. PTAX closing quotes (ptax.bcb.gov.br "cotações de fechamento", one currency over a period, or
//    the day's file of every currency): no header, `;`-separated,
//    `date;code;type;symbol;buy;sell;parity buy;parity sell`, the date ddmmyyyy or dd/mm/yyyy, decimal
//    commas. Only USD rows (code 220) count; the rate is the sell quote (taxa de venda).
// 2. The Olinda OData CSV of CotacaoDolarPeriodo ($format=text/csv): a header
//    `cotacaoCompra,cotacaoVenda,dataHoraCotacao`, quoted decimal commas; the day is the date of
//    dataHoraCotacao and the rate its cotacaoVenda (the last bulletin of a day wins).
// 3. Any table with a header naming a date column and a rate column (date/data/dia/дата and
//    rate/taxa/cotação/venda/курс); dates yyyy-mm-dd or dd/mm/yyyy; decimal point or comma.

export type RateFileProblem = { line: number; code: "invalid_date" | "invalid_rate" };
export type RateFileResult = { rates: DailyRate[]; problems: RateFileProblem[] };

/** yyyy-mm-dd from yyyy-mm-dd, dd/mm/yyyy, dd.mm.yyyy, dd-mm-yyyy or ddmmyyyy; null when not a real date. */
export function readRateDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  let iso: string | null = null;
  if (match) iso = `${match[1]}-${match[2]}-${match[3]}`;
  match = iso
    ? null
    : (/^(\d{2})[/.-](\d{2})[/.-](\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(value));
  if (match) iso = `${match[3]}-${match[2]}-${match[1]}`;
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** A rate's text as "5.4321": a decimal comma or point, no thousands separators (rates are < 1,000,000). */
export function readRateText(text: string): string | null {
  const value = text.trim().replace(/^"|"$/g, "").trim();
  if (!/^\d+([.,]\d+)?$/.test(value)) return null;
  const rate = value.replace(",", ".").replace(/^0+(?=\d)/, "");
  return isRate(rate) ? rate : null;
}

const dateHeaders = ["date", "data", "dia", "дата", "datahoracotacao", "data cotação", "data cotacao"];
const rateHeaders = [
  "rate",
  "taxa",
  "cotação",
  "cotacao",
  "venda",
  "taxa venda",
  "cotacaovenda",
  "курс",
  "ptax",
];

const normalize = (cell: string) => cell.trim().replace(/^"|"$/g, "").trim().toLowerCase();

function isPtaxClosingRow(cells: string[]): boolean {
  return (
    cells.length >= 6 && readRateDate(cells[0] ?? "") !== null && /^[A-Z]{3}$/.test((cells[3] ?? "").trim())
  );
}

/** The rates of a file's rows (line numbers 1-based, as an editor shows them). */
export function readRateRows(rows: readonly (readonly string[])[]): RateFileResult {
  const byDate = new Map<string, string>();
  const problems: RateFileProblem[] = [];
  const take = (line: number, dateText: string, rateText: string) => {
    const date = readRateDate(dateText);
    if (!date) return problems.push({ line, code: "invalid_date" });
    const rate = readRateText(rateText);
    if (!rate) return problems.push({ line, code: "invalid_rate" });
    byDate.set(date, rate);
  };
  const first = rows.findIndex((cells) => cells.some((cell) => cell.trim() !== ""));
  const header = (rows[first] ?? []).map((cell) => normalize(String(cell)));
  if (first >= 0 && isPtaxClosingRow(rows[first] as string[])) {
    rows.forEach((cells, i) => {
      if (cells.every((cell) => cell.trim() === "")) return;
      if ((cells[3] ?? "").trim() !== "USD") return; // the day's file lists every currency
      take(i + 1, cells[0] ?? "", cells[5] ?? "");
    });
  } else {
    const dateColumn = header.findIndex((cell) => dateHeaders.includes(cell));
    // "cotacaoVenda"/"venda" before a bare "rate"-like word: the sell quote when both are there.
    const sellColumn = header.findIndex(
      (cell) => cell === "cotacaovenda" || cell === "venda" || cell === "taxa venda",
    );
    const rateColumn = sellColumn >= 0 ? sellColumn : header.findIndex((cell) => rateHeaders.includes(cell));
    if (dateColumn < 0 || rateColumn < 0) return { rates: [], problems: [] };
    rows.forEach((cells, i) => {
      if (i <= first || cells.every((cell) => cell.trim() === "")) return;
      // dataHoraCotacao is "2025-09-08 13:09:40.608": its first ten characters are the day.
      take(i + 1, (cells[dateColumn] ?? "").trim().slice(0, 10), cells[rateColumn] ?? "");
    });
  }
  const rates = [...byDate]
    .map(([date, rate]) => ({ date, rate }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  return { rates, problems };
}

/** The delimiter of a CSV text: the one of `;`, tab or `,` that splits its first line most. */
export function guessRateDelimiter(text: string): string {
  const line = text.split(/\r?\n/, 1)[0] ?? "";
  const counts = [";", "\t", ","].map((d) => [d, line.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}
