import writeXlsxFile, { type Cell, type Row as XlsxRow } from "write-excel-file/node";
import {
  type CsvDialectName,
  csvBom,
  fileNamePart,
  formatCsvDecimal,
  formatCsvRow,
  resolveCsvDialect,
} from "../../../domain/csv";
import { ratioOf, toRatioUnits } from "../../../domain/ratios";
import type { Language } from "../../../domain/roles";
import type { MetricsTotals } from "../../../domain/schemas/campaigns";
import {
  type Pivot,
  type PivotDimension,
  type PivotMetric,
  timeDimensions,
} from "../../../domain/schemas/pivot";
import { fitsSpreadsheetNumber } from "../payments/payout-file";

// The pivot's exports (issue 25, docs/decisions/0079): exactly the screen's rows, sort and columns,
// every row, and a totals row; with a comparison each metric has its value, the previous value and
// Δ%. Headers in the reader's language; CSV in the reader's dialect (or the one asked for); XLSX with
// number, money, percent and date cells.

type Labels = {
  fileName: string;
  sheet: string;
  all: string;
  total: string;
  noTeam: string;
  noOffer: string;
  previous: string;
  change: string;
  dimensions: Record<PivotDimension, string>;
  /** ASCII words for the file name. */
  fileDimensions: Record<PivotDimension, string>;
  metrics: Record<PivotMetric, string>;
};

export const pivotFileLabels: Record<Language, Labels> = {
  "pt-BR": {
    fileName: "relatorio",
    sheet: "Relatório",
    all: "tudo",
    total: "Total",
    noTeam: "Sem equipe",
    noOffer: "Sem oferta",
    previous: "anterior",
    change: "Δ%",
    dimensions: {
      buyer: "Gestor",
      team: "Equipe",
      offer: "Oferta",
      brand: "Cassino",
      day: "Dia",
      week: "Semana",
      month: "Mês",
    },
    fileDimensions: {
      buyer: "comprador",
      team: "equipe",
      offer: "oferta",
      brand: "marca",
      day: "dia",
      week: "semana",
      month: "mes",
    },
    metrics: {
      spent: "Gasto",
      revenue: "Receita",
      profit: "Lucro",
      roi: "ROI (%)",
      epc: "EPC",
      clicks: "Cliques",
      installations: "Instalações",
      registrations: "Registros",
      deposits: "Depósitos",
      campaigns: "Campanhas",
      clickToInstall: "Clique para instalação (%)",
      installToRegistration: "Instalação para registro (%)",
      registrationToDeposit: "Registro para depósito (%)",
      costPerClick: "Custo por clique",
      costPerInstall: "Custo por instalação",
      costPerRegistration: "Custo por registro",
      costPerDeposit: "Custo por depósito",
    },
  },
  en: {
    fileName: "report",
    sheet: "Report",
    all: "all",
    total: "Total",
    noTeam: "No team",
    noOffer: "No offer",
    previous: "previous",
    change: "Δ%",
    dimensions: {
      buyer: "Buyer",
      team: "Team",
      offer: "Offer",
      brand: "Casino brand",
      day: "Day",
      week: "Week",
      month: "Month",
    },
    fileDimensions: {
      buyer: "buyer",
      team: "team",
      offer: "offer",
      brand: "brand",
      day: "day",
      week: "week",
      month: "month",
    },
    metrics: {
      spent: "Spent",
      revenue: "Revenue",
      profit: "Profit",
      roi: "ROI (%)",
      epc: "EPC",
      clicks: "Clicks",
      installations: "Installations",
      registrations: "Registrations",
      deposits: "Deposits",
      campaigns: "Campaigns",
      clickToInstall: "Click to install (%)",
      installToRegistration: "Install to registration (%)",
      registrationToDeposit: "Registration to deposit (%)",
      costPerClick: "Cost per click",
      costPerInstall: "Cost per install",
      costPerRegistration: "Cost per registration",
      costPerDeposit: "Cost per deposit",
    },
  },
  ru: {
    fileName: "otchet",
    sheet: "Отчёт",
    all: "vse",
    total: "Итого",
    noTeam: "Без команды",
    noOffer: "Без оффера",
    previous: "пред.",
    change: "Δ%",
    dimensions: {
      buyer: "Байер",
      team: "Команда",
      offer: "Оффер",
      brand: "Казино",
      day: "День",
      week: "Неделя",
      month: "Месяц",
    },
    fileDimensions: {
      buyer: "baer",
      team: "komanda",
      offer: "offer",
      brand: "brend",
      day: "den",
      week: "nedelya",
      month: "mesyats",
    },
    metrics: {
      spent: "Расход",
      revenue: "Доход",
      profit: "Прибыль",
      roi: "ROI (%)",
      epc: "EPC",
      clicks: "Клики",
      installations: "Установки",
      registrations: "Регистрации",
      deposits: "Депозиты",
      campaigns: "Кампании",
      clickToInstall: "Клик → установка (%)",
      installToRegistration: "Установка → регистрация (%)",
      registrationToDeposit: "Регистрация → депозит (%)",
      costPerClick: "Цена клика",
      costPerInstall: "Цена установки",
      costPerRegistration: "Цена регистрации",
      costPerDeposit: "Цена депозита",
    },
  },
};

