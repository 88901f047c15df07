import type { GuardrailField, GuardrailWarning } from "./schemas/guardrails";

// Guardrails on every write of a day's figures (issue 26, docs/decisions/0084): the pure rules. The
// server applies them on the form, PATCH, batch and import paths (server/features/campaigns/
// guardrails.ts), where the median rule is computed in SQL over the buyer's history.

/** A value above this many times the buyer's median for the offer is a warning. */
export const medianFactor = 10;
/** The median is over this many logged days before the day written (days with an entry, not calendar days). */
export const medianWindowDays = 30;
/** With fewer logged days than this, there is no median to compare with. */
export const medianMinDays = 5;

/** A date after today (both ISO dates, today in the workspace time zone) is refused: 400 future_date. */
export function isFutureDate(date: string, today: string): boolean {
  return date > today;
}

export type FunnelFigures = {
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
};

/**
 * The funnel runs backwards: more deposits than registrations, more registrations than clicks, more
 * installs than clicks. A step is compared only when the earlier one was entered (> 0): a buyer who
 * does not track clicks (0) logs registrations without a warning.
 */
export function funnelWarnings(figures: FunnelFigures, row?: number): GuardrailWarning[] {
  const warnings: GuardrailWarning[] = [];
  const at = row === undefined ? {} : { row };
  // In the order of the fields (guardrailFields), as every answer lists them.
  if (figures.clicks > 0 && figures.installations > figures.clicks)
    warnings.push({
      ...at,
      field: "installations",
      code: "installations_over_clicks",
      value: String(figures.installations),
    });
  if (figures.clicks > 0 && figures.registrations > figures.clicks)
    warnings.push({
      ...at,
      field: "registrations",
      code: "registrations_over_clicks",
      value: String(figures.registrations),
    });
  if (figures.registrations > 0 && figures.deposits > figures.registrations)
    warnings.push({
      ...at,
      field: "deposits",
      code: "deposits_over_registrations",
      value: String(figures.deposits),
    });
  return warnings;
}

/**
 * The error's `fields` for a list of warnings: the field (one entry) or rows.<i>.<field> (a batch),
 * each naming its first warning's code.
 */
export function warningFields(
  warnings: readonly GuardrailWarning[],
  keyOf: (warning: GuardrailWarning) => string = (w) =>
    w.row === undefined ? w.field : `rows.${w.row}.${w.field}`,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const warning of warnings) {
    const key = keyOf(warning);
    if (!(key in fields)) fields[key] = warning.code;
  }
  return fields;
}

/** The stored column behind each guardrail field. */
export const guardrailColumns: Record<GuardrailField, string> = {
  spent: "spent",
  clicks: "clicks",
  installations: "installations",
  registrations: "registrations",
  deposits: "deposits",
  depositPayment: "deposit_payment",
};
