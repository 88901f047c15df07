import { z } from "zod";
import { isIsoDate } from "../periods";
import { hasControlCharacters } from "../text";

// Field schemas shared by forms, requests and the OpenAPI document. Messages are codes that the
// web translates (validation.<code>), never sentences.

export const validationCodes = [
  "required",
  "invalid_date",
  "invalid_id",
  "not_a_number",
  "not_negative",
  "max_two_decimals",
  "integer",
  "too_large",
  "too_long",
  "invalid_email",
  "invalid_option",
  "not_zero",
  "string_expected",
  "control_characters",
] as const;
export type ValidationCode = (typeof validationCodes)[number];

const maxMoneyCents = 99_999_999_999_999n; // numeric(14,2)
const maxCount = 2_147_483_647; // integer column

const isBlankText = (value: unknown) => typeof value === "string" && value.trim() === "";
const blankToZero = (value: unknown) =>
  value === undefined || value === null || isBlankText(value) ? "0" : value;

/**
 * The one money parser: at most 2 decimals, within numeric(14,2). Unsigned (the default) refuses a
 * negative amount and takes "12,5" for "12.5"; signed keeps the sign and takes a plain decimal only.
 */
function parseMoney(
  value: unknown,
  { signed = false }: { signed?: boolean } = {},
): { value: string; cents: bigint } | { error: ValidationCode } {
  const text =
    typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : String(value).trim();
  const normalized = signed ? text : text.replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return { error: "not_a_number" };
  const negative = normalized.startsWith("-");
  if (!signed && negative && /[1-9]/.test(normalized)) return { error: "not_negative" };
  const [whole = "0", fraction = ""] = normalized.replace(/^-/, "").split(".");
  if (fraction.length > 2) return { error: "max_two_decimals" };
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  if (cents > maxMoneyCents) return { error: "too_large" };
  const sign = signed && negative ? "-" : "";
  return { value: `${sign}${BigInt(whole)}.${fraction.padEnd(2, "0")}`, cents };
}

/** Reports a validation code on the field; zod then drops the value. */
function fail(ctx: z.RefinementCtx, code: ValidationCode): never {
  ctx.addIssue({ code: "custom", message: code });
  return z.NEVER;
}

/**
 * Decimal amounts travel as JSON strings, and only as strings (docs/decisions/0067): a JSON number has
 * already been through a binary double (0.07, 1e21) before anything here could read it exactly, so it
 * is refused with string_expected, never rounded. The OpenAPI document says type: string.
 */
const decimalText = () =>
  z.string({ error: (issue) => (issue.input === undefined ? "required" : "string_expected") });

function moneyCheck(value: unknown, ctx: z.RefinementCtx): string {
  const parsed = parseMoney(value);
  return "error" in parsed ? fail(ctx, parsed.error) : parsed.value;
}

/** A non-negative amount with at most 2 decimals, as a string; accepts "12,5"; blank is 0. */
export const moneyField = decimalText()
  .optional()
  .transform((value, ctx) => moneyCheck(blankToZero(value), ctx))
  .meta({ type: "string", description: 'Decimal amount with up to 2 places, e.g. "125.50"' });

/** A non-negative amount that must be present (no blank-to-zero). */
export const requiredMoneyField = decimalText()
  .transform((value, ctx) => {
    if (isBlankText(value)) return fail(ctx, "required");
    return moneyCheck(value, ctx);
  })
  .meta({ type: "string", description: "Decimal amount with up to 2 places" });

/**
 * A signed amount that must be present and not zero (adjustments: + bonus, − clawback), at most 2
 * decimals, within numeric(14,2) either way. Only a plain decimal ("-150.5"), never a comma.
 */
export const signedMoneyField = decimalText()
  .transform((value, ctx) => {
    if (isBlankText(value)) return fail(ctx, "required");
    const parsed = parseMoney(value, { signed: true });
    if ("error" in parsed) return fail(ctx, parsed.error);
    if (parsed.cents === 0n) return fail(ctx, "not_zero");
    return parsed.value;
  })
  .meta({
    type: "string",
    description: 'Signed decimal amount with up to 2 places, not zero, e.g. "-150.50"',
  });

/**
 * A non-negative whole number; blank is 0. A JSON integer is exact (the bound is 2^31 − 1), and forms
 * and files hold text, so both are accepted and the OpenAPI document says so (anyOf).
 */
export const countField = z
  .union([z.number(), z.string()], { error: "not_a_number" })
  .optional()
  .transform((value, ctx) => {
    const raw = blankToZero(value);
    const text = typeof raw === "number" ? "" : String(raw).trim();
    const n = typeof raw === "number" ? raw : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: "not_a_number" });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: "custom", message: "not_negative" });
      return z.NEVER;
    }
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: "custom", message: "integer" });
      return z.NEVER;
    }
    if (n > maxCount) {
      ctx.addIssue({ code: "custom", message: "too_large" });
      return z.NEVER;
    }
    return n;
  })
  .meta({
    anyOf: [
      { type: "integer", minimum: 0, maximum: maxCount },
      { type: "string", description: 'A whole number as text, e.g. "12"; blank is 0' },
    ],
  });

/**
 * The one refinement for names and texts: refuses control characters with control_characters.
 * Single-line by default (names, brands, token names); `multiline` for notes, descriptions, reasons.
 */
export function noControlCharacters<T extends z.ZodType<string>>(
  schema: T,
  { multiline = false }: { multiline?: boolean } = {},
): T {
  return schema.refine((value) => !hasControlCharacters(value, { multiline }), {
    message: "control_characters",
  }) as T;
}

export const isoDateField = z
  .string({ error: "required" })
  .trim()
  .min(1, "required")
  .refine(isIsoDate, "invalid_date")
  .meta({ format: "date", example: "2026-11-21" });

export const idField = z.uuid({ error: "invalid_id" });
export const userIdField = z.string().trim().min(1, "invalid_id").max(100, "invalid_id");

/** A currency an amount is in (issue 30): the workspace knows USD and BRL. */
export const currencyField = z.enum(["USD", "BRL"], { error: "invalid_option" });
