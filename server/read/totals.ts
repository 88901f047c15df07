import { type SQL, sql } from "drizzle-orm";
import { addDays, coverByMonths, type OpenDateRange } from "../../domain/periods";
import { can } from "../../domain/permissions";
import type { Actor } from "../context";
import type { DbOrTx } from "../db/client";
import {
  grainSql,
  isAllTime,
  isMonthly,
  keysOf,
  type ReadGrain,
  type StoredGrain,
  type Totals,
} from "./grains";
import { readRow, totalsOf } from "./rows";

// Aggregates read from campaign_totals (docs/decisions/0042), which triggers keep equal to the sums
// of campaigns in the same transaction as every write. A range is cut into whole months (a month
// grain) and edge days (a day grain, or campaigns themselves), so an all-time figure reads hundreds
// or thousands of rows instead of a million. Only filters these grains answer exactly come here: a
// per-campaign filter (ROI bounds) or an offer filter go to campaigns (analytics.service.ts).
// Grains are named in grains.ts; values (ids, dates) are always bound parameters.

export type Source = StoredGrain | "campaigns";

/** Grains without the buyer and team-lead columns answer for everyone only. */
const wideOnly = (source: Source) => source === "day" || source === "dayOffer" || source === "monthOffer";

/** Whose campaigns: everyone's, one creator's, or a team lead's (own + managed). */
export type TotalsScope = {
  creatorId?: string;
  teamLeadId?: string;
  /** The analytics "user" filter: only this creator, on top of the scope. */
  userId?: string;
};

export function totalsScopeOf(actor: Actor, userId?: string): TotalsScope {
  const scope: TotalsScope = userId ? { userId } : {};
  if (can(actor.role, "campaigns:read-all")) return scope;
  if (can(actor.role, "campaigns:read-team")) return { ...scope, teamLeadId: actor.id };
  return { ...scope, creatorId: actor.id };
}

/** Everyone's campaigns, no user filter. */
export const isWorkspaceWide = (scope: TotalsScope) => !scope.creatorId && !scope.teamLeadId && !scope.userId;

/** Creator conditions (own rows, the user filter) on alias `s`. */
function creatorCondition(scope: TotalsScope): SQL[] {
  const parts: SQL[] = [];
  if (scope.creatorId) parts.push(sql`s.creator_id = ${scope.creatorId}`);
  if (scope.userId) parts.push(sql`s.creator_id = ${scope.userId}`);
  return parts;
}

function dateCondition(range: OpenDateRange, column: SQL): SQL {
  return range.from
    ? sql`${column} between ${range.from}::date and ${range.to}::date`
    : sql`${column} <= ${range.to}::date`;
}

/** The summed columns of campaign_totals, in the order every totals select lists them. */
export const summedColumns = [
  "spent",
  "revenue",
  "clicks",
  "installations",
  "registrations",
  "deposits",
  "campaigns",
] as const;

/** The summable columns of `source` (alias s), negated for days a whole month counted but must not. */
function sums(source: Source, sign: 1 | -1): SQL {
  const columns =
    source === "campaigns"
      ? // The converted amounts (reporting currency, issue 30), as campaign_totals sums them.
        ["spent_converted", "revenue_converted", "clicks", "installations", "registrations", "deposits", "1"]
      : summedColumns;
  return sql.raw(
    columns
      .map((column, i) => {
        const value = column === "1" ? "1" : `s.${column}`;
        return `${sign < 0 ? "-" : ""}${value} as ${summedColumns[i]}`;
      })
      .join(", "),
  );
}

/** One select of `source` rows (alias s) under `conditions`, with `grain`'s keys and the summable columns. */
function select(
  source: Source,
  grain: ReadGrain,
  range: OpenDateRange,
  conditions: SQL[],
  sign: 1 | -1 = 1,
): SQL {
  const isCampaigns = source === "campaigns";
  const period = sql.raw(isCampaigns ? "s.date" : "s.period");
  // Key columns from a closed set (readGrains), never from a request.
  const monthly = !isCampaigns && isMonthly(source);
  const columns = keysOf(grain).map((key) => {
    if (key === "date") return monthly ? sql.raw("null::date as date") : sql`${period} as date`;
    // A month grain's period is the month's first day; a day's month is its first day too.
    if (key === "month")
      return monthly
        ? sql`${period} as month`
        : sql`date_trunc('month', ${period}::timestamp)::date as month`;
    return sql.raw(`s.${key}`);
  });
  const where = [
    ...(isCampaigns ? [] : [sql`s.grain = ${grainSql(source)}`]),
    ...conditions,
    dateCondition(range, period),
  ];
  return sql`select ${sql.join([...columns, sums(source, sign)], sql`, `)} from ${sql.raw(
    isCampaigns ? "campaigns" : "campaign_totals",
  )} s where ${sql.join(where, sql` and `)}`;
}

/**
 * The rows of `source` in the scope and range. A team lead's scope is two branches (their team's rows
 * by manager_id; their own rows that someone else manages, by creator_id), each walking one index,
 * where an OR would visit the heap through a bitmap. The day × team lead grain has no buyer column:
 * the team lead's own rows come from the day × buyer × team lead grain.
 */
