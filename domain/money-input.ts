import type { Language } from "./roles";

// Money and percentages typed by a person, read in their language first (decisions.md "Money
// input", docs/decisions/0063). A text is either read to exactly one value or refused with a code;
// characters are never dropped and nothing is guessed: a text that two common conventions would
// read as two different values is refused as "ambiguous".

export type MoneyInputCode =
  | "required"
  | "not_a_number"
  | "not_negative"
  | "max_two_decimals"
  | "too_large"
  | "ambiguous"
  | "other_currency";

export type MoneyInputResult = { ok: true; value: string } | { ok: false; code: MoneyInputCode };

export type MoneyInputOptions = {
  language: Language;
  /** Adjustments (bonus +, clawback −) and ROI bounds; everything else is refused when negative. */
  allowNegative?: boolean;
  /** At most this many decimals (default and maximum 2: numeric(14,2)). */
  maxDecimals?: 0 | 1 | 2;
  /**
   * The field's currency ("USD", "BRL"). A sign of another currency ("R$ 10" in a dollar field) is
   * refused as "other_currency" rather than saved as dollars; without it any known sign is read.
   */
  currency?: string;
};

/** numeric(14,2): twelve whole digits and two decimals. */
export const maxMoneyInputCents = 99_999_999_999_999n;

type Separators = { decimal: "," | "."; group: "." | "," | " " };

/** The separators each language's Intl formatting uses (ru groups with a no-break space). */
const separatorsOf: Record<Language, Separators> = {
  "pt-BR": { decimal: ",", group: "." },
  en: { decimal: ".", group: "," },
  ru: { decimal: ",", group: " " },
};

// Only the currencies the workspace can use; "US$" before "$" so the longer sign wins.
const currencyOf: Record<string, string> = {
  US$: "USD",
  U$: "USD",
  R$: "BRL",
  USD: "USD",
  BRL: "BRL",
  $: "USD",
};
const leadingSign = /^(US\$|U\$|R\$|USD|BRL|\$)/i;
const trailingSign = /(US\$|U\$|R\$|USD|BRL|\$)$/i;

/** Every space a keyboard, a copy from a bank site or Intl may put between digit groups. */
const spaceChars = /[\s\u00a0\u202f\u2007\u2009]/;

const fail = (code: MoneyInputCode): MoneyInputResult => ({ ok: false, code });

/**
 * A money amount as typed → `{ ok: true, value: "1030.73" }` (the canonical decimal string the API
 * takes) or `{ ok: false, code }`. Reads, in the reader's language and beyond it where only one
 * reading exists: "1.030,73", "1030,73", "R$ 1.030,73", "US$ 1.030,73", "1,030.73", "$1,030.73",
 * "1 030,73", "-US$ 5", "(5,00)"; see docs/decisions/0063-money-input.md for the whole table.
 */
export function parseMoneyInput(text: string, options: MoneyInputOptions): MoneyInputResult {
  return parseDecimalInput(text, options, "money");
}

/** A percentage (rates, thresholds, ROI bounds) as typed: "12,5", "12,5 %", "1.000%"; no currency. */
export function parsePercentInput(
  text: string,
  options: Omit<MoneyInputOptions, "currency">,
): MoneyInputResult {
  return parseDecimalInput(text, options, "percent");
}

