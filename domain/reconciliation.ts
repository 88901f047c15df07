import { z } from "zod";
import {
  cellText,
  guessFieldMapping,
  type ImportCell,
  importSynonyms,
  normalizeHeader,
  normalizeImportNumber,
  parseImportDate,
  previewPageFields,
} from "./import";
import { fromCents, toBasisPoints, toCents } from "./money";
import { monthOf } from "./periods";
import { noControlCharacters, signedMoneyField } from "./schemas/fields";

// Reconciliation of a network's monthly statement with what the buyers logged (issue 32,
// decisions.md "Reconciliation", docs/decisions/0110–0112). Pure: the server reads the file (with the
// import's reader) and the database; this module maps and checks each row, splits a difference
// among buyers in exact cents, and decides which lines are flagged.

export const reconciliationFields = [
  "offer",
  "buyer",
  "date",
  "registrations",
  "deposits",
  "revenue",
] as const;
export type ReconciliationField = (typeof reconciliationFields)[number];
export type ReconciliationMapping = Partial<Record<ReconciliationField, string | null>>;

/** Header names of network statements, normalized: the import's, plus what networks call them. */
const reconciliationSynonyms: Record<ReconciliationField, readonly string[]> = {
  offer: [...importSynonyms.offer, "offer code", "codigo da oferta", "codigo", "код оффера", "program"],
  buyer: [
    "sub id",
    "subid",
    "sub1",
    "sub 1",
    "sub id 1",
    "sub id1",
    "aff sub",
    "aff sub1",
    "affiliate sub id",
    "buyer",
    "buyer code",
    "gestor",
    "codigo do gestor",
    "байер",
    "баер",
    "саб айди",
  ],
  date: importSynonyms.date,
  registrations: importSynonyms.registrations,
  deposits: [...importSynonyms.deposits, "first deposits", "ftd count", "primeiros depositos", "фд"],
  revenue: [
    "payout",
    "payouts",
    "commission",
    "commissions",
    "earnings",
    "amount",
    "comissao",
    "comissoes",
    "pagamento",
    "valor",
    "выплата",
    "выплаты",
    "комиссия",
    ...importSynonyms.revenue,
  ],
};

/** The remembered mapping where its headers are in the file, else the best guess per field. */
export function guessReconciliationMapping(
  headers: readonly string[],
  remembered: ReconciliationMapping = {},
): ReconciliationMapping {
  return guessFieldMapping(reconciliationFields, reconciliationSynonyms, headers, remembered);
}

export const reconciliationMappingSchema = z
  .object(
    Object.fromEntries(
      reconciliationFields.map((f) => [f, z.string().max(200).nullable().optional()]),
    ) as Record<ReconciliationField, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  )
  .strict()
  .meta({ id: "ReconciliationMapping" });

export const reconciliationProblemCodes = [
  "missing_offer",
  "unknown_offer",
  "ambiguous_offer",
  "unknown_buyer",
  "ambiguous_buyer",
  "bad_date",
  "outside_month",
  "negative_number",
  "not_a_number",
  "not_integer",
  "too_many_decimals",
  "too_large",
] as const;
export type ReconciliationProblemCode = (typeof reconciliationProblemCodes)[number];
export type ReconciliationProblem = { code: ReconciliationProblemCode; field?: ReconciliationField };

/** matched: counted in the lines; unmatched: an unknown offer or buyer (mappable by hand); error: unreadable. */
export type ReconciliationRowStatus = "matched" | "unmatched" | "error";

export type ReconciliationOfferRef = { id: string; payoutPerDeposit: string };
/** An id, "ambiguous" when the reference fits several, or undefined. */
export type Lookup<T> = (reference: string) => T | "ambiguous" | undefined;

