// Calendar periods per decisions.md ("Dates and periods"). Dates are ISO calendar dates
// ("YYYY-MM-DD") and never shift with time zones; "today" is today in the workspace time zone.

export type DateRange = { from: string; to: string };
/** A range whose lower bound may be open ("all"). */
export type OpenDateRange = { from: string | null; to: string };

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// Building an Intl.DateTimeFormat costs far more than using one (it showed in the server's profile,
// several per request): one per time zone, kept.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    if (dayFormatters.size < 100) dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's calendar date in a time zone, e.g. todayIn("America/Sao_Paulo"). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormatter(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

function toUtcDate(iso: string): Date {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = toUtcDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtcDate(date);
}

/** Same day N calendar months earlier/later, clamped to the month's last day (Mar 31 − 1 → Feb 28). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return fromUtcDate(target);
}

/** Inclusive number of calendar days in a range. */
export function daysInRange(range: DateRange): number {
  return Math.round((toUtcDate(range.to).getTime() - toUtcDate(range.from).getTime()) / 86_400_000) + 1;
}

/** "Last N days" = the N calendar days ending today, today included. */
export function lastNDays(n: number, today: string): DateRange {
  return { from: addDays(today, -(n - 1)), to: today };
}

/** Admin "last month": from the same day one calendar month ago to today. */
export function lastCalendarMonth(today: string): DateRange {
  return { from: addMonths(today, -1), to: today };
}

/** The N days just before a range of N days. For "all" (no lower bound) the caller compares 30 vs 30. */
export function previousPeriod(range: DateRange): DateRange {
  const length = daysInRange(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** A payments month "YYYY-MM" as its first and last calendar day. */
export function monthRange(month: string): DateRange {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`Not a month: ${month}`);
  const from = `${month}-01`;
  const to = addDays(addMonths(from, 1), -1);
  return { from, to };
}

export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

export type BuyerPeriod = "daily" | "weekly" | "monthly" | "total";

/** Buyer dashboard cards: daily = today, weekly = 7 days, monthly = 30 days, total = all time. */
export function buyerPeriodRange(period: BuyerPeriod, today: string): OpenDateRange {
  switch (period) {
    case "daily":
      return { from: today, to: today };
    case "weekly":
      return lastNDays(7, today);
    case "monthly":
      return lastNDays(30, today);
    case "total":
      return { from: null, to: today };
  }
}

export const namedPeriods = [
  "today",
  "yesterday",
  "7d",
  "30d",
  "90d",
  "all",
  "current_month",
  "previous_month",
  "last_month",
  "current_year",
] as const;
export type NamedPeriod = (typeof namedPeriods)[number];

/**
 * The presets of the one range picker (issue 25), in the order it lists them; with "custom" (from/to)
 * they are every date choice of the app. "previous_month" is the last calendar month; "last_month"
 * (from the same day a month ago) stays for the admin screens' old links.
 */
export const rangePresets = [
  "today",
  "yesterday",
  "7d",
  "30d",
  "90d",
  "current_month",
  "previous_month",
  "current_year",
  "all",
] as const satisfies readonly NamedPeriod[];
export type RangePreset = (typeof rangePresets)[number];

/** The calendar range of a named period ending today (decisions.md, "Dates and periods"). */
export function resolvePeriod(period: NamedPeriod, today: string): OpenDateRange {
  switch (period) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case "7d":
      return lastNDays(7, today);
    case "30d":
      return lastNDays(30, today);
    case "90d":
      return lastNDays(90, today);
    case "all":
      return { from: null, to: today };
    case "current_month":
      return { from: `${monthOf(today)}-01`, to: today };
    case "previous_month":
      return monthRange(monthOf(addMonths(`${monthOf(today)}-01`, -1)));
    case "last_month":
      return lastCalendarMonth(today);
    case "current_year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The period a growth figure compares with: the N days before; for "all", 30 vs the 30 before. */
export function comparisonRanges(range: OpenDateRange): { current: DateRange; previous: DateRange } {
  const current = range.from ? { from: range.from, to: range.to } : lastNDays(30, range.to);
  return { current, previous: previousPeriod(current) };
}

/**
 * A range as whole calendar months (their first days, inclusive; `from` null when the range is open
 * below) plus edge days added, minus edge days subtracted: `months` + `add` − `subtract` counts every
 * day of the range exactly once. Aggregates read the months from monthly totals and only the edge
 * days from daily ones. An edge month is read whole, minus the days outside the range, when fewer of
 * its days lie outside than inside: "the last 30 days" on the 25th reads November's monthly totals
 * minus five (usually empty, future) days, not 25 days of daily totals. Only sums can be read this
 * way: a subtracted day cancels what its month added.
 */
export function coverByMonths(range: OpenDateRange): {
  months: { from: string | null; to: string } | null;
  add: DateRange[];
  subtract: DateRange[];
} {
  const { from, to } = range;
  if (from !== null && from > to) return { months: null, add: [], subtract: [] };
  const monthStart = (iso: string) => `${monthOf(iso)}-01`;
  // Day 0 of the next month: no date past 9999-12-31 (the open end of "all time") is ever formed.
  const monthEnd = (iso: string) => {
    const [y, m] = iso.split("-").map(Number) as [number, number];
    return fromUtcDate(new Date(Date.UTC(y, m, 0)));
  };
  const size = (r: DateRange) => (r.from > r.to ? 0 : daysInRange(r));
  const nonEmpty = (ranges: DateRange[]) => ranges.filter((r) => r.from <= r.to);
  if (from !== null && monthOf(from) === monthOf(to)) {
    const outside = nonEmpty([
      { from: monthStart(from), to: addDays(from, -1) },
      ...(to === monthEnd(to) ? [] : [{ from: addDays(to, 1), to: monthEnd(to) }]),
    ]);
    if (outside.length === 0) return { months: { from, to: from }, add: [], subtract: [] };
    const outsideDays = outside.reduce((total, r) => total + size(r), 0);
    return outsideDays < size({ from, to })
      ? { months: { from: monthStart(from), to: monthStart(from) }, add: [], subtract: outside }
      : { months: null, add: [{ from, to }], subtract: [] };
  }
  // Here the range spans at least two calendar months (or is open below): a head edge (from to
  // its month's end), whole months, a tail edge (its month's start to `to`).
  const head = from !== null && from !== monthStart(from) ? { from, to: monthEnd(from) } : null;
  const tail = to !== monthEnd(to) ? { from: monthStart(to), to } : null;
  const firstFull = from === null ? null : head ? addMonths(monthStart(from), 1) : from;
  const lastFull = tail ? addMonths(monthStart(to), -1) : monthStart(to);
  let months = firstFull === null || firstFull <= lastFull ? { from: firstFull, to: lastFull } : null;
  const add: DateRange[] = [];
  const subtract: DateRange[] = [];
  if (head) {
    const outside = { from: monthStart(head.from), to: addDays(head.from, -1) };
    if (size(outside) < size(head)) {
      subtract.push(outside);
      months = { from: outside.from, to: months?.to ?? outside.from };
    } else add.push(head);
  }
  if (tail) {
    const outside = { from: addDays(to, 1), to: monthEnd(to) };
    if (size(outside) < size(tail)) {
      subtract.push(outside);
      // Adjacent to the whole months, or to the head's month: one range still lists them all.
      months = { from: months ? months.from : tail.from, to: tail.from };
    } else add.push(tail);
  }
  return { months, add, subtract };
}
