import { addDays, monthRange, rangePresets } from "@domain/periods";
import { ratioOf, toRatioUnits } from "@domain/ratios";
import type { PivotDimension, PivotMetric, PivotRow } from "@domain/schemas/pivot";

// The pivot report's whole state is its address (docs/decisions/0082): the API's own query
// (groupBy, columns, period/from/to, compare, filters, sort, dir, page, pageSize) plus `drill`, the
// steps a reader took by clicking rows, each with the values it replaced so the breadcrumb can walk
// back. These functions read and write that address; they know no React.

// The contract's lists (domain/schemas/pivot.ts), written out so the screen loads no zod at first
// paint: the types keep them in step, and tests/unit/web-pivot.test.ts compares them at run time.
export const pivotDimensions = [
  "buyer",
  "team",
  "offer",
  "brand",
  "day",
  "week",
  "month",
] as const satisfies readonly PivotDimension[];
export const timeDimensions = ["day", "week", "month"] as const satisfies readonly PivotDimension[];
export const pivotMetrics = [
  "spent",
  "revenue",
  "profit",
  "roi",
  "epc",
  "clicks",
  "installations",
  "registrations",
  "deposits",
  "campaigns",
  "clickToInstall",
  "installToRegistration",
  "registrationToDeposit",
  "costPerClick",
  "costPerInstall",
  "costPerRegistration",
  "costPerDeposit",
] as const satisfies readonly PivotMetric[];
// Every metric and dimension of the contract is listed (a missing one fails to compile).
type Missing<All, Listed> = Exclude<All, Listed> extends never ? true : never;
const everyMetric: Missing<PivotMetric, (typeof pivotMetrics)[number]> = true;
const everyDimension: Missing<PivotDimension, (typeof pivotDimensions)[number]> = true;
void everyMetric;
void everyDimension;
export const defaultPivotColumns: readonly PivotMetric[] = [
  "spent",
  "revenue",
  "profit",
  "roi",
  "epc",
  "deposits",
];
export const maxPivotDimensions = 3;

export const defaultGroupBy: readonly PivotDimension[] = ["buyer"];
export const pageSizes = [25, 50, 100, 200, 500] as const;
export const defaultPageSize = 100;

/** The URL parameters the API takes (everything but `drill`), in a stable order. */
export const queryKeys = [
  "groupBy",
  "columns",
  "period",
  "from",
  "to",
  "compare",
  "buyerId",
  "teamId",
  "offerId",
  "brand",
  "minRoi",
  "maxRoi",
  "minSpend",
  "sort",
  "dir",
  "page",
  "pageSize",
] as const;

/** The parameters a filter change or a drill resets (a new question starts on page 1). */
const pagingKeys = ["page"] as const;

function isDimension(value: string): value is PivotDimension {
  return (pivotDimensions as readonly string[]).includes(value);
}
function isMetric(value: string): value is PivotMetric {
  return (pivotMetrics as readonly string[]).includes(value);
}
export function isTimeDimension(value: PivotDimension): value is (typeof timeDimensions)[number] {
  return (timeDimensions as readonly string[]).includes(value);
}

/** A comma list of known, distinct values; anything malformed falls back. */
function readList<T extends string>(
  raw: string | null,
  known: (v: string) => v is T,
  max: number,
  fallback: readonly T[],
) {
  if (!raw) return [...fallback];
  const items = raw.split(",").map((item) => item.trim());
  if (items.length > max || items.some((item) => !known(item)) || new Set(items).size !== items.length)
    return [...fallback];
  return items as T[];
}

export function readGroupBy(params: URLSearchParams): PivotDimension[] {
  return readList(params.get("groupBy"), isDimension, maxPivotDimensions, defaultGroupBy);
}

export function readColumns(params: URLSearchParams): PivotMetric[] {
  return readList(params.get("columns"), isMetric, pivotMetrics.length, defaultPivotColumns);
}