export type StatementRow = {
  line: number;
  status: ReconciliationRowStatus;
  problems: ReconciliationProblem[];
  raw: Partial<Record<ReconciliationField, string>>;
  offerReference: string | null;
  buyerReference: string | null;
  offerId: string | null;
  userId: string | null;
  date: string | null;
  registrations: number | null;
  deposits: number | null;
  /** The file's payout, or deposits × the offer's payout when the file has none. */
  revenue: string | null;
  revenueFromFile: boolean;
};

const maxCount = 2_147_483_647;
const maxMoneyCents = 10n ** 14n; // numeric(14,2): below 10^12 whole units

function readCount(
  cell: ImportCell,
): { value: number | null } | { problem: Exclude<ReconciliationProblemCode, "missing_offer"> } {
  const text = normalizeImportNumber(cell, "count");
  if (text === "") return { value: null };
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { problem: "not_a_number" };
  const n = Number(text);
  if (n < 0) return { problem: "negative_number" };
  if (!Number.isInteger(n)) return { problem: "not_integer" };
  if (n > maxCount) return { problem: "too_large" };
  return { value: n };
}

/** A signed amount (a network may report chargebacks as negative payouts). */
function readMoney(cell: ImportCell): { value: string | null } | { problem: ReconciliationProblemCode } {
  const text = normalizeImportNumber(cell, "money");
  if (text === "") return { value: null };
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { problem: "not_a_number" };
  const fraction = match[3] ?? "";
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return { problem: "too_many_decimals" };
  const cents = toCents(`${match[1]}${match[2]}.${fraction.slice(0, 2) || "0"}`);
  if (cents >= maxMoneyCents || -cents >= maxMoneyCents) return { problem: "too_large" };
  return { value: fromCents(cents) };
}

/**
 * One data row of a statement mapped and checked. `month` is the statement's ("YYYY-MM"): a row
 * dated in another month is an error; a file without a date column is the month's.
 */
export function mapStatementRow(
  cells: readonly ImportCell[],
  headers: readonly string[],
  mapping: ReconciliationMapping,
  lookups: { offer: Lookup<ReconciliationOfferRef>; buyer: Lookup<string> },
  month: string,
  line: number,
): StatementRow {
  const cellOf = (field: ReconciliationField): ImportCell => {
    const header = mapping[field];
    if (!header) return undefined;
    const index = headers.indexOf(header);
    return index < 0 ? undefined : cells[index];
  };
  const raw: Partial<Record<ReconciliationField, string>> = {};
  for (const field of reconciliationFields) if (mapping[field]) raw[field] = cellText(cellOf(field));
  const problems: ReconciliationProblem[] = [];
  const errors: ReconciliationProblem[] = [];

  const offerReference = cellText(cellOf("offer")).trim() || null;
  const foundOffer = offerReference ? lookups.offer(offerReference) : undefined;
  const offer = foundOffer === "ambiguous" ? undefined : foundOffer;
  if (!offerReference) problems.push({ code: "missing_offer", field: "offer" });
  else if (foundOffer === "ambiguous") problems.push({ code: "ambiguous_offer", field: "offer" });
  else if (!offer) problems.push({ code: "unknown_offer", field: "offer" });

  const buyerReference = cellText(cellOf("buyer")).trim() || null;
  const foundBuyer = buyerReference ? lookups.buyer(buyerReference) : undefined;
  const userId = foundBuyer === "ambiguous" ? null : (foundBuyer ?? null);
  if (buyerReference && foundBuyer === "ambiguous")
    problems.push({ code: "ambiguous_buyer", field: "buyer" });
  else if (buyerReference && !foundBuyer) problems.push({ code: "unknown_buyer", field: "buyer" });

  let date: string | null = null;
  const dateCell = cellOf("date");
  if (mapping.date && cellText(dateCell).trim() !== "") {
    date = parseImportDate(dateCell);
    if (!date) errors.push({ code: "bad_date", field: "date" });
    else if (monthOf(date) !== month) errors.push({ code: "outside_month", field: "date" });
  }
  const counts: Partial<Record<"registrations" | "deposits", number | null>> = {};
  for (const field of ["registrations", "deposits"] as const) {
    const read = readCount(cellOf(field));
    if ("problem" in read) errors.push({ code: read.problem, field });
    else counts[field] = read.value;
  }
  const money = readMoney(cellOf("revenue"));
  if ("problem" in money) errors.push({ code: money.problem, field: "revenue" });

  const all = [...problems, ...errors];
  const base = {
    line,
    problems: all,
    raw,
    offerReference,
    buyerReference,
    offerId: offer?.id ?? null,
    userId,
    date,
    registrations: counts.registrations ?? null,
    deposits: counts.deposits ?? null,
  };
  if (errors.length > 0) return { ...base, status: "error", revenue: null, revenueFromFile: true };
  const fileRevenue = "value" in money ? money.value : null;
  let revenue = fileRevenue;
  if (revenue === null && offer) {
    const cents = BigInt(counts.deposits ?? 0) * toCents(offer.payoutPerDeposit);
    if (cents >= maxMoneyCents) {
      return {
        ...base,
        problems: [...all, { code: "too_large", field: "deposits" }],
        status: "error",
        revenue: null,
        revenueFromFile: false,
      };
    }
    revenue = fromCents(cents);
  }
  return {
    ...base,
    status: problems.length > 0 ? "unmatched" : "matched",
    revenue,
    revenueFromFile: fileRevenue !== null,
  };
}

