import { divideRoundHalfUp, fromCents, toCents } from "./money";
import { addDays } from "./periods";
import type { Currency } from "./schemas/offers";

// Two currencies (issue 30, docs/decisions/0104). Rates are BRL per USD, one per calendar day; a day
// without its own rate uses the latest earlier one. Every amount converts at its own day's rate and
// is rounded half-up to cents before anything sums it. The database does the same for every stored
// row (fx_convert, migration 0017); these are the same rules for the screens and the tests.

/** A rate as text: a positive decimal with up to 6 places (numeric(12,6)), at most 6 whole digits. */
export const ratePattern = /^(?:0|[1-9]\d{0,5})(?:\.\d{1,6})?$/;

/** "5.4321" → [54321n, 4]: the rate as an integer and its number of decimal places. */
function rateParts(rate: string): { units: bigint; scale: bigint } {
  const text = rate.trim();
  if (!ratePattern.test(text) || !/[1-9]/.test(text))
    throw new RangeError(`Not a rate: ${JSON.stringify(rate)}`);
  const [whole = "0", fraction = ""] = text.split(".");
  return { units: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** Whether a text is a rate the workspace accepts (positive, up to 6 decimals). */
export function isRate(rate: string): boolean {
  try {
    rateParts(rate);
    return true;
  } catch {
    return false;
  }
}

/**
 * `amount` in `from` as `to`, at `rate` BRL per USD, half-up to cents. The same currency is the
 * amount itself (no rate needed); USD → BRL multiplies, BRL → USD divides.
 */
export function convertMoney(amount: string, from: Currency, to: Currency, rate: string | null): string {
  const cents = toCents(amount);
  if (from === to || cents === 0n) return fromCents(cents);
  if (rate === null) throw new RangeError("missing_rate");
  const { units, scale } = rateParts(rate);
  // BRL = USD × rate; USD = BRL ÷ rate. With rate = units / scale, both are one exact division.
  return fromCents(
    to === "BRL" ? divideRoundHalfUp(cents * units, scale) : divideRoundHalfUp(cents * scale, units),
  );
}

/** A day's rate as stored: the date (yyyy-mm-dd) and BRL per USD as text. */
export type DailyRate = { date: string; rate: string };

/** The rate a day uses: its own, or the latest earlier one; null when there is none on or before it. */
export function rateOn(rates: readonly DailyRate[], day: string): DailyRate | null {
  let found: DailyRate | null = null;
  for (const rate of rates) if (rate.date <= day && (!found || rate.date > found.date)) found = rate;
  return found;
}

/** Sums amounts each converted at its own day's rate (half-up to cents per row, then added). */
export function sumConverted(
  rows: readonly { amount: string; currency: Currency; date: string }[],
  to: Currency,
  rates: readonly DailyRate[],
): string {
  let total = 0n;
  for (const row of rows) {
    const rate = row.currency === to ? null : (rateOn(rates, row.date)?.rate ?? null);
    total += toCents(convertMoney(row.amount, row.currency, to, rate));
  }
  return fromCents(total);
}

/** One day of a range on the rates screen: its own rate, or the earlier day whose rate it uses. */
export type RateDay =
  | { date: string; rate: string; own: true }
  | { date: string; rate: string; own: false; from: string }
  | { date: string; rate: null; own: false; from: null };

/**
 * Every day of `from`..`to` with the rate it uses: its own, the latest earlier one (a gap, with the
 * day it comes from), or none. `rates` must hold the range's rates and the latest one before it.
 */
export function rateDays(rates: readonly DailyRate[], from: string, to: string): RateDay[] {
  const sorted = [...rates].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const days: RateDay[] = [];
  let index = 0;
  let last: DailyRate | null = null;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    while (index < sorted.length && (sorted[index] as DailyRate).date <= day)
      last = sorted[index++] as DailyRate;
    if (last && last.date === day) days.push({ date: day, rate: last.rate, own: true });
    else if (last) days.push({ date: day, rate: last.rate, own: false, from: last.date });
    else days.push({ date: day, rate: null, own: false, from: null });
    if (days.length > 3660) break; // ten years: a screen's range, never a loop without end
  }
  return days;
}

/** Whether two rate texts are the same number ("5.1" and "5.100000"). */
export function sameRate(a: string, b: string): boolean {
  const scaled = (rate: string) => {
    const [whole = "0", fraction = ""] = rate.trim().split(".");
    return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0").slice(0, 6) || "0");
  };
  return scaled(a) === scaled(b);
}
