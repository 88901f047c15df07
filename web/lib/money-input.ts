import {
  type MoneyInputCode,
  type MoneyInputResult,
  parseMoneyInput,
  parsePercentInput,
} from "@domain/money-input";
import type { Language } from "@domain/roles";
import { z } from "zod";

// Forms keep a money or percent field's text exactly as typed; these read it in the reader's
// language when the form is checked (docs/decisions/0063-money-input.md). Messages are translation
// keys (common:moneyInput.errors.<code>), the same texts MoneyInput shows beside the field.

export type MoneyTextOptions = {
  kind?: "money" | "percent";
  allowNegative?: boolean;
  /** The field's currency: a sign of another one is refused. */
  currency?: string;
  /** What a blank field means: refused (default), or 0 (an unfilled count of the day). */
  blank?: "required" | "zero";
};

const errorKeys: Record<"money" | "percent", Record<MoneyInputCode, string>> = {
  money: {
    required: "common:moneyInput.errors.required",
    not_a_number: "common:moneyInput.errors.not_a_number",
    not_negative: "common:moneyInput.errors.not_negative",
    max_two_decimals: "common:moneyInput.errors.max_two_decimals",
    too_large: "common:moneyInput.errors.too_large",
    ambiguous: "common:moneyInput.errors.ambiguous",
    other_currency: "common:moneyInput.errors.other_currency",
  },
  percent: {
    required: "common:moneyInput.percentErrors.required",
    not_a_number: "common:moneyInput.percentErrors.not_a_number",
    not_negative: "common:moneyInput.percentErrors.not_negative",
    max_two_decimals: "common:moneyInput.percentErrors.max_two_decimals",
    too_large: "common:moneyInput.percentErrors.too_large",
    ambiguous: "common:moneyInput.percentErrors.ambiguous",
    // A percent field reads no currency sign at all: never answered.
    other_currency: "common:moneyInput.percentErrors.not_a_number",
  },
};
const errorKeySet = new Set([...Object.values(errorKeys.money), ...Object.values(errorKeys.percent)]);

/** The translation key of a money-input code (percent fields speak of numbers, not amounts). */
export function moneyErrorKey(code: MoneyInputCode, kind: "money" | "percent" = "money"): string {
  return errorKeys[kind][code];
}

/** The typed text → the canonical decimal ("1030.73") or the code saying why it cannot be read. */
export function readMoneyText(
  text: string,
  language: Language,
  options: MoneyTextOptions = {},
): MoneyInputResult {
  if (text.trim() === "" && options.blank === "zero") return { ok: true, value: "0.00" };
  const common = { language, allowNegative: options.allowNegative ?? false };
  return options.kind === "percent"
    ? parsePercentInput(text, common)
    : parseMoneyInput(text, options.currency ? { ...common, currency: options.currency } : common);
}

/**
 * A zod field for a form whose value is the typed text: it reads the text in `language` and outputs
 * the canonical decimal, so a form cannot be submitted with a text that cannot be read, and the
 * payload carries the value as the API takes it.
 */
export function moneyTextSchema(language: Language, options: MoneyTextOptions = {}) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      const result = readMoneyText(text ?? "", language, options);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: moneyErrorKey(result.code, options.kind) });
      return z.NEVER;
    });
}

/** True when a validation message is already a translation key (a money field's), not a code. */
export function isMoneyErrorKey(message: string): boolean {
  return errorKeySet.has(message);
}

/**
 * A plain form's money and percent texts read at submit: each readable text becomes its canonical
 * value, a blank one stays blank (the API's schema then answers with its own "required" or
 * default), and each unreadable one stays as typed with the key of its message. Submit only when
 * `errors` is empty.
 */
export function readMoneyFields<K extends string>(
  texts: Record<K, string>,
  language: Language,
  options: Record<K, MoneyTextOptions>,
): { values: Record<K, string>; errors: Partial<Record<K, string>> } {
  const values = { ...texts };
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(texts) as K[]) {
    if (texts[key].trim() === "") continue;
    const result = readMoneyText(texts[key], language, options[key]);
    if (result.ok) values[key] = result.value;
    else errors[key] = moneyErrorKey(result.code, options[key].kind);
  }
  return { values, errors };
}