function parseDecimalInput(
  text: string,
  options: MoneyInputOptions,
  kind: "money" | "percent",
): MoneyInputResult {
  let rest = text.replace(/\u2212/g, "-").trim();
  if (rest === "") return fail("required");

  // Accounting negatives: "(1.030,73)".
  let negative = false;
  const parenthesized = /^\((.*)\)$/.exec(rest);
  if (parenthesized) {
    negative = true;
    rest = (parenthesized[1] ?? "").trim();
  }

  // Before the number: at most one sign and one currency sign, in either order ("-R$ 5", "R$ -5").
  let sign = "";
  let currency: string | null = null;
  for (let step = 0; step < 2; step++) {
    rest = rest.trimStart();
    if (!sign && (rest.startsWith("-") || rest.startsWith("+"))) {
      sign = rest[0] ?? "";
      rest = rest.slice(1);
      continue;
    }
    const prefix: SignMatch | null = kind === "money" && currency === null ? matchSign(rest, "start") : null;
    if (prefix) {
      currency = prefix.currency;
      rest = rest.slice(prefix.sign.length);
    }
  }
  if (parenthesized && sign) return fail("not_a_number");
  if (sign === "-") negative = true;

  // After the number: a currency sign ("1 030,73 $") or a percent sign ("12,5 %").
  rest = rest.trimEnd();
  if (kind === "percent") {
    if (rest.endsWith("%")) rest = rest.slice(0, -1).trimEnd();
  } else if (currency === null) {
    const suffix = matchSign(rest, "end");
    if (suffix) {
      currency = suffix.currency;
      rest = rest.slice(0, -suffix.sign.length).trimEnd();
    }
  }

  const read = readNumber(rest.trimStart(), separatorsOf[options.language], options.maxDecimals ?? 2);
  if (!read.ok) return read;
  if (currency !== null && options.currency && currency !== options.currency.toUpperCase())
    return fail("other_currency");

  const [whole, fraction] = read.value.split(".") as [string, string];
  const cents = BigInt(whole) * 100n + BigInt(fraction);
  if (negative && cents !== 0n && !options.allowNegative) return fail("not_negative");
  if (cents > maxMoneyInputCents) return fail("too_large");
  return { ok: true, value: `${negative && cents !== 0n ? "-" : ""}${BigInt(whole)}.${fraction}` };
}

type SignMatch = { sign: string; currency: string };

function matchSign(text: string, at: "start" | "end"): SignMatch | null {
  const match = (at === "start" ? leadingSign : trailingSign).exec(text);
  const sign = match?.[1];
  return sign ? { sign, currency: currencyOf[sign.toUpperCase()] ?? "" } : null;
}

/** A group's leading part: 1 to 3 digits, not starting with 0 ("0.500" is no thousand). */
const isGroupHead = (digits: string) => /^[1-9]\d{0,2}$/.test(digits);

/**
 * The unsigned digits and separators → "1030.73" (always 2 decimals). Digit runs alternate with
 * single separators ("." "," or a space); the text ends with a digit and may start with a
 * separator only as a decimal one (",5").
 */
