import type { Language } from "./roles";

// Lists search the dates as the reader sees them (issue 28): "25 de nov" in pt-BR, "Nov 25" in en,
// "25 нояб" in ru, as well as the numeric forms. The web shows a calendar date with
// Intl.DateTimeFormat(language, { dateStyle }) (web/lib/format.ts); this module describes that
// text as a sequence of parts the database can rebuild for every row (server: campaigns search),
// so a search is a substring match against the very words on screen.

/** The date styles a list may show; "short" is the reader's numeric form (25/11/2026, 11/25/26). */
export const searchableDateStyles = ["medium", "long", "short"] as const;
export type SearchableDateStyle = (typeof searchableDateStyles)[number];

export type DateTextPart =
  | { kind: "literal"; value: string }
  | { kind: "day"; padded: boolean }
  | { kind: "month-number"; padded: boolean }
  /** The month's name in the language, January first (12 entries). */
  | { kind: "month-name"; names: string[] }
  | { kind: "year"; digits: 2 | 4 };

/** Intl's spaces (no-break, narrow no-break) read as the space a person types. */
export function normalizeDateText(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, " ").toLowerCase();
}

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

function formatter(language: Language, style: SearchableDateStyle) {
  return new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: "UTC" });
}

function partValue(format: Intl.DateTimeFormat, date: Date, type: Intl.DateTimeFormatPartTypes): string {
  return format.formatToParts(date).find((part) => part.type === type)?.value ?? "";
}

/**
 * How `language` writes a date in `style`, as parts: literals, the day, the month (a number or
 * its name) and the year. Derived from Intl itself, so it follows the runtime's locale data.
 */
export function dateTextParts(language: Language, style: SearchableDateStyle): DateTextPart[] {
  const format = formatter(language, style);
  // 5 May 2026: a one-digit day and month show whether they are padded.
  const sample = utc(2026, 5, 5);
  const monthIsNumber = /^\d+$/.test(partValue(format, sample, "month"));
  return format.formatToParts(sample).map((part): DateTextPart => {
    switch (part.type) {
      case "day":
        return { kind: "day", padded: part.value.length === 2 };
      case "month":
        return monthIsNumber
          ? { kind: "month-number", padded: part.value.length === 2 }
          : {
              kind: "month-name",
              names: Array.from({ length: 12 }, (_, i) => partValue(format, utc(2026, i + 1, 15), "month")),
            };
      case "year":
        return { kind: "year", digits: part.value.length === 2 ? 2 : 4 };
      case "literal":
        return { kind: "literal", value: part.value };
      default:
        throw new Error(`Unexpected date part "${part.type}" in ${language} ${style}`);
    }
  });
}

/** The text the parts give for a calendar date ("2026-11-25"): what the database builds per row. */
export function renderDateText(parts: readonly DateTextPart[], isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  return parts
    .map((part) => {
      switch (part.kind) {
        case "literal":
          return part.value;
        case "day":
          return part.padded ? String(day).padStart(2, "0") : String(day);
        case "month-number":
          return part.padded ? String(month).padStart(2, "0") : String(month);
        case "month-name":
          return part.names[month - 1] ?? "";
        default:
          return part.digits === 2 ? String(year % 100).padStart(2, "0") : String(year);
      }
    })
    .join("");
}

/** Every way the reader's language shows a date in a list (each style), as parts. */
export function searchableDateTexts(language: Language): DateTextPart[][] {
  return searchableDateStyles.map((style) => dateTextParts(language, style));
}

/** Whether a search text finds the date as the reader sees it, or in its ISO or dd/mm/yyyy form. */
export function dateMatchesSearch(isoDate: string, search: string, language: Language): boolean {
  const wanted = normalizeDateText(search.trim());
  if (!wanted) return true;
  const [year, month, day] = isoDate.split("-");
  const texts = [
    isoDate,
    `${day}/${month}/${year}`,
    ...searchableDateTexts(language).map((parts) => renderDateText(parts, isoDate)),
  ];
  return texts.some((text) => normalizeDateText(text).includes(wanted));
}