/**
 * Finds by remembered alias first, then by exact key: `keys` maps a normalized reference to the ids
 * it names (several: ambiguous).
 */
export function createLookup<T>(
  aliases: ReadonlyMap<string, T>,
  keys: ReadonlyMap<string, readonly T[]>,
): Lookup<T> {
  return (reference) => {
    const key = normalizeHeader(reference);
    const alias = aliases.get(key);
    if (alias !== undefined) return alias;
    const found = keys.get(key) ?? keys.get(reference.trim().toLowerCase());
    if (!found || found.length === 0) return undefined;
    return found.length > 1 ? "ambiguous" : found[0];
  };
}

// ---------------------------------------------------------------------------------------------
// Splitting a difference and flagging lines
// ---------------------------------------------------------------------------------------------

/**
 * Splits `total` cents by `weights` exactly (largest remainder, docs/decisions/0111): each share is
 * total × weight / Σweights rounded down in magnitude, then the cents left over go one each to the
 * largest remainders (ties: the earlier weight). The shares always add up to `total`. All weights 0:
 * equal weights.
 */
export function splitByShare(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0n);
  const used = sum === 0n ? weights.map(() => 1n) : weights;
  const denominator = sum === 0n ? BigInt(weights.length) : sum;
  const sign = total < 0n ? -1n : 1n;
  const magnitude = total * sign;
  const shares = used.map((w) => (magnitude * w) / denominator);
  const remainders = used.map((w, i) => ({ i, r: (magnitude * w) % denominator }));
  let left = magnitude - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    shares[i] = shares[i]! + 1n;
    left -= 1n;
  }
  return shares.map((s) => s * sign);
}

export type Tolerance = { percent: string; amount: string };

/**
 * Whether a line's revenue difference is beyond the workspace tolerance (docs/decisions/0112): the
 * tolerance is the larger of `percent` of the reported revenue and `amount`, so a line is flagged
 * only when its difference exceeds both. A difference on nothing reported exceeds any percent.
 */
export function isBeyondTolerance(logged: string, reported: string, tolerance: Tolerance): boolean {
  const diff = toCents(reported) - toCents(logged);
  const abs = diff < 0n ? -diff : diff;
  if (abs === 0n) return false;
  if (abs <= toCents(tolerance.amount)) return false;
  const base = toCents(reported);
  const baseAbs = base < 0n ? -base : base;
  // |diff| / |reported| × 100 > percent  ⇔  |diff| × 10000 > percent(bp) × |reported|
  return abs * 10_000n > toBasisPoints(tolerance.percent) * baseAbs;
}