function readNumber(body: string, own: Separators, maxDecimals: number): MoneyInputResult {
  if (body === "") return fail("not_a_number");
  const digits: string[] = [];
  const separators: string[] = [];
  let run = "";
  for (const char of body) {
    if (char >= "0" && char <= "9") {
      run += char;
      continue;
    }
    const separator = char === "." || char === "," ? char : spaceChars.test(char) ? " " : null;
    if (separator === null) return fail("not_a_number");
    // Two separators in a row ("1..5", "1 ,5") or a space before any digit.
    if (run === "" && (separators.length > 0 || separator === " ")) return fail("not_a_number");
    digits.push(run);
    separators.push(separator);
    run = "";
  }
  if (run === "") return fail("not_a_number"); // "10," "1." "-" "R$"
  digits.push(run);

  const marks = separators.filter((s) => s !== " ");
  const spaces = separators.length - marks.length;
  const last = separators.length - 1;

  // Only spaces (or nothing): a whole number in groups of three ("1 030").
  if (marks.length === 0) return separators.length === 0 || isGrouped(digits) ? whole(digits) : notNumber();

  // "." or "," anywhere but last ("1,5 000") cannot be read, unless the marks are all groups.
  const distinct = new Set(marks);
  if (distinct.size === 2) {
    // Both: the last is the decimal separator, the other groups ("1.030,73", "1,030.73").
    const decimal = separators[last];
    if (decimal === " " || marks.filter((m) => m === decimal).length !== 1 || spaces > 0) return notNumber();
    const head = digits.slice(0, -1);
    if (!isGrouped(head)) return notNumber();
    return decimalOf(head.join(""), digits[last + 1] ?? "", maxDecimals);
  }

  const mark = marks[0] as "." | ",";
  if (marks.length > 1) {
    // The same mark twice or more can only group ("1.030.500", "1,030,500").
    return spaces === 0 && isGrouped(digits) ? whole(digits) : notNumber();
  }

  // One mark. It must be the last separator; spaces before it group the whole part ("1 030,73").
  if (separators[last] !== mark) return notNumber();
  const head = digits.slice(0, -1);
  const tail = digits[last + 1] ?? "";
  if (spaces > 0) {
    if (!isGrouped(head)) return notNumber();
    return decimalOf(head.join(""), tail, maxDecimals);
  }
  const headDigits = head[0] ?? "";
  if (tail.length === 3 && isGroupHead(headDigits)) {
    // "1.030": a thousand where "." groups (pt-BR), 1.030 (three decimals) where it is the decimal
    // separator (en). The reader's own group separator wins; otherwise the text is refused.
    return mark === own.group ? whole([headDigits, tail]) : fail("ambiguous");
  }
  // Any other lone mark can only be a decimal separator ("1030.73" in pt-BR, "1,5" in en).
  return decimalOf(headDigits, tail, maxDecimals);
}

/** The first group has 1–3 digits (not a leading 0), every other group exactly 3. */
function isGrouped(groups: string[]): boolean {
  if (groups.length === 1) return (groups[0] ?? "") !== "";
  return isGroupHead(groups[0] ?? "") && groups.slice(1).every((group) => group.length === 3);
}

function whole(groups: string[]): MoneyInputResult {
  return { ok: true, value: `${groups.join("")}.00` };
}

function decimalOf(wholeDigits: string, fraction: string, maxDecimals: number): MoneyInputResult {
  if (fraction.length > maxDecimals) return fail("max_two_decimals");
  return { ok: true, value: `${wholeDigits === "" ? "0" : wholeDigits}.${fraction.padEnd(2, "0")}` };
}

function notNumber(): MoneyInputResult {
  return fail("not_a_number");
}

/**
 * What a money or percent field shows when it is filled from a stored value ("1030.73"): the
 * reader's decimal separator, two decimals and no grouping (pt-BR and ru "1030,73", en "1030.73"),
 * so the text reads back to the same value and is easy to edit. Anything that is not a plain
 * decimal is returned unchanged (a draft's typed text).
 */
export function formatMoneyForInput(value: string | number, language: Language): string {
  const text = typeof value === "number" ? (Number.isFinite(value) ? value.toFixed(2) : "") : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return typeof value === "number" ? text : value;
  const [, sign = "", wholeDigits = "0", fraction = ""] = match;
  return `${sign}${wholeDigits}${separatorsOf[language].decimal}${fraction.padEnd(2, "0")}`;
}

/** A stored percentage as the reader writes it, without idle zeros ("30.00" → "30", "12.50" → "12,5"). */
export function formatPercentForInput(value: string | number, language: Language): string {
  const text = formatMoneyForInput(value, language);
  const decimal = separatorsOf[language].decimal;
  const at = text.lastIndexOf(decimal);
  const whole = text.slice(0, at);
  if (at < 0 || !/^-?\d+$/.test(whole) || !/^\d{2}$/.test(text.slice(at + 1))) return text;
  const fraction = text.slice(at + 1).replace(/0+$/, "");
  return fraction ? `${whole}${decimal}${fraction}` : whole;
}

/** The placeholder of an empty field: "0,00" (pt-BR, ru) or "0.00" (en). */
export function moneyInputPlaceholder(language: Language): string {
  return formatMoneyForInput("0.00", language);
}
