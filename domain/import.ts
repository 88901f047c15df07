import { z } from "zod";
import { type CsvReader, type CsvRecord, createCsvReader } from "./csv";
import { funnelWarnings } from "./guardrails";
import { checkDayFigures, computeMetrics, type Metrics } from "./metrics";
import { isIsoDate } from "./periods";
import { campaignInputSchema } from "./schemas/campaigns";
import {
  acknowledgeWarningsField,
  type GuardrailWarning,
  guardrailWarningSchema,
} from "./schemas/guardrails";

// Import of daily results from CSV/XLSX files and tracker exports (issue 11). Pure: the server
// reads the file and the database, this module decodes, maps, validates and flags each row. Values
// are validated by the same campaign schema as the add-data form, so the rules never drift apart.

export const importFields = [
  "date",
  "offer",
  "spent",
  "clicks",
  "installations",
  "registrations",
  "deposits",
  "revenue",
] as const;
export type ImportField = (typeof importFields)[number];

/** Field → header name of the file (null or absent: not in the file). */
export type ImportMapping = Partial<Record<ImportField, string | null>>;

export const importMappingSchema = z
  .object(
    Object.fromEntries(importFields.map((f) => [f, z.string().max(200).nullable().optional()])) as Record<
      ImportField,
      z.ZodOptional<z.ZodNullable<z.ZodString>>
    >,
  )
  .strict()
  .meta({ id: "ImportMapping" });

export const importProblemCodes = [
  "missing_offer",
  "unknown_offer",
  "ambiguous_offer",
  "offer_not_visible",
  "bad_date",
  "negative_number",
  "not_a_number",
  "not_integer",
  "too_many_decimals",
  "too_large",
  /** Deposits × the offer's payout would not fit a money amount (issue 27). */
  "revenue_too_large",
  "duplicate_existing",
  "duplicate_in_file",
  /** Dated in a month the buyer's statement has closed (set by the server, docs/decisions/0062). */
  "month_closed",
  /** Dated after today in the workspace time zone (set by the server, docs/decisions/0084). */
  "future_date",
] as const;
export type ImportProblemCode = (typeof importProblemCodes)[number];
export type ImportProblem = { code: ImportProblemCode; field?: ImportField };

/** ok: will be added; duplicate: a day already logged (skipped or replaced); error: never saved. */
export type ImportRowStatus = "ok" | "duplicate" | "error";

export type ImportValues = {
  date: string;
  offerId: string;
  offerName: string;
  spent: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  /** Revenue as it will be saved: the file's, or deposits × the offer's payout. */
  revenue: string;
};

export type ImportRow = {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  status: ImportRowStatus;
  problems: ImportProblem[];
  /** The file's cells per mapped field, for showing what was read. */
  raw: Partial<Record<ImportField, string>>;
  values: ImportValues | null;
  metrics: Metrics | null;
  /** Guardrail warnings (row = line): saved only when the commit acknowledges them (decision 0084). */
  warnings: GuardrailWarning[];
};

export type ImportOffer = { id: string; name: string; payoutPerDeposit: string; visible: boolean };

export type ImportCell = string | number | boolean | Date | null | undefined;

// ---------------------------------------------------------------------------------------------
// Reading the file
// ---------------------------------------------------------------------------------------------

export type ImportEncoding = "utf-8" | "windows-1252";

/**
 * Decides the encoding of a file read in pieces: UTF-8 (with or without BOM) when every byte is
 * valid UTF-8, else Windows-1252 (Excel's "CSV"). Holds no more than an unfinished character.
 */
export function createEncodingSniffer(): { push: (bytes: Uint8Array) => void; finish: () => ImportEncoding } {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let valid = true;
  return {
    push(bytes) {
      if (!valid) return;
      try {
        decoder.decode(bytes, { stream: true });
      } catch {
        valid = false;
      }
    },
    finish() {
      if (valid) {
        try {
          decoder.decode();
        } catch {
          valid = false;
        }
      }
      return valid ? "utf-8" : "windows-1252";
    },
  };
}