type MetricKind = "money" | "percent" | "ratio" | "count";

const metricKinds: Record<PivotMetric, MetricKind> = {
  spent: "money",
  revenue: "money",
  profit: "money",
  roi: "percent",
  epc: "ratio",
  clicks: "count",
  installations: "count",
  registrations: "count",
  deposits: "count",
  campaigns: "count",
  clickToInstall: "percent",
  installToRegistration: "percent",
  registrationToDeposit: "percent",
  costPerClick: "ratio",
  costPerInstall: "ratio",
  costPerRegistration: "ratio",
  costPerDeposit: "ratio",
};

const isTime = (dimension: PivotDimension) => (timeDimensions as readonly string[]).includes(dimension);

/** The filters a file name names (the export's query). */
export type PivotFileFilters = {
  buyerId?: string | undefined;
  teamId?: string | undefined;
  offerId?: string | undefined;
  brand?: string | undefined;
  minRoi?: string | number | undefined;
  maxRoi?: string | number | undefined;
  minSpend?: string | undefined;
};

/**
 * "relatorio_equipe-semana_2026-10-01_2026-10-31.xlsx" (ASCII, in the reader's language), then each
 * filter: the dimension's word for a buyer, team or offer picked ("_oferta"), the brand's name
 * ("_cassino-bet-x"), and the bounds ("_roi-min-10", "_roi-max-50", "_min-100").
 */
export function pivotFileName(
  language: Language,
  pivot: Pivot,
  extension: "csv" | "xlsx",
  filters: PivotFileFilters = {},
): string {
  const labels = pivotFileLabels[language];
  const words = labels.fileDimensions;
  const grouping = pivot.groupBy.map((d) => words[d]).join("-");
  // "-12.5" → "neg-12-5", "100.00" → "100": the bound's value, readable, in ASCII.
  const bound = (value: string | number | undefined) =>
    `${Number(value) < 0 ? "neg-" : ""}${fileNamePart(String(Math.abs(Number(value))))}`;
  const parts = [
    filters.buyerId ? words.buyer : "",
    filters.teamId ? words.team : "",
    filters.offerId ? words.offer : "",
    filters.brand ? `${words.brand}-${fileNamePart(filters.brand)}` : "",
    filters.minRoi !== undefined ? `roi-min-${bound(filters.minRoi)}` : "",
    filters.maxRoi !== undefined ? `roi-max-${bound(filters.maxRoi)}` : "",
    filters.minSpend !== undefined ? `min-${bound(filters.minSpend)}` : "",
  ].filter(Boolean);
  const period = `${pivot.from ?? labels.all}_${pivot.to}`;
  return `${[labels.fileName, grouping, period, ...parts].join("_")}.${extension}`;
}

/** Δ% from the previous value to the current one (4 places, half-up); null when the previous was 0. */
export function changePercent(current: string | number, previous: string | number): string | null {
  const before = toRatioUnits(String(previous));
  if (before === 0n) return null;
  return ratioOf(toRatioUnits(String(current)) - before, before < 0n ? -before : before, 100n);
}

/** The header: one column per dimension, then per metric its value (and previous, Δ% with a comparison). */
function headerOf(pivot: Pivot, labels: Labels): string[] {
  const compare = pivot.previous !== null;
  return [
    ...pivot.groupBy.map((d) => labels.dimensions[d]),
    ...pivot.columns.flatMap((metric) => {
      const name = labels.metrics[metric];
      return compare ? [name, `${name} (${labels.previous})`, `${name} ${labels.change}`] : [name];
    }),
  ];
}

