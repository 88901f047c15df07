// Money travels as decimal strings ("1234.50") and is computed in integer cents (bigint),
// never as binary floats. These helpers convert between the two exactly.

const decimalPattern = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function isMoneyString(value: string): boolean {
  return decimalPattern.test(value.trim());
}

/** "12.3" → 1230n. Throws on anything that is not a plain decimal with at most 2 places. */
export function toCents(value: string | number | bigint): bigint {
  if (typeof value === "bigint") return value * 100n;
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
  const cents = readSmallCents(text);
  return cents === undefined ? parseCents(text, value) : BigInt(cents);
}

/**
 * The cents of a plain decimal with at most 13 whole digits as an exact integer Number (below 2^53),
 * or undefined for anything else (left to parseCents, which also refuses what is not money). Sums
 * of hundreds of rows parse thousands of amounts per request; this walk costs a fraction of a
 * regular expression and two BigInt parses.
 */
function readSmallCents(text: string): number | undefined {
  const length = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0; // "-"
  const start = i;
  let whole = 0;
  for (; i < length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    whole = whole * 10 + digit;
  }
  if (i === start || i - start > 13) return undefined;
  let fraction = 0;
  if (i < length) {
    if (text.charCodeAt(i) !== 46 || i + 1 === length || i + 3 < length) return undefined; // ".", 1 or 2 digits
    const tens = text.charCodeAt(i + 1) - 48;
    const units = i + 2 < length ? text.charCodeAt(i + 2) - 48 : 0;
    if (tens < 0 || tens > 9 || units < 0 || units > 9) return undefined;
    fraction = tens * 10 + units;
  }
  const cents = whole * 100 + fraction;
  // "-0.00" is 0; Number would keep a negative zero, which BigInt turns into 0n anyway.
  return start === 1 ? -cents : cents;
}

function parseCents(text: string, value: string | number): bigint {
  const match = decimalPattern.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ""] = match;
  const cents = BigInt(whole ?? "0") * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  return sign ? -cents : cents;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${value}`);
  // Numbers only arrive from typed forms; round to cents as the user sees them.
  return value.toFixed(2);
}

/** 1230n → "12.30" */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** Exact sum of decimal strings. */
export function sumMoney(values: Iterable<string>): string {
  let total = 0n;
  for (const value of values) total += toCents(value);
  return fromCents(total);
}

/** Exact difference of two decimal strings: a − b. */
export function subtractMoney(a: string, b: string): string {
  return fromCents(toCents(a) - toCents(b));
}

/** Integer division rounding half away from zero (commercial rounding). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** A percentage with up to 2 decimals ("12.5") as hundredths of a percent (1250n). */
export function toBasisPoints(percent: string | number): bigint {
  return toCents(typeof percent === "number" ? percent.toFixed(2) : percent);
}

/** Multiplies a money amount by a percentage, rounded half-up to cents: 1000.00 × 12.5% = 125.00. */
export function applyPercent(amount: string, percent: string | number): string {
  return fromCents(divideRoundHalfUp(toCents(amount) * toBasisPoints(percent), 10_000n));
}

/** Compares two money strings exactly: -1, 0 or 1. */
export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const diff = toCents(a) - toCents(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}
