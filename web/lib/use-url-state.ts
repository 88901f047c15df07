import type { RangePreset } from "@domain/periods";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type RangeValue, readRangeParams, writeRangeParams } from "@/lib/range";

// A table's state in the address (?sort=-spent&page=2&hide=roi,epc plus its filters), so a sorted,
// filtered, paged view can be reloaded, shared and reached again with Back. Two tables on one screen
// keep apart by a prefix ("users.sort"). Defaults leave no trace in the address.

export type TableSort = { id: string; desc: boolean };

export type TableUrlState = {
  sort: TableSort | null;
  /** 1-based */
  page: number;
  /** the ids of the columns the reader hid */
  hidden: string[];
};

export type TableUrlDefaults = { sort?: TableSort | null };

const key = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);
const idPattern = /^[A-Za-z0-9_]{1,40}$/;

/** "-spent" → spent, descending; "offer" → offer, ascending; anything else → null. */
export function decodeSort(value: string | null): TableSort | null {
  if (!value) return null;
  const desc = value.startsWith("-");
  const id = desc ? value.slice(1) : value;
  return idPattern.test(id) ? { id, desc } : null;
}

export function encodeSort(sort: TableSort): string {
  return `${sort.desc ? "-" : ""}${sort.id}`;
}

const sameSort = (a: TableSort | null | undefined, b: TableSort | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.id === b.id && a.desc === b.desc);

/** Reads a table's state; anything malformed falls back to the default. */
export function readTableUrlState(
  params: URLSearchParams,
  prefix = "",
  defaults: TableUrlDefaults = {},
): TableUrlState {
  const rawSort = params.get(key(prefix, "sort"));
  const page = Number(params.get(key(prefix, "page")));
  const hidden = (params.get(key(prefix, "hide")) ?? "").split(",").filter((id) => idPattern.test(id));
  return {
    sort: rawSort === "none" ? null : (decodeSort(rawSort) ?? defaults.sort ?? null),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    hidden: [...new Set(hidden)],
  };
}

/** A copy of `params` with the changed parts written; a value equal to its default is removed. */
export function writeTableUrlState(
  params: URLSearchParams,
  change: Partial<TableUrlState>,
  prefix = "",
  defaults: TableUrlDefaults = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) =>
    value === null ? next.delete(key(prefix, name)) : next.set(key(prefix, name), value);
  if ("sort" in change) {
    const sort = change.sort ?? null;
    set("sort", sameSort(sort, defaults.sort) ? null : sort ? encodeSort(sort) : "none");
  }
  if (change.page !== undefined) set("page", change.page > 1 ? String(change.page) : null);
  if (change.hidden !== undefined)
    set("hide", change.hidden.length ? [...change.hidden].sort().join(",") : null);
  return next;
}

/** The table state of `prefix` in the address, and its setter (which replaces the history entry). */
export function useTableUrlState(prefix = "", defaults: TableUrlDefaults = {}) {
  const [params, setParams] = useSearchParams();
  const defaultSort = defaults.sort ? encodeSort(defaults.sort) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the encoded default stands for the object
  const state = useMemo(() => readTableUrlState(params, prefix, defaults), [params, prefix, defaultSort]);
  const update = useCallback(
    (change: Partial<TableUrlState>) =>
      setParams((current) => writeTableUrlState(current, change, prefix, { sort: decodeSort(defaultSort) }), {
        replace: true,
      }),
    [setParams, prefix, defaultSort],
  );
  return [state, update] as const;
}

/** A copy of `params` with the given keys set, or removed when the value is empty, null or undefined. */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === "") next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** One filter in the address (`?status=paid`): null when absent; setting null or "" removes it. */
export function useUrlParam(name: string, options: { resetPage?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const { resetPage } = options;
  const set = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const copy = withParams(current, { [name]: next });
          // A new filter starts again on page 1.
          if (resetPage !== undefined) copy.delete(key(resetPage, "page"));
          return copy;
        },
        { replace: true },
      ),
    [setParams, name, resetPage],
  );
  return [value, set] as const;
}

/**
 * The range of the one range picker in the address (`?period=7d`, `?period=custom&from=…&to=…`,
 * web/lib/range.ts): malformed values read as the fallback, which leaves no trace. A new range starts
 * the tables again on page 1 (`page`, and the `<table>.page` of the tables named in resetPages).
 */
export function useRangeParam(
  fallback: RangePreset,
  options: { prefix?: string; resetPages?: readonly string[] } = {},
): [RangeValue, (value: RangeValue) => void] {
  const [params, setParams] = useSearchParams();
  const { prefix = "", resetPages } = options;
  const value = readRangeParams(params, fallback, prefix);
  const from = value.period === "custom" ? value.from : "";
  const to = value.period === "custom" ? value.to : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts stand for the object
  const stable = useMemo(() => value, [value.period, from, to]);
  const resetKey = (resetPages ?? []).join(",");
  const set = useCallback(
    (next: RangeValue) =>
      setParams(
        (current) => {
          const copy = writeRangeParams(current, next, fallback, prefix);
          copy.delete("page");
          for (const table of resetKey ? resetKey.split(",") : []) copy.delete(key(table, "page"));
          return copy;
        },
        { replace: true },
      ),
    [setParams, fallback, prefix, resetKey],
  );
  return [stable, set];
}
