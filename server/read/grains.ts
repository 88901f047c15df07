import { type SQL, sql } from "drizzle-orm";

// Named grains (docs/decisions/0075). A grain is a list of key columns; its number is never written
// by hand but derived from that list the way PostgreSQL's GROUPING() derives it, so the TypeScript
// name, the SQL that reads it and the row type it answers come from one definition.

/**
 * GROUPING(all…) of a grouping set: one bit per column of `all`, the first column the highest bit,
 * set for each column the set leaves out (summed over).
 */
export function groupingMask<C extends string>(all: readonly C[], set: readonly C[]): number {
  return all.reduce((mask, column) => mask * 2 + (set.includes(column) ? 0 : 1), 0);
}

/** The key columns of campaign_totals, in the order of the GROUPING() that writes `grain` (migration 0006). */
export const storedKeyColumns = ["date", "month", "creator_id", "manager_id", "offer_id"] as const;
export type StoredKeyColumn = (typeof storedKeyColumns)[number];

const stored = <const C extends readonly StoredKeyColumn[]>(columns: C) => ({
  columns,
  mask: groupingMask(storedKeyColumns, columns),
});

/** The grains campaign_totals keeps (the triggers' GROUPING SETS), by name. */
export const storedGrains = {
  /** day × buyer × team lead: a scope's days, its users */
  dayTeam: stored(["date", "creator_id", "manager_id"]),
  /** day × team lead: a team lead's series without reading each buyer */
  dayManager: stored(["date", "manager_id"]),
  /** day × offer: everyone's offers on edge days */
  dayOffer: stored(["date", "offer_id"]),
  /** day: everyone's series and totals */
  day: stored(["date"]),
  /** month × buyer × team lead × offer: a scope's offers */
  monthTeamOffer: stored(["month", "creator_id", "manager_id", "offer_id"]),
  /** month × buyer × team lead: a scope's months, users */
  monthTeam: stored(["month", "creator_id", "manager_id"]),
  /** month × offer: everyone's offers */
  monthOffer: stored(["month", "offer_id"]),
  /**
   * buyer × team lead × offer over all time (migration 0016; its period is '-infinity'): a scope's
   * offers per buyer since the first day, without summing every month of them (decision 0089)
   */
  allTeamOffer: stored(["creator_id", "manager_id", "offer_id"]),
} as const;

export type StoredGrain = keyof typeof storedGrains;

/** campaign_totals.grain of a stored grain, as a number (for drizzle's typed builder). */
export const grainOf = (grain: StoredGrain): number => storedGrains[grain].mask;

/**
 * campaign_totals.grain of a stored grain as a constant of the statement's text: a closed set chosen
 * in code, never a value from a request; each grain keeps its own statement and plan (decision 0075).
 */
export const grainSql = (grain: StoredGrain): SQL => sql.raw(String(grainOf(grain)));

/** Whether a stored grain keeps whole months (its period is a month's first day). */
export const isMonthly = (grain: StoredGrain) =>
  (storedGrains[grain].columns as readonly string[]).includes("month");

/** Whether a stored grain keeps all time in one row per key (its period is '-infinity'). */
export const isAllTime = (grain: StoredGrain) =>
  !(storedGrains[grain].columns as readonly string[]).some(
    (column) => column === "date" || column === "month",
  );

/**
 * The grains a reader groups by, each the list of key columns (as the SQL names them) its rows carry.
 * A pivot picks among these names; the SQL builders and the row types below are derived from them.
 */
export const readGrains = {
  total: [],
  day: ["date"],
  buyer: ["creator_id"],
  offer: ["offer_id"],
  // The report pivot's (issue 25, docs/decisions/0079): what its dimensions are computed from. A
  // buyer's rows carry their team lead (the team), a month its first day, a day its date (weeks are
  // days); server/features/reports/pivot.service.ts picks the smallest that answers a query.
  /** buyer × team lead */
  team: ["creator_id", "manager_id"],
  /** buyer × team lead × offer */
  teamOffer: ["creator_id", "manager_id", "offer_id"],
  /** month */
  month: ["month"],
  /** month × buyer × team lead */
  monthTeam: ["month", "creator_id", "manager_id"],
  /** month × offer */
  monthOffer: ["month", "offer_id"],
  /** month × buyer × team lead × offer */
  monthTeamOffer: ["month", "creator_id", "manager_id", "offer_id"],
  /** day × buyer × team lead */
  dayTeam: ["date", "creator_id", "manager_id"],
  /** day × offer */
  dayOffer: ["date", "offer_id"],
  /** day × buyer × team lead × offer */
  dayTeamOffer: ["date", "creator_id", "manager_id", "offer_id"],
} as const satisfies Record<string, readonly ReadKey[]>;

export type ReadGrain = keyof typeof readGrains;
/** The key columns a read grain may group by. */
export type ReadKey = "date" | "month" | "creator_id" | "manager_id" | "offer_id";

/**
 * What each key column holds in a row (a totals row without an offer has offer_id null, a buyer
 * without a team lead manager_id null; month is the month's first day).
 */
type KeyValues = {
  date: string;
  month: string;
  creator_id: string;
  manager_id: string | null;
  offer_id: string | null;
};

/** The exact sums every grain's row carries. */
export type Totals = {
  spent: string;
  revenue: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  campaigns: number;
};

/** A row of a read grain: its key columns and its sums. */
export type GrainRow<G extends ReadGrain> = Totals & {
  [K in (typeof readGrains)[G][number]]: KeyValues[K];
};

/** The keys of a read grain. */
export const keysOf = <G extends ReadGrain>(grain: G): readonly ReadKey[] => readGrains[grain];

/**
 * GROUPING(keys…) of a read grain within a GROUPING SETS over `keys` (a reader that groups the
 * campaigns themselves by several grains in one pass), as a constant of the statement's text.
 */
export function readGroupingSql(keys: readonly ReadKey[], grain: ReadGrain): SQL {
  return sql.raw(String(groupingMask(keys, readGrains[grain])));
}