/** (reported − logged) / reported × 100 with 2 decimals, half-up; null when nothing was reported. */
export function differencePercent(logged: string, reported: string): string | null {
  const base = toCents(reported);
  if (base === 0n) return null;
  const diff = toCents(reported) - toCents(logged);
  const n = diff * 10_000n;
  const negative = n < 0n !== base < 0n;
  const a = n < 0n ? -n : n;
  const b = base < 0n ? -base : base;
  const q = (a * 2n + b) / (b * 2n);
  return fromCents(negative ? -q : q);
}

// ---------------------------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------------------------

const money = z.string();

export const reconciliationRowSchema = z
  .object({
    line: z.number().int(),
    status: z.enum(["matched", "unmatched", "error"]),
    problems: z.array(
      z.object({ code: z.enum(reconciliationProblemCodes), field: z.enum(reconciliationFields).optional() }),
    ),
    raw: z.record(z.string(), z.string()),
    offerReference: z.string().nullable(),
    buyerReference: z.string().nullable(),
    offer: z.object({ id: z.string(), name: z.string() }).nullable(),
    buyer: z.object({ id: z.string(), name: z.string() }).nullable(),
    date: z.string().nullable(),
    registrations: z.number().int().nullable(),
    deposits: z.number().int().nullable(),
    revenue: money.nullable(),
    revenueFromFile: z.boolean(),
  })
  .meta({ id: "ReconciliationRow" });
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationStatementSchema = z
  .object({
    id: z.string(),
    network: z.object({ id: z.string(), name: z.string() }),
    month: z.string(),
    status: z.enum(["preview", "committed"]),
    fileName: z.string(),
    headers: z.array(z.string()),
    mapping: reconciliationMappingSchema,
    counts: z.object({ matched: z.number().int(), unmatched: z.number().int(), error: z.number().int() }),
    uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    committedAt: z.string().nullable(),
    /** Committed only: lines beyond the tolerance, and how many of them are resolved. */
    flagged: z.number().int(),
    resolved: z.number().int(),
  })
  .meta({ id: "ReconciliationStatement" });
export type ReconciliationStatement = z.infer<typeof reconciliationStatementSchema>;

export const reconciliationPreviewSchema = z
  .object({
    statement: reconciliationStatementSchema,
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    rows: z.array(reconciliationRowSchema),
  })
  .meta({ id: "ReconciliationPreview" });
export type ReconciliationPreview = z.infer<typeof reconciliationPreviewSchema>;

export const reconciliationRowsQuerySchema = z.object({
  ...previewPageFields,
  status: z.enum(["all", "matched", "unmatched", "error"], { error: "invalid_option" }).default("all"),
});
export type ReconciliationRowsQuery = z.output<typeof reconciliationRowsQuerySchema>;

