import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { type GuardrailWarning, guardrailWarningSchema } from "../domain/schemas/guardrails";

// Every error answer has one shape: { error: { code, message, fields? } }.
// The web translates `code` (errors.<code>) and each field's code; `message` is for logs and tools.

export const errorCodes = [
  "validation_failed",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "unprocessable",
  "rate_limited",
  "captcha_failed",
  "payload_too_large",
  "timeout",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export type FieldErrors = Record<string, string>;

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: "validation_failed" }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** 409 day_already_logged: the entry the buyer already has for that offer and day (to edit it). */
      existingId: z.string().optional(),
      /** 422 needs_confirmation: the guardrail warnings to confirm (acknowledgeWarnings: true). */
      warnings: z.array(guardrailWarningSchema).optional(),
      /** 400 missing_rate, 409 rates_locked: the day (yyyy-mm-dd) the refusal is about. */
      day: z.string().optional(),
      /** 409 rates_locked: the statements (buyer and month) whose month uses the rate. */
      statements: z
        .array(z.object({ id: z.string(), userId: z.string(), periodStart: z.string() }))
        .optional(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof errorBodySchema>;

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  captcha_failed: 400,
  payload_too_large: 413,
  timeout: 503,
  internal: 500,
};

export class AppError extends Error {
  override name = "AppError";
  readonly status: ContentfulStatusCode;
  /** 422 needs_confirmation: the warnings the caller must confirm (error.warnings). */
  warnings?: GuardrailWarning[];
  /** 400 missing_rate, 409 rates_locked: the day it is about (error.day). */
  day?: string;
  /** 409 rates_locked: the statements that depend on the rates (error.statements). */
  statements?: { id: string; userId: string; periodStart: string }[];
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** A more specific code for the web to translate, e.g. "offer_not_visible". */
    readonly reason?: string,
    /** The row a conflict is about (409 day_already_logged: the entry to edit instead). */
    readonly existingId?: string,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
  toBody(): ErrorBody {
    return {
      error: {
        code: this.reason ?? this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.existingId ? { existingId: this.existingId } : {}),
        ...(this.warnings ? { warnings: this.warnings } : {}),
        ...(this.day ? { day: this.day } : {}),
        ...(this.statements ? { statements: this.statements } : {}),
      },
    };
  }
}

export const unauthenticated = () => new AppError("unauthenticated", "Sign in first.");
export const forbidden = (message = "You are not allowed to do this.") => new AppError("forbidden", message);
export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);
export const conflict = (reason: string, message: string) =>
  new AppError("conflict", message, undefined, reason);
export const unprocessable = (reason: string, message: string, fields?: FieldErrors) =>
  new AppError("unprocessable", message, fields, reason);

/** Turns a zod error into field → message-code pairs (the first issue per field). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError): AppError {
  return new AppError("validation_failed", "The request is not valid.", fieldErrorsFromZod(error));
}

/**
 * 400 too_large: a value, or what the server would compute from it (a day's revenue = deposits ×
 * the offer's payout), does not fit where it is stored. `fields` names the field to change.
 */
export const tooLarge = (fields?: FieldErrors) =>
  new AppError(
    "validation_failed",
    "A value, or what is computed from it, is too large to be saved.",
    fields,
    "too_large",
  );

/**
 * 409 day_already_logged (docs/decisions/0083): the buyer already has an entry for that offer and day
 * (`existingId`); the field is the one that put the write on that day.
 */
export const dayAlreadyLogged = (existingId: string, field: "date" | "offerId" = "date") =>
  new AppError(
    "conflict",
    "This day already has an entry for this offer: edit that entry instead.",
    { [field]: "day_already_logged" },
    "day_already_logged",
    existingId,
  );

/** A unique violation (23505) of `constraint`, anywhere in the error's cause chain. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && name === constraint) return true;
  }
  return false;
}

/** PostgreSQL's numeric_value_out_of_range (22003), anywhere in the error's cause chain. */
export function isNumericOverflow(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "22003") return true;
  return false;
}

/**
 * 400 missing_rate (issue 30): a row in a currency other than the reporting one on a day with no
 * exchange rate on or before it. `day` names it; `field` is the field that put the row there.
 */
export function missingRate(day: string, field = "date"): AppError {
  const error = new AppError(
    "validation_failed",
    `No exchange rate on or before ${day}: enter that day's rate first.`,
    { [field]: "missing_rate" },
    "missing_rate",
  );
  error.day = day;
  return error;
}

/**
 * The day of the database's missing-rate refusal (SQLSTATE FX001, raised by fx_convert in migration
 * 0018 with the day as its detail), anywhere in the error's cause chain; null when it is not one.
 */
export function missingRateDay(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === "FX001") return typeof detail === "string" ? detail : "";
  }
  return null;
}
