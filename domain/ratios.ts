import { divideRoundHalfUp, fromCents, toBasisPoints } from "./money";

// The one rule for rates and ratios in every answer and export (issue 27, docs/decisions/0067):
//
// - A ratio computed from figures (ROI and the conversion rates in percent, EPC and the costs per
//   event in money) is a decimal string with exactly 4 places, rounded half away from zero from exact
//   integers, like PostgreSQL's round() in the generated columns: "12.5000", "-66.6667", "0.0000".
// - A rate people enter (commission rates, ROI thresholds, in percent) is a decimal string with
//   exactly 2 places, as it is stored: "15.00".
//
// Never a JS number: a double holds 15 to 17 significant digits, and a ROI of 1,428,571,428,457.1429
// has 17 (the JSON said …1428, the CSV …1429). The JSON, the CSV and the e-mails all print these
// strings; the screens format them for the reader (web/lib/format.ts).

/** Places of a ratio. */
export const ratioScale = 4;
const ratioUnit = 10n ** BigInt(ratioScale);

/** Ten-thousandths → the ratio's text: 125000n → "12.5000". */
export function fromRatioUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % ratioUnit).toString().padStart(ratioScale, "0");
  return `${negative ? "-" : ""}${abs / ratioUnit}.${fraction}`;
}

/** numerator / denominator × factor as a ratio's text, half-up; "0.0000" when the denominator is 0. */
export function ratioOf(numerator: bigint, denominator: bigint, factor = 1n): string {
  if (denominator === 0n) return fromRatioUnits(0n);
  return fromRatioUnits(divideRoundHalfUp(numerator * factor * ratioUnit, denominator));
}

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A ratio's units from any plain decimal text (SQL numeric of any scale), half-up to 4 places. */
export function toRatioUnits(value: string): bigint {
  const match = decimalPattern.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${JSON.stringify(value)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const digits = BigInt(`${whole}${fraction}`);
  const units = divideRoundHalfUp(digits * ratioUnit, 10n ** BigInt(fraction.length));
  return sign ? -units : units;
}

/** Any decimal text (a numeric(20,4) column, an unbounded numeric) as the ratio rule says. */
export function ratioText(value: string): string {
  return fromRatioUnits(toRatioUnits(value));
}

/** A rate in percent (at most 2 places, as stored) as the rate rule says: "15" → "15.00". */
export function rateText(value: string): string {
  return fromCents(toBasisPoints(value));
}