export function part(
  source: Source,
  grain: ReadGrain,
  scope: TotalsScope,
  range: OpenDateRange,
  sign: 1 | -1 = 1,
): SQL {
  if (wideOnly(source)) {
    if (!isWorkspaceWide(scope)) throw new Error(`${source} totals answer for everyone only`);
    return select(source, grain, range, [], sign);
  }
  const creators = creatorCondition(scope);
  if (!scope.teamLeadId) {
    if (source === "dayManager") throw new Error("dayManager totals need a team lead");
    return select(source, grain, range, creators, sign);
  }
  const lead = scope.teamLeadId;
  if (source === "dayManager" && creators.length > 0) throw new Error("dayManager totals have no buyer");
  const own = source === "dayManager" ? "dayTeam" : source;
  return sql`${select(source, grain, range, [sql`s.manager_id = ${lead}`, ...creators], sign)} union all ${select(
    own,
    grain,
    range,
    [sql`s.creator_id = ${lead}`, sql`s.manager_id is distinct from ${lead}`, ...creators],
    sign,
  )}`;
}

/**
 * The union of parts covering `range` exactly: whole months from `months` (a month grain), the edge
 * days from `days` (a day grain, or campaigns), added or, where an edge month is read whole, its days
 * outside the range subtracted (negated rows). Only sums over it are exact: a group whose days were
 * all subtracted is still there with zero campaigns, so grouped readers keep `having sum(campaigns) > 0`.
 */
export function coveringParts(
  range: OpenDateRange,
  scope: TotalsScope,
  grain: ReadGrain,
  months: Source,
  days: Source,
): SQL {
  const cover = coverByMonths(range);
  const parts: SQL[] = [];
  if (cover.months) parts.push(part(months, grain, scope, cover.months));
  for (const edge of cover.add) parts.push(part(days, grain, scope, edge));
  for (const edge of cover.subtract) parts.push(part(days, grain, scope, edge, -1));
  // An empty range (from after to) still needs a select for the sums' shape.
  if (parts.length === 0) parts.push(part(days, grain, scope, range));
  return sql.join(parts, sql` union all `);
}

/**
 * Everything up to `to` from an all-time grain (one row per key since the first day), less the days
 * after `to` from `days` (a day grain, or campaigns): there are none unless a row was dated ahead.
 */
export function allTimeParts(
  to: string,
  scope: TotalsScope,
  grain: ReadGrain,
  allTime: Source,
  days: Source,
): SQL {
  if (allTime === "campaigns" || !isAllTime(allTime)) throw new Error(`${allTime} is not an all-time grain`);
  return sql`${part(allTime, grain, scope, { from: null, to })} union all ${part(
    days,
    grain,
    scope,
    { from: addDays(to, 1), to: "9999-12-31" },
    -1,
  )}`;
}

/** The day grain for a scope's series and totals: the smallest that answers it exactly. */
export function seriesSource(scope: TotalsScope): Source {
  if (isWorkspaceWide(scope)) return "day";
  if (scope.teamLeadId && !scope.userId) return "dayManager";
  return "dayTeam";
}

/** The month grain for a scope's totals. */
export function monthSource(scope: TotalsScope): Source {
  return isWorkspaceWide(scope) ? "monthOffer" : "monthTeam";
}

/** The aggregate select list over a union aliased `x`, with the names analytics expects. */
export const totalsSums = sql.raw(
  [
    "round(coalesce(sum(x.spent), 0), 2)::text as spent",
    "round(coalesce(sum(x.revenue), 0), 2)::text as revenue",
    "coalesce(sum(x.clicks), 0)::bigint as clicks",
    "coalesce(sum(x.installations), 0)::bigint as installations",
    "coalesce(sum(x.registrations), 0)::bigint as registrations",
    "coalesce(sum(x.deposits), 0)::bigint as deposits",
    "coalesce(sum(x.campaigns), 0)::bigint as campaigns",
  ].join(", "),
);

/** Plain sums over a union aliased `x`, to be summed again or cast by totalsCasts. */
export const rawSums = sql.raw(summedColumns.map((column) => `sum(x.${column}) as ${column}`).join(", "));

/** The fixed aliases the readers give a totals subquery (a closed set: they go into the text). */
type Alias = "x" | "g" | "m";

/** One row of rawSums (alias `from`) with totalsSums' names and types. */
export function totalsCasts(from: Alias): SQL {
  return sql.raw(
    [
      `round(${from}.spent, 2)::text as spent`,
      `round(${from}.revenue, 2)::text as revenue`,
      ...["clicks", "installations", "registrations", "deposits", "campaigns"].map(
        (column) => `${from}.${column}::bigint as ${column}`,
      ),
    ].join(", "),
  );
}

/** The columns totalsSums names, read from the alias `from` (to carry them through a union). */
export function totalsColumns(from: Alias): SQL {
  return sql.raw(summedColumns.map((column) => `${from}.${column}`).join(", "));
}

/** One row of exact sums over the scope and range (totalsSums' columns), to read or to embed. */
export function totalsQuery(scope: TotalsScope, range: OpenDateRange): SQL {
  return sql`select ${totalsSums} from (${coveringParts(range, scope, "total", monthSource(scope), seriesSource(scope))}) x`;
}

/** Exact sums over the scope and range. */
export async function readTotals(db: DbOrTx, scope: TotalsScope, range: OpenDateRange): Promise<Totals> {
  return readRow(db, totalsQuery(scope, range), totalsOf);
}

/** Exact number of campaigns in the scope and range (the campaign list's total). */
export async function countCampaigns(db: DbOrTx, scope: TotalsScope, range: OpenDateRange): Promise<number> {
  return (await readTotals(db, scope, range)).campaigns;
}
