import { z } from "zod";
import { type Language, languages } from "./roles";

// Texts the system writes on a payment are stored as a type with parameters and rendered in each
// reader's language (decisions.md, "Languages"; docs/decisions/0094). The one such text is the
// note of Confirmar Pagamento: "Pagamento confirmado em {date}". Older rows hold that sentence as
// the web wrote it in the confirming user's language (dateStyle "medium"); it is recognised when
// read and answered as the same system note, so no stored row is rewritten.

export const systemNoteTypes = ["payment_confirmed"] as const;

export const systemNoteSchema = z
  .object({
    type: z.enum(systemNoteTypes),
    /** The calendar day of the confirmation in the workspace's time zone ("2026-11-27"). */
    date: z.string().meta({ format: "date" }),
  })
  .meta({ id: "SystemNote" });
export type SystemNote = z.infer<typeof systemNoteSchema>;

/** The sentence each language's screens wrote before the note became a type ("{{date}}" last). */
const confirmationPrefixes: Record<Language, string> = {
  "pt-BR": "Pagamento confirmado em ",
  en: "Payment confirmed on ",
  ru: "Выплата подтверждена ",
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One pattern per language and month for a date as `Intl.DateTimeFormat(language, { dateStyle:
 * "medium" })` writes it ("27 de nov. de 2026", "Nov 27, 2026", "27 нояб. 2026 г."), built from
 * Intl itself; the abbreviation's dot and the kind of space may differ between ICU versions.
 */
function mediumDatePatterns(language: Language): { month: number; pattern: RegExp }[] {
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, month) => {
    const sample = format.format(new Date(Date.UTC(2004, month, 15)));
    const source = escapeRegExp(sample)
      .replace("15", "(?<day>\\d{1,2})")
      .replace("2004", "(?<year>\\d{4})")
      .replace(/\\\./g, "\\.?")
      .replace(/[\s\u00a0\u202f]+/g, "[\\s\\u00a0\\u202f]+");
    return { month: month + 1, pattern: new RegExp(`^${source}$`, "i") };
  });
}

let patterns: Record<Language, { month: number; pattern: RegExp }[]> | null = null;

function readDate(text: string, language: Language): string | null {
  patterns ??= Object.fromEntries(languages.map((l) => [l, mediumDatePatterns(l)])) as NonNullable<
    typeof patterns
  >;
  for (const { month, pattern } of patterns[language]) {
    const match = pattern.exec(text.trim());
    if (!match?.groups) continue;
    const day = Number(match.groups.day);
    const year = Number(match.groups.year);
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }
  return null;
}

/**
 * A stored note that is exactly the confirmation sentence of one of the languages (with a date that
 * reads) → that system note; anything else, typed by a person, → null (shown as typed).
 */
export function recogniseSystemNote(note: string | null | undefined): SystemNote | null {
  if (!note) return null;
  for (const language of languages) {
    const prefix = confirmationPrefixes[language];
    if (!note.startsWith(prefix)) continue;
    const date = readDate(note.slice(prefix.length), language);
    if (date) return { type: "payment_confirmed", date };
  }
  return null;
}
