import type { PivotDimension } from "@domain/schemas/pivot";

// How a pivot key reads: names as the server sends them; dates through Intl in the reader's
// language — a day ("17 de mar. de 2026"), an ISO week ("sem. 12 (16–22 de mar.)"), a month
// ("março de 2026"). Calendar dates are formatted in UTC so no time zone shifts them.

function utc(iso: string): Date {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** The ISO 8601 week number of a date (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(iso: string): { year: number; week: number } {
  const date = utc(iso);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(date);
  thursday.setUTCDate(date.getUTCDate() - weekday + 3);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  firstThursday.setUTCDate(firstThursday.getUTCDate() - firstWeekday + 3);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return { year, week };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" });
    formats.set(key, found);
  }
  return found;
}

export type KeyTexts = {
  /** "sem. {{week}} ({{range}})" in the reader's language. */
  week: (week: number, range: string) => string;
  /** A key without a value: "no team", "no offer". */
  none: (dimension: PivotDimension) => string;
};

/** One key as the table, the breadcrumb and the chart show it. */
export function formatKey(
  dimension: PivotDimension,
  key: { value: string | null; label: string | null },
  language: string,
  texts: KeyTexts,
): string {
  if (key.value === null) return key.label ?? texts.none(dimension);
  // A date dimension's key is an ISO date; anything else is shown as sent, never a crash.
  if (
    !/^\d{4}-\d{2}-\d{2}/.test(key.value) &&
    (dimension === "day" || dimension === "week" || dimension === "month")
  )
    return key.label ?? key.value;
  switch (dimension) {
    case "day":
      return format(language, { dateStyle: "medium" }).format(utc(key.value));
    case "week": {
      const start = utc(key.value);
      const end = new Date(start);
      end.setUTCDate(start.getUTCDate() + 6);
      const range = format(language, { day: "numeric", month: "short" }).formatRange(start, end);
      return texts.week(isoWeek(key.value).week, range);
    }
    case "month":
      return format(language, { month: "long", year: "numeric" }).format(utc(key.value));
    default:
      return key.label ?? key.value;
  }
}

/** A short date label for a chart axis. */
export function formatAxisKey(dimension: PivotDimension, value: string, language: string): string {
  if (dimension === "month") return format(language, { month: "short", year: "2-digit" }).format(utc(value));
  if (dimension === "week") return `W${isoWeek(value).week}`;
  return format(language, { day: "numeric", month: "short" }).format(utc(value));
}