export const monthQuerySchema = z.object({
  month: z
    .string({ error: "required" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "invalid_month")
    .meta({ example: "2026-10" }),
});

export const reconciliationLineSchema = z
  .object({
    offer: z.object({ id: z.string(), name: z.string() }),
    /** The buyer of a buyer × offer line (the statement names buyers for this offer); null: the whole offer. */
    buyer: z.object({ id: z.string(), name: z.string() }).nullable(),
    logged: z.object({ registrations: z.number().int(), deposits: z.number().int(), revenue: money }),
    reported: z.object({ registrations: z.number().int(), deposits: z.number().int(), revenue: money }),
    difference: z.object({
      deposits: z.number().int(),
      revenue: money,
      /** (reported − logged) / reported × 100; null when nothing was reported */
      percent: money.nullable(),
    }),
    flagged: z.boolean(),
    resolution: z
      .object({
        id: z.string(),
        kind: z.enum(["accepted", "adjusted"]),
        note: z.string(),
        createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
        createdAt: z.string(),
        adjustments: z.array(z.object({ userId: z.string(), name: z.string(), amount: money })),
      })
      .nullable(),
  })
  .meta({ id: "ReconciliationLine" });
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

export const reconciliationLinesSchema = z
  .object({
    statement: reconciliationStatementSchema,
    tolerance: z.object({ percent: money, amount: money }),
    items: z.array(reconciliationLineSchema),
  })
  .meta({ id: "ReconciliationLines" });
export type ReconciliationLines = z.infer<typeof reconciliationLinesSchema>;

export const lineQuerySchema = z.object({
  offerId: z.uuid({ error: "invalid_id" }),
  userId: z.string().max(100).optional(),
});
export type LineQuery = z.output<typeof lineQuerySchema>;

export const lineDaysSchema = z
  .object({
    items: z.array(
      z.object({
        buyer: z.object({ id: z.string(), name: z.string() }),
        date: z.string(),
        registrations: z.number().int(),
        deposits: z.number().int(),
        revenue: money,
      }),
    ),
  })
  .meta({ id: "ReconciliationLineDays" });
export type LineDays = z.infer<typeof lineDaysSchema>;

export const adjustmentProposalSchema = z
  .object({
    /** reported − logged: the revenue to move onto the buyers */
    revenueDifference: money,
    items: z.array(
      z.object({
        buyer: z.object({ id: z.string(), name: z.string() }),
        statementStatus: z.enum(["pending", "processing", "paid", "cancelled"]).nullable(),
        loggedDeposits: z.number().int(),
        /** The buyer's share of the revenue difference (largest remainder over logged deposits). */
        revenueDelta: money,
        commissionBefore: money,
        commissionAfter: money,
        /** commissionAfter − commissionBefore: the adjustment proposed */
        amount: money,
      }),
    ),
  })
  .meta({ id: "ReconciliationAdjustmentProposal" });
export type AdjustmentProposal = z.infer<typeof adjustmentProposalSchema>;

const reasonField = noControlCharacters(
  z.string({ error: "required" }).trim().min(1, "required").max(1000, "too_long"),
  { multiline: true },
);

export const resolveLineSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("accepted"),
        offerId: z.uuid({ error: "invalid_id" }),
        userId: z.string().max(100).nullish(),
        note: reasonField,
      }),
      z.object({
        kind: z.literal("adjusted"),
        offerId: z.uuid({ error: "invalid_id" }),
        userId: z.string().max(100).nullish(),
        note: reasonField,
        /** Per buyer, as proposed or edited; a buyer left out gets no adjustment. */
        adjustments: z
          .array(z.object({ userId: z.string().min(1).max(100), amount: signedMoneyField }))
          .min(1, "required")
          .max(500, "too_large"),
      }),
    ],
    { error: "invalid_option" },
  )
  .meta({ id: "ReconciliationResolveLine" });
export type ResolveLine = z.output<typeof resolveLineSchema>;

export const aliasInputSchema = z
  .object({
    kind: z.enum(["offer", "buyer"], { error: "invalid_option" }),
    reference: z.string({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
    targetId: z.string({ error: "required" }).min(1, "required").max(100, "invalid_id"),
  })
  .meta({ id: "ReconciliationAliasInput" });
export type AliasInput = z.output<typeof aliasInputSchema>;

const percentText = z
  .string({ error: "required" })
  .trim()
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, "invalid_percent");
const amountText = z
  .string({ error: "required" })
  .trim()
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), "not_a_number");

export const toleranceSchema = z
  .object({ percent: percentText, amount: amountText })
  .meta({ id: "ReconciliationTolerance" });
export type ToleranceInput = z.output<typeof toleranceSchema>;

export const reconciliationListSchema = z
  .object({ items: z.array(reconciliationStatementSchema) })
  .meta({ id: "ReconciliationList" });