export function writeGroupBy(params: URLSearchParams, groupBy: readonly PivotDimension[]): URLSearchParams {
  const next = new URLSearchParams(params);
  const same = groupBy.join(",") === defaultGroupBy.join(",");
  if (same) next.delete("groupBy");
  else next.set("groupBy", groupBy.join(","));
  // A sort by a column that no longer exists would be refused; the key order is always there.
  next.delete("page");
  return next;
}

export function writeColumns(params: URLSearchParams, columns: readonly PivotMetric[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (columns.join(",") === defaultPivotColumns.join(",")) next.delete("columns");
  else next.set("columns", columns.join(","));
  const sort = next.get("sort");
  if (sort && sort !== "key" && !columns.includes(sort as PivotMetric)) {
    next.delete("sort");
    next.delete("dir");
  }
  return next;
}

/** Moves the item at `index` by `delta` (−1 up, +1 down); out of range: unchanged. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(index, 1) as [T];
  copy.splice(target, 0, item);
  return copy;
}

/** The dimensions a groupBy slot may take: its own and those no other slot holds. */
export function dimensionChoices(groupBy: readonly PivotDimension[], slot: number): PivotDimension[] {
  return pivotDimensions.filter((d) => d === groupBy[slot] || !groupBy.includes(d));
}

// Drill-down --------------------------------------------------------------------------------------

/** After a dimension with nothing after it in groupBy: the next natural question. */
export const nextDimension: Record<PivotDimension, PivotDimension> = {
  buyer: "offer",
  team: "buyer",
  offer: "day",
  brand: "offer",
  month: "week",
  week: "day",
  day: "buyer",
};

/** One drill step: what was clicked (for the breadcrumb) and the address values it replaced. */
export type DrillStep = {
  /** The dimensions and key labels clicked (outermost first), e.g. team "Ana", week "2026-03-16". */
  keys: { dimension: PivotDimension; value: string; label: string | null }[];
  /** The parameters this step changed, with their values before it (null: absent). */
  previous: Record<string, string | null>;
};

export function readDrill(params: URLSearchParams): DrillStep[] {
  const raw = params.get("drill");
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isDrillStep);
  } catch {
    return [];
  }
}

function isDrillStep(value: unknown): value is DrillStep {
  if (!value || typeof value !== "object") return false;
  const step = value as Partial<DrillStep>;
  return (
    Array.isArray(step.keys) &&
    step.keys.every(
      (key) =>
        key &&
        typeof key === "object" &&
        typeof key.dimension === "string" &&
        isDimension(key.dimension) &&
        typeof key.value === "string",
    ) &&
    !!step.previous &&
    typeof step.previous === "object"
  );
}

/** The inclusive dates of a time key (a day; a week's ISO Monday; a month's first day), within the range. */
export function bucketRange(
  dimension: (typeof timeDimensions)[number],
  value: string,
  within?: { from: string | null; to: string },
): { from: string; to: string } {
  let range =
    dimension === "day"
      ? { from: value, to: value }
      : dimension === "week"
        ? { from: value, to: addDays(value, 6) }
        : monthRange(value.slice(0, 7));
  if (within) {
    range = {
      from: within.from && within.from > range.from ? within.from : range.from,
      // biome-ignore lint/complexity/useMathMinMax: ISO dates compared as text, not numbers
      to: within.to < range.to ? within.to : range.to,
    };
  }
  return range;
}

/** The filter parameters one key sets (a time key: the range of its bucket). */
function keyFilter(
  dimension: PivotDimension,
  value: string,
  within: { from: string | null; to: string } | undefined,
): Record<string, string | null> {
  switch (dimension) {
    case "buyer":
      return { buyerId: value };
    case "team":
      return { teamId: value };
    case "offer":
      return { offerId: value };
    case "brand":
      return { brand: value };
    default: {
      const range = bucketRange(dimension, value, within);
      return { period: null, from: range.from, to: range.to };
    }
  }
}

/** Whether a row's key at `index` can be drilled into (a "no team" or "no offer" key cannot). */
export function canDrill(row: PivotRow, index: number): boolean {
  return row.keys.slice(0, index + 1).every((key) => key.value !== null);
}

/**
 * The address after clicking a row's key at `index`: filtered by that key and the keys before it,
 * grouped by the dimensions after it (or, when none, the natural next one), on page 1; the step
 * remembers what it replaced.
 */
