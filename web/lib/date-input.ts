import type { Language } from "@domain/roles";

// Calendar dates typed and shown in the reader's language (decisions.md: "the date picker works in
// all three"): a native <input type="date"> follows the browser's locale instead, so a screen in
// English could show a Brazilian date. Values travel as ISO "YYYY-MM-DD".

type Order = ("day" | "month" | "year")[];

const intlLocale: Record<Language, string> = { "pt-BR": "pt-BR", en: "en-US", ru: "ru-RU" };

function layoutOf(language: Language): { order: Order; separator: string } {
  const parts = new Intl.DateTimeFormat(intlLocale[language], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).formatToParts(new Date(Date.UTC(2026, 10, 23)));
  const order = parts
    .map((part) => part.type)
    .filter(
      (type): type is "day" | "month" | "year" => type === "day" || type === "month" || type === "year",
    );
  const separator = parts.find((part) => part.type === "literal")?.value ?? "/";
  return { order, separator };
}

const iso = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

function toIso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2026-11-23" → "23/11/2026" (pt-BR), "11/23/2026" (en), "23.11.2026" (ru); other text unchanged. */
export function formatDateInput(value: string, language: Language): string {
  const match = iso.exec(value);
  if (!match) return value;
  const { order, separator } = layoutOf(language);
  const parts = { year: match[1], month: match[2], day: match[3] };
  return order.map((part) => parts[part]).join(separator);
}

/**
 * What the person typed, in their language's order (any of / . - or spaces between the parts, a
 * two-digit year means 20xx), or an ISO date → "YYYY-MM-DD"; null when it is not a real date.
 */
export function parseDateInput(text: string, language: Language): string | null {
  const trimmed = text.trim();
  const isoMatch = iso.exec(trimmed);
  if (isoMatch) {
    const [year, month, day] = [Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3])];
    return isRealDate(year, month, day) ? toIso(year, month, day) : null;
  }
  const pieces = trimmed.split(/[\s./-]+/).filter(Boolean);
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d{1,4}$/.test(piece))) return null;
  const { order } = layoutOf(language);
  const value = { day: 0, month: 0, year: 0 };
  order.forEach((part, index) => {
    value[part] = Number(pieces[index]);
  });
  const yearText = pieces[order.indexOf("year")] ?? "";
  if (yearText.length === 2) value.year += 2000;
  else if (yearText.length !== 4) return null;
  return isRealDate(value.year, value.month, value.day) ? toIso(value.year, value.month, value.day) : null;
}
