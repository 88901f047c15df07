import { addDays, type DateRange, daysInRange } from "@domain/periods";
import type { SeriesPoint } from "@domain/schemas/campaigns";

const emptyDay: Omit<SeriesPoint, "date"> = {
  spent: "0.00",
  revenue: "0.00",
  profit: "0.00",
  clicks: 0,
  installations: 0,
  registrations: 0,
  deposits: 0,
  campaigns: 0,
};

/**
 * The server's series only has days with campaigns; a daily chart needs the quiet days too, or two
 * points a fortnight apart sit next to each other. Long custom ranges keep the sparse series (a
 * point per day would be unreadable anyway).
 */
export function fillDailySeries(series: SeriesPoint[], range: DateRange, maxDays = 400): SeriesPoint[] {
  if (daysInRange(range) > maxDays) return series;
  const byDate = new Map(series.map((point) => [point.date, point]));
  const filled: SeriesPoint[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    filled.push(byDate.get(date) ?? { date, ...emptyDay });
  }
  return filled;
}
