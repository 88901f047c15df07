import type { Language } from "@domain/roles";

// Numbers, money and dates always go through Intl in the reader's language (decisions.md).
// Formatters are cached: building an Intl formatter is far costlier than using one.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    cache.set(key, format);
  }
  return format;
}

/** Money arrives from the API as a decimal string ("1234.50"); 14 significant digits fit a double. */
function toNumber(value: string | number): number {
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

/**
 * Money never wraps (issue 28, decision 0095): Intl already joins the currency to the digits with a
 * no-break space, and a line may not break inside a number; only the minus sign may be left at a
 * line's end ("-" / "US$ 1,00"), so a word joiner (U+2060, invisible) glues it to what follows.
 */
export function joinSign(text: string): string {
  return text.replace(/^([-\u2212+])(?!\u2060)/, "$1\u2060");
}

export function formatMoney(value: string | number, currency: string, language: Language): string {
  return joinSign(
    numberFormat(language, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(toNumber(value)),
  );
}

/**
 * A large amount in few characters for a figure's headline ("US$ 527,6 mil", "$527.6K"), to show
 * beside the full amount (formatMoney) on hover and to screen readers; amounts under `from` whole
 * units stay as formatMoney writes them.
 */
export function formatMoneyCompact(
  value: string | number,
  currency: string,
  language: Language,
  from = 100_000,
): string {
  const number = toNumber(value);
  if (Math.abs(number) < from) return formatMoney(number, currency, language);
  return joinSign(
    numberFormat(language, {
      style: "currency",
      currency,
      notation: "compact",
      maximumFractionDigits: 1,
    }).format(number),
  );
}

export function formatNumber(value: string | number, language: Language, maximumFractionDigits = 0): string {
  return numberFormat(language, { maximumFractionDigits }).format(toNumber(value));
}

/** `value` is already a percentage (ROI 12.5 → "12,50%"). */
export function formatPercent(value: string | number, language: Language, fractionDigits = 2): string {
  return numberFormat(language, {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(toNumber(value) / 100);
}

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date ("2024-05-31") is shown as that day everywhere: it is read and formatted in UTC so
 * no timezone can shift it. Instants (ISO timestamps or Date) are shown in `timeZone` when given.
 */
export function formatDate(
  value: string | Date,
  language: Language,
  options: { style?: "short" | "medium" | "long"; timeZone?: string } = {},
): string {
  const style = options.style ?? "medium";
  if (typeof value === "string") {
    const match = calendarDate.exec(value);
    if (match) {
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return dateFormat(language, { dateStyle: style, timeZone: "UTC" }).format(date);
    }
  }
  const date = typeof value === "string" ? new Date(value) : value;
  return dateFormat(language, {
    dateStyle: style,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/**
 * An instant as date and time in the workspace's time zone (decisions.md, "Languages": one clock),
 * never the browser's. `showZone` names the zone after the time ("27 de nov. de 2026, 13:07 (BRT)")
 * for detail views, where a reader elsewhere must not take it for their own time.
 */
export function formatDateTime(
  value: string | Date,
  language: Language,
  timeZone: string,
  options: { showZone?: boolean } = {},
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const text = dateFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  return options.showZone ? `${text} (${formatZoneName(date, language, timeZone)})` : text;
}

/** The time of an instant in the workspace's time zone ("13:07"); `showZone` adds "(BRT)". */
export function formatTime(
  value: string | Date,
  language: Language,
  timeZone: string,
  options: { showZone?: boolean } = {},
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const text = dateFormat(language, { timeStyle: "short", timeZone }).format(date);
  return options.showZone ? `${text} (${formatZoneName(date, language, timeZone)})` : text;
}

/** The zone's short name at that instant in the reader's language ("BRT", "GMT-3", "UTC"). */
export function formatZoneName(value: Date, language: Language, timeZone: string): string {
  const parts = dateFormat(language, { timeZoneName: "short", timeZone }).formatToParts(value);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

function utcDay(iso: string): Date | null {
  const match = calendarDate.exec(iso);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/**
 * Two calendar dates as one range in the reader's language ("12–18 de nov. de 2026", "Nov 12 – 18,
 * 2026"); one date when both are the same day. Read in UTC like formatDate, so no time zone shifts them.
 */
export function formatDateRange(from: string, to: string, language: Language): string {
  const start = utcDay(from);
  const end = utcDay(to);
  if (!start || !end) return `${from} – ${to}`;
  const format = dateFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  return from === to ? format.format(start) : format.formatRange(start, end);
}