export function drillInto(
  params: URLSearchParams,
  row: PivotRow,
  index: number,
  within?: { from: string | null; to: string },
): URLSearchParams {
  const groupBy = readGroupBy(params);
  const keys = groupBy.slice(0, index + 1).map((dimension, i) => ({
    dimension,
    value: row.keys[i]?.value ?? "",
    label: row.keys[i]?.label ?? null,
  }));
  const changes: Record<string, string | null> = {};
  for (const key of keys) Object.assign(changes, keyFilter(key.dimension, key.value, within));
  const rest = groupBy.slice(index + 1);
  const last = groupBy[index] as PivotDimension;
  const filtered = new Set(keys.map((key) => key.dimension));
  let nextGroup = rest;
  if (nextGroup.length === 0) {
    // The natural next dimension, skipping those just filtered to one value.
    let candidate = nextDimension[last];
    for (let i = 0; i < pivotDimensions.length && filtered.has(candidate); i++)
      candidate = nextDimension[candidate];
    nextGroup = [candidate];
  }
  changes.groupBy = nextGroup.join(",") === defaultGroupBy.join(",") ? null : nextGroup.join(",");
  // The sort may name a column the new grouping keeps; the key order is safe either way.
  for (const name of pagingKeys) changes[name] = null;
  const previous: Record<string, string | null> = {};
  for (const name of Object.keys(changes)) previous[name] = params.get(name);
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  next.set("drill", JSON.stringify([...readDrill(params), { keys, previous }]));
  return next;
}

/** The address as it was before drill step `index` (0: before any drill). */
export function drillBack(params: URLSearchParams, index: number): URLSearchParams {
  const steps = readDrill(params);
  const next = new URLSearchParams(params);
  for (let i = steps.length - 1; i >= index; i--) {
    for (const [name, value] of Object.entries((steps[i] as DrillStep).previous)) {
      if (name === "drill") continue;
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
  }
  const kept = steps.slice(0, Math.max(0, index));
  if (kept.length) next.set("drill", JSON.stringify(kept));
  else next.delete("drill");
  return next;
}

// The API's query ---------------------------------------------------------------------------------

/** The address without the drill path: exactly what GET /api/reports (and the exports) receive. */
export function apiSearch(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const name of queryKeys) {
    const value = params.get(name);
    if (value === null || value === "") continue;
    // "custom" is the picker's word for from/to; the API takes only the presets.
    if (name === "period" && !(rangePresets as readonly string[]).includes(value)) continue;
    next.set(name, value);
  }
  return next;
}

/** The same as a plain object (for the typed client and apiUrl). */
export function apiQueryObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(apiSearch(params));
}

/** The query saved with a view: everything on screen, the drill path included. */
export function savedQuery(params: URLSearchParams): string {
  const next = apiSearch(params);
  const drill = params.get("drill");
  if (drill) next.set("drill", drill);
  return next.toString();
}

// Figures -----------------------------------------------------------------------------------------

export type MetricKind = "money" | "percent" | "count";

const percentMetrics: readonly PivotMetric[] = [
  "roi",
  "clickToInstall",
  "installToRegistration",
  "registrationToDeposit",
];
const countMetrics: readonly PivotMetric[] = [
  "clicks",
  "installations",
  "registrations",
  "deposits",
  "campaigns",
];

export function metricKind(metric: PivotMetric): MetricKind {
  if (percentMetrics.includes(metric)) return "percent";
  if (countMetrics.includes(metric)) return "count";
  return "money";
}

/**
 * The change from `previous` to `current` in percent of |previous|, as a ratio text (4 places,
 * half-up, exact: domain/ratios.ts); null when there is no previous figure or it is zero.
 */
export function changePercent(
  current: string | number,
  previous: string | number | null | undefined,
): string | null {
  if (previous === null || previous === undefined) return null;
  const now = toRatioUnits(String(current));
  const before = toRatioUnits(String(previous));
  if (before === 0n) return null;
  return ratioOf(now - before, before < 0n ? -before : before, 100n);
}
