import type { TableSort } from "./use-url-state";

// The pure rules of the data table's sorting and column visibility, kept apart from React so the
// unit tests reach them without a browser.

/**
 * Compares two exact decimal strings ("1234.50", "-0.0001"): money and ratios arrive as strings
 * and are never turned into binary floats, so a sort by them stays exact. null/"" sort first.
 */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  const blankA = a === null || a === undefined || a === "";
  const blankB = b === null || b === undefined || b === "";
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? -1 : 1;
  const [intA, fracA = ""] = String(a).split(".");
  const [intB, fracB = ""] = String(b).split(".");
  const places = Math.max(fracA.length, fracB.length);
  const scaled = (int: string, frac: string) => {
    const negative = int.startsWith("-");
    const digits = BigInt(`${negative ? int.slice(1) : int}${frac.padEnd(places, "0")}` || "0");
    return negative ? -digits : digits;
  };
  const diff = scaled(intA ?? "0", fracA) - scaled(intB ?? "0", fracB);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/**
 * A header click: the same column flips its direction; another starts with its natural one —
 * figures largest first, names A→Z.
 */
export function nextSort(current: TableSort | null, id: string, numeric: boolean): TableSort {
  if (current?.id === id) return { id, desc: !current.desc };
  return { id, desc: numeric };
}

/** TanStack's visibility map from the hidden ids (only hideable columns can be hidden). */
export function visibilityFromHidden(hidden: readonly string[], hideable: readonly string[]) {
  const allowed = new Set(hideable);
  return Object.fromEntries(hidden.filter((id) => allowed.has(id)).map((id) => [id, false])) as Record<
    string,
    boolean
  >;
}

/** The hidden ids after a column's checkbox is toggled; the last visible column cannot go. */
export function toggleHidden(
  hidden: readonly string[],
  id: string,
  visible: boolean,
  all: readonly string[],
): string[] {
  const set = new Set(hidden);
  if (visible) set.delete(id);
  else if (all.filter((column) => !set.has(column)).length > 1) set.add(id);
  return [...set];
}

/** 1-based page count for a total; at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