/** The whole text of a small file, in the encoding the sniffer picks. */
export function decodeImportText(bytes: Uint8Array): string {
  const sniffer = createEncodingSniffer();
  sniffer.push(bytes);
  return new TextDecoder(sniffer.finish()).decode(bytes);
}

/** The delimiter used most on the header line, outside quotes: comma, semicolon or tab. */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","]) return "\t";
  return ",";
}

/**
 * Reads a CSV file piece by piece: the delimiter is detected from the header line, blank lines are
 * dropped, and each record keeps the line it starts on for the preview's messages.
 */
export function createImportCsvReader(): CsvReader {
  const reader = createCsvReader({ detect: detectDelimiter });
  const keep = (records: CsvRecord[]) => records.filter((r) => r.cells.some((cell) => cell.trim() !== ""));
  return { push: (text) => keep(reader.push(text)), end: () => keep(reader.end()) };
}

const isAsciiLetterOrDigit = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/** Signatures of files that are not text: images, PDF, archives, executables, old binary Office files. */
const binarySignatures: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // MZ (Windows executables)
  [0x50, 0x4b, 0x03, 0x04], // ZIP (a workbook is read as XLSX before this is asked)
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2 (.xls, .doc)
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];

/** Control bytes no text table holds (all below 0x20 but tab, line feed, form feed and carriage return; DEL). */
const isControlByte = (byte: number) =>
  (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f;
/** How much of the file's start is sampled, and the share of control bytes that makes it binary. */
const binarySampleBytes = 64 * 1024;
const binaryControlShare = 0.05;

/**
 * Whether a file read in pieces is binary rather than CSV text (issue 26): a known non-text signature
 * at its start, or more than 5% control bytes (NUL among them) in its first 64 KB (or of 512 bytes in a
 * shorter file). Text has next to
 * none, and a stray NUL in a cell is still text (it is dropped); an image, a PDF or an archive has
 * about 12%. Such a file is refused as unreadable instead of being shown as rows of problems.
 */
export function createBinarySniffer(): { push: (bytes: Uint8Array) => void; finish: () => boolean } {
  const head: number[] = [];
  let sampled = 0;
  let control = 0;
  return {
    push(bytes) {
      for (let i = 0; i < bytes.length && sampled < binarySampleBytes; i++, sampled++) {
        const byte = bytes[i]!;
        if (head.length < 8) head.push(byte);
        if (isControlByte(byte)) control++;
      }
    },
    finish() {
      if (binarySignatures.some((sig) => sig.every((byte, i) => head[i] === byte))) return true;
      // Measured over at least 512 bytes: a few stray control bytes in a short file stay text.
      return control / Math.max(sampled, 512) > binaryControlShare;
    },
  };
}

/**
 * Counts, over the raw bytes of a CSV file read in pieces, the records that hold an ASCII letter or
 * digit: a lower bound of its non-blank rows in any ASCII-compatible encoding (quotes and line
 * breaks are the same bytes in UTF-8 and Windows-1252). Lets an oversized file be refused before
 * any row is stored.
 */
export function createCsvRowCounter(): { push: (bytes: Uint8Array) => void; finish: () => number } {
  let quoted = false;
  let filled = false;
  let rows = 0;
  return {
    push(bytes) {
      for (const byte of bytes) {
        if (byte === 0x22) quoted = !quoted;
        else if (!quoted && (byte === 0x0a || byte === 0x0d)) {
          if (filled) rows++;
          filled = false;
        } else if (!filled && isAsciiLetterOrDigit(byte)) filled = true;
      }
    },
    finish: () => rows + (filled ? 1 : 0),
  };
}

/** Rows of a whole CSV text, blank lines dropped. */
export function readCsvTable(text: string): string[][] {
  const reader = createImportCsvReader();
  return [...reader.push(text), ...reader.end()].map((record) => record.cells);
}

/** Header cells as unique names: blanks become "Column N", repeats get " (2)". */
export function readHeaders(row: readonly ImportCell[]): string[] {
  const seen = new Map<string, number>();
  return row.map((cell, i) => {
    const base = cellText(cell).trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export function cellText(cell: ImportCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  return String(cell);
}

// ---------------------------------------------------------------------------------------------
// Mapping guesses
// ---------------------------------------------------------------------------------------------

/** Lower case, no accents, words separated by one space ("Custo (R$)" → "custo r"). */
export function normalizeHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

// Header names in pt-BR, en and ru and from tracker exports (Keitaro, Binom, RedTrack, ad networks),
// normalized. Order matters within a field only for readability.
export const importSynonyms: Record<ImportField, string[]> = {
  date: ["date", "day", "data", "dia", "data do dia", "дата", "день", "period", "период", "date day"],
  offer: [
    "offer",
    "offer name",
    "offer id",
    "offer title",
    "campaign",
    "campaign name",
    "campanha",
    "oferta",
    "nome da oferta",
    "id da oferta",
    "оффер",
    "офер",
    "оффер id",
    "название оффера",
    "кампания",
  ],
  spent: [
    "cost",
    "costs",
    "spend",
    "spent",
    "amount spent",
    "ad spend",
    "gasto",
    "gastos",
    "custo",
    "investimento",
    "valor gasto",
    "расход",
    "расходы",
    "затраты",
    "потрачено",
  ],
  clicks: ["clicks", "click", "cliques", "clique", "клики", "клик", "переходы"],
  installations: [
    "installs",
    "install",
    "installations",
    "instalacoes",
    "instalacao",
    "instalacoes app",
    "установки",
    "инсталлы",
    "инсталы",
  ],
  registrations: [
    "registrations",
    "registration",
    "regs",
    "reg",
    "leads",
    "lead",
    "sign ups",
    "signups",
    "registros",
    "cadastros",
    "registro",
    "регистрации",
    "реги",
    "рег",
    "лиды",
  ],
  deposits: [
    "deposits",
    "deposit",
    "ftd",
    "ftds",
    "first deposits",
    "sales",
    "conversions",
    "conv",
    "depositos",
    "deposito",
    "vendas",
    "conversoes",
    "депозиты",
    "депозит",
    "депы",
    "деп",
    "продажи",
    "конверсии",
  ],
  revenue: [
    "revenue",
    "income",
    "payout",
    "receita",
    "faturamento",
    "ganhos",
    "доход",
    "выручка",
    "revenue usd",
  ],
};

function scoreHeader(names: readonly string[], normalized: string): number {
  if (names.includes(normalized)) return 3;
  // "Cost, USD", "Cliques únicos": the first word(s) name the field
  if (names.some((name) => normalized.startsWith(`${name} `))) return 2;
  if (names.some((name) => name.length > 3 && normalized.split(" ").includes(name))) return 1;
  return 0;
}

/**
 * A field → header mapping over any list of fields and their header synonyms (normalized): the
 * remembered mapping where its headers are in this file, otherwise the best-scoring unused header
 * per field. The import's guess, shared with the reconciliation of network statements (issue 32).
 */
export function guessFieldMapping<F extends string>(
  fields: readonly F[],
  names: Record<F, readonly string[]>,
  headers: readonly string[],
  remembered: Partial<Record<F, string | null>> = {},
): Partial<Record<F, string | null>> {
  const mapping: Partial<Record<F, string | null>> = {};
  const used = new Set<string>();
  for (const field of fields) {
    const header = remembered[field];
    if (header && headers.includes(header) && !used.has(header)) {
      mapping[field] = header;
      used.add(header);
    }
  }
  const normalized = headers.map(normalizeHeader);
  for (const field of fields) {
    if (mapping[field]) continue;
    let best: string | null = null;
    let bestScore = 0;
    headers.forEach((header, i) => {
      if (used.has(header)) return;
      const score = scoreHeader(names[field], normalized[i]!);
      if (score > bestScore) {
        best = header;
        bestScore = score;
      }
    });
    mapping[field] = best;
    if (best) used.add(best);
  }
  return mapping;
}

/**
 * A field → header mapping: the user's remembered mapping where its headers are in this file,
 * otherwise the best-scoring unused header per field.
 */
export function guessMapping(headers: readonly string[], remembered: ImportMapping = {}): ImportMapping {
  return guessFieldMapping(importFields, importSynonyms, headers, remembered);
}

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

const excelEpochMs = Date.UTC(1899, 11, 30);

/**
 * A date cell as YYYY-MM-DD, or null. Accepts ISO (with a time part, as trackers export), day-first
 * 21/11/2026 and 21.11.2026 (month-first only when the day-first reading is impossible), XLSX dates
 * and Excel serial numbers.
 */
export function parseImportDate(cell: ImportCell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === "number") {
    if (!Number.isFinite(cell) || cell < 20_000 || cell > 80_000) return null;
    return new Date(excelEpochMs + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cellText(cell).trim().split(/[\sT]/)[0] ?? "";
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  let iso: string | null = null;
  if (match) iso = toIso(match[1]!, match[2]!, match[3]!);
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/.exec(text);
  if (match) {
    const year = match[3]!.length === 2 ? `20${match[3]}` : match[3]!;
    const dayFirst = toIso(year, match[2]!, match[1]!);
    iso = dayFirst && isIsoDate(dayFirst) ? dayFirst : toIso(year, match[1]!, match[2]!);
  }
  return iso && isIsoDate(iso) ? iso : null;
}

function toIso(year: string, month: string, day: string): string {
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/**
 * A number cell in the canonical "1234.56" form, or the trimmed text when it is not a number (the
 * campaign schema then names the problem). Handles decimal comma or point, thousands separators,
 * currency signs and spreadsheet negatives "(12,50)".
 */
export function normalizeImportNumber(cell: ImportCell, kind: "money" | "count"): string {
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "x";
  let text = cellText(cell)
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/^(R\$|US\$|\$|€|£|₽|USD|BRL|EUR|RUB)|(R\$|\$|€|£|₽|USD|BRL|EUR|RUB|руб\.?)$/gi, "");
  if (text === "") return "";
  const parenthesized = /^\((.*)\)$/.exec(text);
  if (parenthesized) text = `-${parenthesized[1]}`;
  const sign = text.startsWith("-") ? "-" : "";
  let body = text.replace(/^[-+]/, "");
  if (!/^[\d.,']+$/.test(body)) return text;
  body = body.replace(/'/g, "");
  const lastComma = body.lastIndexOf(",");
  const lastDot = body.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal separator ("1.234,56" or "1,234.56").
    const decimal = lastComma > lastDot ? "," : ".";
    const group = decimal === "," ? "." : ",";
    body = body.split(group).join("").replace(decimal, ".");
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? "," : ".";
    const parts = body.split(sep);
    const grouped = parts.length > 2 || (kind === "count" && parts.length === 2 && parts[1]!.length === 3);
    body = grouped && parts.slice(1).every((p) => p.length === 3) ? parts.join("") : parts.join(".");
  }
  return `${sign}${body}`;
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

const problemByValidationCode: Record<string, ImportProblemCode> = {
  required: "bad_date",
  invalid_date: "bad_date",
  not_negative: "negative_number",
  not_a_number: "not_a_number",
  integer: "not_integer",
  max_two_decimals: "too_many_decimals",
  too_large: "too_large",
};

const fieldBySchemaKey: Record<string, ImportField> = {
  date: "date",
  offerId: "offer",
  spent: "spent",
  clicks: "clicks",
  installations: "installations",
  registrations: "registrations",
  deposits: "deposits",
  depositPayment: "revenue",
};

/** An offer, "ambiguous" when a name fits several offers the user may log, or undefined. */
export type OfferLookup = (reference: string) => ImportOffer | "ambiguous" | undefined;

/**
 * Finds offers by id or by name (case and accents ignored), as trackers name them either way. Names
 * are not unique: a name shared by several offers the user may log is ambiguous (the id settles
 * it), and a visible offer wins over hidden ones of the same name.
 */
export function createOfferLookup(offers: readonly ImportOffer[]): OfferLookup {
  const byId = new Map<string, ImportOffer>();
  const byName = new Map<string, ImportOffer[]>();
  for (const offer of offers) {
    byId.set(offer.id.toLowerCase(), offer);
    const key = normalizeHeader(offer.name);
    byName.set(key, [...(byName.get(key) ?? []), offer]);
  }
  return (reference) => {
    const offer = byId.get(reference.trim().toLowerCase());
    if (offer) return offer;
    const named = byName.get(normalizeHeader(reference));
    if (!named) return undefined;
    const visible = named.filter((o) => o.visible);
    if (visible.length > 1) return "ambiguous";
    return visible[0] ?? named[0];
  };
}

/**
 * One data row mapped and validated (without the duplicate checks, which need the database:
 * see flagDuplicates). `line` is the file's line number for messages.
 */
export function mapImportRow(
  cells: readonly ImportCell[],
  headers: readonly string[],
  mapping: ImportMapping,
  findOffer: OfferLookup,
  line: number,
): ImportRow {
  const cellOf = (field: ImportField): ImportCell => {
    const header = mapping[field];
    if (!header) return undefined;
    const index = headers.indexOf(header);
    return index < 0 ? undefined : cells[index];
  };
  const raw: Partial<Record<ImportField, string>> = {};
  for (const field of importFields) {
    if (mapping[field]) raw[field] = cellText(cellOf(field));
  }
  const problems: ImportProblem[] = [];

  const offerReference = cellText(cellOf("offer")).trim();
  const found = offerReference ? findOffer(offerReference) : undefined;
  const offer = found === "ambiguous" ? undefined : found;
  if (!offerReference) problems.push({ code: "missing_offer", field: "offer" });
  else if (found === "ambiguous") problems.push({ code: "ambiguous_offer", field: "offer" });
  else if (!offer) problems.push({ code: "unknown_offer", field: "offer" });
  else if (!offer.visible) problems.push({ code: "offer_not_visible", field: "offer" });

  const dateCell = cellOf("date");
  const revenueCell = normalizeImportNumber(cellOf("revenue"), "money");
  const parsed = campaignInputSchema.safeParse({
    date: parseImportDate(dateCell) ?? "",
    offerId: offer?.id ?? "00000000-0000-4000-8000-000000000000",
    spent: normalizeImportNumber(cellOf("spent"), "money"),
    clicks: normalizeImportNumber(cellOf("clicks"), "count"),
    installations: normalizeImportNumber(cellOf("installations"), "count"),
    registrations: normalizeImportNumber(cellOf("registrations"), "count"),
    deposits: normalizeImportNumber(cellOf("deposits"), "count"),
    ...(revenueCell !== "" ? { depositPayment: revenueCell } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldBySchemaKey[String(issue.path[0])];
      // One problem per field: the first is the most telling ("required" before "invalid_date").
      if (!field || field === "offer" || problems.some((p) => p.field === field)) continue;
      problems.push({ code: problemByValidationCode[issue.message] ?? "not_a_number", field });
    }
  }
  if (problems.length > 0 || !parsed.success || !offer) {
    return { line, status: "error", problems, raw, values: null, metrics: null, warnings: [] };
  }
  const input = parsed.data;
  // What the row will store, checked here so the preview marks it and the commit never overflows.
  const figures = checkDayFigures({ ...input, payoutPerDeposit: offer.payoutPerDeposit });
  if ("problem" in figures) {
    const problem: ImportProblem =
      figures.problem.code === "revenue_too_large"
        ? { code: "revenue_too_large", field: "deposits" }
        : { code: "too_large", field: "spent" };
    return { line, status: "error", problems: [problem], raw, values: null, metrics: null, warnings: [] };
  }
  const revenue = figures.revenue;
  const values: ImportValues = {
    date: input.date,
    offerId: offer.id,
    offerName: offer.name,
    spent: input.spent,
    clicks: input.clicks,
    installations: input.installations,
    registrations: input.registrations,
    deposits: input.deposits,
    revenue,
  };
  return {
    line,
    status: "ok",
    problems,
    raw,
    values,
    metrics: computeMetrics({ ...values }),
    warnings: funnelWarnings(values, line),
  };
}

/** The key of "one buyer's day for one offer", the duplicate rule of imports and the batch API. */
export const dayKey = (offerId: string, date: string) => `${offerId}|${date}`;

// ---------------------------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------------------------

export const duplicateChoices = ["skip", "replace"] as const;
export type DuplicateChoice = (typeof duplicateChoices)[number];

const money = z.string();
export const importRowSchema = z
  .object({
    line: z.number().int(),
    status: z.enum(["ok", "duplicate", "error"]),
    problems: z.array(z.object({ code: z.enum(importProblemCodes), field: z.enum(importFields).optional() })),
    raw: z.record(z.string(), z.string()),
    values: z
      .object({
        date: z.string(),
        offerId: z.string(),
        offerName: z.string(),
        spent: money,
        clicks: z.number().int(),
        installations: z.number().int(),
        registrations: z.number().int(),
        deposits: z.number().int(),
        revenue: money,
      })
      .nullable(),
    metrics: z.object({ profit: money, roi: money, epc: money }).passthrough().nullable(),
    /** Guardrail warnings (row = line); the commit needs acknowledgeWarnings while accepted rows have any. */
    warnings: z.array(guardrailWarningSchema),
  })
  .meta({ id: "ImportRow" });

export const importPreviewSchema = z
  .object({
    token: z.string(),
    fileName: z.string(),
    userId: z.string(),
    headers: z.array(z.string()),
    mapping: importMappingSchema,
    total: z.number().int(),
    counts: z.object({ ok: z.number().int(), duplicate: z.number().int(), error: z.number().int() }),
    page: z.number().int(),
    pageSize: z.number().int(),
    rows: z.array(importRowSchema),
  })
  .meta({ id: "ImportPreview" });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The page of a preview's rows (the import's and a network statement's): 50 a page, 500 at most. */
export const previewPageFields = {
  page: z.coerce.number({ error: "not_a_number" }).int("integer").min(1, "too_large").default(1),
  pageSize: z.coerce
    .number({ error: "not_a_number" })
    .int("integer")
    .min(1, "too_large")
    .max(500, "too_large")
    .default(50),
};

export const importPreviewPageQuerySchema = z.object({
  ...previewPageFields,
  status: z.enum(["all", "ok", "duplicate", "error"], { error: "invalid_option" }).default("all"),
});
export type ImportPreviewPageQuery = z.output<typeof importPreviewPageQuerySchema>;

export const importCommitSchema = z
  .object({
    token: z.string({ error: "required" }).min(1, "required").max(100, "too_long"),
    duplicates: z.enum(duplicateChoices, { error: "invalid_option" }).default("skip"),
    /** Save rows with guardrail warnings too (422 needs_confirmation otherwise; issue 26). */
    acknowledgeWarnings: acknowledgeWarningsField,
  })
  .meta({ id: "ImportCommit" });
export type ImportCommit = z.output<typeof importCommitSchema>;

export const importResultSchema = z
  .object({
    added: z.number().int(),
    replaced: z.number().int(),
    skipped: z.number().int(),
  })
  .meta({ id: "ImportResult" });
export type ImportResult = z.infer<typeof importResultSchema>;
