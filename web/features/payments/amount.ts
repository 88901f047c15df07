import type { Language } from "@domain/roles";

// What the payments dialogs' amount fields read, until the shared MoneyInput replaces them
// (components/amount-field.tsx). A text is read in the reader's language first: pt-BR
// "1.030,73", en "1,030.73", ru "1 030,73"; plain "1030.73" and "1030,73" too, with or without a
// currency sign. Anything else is refused with a code: the text itself is never changed.

export type AmountReading =
  | { ok: true; value: string }
  | { ok: false; code: "required" | "not_a_number" | "not_negative" | "max_two_decimals" | "too_large" };

const separators: Record<Language, { decimal: string; group: string }> = {
  "pt-BR": { decimal: ",", group: "." },
  en: { decimal: ".", group: "," },
  ru: { decimal: ",", group: " " },
};

const currencySigns = /^(?:R\$|US\$|\$|USD|BRL|€|EUR|₽|RUB)\s*|\s*(?:R\$|US\$|\$|USD|BRL|€|EUR|₽|RUB)$/gi;
const maxWholeDigits = 12; // numeric(14,2)

/** Whole part with groups of three after the first, e.g. "1.030.000" with group ".". */
function readWhole(text: string, group: string | null): string | null {
  if (/^\d+$/.test(text)) return text;
  if (group === null) return null;
  const parts = text.split(group);
  if (!/^\d{1,3}$/.test(parts[0] ?? "")) return null;
  if (!parts.slice(1).every((part) => /^\d{3}$/.test(part))) return null;
  return parts.join("");
}

/** Reads a typed non-negative amount as a plain decimal ("1030.73"). */
export function readAmount(input: string, language: Language): AmountReading {
  // Spaces of any kind (ru groups with a no-break space) are one space; a sign may lead.
  let text = input.replace(/[\s\u00a0\u202f]+/g, " ").trim();
  text = text.replace(currencySigns, "").trim();
  if (text.startsWith("-") || text.startsWith("−")) {
    return /\d/.test(text) ? { ok: false, code: "not_negative" } : { ok: false, code: "not_a_number" };
  }
  if (text === "")
    return input.trim() === "" ? { ok: false, code: "required" } : { ok: false, code: "not_a_number" };
  if (!/^[\d., ]+$/.test(text)) return { ok: false, code: "not_a_number" };

  const own = separators[language];
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  let whole: string | null = null;
  let fraction = "";

  // The decimal mark is the last "." or ","; when only one kind appears and its every use reads as
  // a thousands group in this language, it is a group ("10.999" in pt-BR is ten thousand…).
  const marks = [lastDot, lastComma].filter((i) => i >= 0);
  if (marks.length === 0) {
    whole = readWhole(text, " ");
  } else {
    const at = Math.max(...marks);
    const mark = text[at] as "." | ",";
    const before = text.slice(0, at);
    const after = text.slice(at + 1);
    const onlyKind = marks.length === 1;
    const manyOfKind = text.indexOf(mark) !== at;
    const groupReading = onlyKind && (mark === own.group || manyOfKind) ? readWhole(text, mark) : null;
    if (groupReading !== null && (mark === own.group || manyOfKind)) {
      whole = groupReading;
    } else if (!/^\d+$/.test(after)) {
      return { ok: false, code: "not_a_number" };
    } else {
      // The other kind of mark, if any, groups the whole part; so may spaces.
      const other = mark === "." ? "," : ".";
      const group = before.includes(other) ? other : before.includes(" ") ? " " : null;
      whole = readWhole(before, group);
      fraction = after;
    }
  }
  if (whole === null) return { ok: false, code: "not_a_number" };
  if (fraction.length > 2) return { ok: false, code: "max_two_decimals" };
  const digits = whole.replace(/^0+(?=\d)/, "");
  if (digits.length > maxWholeDigits) return { ok: false, code: "too_large" };
  return { ok: true, value: `${digits}.${fraction.padEnd(2, "0")}` };
}