/** A key's text: the label (a name), else the value (a date, a brand); null is "no team" or "no offer". */
function keyText(
  dimension: PivotDimension,
  key: { value: string | null; label: string | null },
  labels: Labels,
): string {
  if (key.value === null)
    return dimension === "team" ? labels.noTeam : dimension === "offer" ? labels.noOffer : "";
  return key.label ?? key.value;
}

type Line = {
  keys: string[];
  dates: (string | null)[];
  current: MetricsTotals;
  previous: MetricsTotals | null;
};

function linesOf(pivot: Pivot, labels: Labels): Line[] {
  const lines: Line[] = pivot.rows.map((row) => ({
    keys: pivot.groupBy.map((d, i) => keyText(d, row.keys[i] ?? { value: null, label: null }, labels)),
    dates: pivot.groupBy.map((d, i) => (isTime(d) ? (row.keys[i]?.value ?? null) : null)),
    current: row.current,
    previous: row.previous,
  }));
  lines.push({
    keys: pivot.groupBy.map((_, i) => (i === 0 ? labels.total : "")),
    dates: pivot.groupBy.map(() => null),
    current: pivot.totals.current,
    previous: pivot.totals.previous,
  });
  return lines;
}

/** The metric cells of a line as decimal texts (null: no Δ%). */
function metricTexts(pivot: Pivot, line: Line): (string | null)[] {
  const compare = pivot.previous !== null;
  return pivot.columns.flatMap((metric) => {
    const value = String(line.current[metric]);
    if (!compare) return [value];
    const before = line.previous ? String(line.previous[metric]) : "0";
    return [value, before, changePercent(value, before)];
  });
}

/** The CSV text: BOM, header, rows, the totals row; numbers in the dialect's decimal mark. */
export function buildPivotCsv(pivot: Pivot, language: Language, dialectName?: CsvDialectName): string {
  const labels = pivotFileLabels[language];
  const dialect = resolveCsvDialect(language, dialectName);
  const keyCount = pivot.groupBy.length;
  const header = headerOf(pivot, labels);
  const numeric = new Set(header.map((_, i) => i).filter((i) => i >= keyCount));
  const parts: string[] = [csvBom + formatCsvRow(header, new Set(), dialect.delimiter)];
  for (const line of linesOf(pivot, labels)) {
    const numbers = metricTexts(pivot, line).map((text) =>
      text === null ? "" : formatCsvDecimal(text, dialect),
    );
    parts.push(formatCsvRow([...line.keys, ...numbers], numeric, dialect.delimiter));
  }
  return parts.join("");
}

const formats: Record<MetricKind, string> = {
  money: "#,##0.00",
  percent: "0.00%",
  ratio: "#,##0.00##",
  count: "#,##0",
};

/** A metric cell: a number (a percent as its fraction, shown as %), or the exact text when too long. */
function metricCell(text: string | null, kind: MetricKind): Cell {
  if (text === null) return null;
  if (!fitsSpreadsheetNumber(text)) return { value: text, type: String };
  const value = Number(text);
  return { value: kind === "percent" ? value / 100 : value, type: Number, format: formats[kind] };
}

/** The XLSX workbook: keys as text or date cells, metrics as typed number cells. */
export async function buildPivotXlsx(pivot: Pivot, language: Language): Promise<Buffer> {
  const labels = pivotFileLabels[language];
  const compare = pivot.previous !== null;
  const kinds = pivot.columns.flatMap((metric) => {
    const kind = metricKinds[metric];
    return compare ? [kind, kind, "percent" as const] : [kind];
  });
  const data: XlsxRow[] = [
    headerOf(pivot, labels).map((title) => ({ value: title, type: String, fontWeight: "bold" as const })),
  ];
  for (const line of linesOf(pivot, labels)) {
    const keyCells: Cell[] = line.keys.map((text, i) => {
      const date = line.dates[i];
      const dimension = pivot.groupBy[i];
      if (date)
        return {
          value: new Date(`${date}T00:00:00Z`),
          type: Date,
          format: dimension === "month" ? "yyyy-mm" : "yyyy-mm-dd",
        };
      return { value: text, type: String };
    });
    const metricCells = metricTexts(pivot, line).map((text, i) => metricCell(text, kinds[i] ?? "ratio"));
    data.push([...keyCells, ...metricCells]);
  }
  return writeXlsxFile(data, {
    sheet: labels.sheet,
    columns: [
      ...pivot.groupBy.map((d) => ({ width: isTime(d) ? 12 : 28 })),
      ...kinds.map(() => ({ width: 16 })),
    ],
    stickyRowsCount: 1,
  }).toBuffer();
}
