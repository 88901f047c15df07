import type { Language } from "@domain/roles";
import { isApiError } from "@/lib/api";

// A statement in processing, paid or cancelled closes its buyer's month; the server then refuses a
// campaign write with 409 month_closed (docs/decisions/0062). The answer names no month the web
// could translate, but the screen knows the dates it sent or showed: the message names that month.

const formats = new Map<Language, Intl.DateTimeFormat>();

/**
 * The month and year of a calendar date ("2026-11-21") in the reader's language, as Intl writes it
 * ("novembro de 2026", "November 2026", "ноябрь 2026 г."); `capitalize` for the start of a sentence.
 */
export function formatMonthYear(date: string, language: Language, capitalize = false): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" });
    formats.set(language, format);
  }
  const text = format.format(new Date(`${date.slice(0, 7)}-01T00:00:00Z`));
  return capitalize ? text.charAt(0).toLocaleUpperCase(language) + text.slice(1) : text;
}

export function isMonthClosed(error: unknown): boolean {
  return isApiError(error) && error.code === "month_closed";
}

/**
 * The date whose month was found closed: the one typed when the server marks the date field (a new
 * date in a closed month), else the saved one (an edit or deletion of a row in a closed month).
 */
export function closedMonthDate(
  error: unknown,
  dates: { typed?: string | undefined; saved?: string | undefined },
): string | undefined {
  if (!isMonthClosed(error) || !isApiError(error)) return undefined;
  if (error.fields?.date === "month_closed" && dates.typed) return dates.typed;
  return dates.saved ?? dates.typed;
}
