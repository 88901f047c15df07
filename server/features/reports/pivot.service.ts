import { type SQL, sql } from "drizzle-orm";
import {
  type DateRange,
  daysInRange,
  type OpenDateRange,
  previousPeriod,
  resolvePeriod,
  todayIn,
} from "../../../domain/periods";
import { rolesWith } from "../../../domain/permissions";
import {
  type Pivot,
  type PivotDimension,
  type PivotMetric,
  type PivotQuery,
  type PivotRow,
  timeDimensions,
} from "../../../domain/schemas/pivot";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { assertCan } from "../../permissions";
import type { ReadGrain } from "../../read/grains";
import { count, type RawRow, readRows, textOrNull, totalsOf } from "../../read/rows";
import {
  allTimeParts,
  coveringParts,
  isWorkspaceWide,
  part,
  type Source,
  type TotalsScope,
  totalsScopeOf,
} from "../../read/totals";
import { toMetricsTotals } from "../analytics/analytics.service";

// The pivot report (issue 25, docs/decisions/0079): what the caller may read, grouped by up to three
// dimensions, in one statement over the totals grains (server/read): whole months from a month grain,
// edge days from a day grain or campaigns, so an all-time grouping reads hundreds of rows. Dimension
// SQL comes from the closed maps below; every value (ids, dates, bounds) is a bound parameter.

type Needs = { date: boolean; month: boolean; creator: boolean; offer: boolean };

/** The read grain whose keys carry what the dimensions and filters need. */
function readGrainOf(needs: Needs): ReadGrain {
  const time = needs.date ? "day" : needs.month ? "month" : "";
  if (needs.creator && needs.offer) return time === "" ? "teamOffer" : `${time}TeamOffer`;
  if (needs.creator) return time === "" ? "team" : `${time}Team`;
  if (needs.offer) return time === "" ? "offer" : `${time}Offer`;
  return time === "" ? "total" : time;
}

/**
 * The stored grains (or campaigns) that answer `needs` exactly: a month source and a day source, and
 * an all-time source where one is kept (it answers a range without a first day).
 */
function sourcesOf(needs: Needs): { months: Source; days: Source; allTime?: Source } {
  if (needs.creator && needs.offer)
    return {
      months: "monthTeamOffer",
      days: "campaigns",
      ...(needs.date || needs.month ? {} : { allTime: "allTeamOffer" as const }),
    };
  if (needs.creator) return { months: "monthTeam", days: "dayTeam" };
  if (needs.offer) return { months: "monthOffer", days: "dayOffer" };
  return { months: "monthOffer", days: "day" };
}

/** The roles whose own rows count under their own team (they lead it), as bound values. */
const leadRoles = () =>
  sql.join(
    rolesWith("team:lead").map((role) => sql`${role}`),
    sql`, `,
  );

/**
 * A row's team: its buyer's current team lead (campaigns.manager_id follows the buyer, migration
 * 0012); a team lead's own rows count under their own team (docs/decisions/0079); anyone else's rows
 * without a lead are "no team" (null). Over the union aliased x, the creator joined as cu.
 */
const teamSql = () =>
  sql`coalesce(x.manager_id, case when cu.role in (${leadRoles()}) then x.creator_id end)`;

/** A dimension's key over the union x; `shift` days move a previous period's dates onto the current one. */
function keySql(dimension: PivotDimension, shift: number, monthKey: boolean): SQL {
  const date = shift === 0 ? sql`x.date` : sql`(x.date + ${shift}::int)`;
  switch (dimension) {
    case "buyer":
      return sql`x.creator_id`;
    case "team":
      return teamSql();
    case "offer":
      return sql`x.offer_id::text`;
    case "brand":
      return sql`o.casino_brand`;
    case "day":
      return sql`${date}::text`;
    case "week":
      return sql`date_trunc('week', ${date}::timestamp)::date::text`;
    case "month":
      return monthKey ? sql`x.month::text` : sql`date_trunc('month', ${date}::timestamp)::date::text`;
  }
}

/** A metric of the grouped sums with the prefix `p` (c_ current), as exact as the API's (4 places). */
function metricSql(metric: PivotMetric, p: string): SQL {
  const col = (name: string) => sql.raw(`${p}${name}`);
  const ratio = (num: SQL, den: SQL, times = 1) =>
    sql`(case when ${den} = 0 then 0 else round(${num} * ${sql.raw(String(times))} / ${den}, 4) end)`;
  const spent = col("spent");
  const revenue = col("revenue");
  switch (metric) {
    case "spent":
    case "revenue":
    case "clicks":
    case "installations":
    case "registrations":
    case "deposits":
    case "campaigns":
      return col(metric);
    case "profit":
      return sql`(${revenue} - ${spent})`;
    case "roi":
      return ratio(sql`(${revenue} - ${spent})`, spent, 100);
    case "epc":
      return ratio(revenue, col("clicks"));
    case "costPerClick":
      return ratio(spent, col("clicks"));
    case "costPerInstall":
      return ratio(spent, col("installations"));
    case "costPerRegistration":
      return ratio(spent, col("registrations"));
    case "costPerDeposit":
      return ratio(spent, col("deposits"));
    case "clickToInstall":
      return ratio(col("installations"), col("clicks"), 100);
    case "installToRegistration":
      return ratio(col("registrations"), col("installations"), 100);
    case "registrationToDeposit":
      return ratio(col("deposits"), col("registrations"), 100);
  }
}

const sumColumns = ["spent", "revenue", "clicks", "installations", "registrations", "deposits", "campaigns"];

/** What the statement reads: the range, its previous period (null without compare) and the shift. */
type Plan = {
  range: OpenDateRange;
  previous: DateRange | null;
  shift: number;
  /** The workspace's today: a range without a first day that reaches it is read from all-time rows. */
  today: string;
};

function planOf(query: PivotQuery, today: string): Plan {
  const range: OpenDateRange =
    query.from || query.to
      ? { from: query.from ?? null, to: query.to ?? today }
      : resolvePeriod(query.period, today);
  if (query.compare !== "previous" || range.from === null) return { range, previous: null, shift: 0, today };
  const closed = { from: range.from, to: range.to };
  return { range, previous: previousPeriod(closed), shift: daysInRange(closed), today };
}

/** The union of one period's rows, keyed and filtered, with its sums as c_ or p_ columns. */
function periodSelect({
  query,
  scope,
  range,
  shift,
  side,
  today,
}: {
  query: PivotQuery;
  scope: TotalsScope;
  range: OpenDateRange;
  shift: number;
  side: "c" | "p";
  today: string;
}): SQL {
  const dims = query.groupBy;
  const hasTime = dims.some((d) => (timeDimensions as readonly string[]).includes(d));
  // A previous period's days are shifted before they are cut into weeks or months, so it is read by day.
  const daily = dims.includes("day") || dims.includes("week") || (side === "p" && hasTime);
  const needsTeam = dims.includes("team") || query.teamId !== undefined;
  const needsBrand = dims.includes("brand") || query.brand !== undefined;
  const needs: Needs = {
    date: daily,
    month: !daily && dims.includes("month"),
    creator: dims.includes("buyer") || needsTeam || !isWorkspaceWide(scope),
    offer: dims.includes("offer") || needsBrand || query.offerId !== undefined,
  };
  const grain = readGrainOf(needs);
  const { months, days, allTime } = sourcesOf(needs);
  const rows = daily
    ? part(days, grain, scope, range)
    : allTime && range.from === null && range.to >= today
      ? allTimeParts(range.to, scope, grain, allTime, days)
      : coveringParts(range, scope, grain, months, days);
  const keys = [0, 1, 2].map((i) => {
    const dimension = dims[i];
    return dimension
      ? sql`${keySql(dimension, shift, needs.month)} as k${sql.raw(String(i))}`
      : sql`null::text as k${sql.raw(String(i))}`;
  });
  const sums = sumColumns.map((column) =>
    side === "c"
      ? sql.raw(`x.${column} as c_${column}, 0 as p_${column}`)
      : sql.raw(`0 as c_${column}, x.${column} as p_${column}`),
  );
  const joins: SQL[] = [];
  if (needsBrand) joins.push(sql`left join offers o on o.id = x.offer_id`);
  if (needsTeam) joins.push(sql`left join users cu on cu.id = x.creator_id`);
  const where: SQL[] = [];
  if (query.offerId !== undefined) where.push(sql`x.offer_id = ${query.offerId}`);
  if (query.brand !== undefined) where.push(sql`o.casino_brand = ${query.brand}`);
  if (query.teamId !== undefined) where.push(sql`${teamSql()} = ${query.teamId}`);
  return sql`select ${sql.join([...keys, ...sums], sql`, `)} from (${rows}) x ${sql.join(joins, sql` `)} ${
    where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``
  }`;
}

/** Whether a grouped row passes: it has campaigns in the current period and the group filters hold. */
function passesSql(query: PivotQuery): SQL {
  const conditions: SQL[] = [sql`g.c_campaigns > 0`];
  if (query.minSpend !== undefined) conditions.push(sql`g.c_spent >= ${query.minSpend}::numeric`);
  if (query.minRoi !== undefined)
    conditions.push(sql`${metricSql("roi", "g.c_")} >= ${String(query.minRoi)}::numeric`);
  if (query.maxRoi !== undefined)
    conditions.push(sql`${metricSql("roi", "g.c_")} <= ${String(query.maxRoi)}::numeric`);
  return sql.join(conditions, sql` and `);
}

const hasGroupFilters = (query: PivotQuery) =>
  query.minSpend !== undefined || query.minRoi !== undefined || query.maxRoi !== undefined;

/**
 * A dimension's label over the grouped rows g (a name for people and offers, the brand itself): a
 * hash join on the few hundred users and offers, not a lookup per row.
 */
function labelOf(dimension: PivotDimension, i: number): { column: SQL; join: SQL | null } {
  const alias = sql.raw(`l${i}`);
  const table = sql.raw(`l${i}t`);
  const key = sql.raw(`g.k${i}`);
  switch (dimension) {
    case "buyer":
    case "team":
      return {
        column: sql`${table}.name as ${alias}`,
        join: sql`left join users ${table} on ${table}.id = ${key}`,
      };
    case "offer":
      return {
        column: sql`${table}.name as ${alias}`,
        join: sql`left join offers ${table} on ${table}.id::text = ${key}`,
      };
    case "brand":
      return { column: sql`${key} as ${alias}`, join: null };
    default:
      return { column: sql`null::text as ${alias}`, join: null };
  }
}

/** The row order: the sort column, then every key (stable), as output columns of the labelled rows. */
function orderSql(query: PivotQuery): SQL {
  const dims = query.groupBy;
  const first = dims[0];
  const firstIsTime = first !== undefined && (timeDimensions as readonly string[]).includes(first);
  const sort = query.sort ?? (firstIsTime ? "key" : "spent");
  const dir = sql.raw((query.dir ?? (sort === "key" ? "asc" : "desc")) === "asc" ? "asc" : "desc");
  // Sorted by a metric, ties fall back on the key values (stable, and no label needed to order).
  const keyValues = dims.map((_, i) => sql`${sql.raw(`k${i}`)} asc nulls last`);
  const keyOrder = (direction: SQL) =>
    dims.flatMap((dimension, i) => {
      const k = sql.raw(`k${i}`);
      const l = sql.raw(`l${i}`);
      const isTime = (timeDimensions as readonly string[]).includes(dimension);
      return isTime || dimension === "brand"
        ? [sql`${isTime ? k : sql`lower(${k})`} ${direction} nulls last`]
        : [sql`lower(${l}) ${direction} nulls last`, sql`${k} ${direction} nulls last`];
    });
  if (sort === "key") return sql.join([...keyOrder(dir), sql`1`], sql`, `);
  return sql.join([sql`${metricSql(sort as PivotMetric, "c_")} ${dir}`, ...keyValues], sql`, `);
}

type Page = { limit: number; offset: number } | null;

function pivotStatement(query: PivotQuery, scope: TotalsScope, plan: Plan, page: Page): SQL {
  const current = periodSelect({ query, scope, range: plan.range, shift: 0, side: "c", today: plan.today });
  const previous = plan.previous
    ? periodSelect({ query, scope, range: plan.previous, shift: plan.shift, side: "p", today: plan.today })
    : null;
  const sums = sumColumns.flatMap((column) => [
    sql.raw(`sum(u.c_${column}) as c_${column}`),
    // Without a comparison the previous side is all zeros: not summed.
    sql.raw(previous ? `sum(u.p_${column}) as p_${column}` : `0 as p_${column}`),
  ]);
  const passes = passesSql(query);
  // The previous totals: every previous group under the row filters, or, when group filters choose
  // the rows, the previous figures of the rows chosen.
  const previousPasses = hasGroupFilters(query) ? passes : sql`true`;
  const money = (expr: string) => `round(coalesce(${expr}, 0), 2)::text`;
  const countOf = (expr: string) => `coalesce(${expr}, 0)::bigint`;
  const cast = (prefix: string, from: string) =>
    sql.raw(
      sumColumns
        .map((column) =>
          column === "spent" || column === "revenue"
            ? `${money(`${from}${column}`)} as ${prefix}${column}`
            : `${countOf(`${from}${column}`)} as ${prefix}${column}`,
        )
        .join(", "),
    );
  const totals = sumColumns.flatMap((column) => [
    sql`sum(g.c_${sql.raw(column)}) filter (where ${passes}) as tc_${sql.raw(column)}`,
    sql`sum(g.p_${sql.raw(column)}) filter (where ${previousPasses}) as tp_${sql.raw(column)}`,
  ]);
  const order = orderSql(query);
  const labels = query.groupBy.map((dimension, i) => labelOf(dimension, i));
  const labelColumns = labels.map((label) => label.column);
  const labelJoins = labels.flatMap((label) => (label.join ? [label.join] : []));
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`with g as (
      select u.k0, u.k1, u.k2, ${sql.join(sums, sql`, `)}
      from (${current}${previous ? sql` union all ${previous}` : sql``}) u
      group by u.k0, u.k1, u.k2
    ),
    t as (select count(*) filter (where ${passes}) as row_count, ${sql.join(totals, sql`, `)} from g),
    r as (
      select row_number() over (order by ${order}) as ord, q.*
      from (select g.*${labelColumns.length > 0 ? sql`, ${sql.join(labelColumns, sql`, `)}` : sql``}
        from g ${sql.join(labelJoins, sql` `)} where ${passes}) q
      order by ${order} ${limit}
    )
    select t.row_count::bigint as row_count, ${cast("tc_", "t.tc_")}, ${cast("tp_", "t.tp_")},
      r.ord, r.k0, r.k1, r.k2, ${sql.raw(
        [0, 1, 2].map((i) => (i < query.groupBy.length ? `r.l${i}` : `null::text as l${i}`)).join(", "),
      )},
      ${cast("c_", "r.c_")}, ${cast("p_", "r.p_")}
    from t left join r on true
    order by r.ord`;
}

type PivotResult = {
  rowCount: number;
  totals: { current: ReturnType<typeof totalsOf>; previous: ReturnType<typeof totalsOf> };
  rows: {
    keys: { value: string | null; label: string | null }[];
    current: ReturnType<typeof totalsOf>;
    previous: ReturnType<typeof totalsOf>;
  }[];
};

async function readPivot(
  db: Db,
  query: PivotQuery,
  scope: TotalsScope,
  plan: Plan,
  page: Page,
): Promise<PivotResult> {
  const raw = await readRows(db, pivotStatement(query, scope, plan, page), (row: RawRow) => row);
  const first = raw[0];
  if (!first) throw new Error("The pivot statement answered no row");
  const rows = raw
    .filter((row) => row.ord !== null && row.ord !== undefined)
    .map((row) => ({
      keys: query.groupBy.map((_, i) => ({
        value: textOrNull(row, `k${i}`),
        label: textOrNull(row, `l${i}`),
      })),
      current: totalsOf(row, "c_"),
      previous: totalsOf(row, "p_"),
    }));
  return {
    rowCount: count(first, "row_count"),
    totals: { current: totalsOf(first, "tc_"), previous: totalsOf(first, "tp_") },
    rows,
  };
}

/** The scope the caller reads, narrowed by the buyer and team filters (docs/decisions/0079). */
function scopeOf(actor: Actor, query: PivotQuery): TotalsScope {
  const scope = totalsScopeOf(actor, query.buyerId);
  // Everyone's rows narrowed to one team walk that team's indexes; the team condition itself is
  // applied to every row as well (teamSql), so a narrower scope only meets it or answers nothing.
  if (query.teamId !== undefined && !scope.creatorId && !scope.teamLeadId)
    return { ...scope, teamLeadId: query.teamId };
  return scope;
}

function toPivot(query: PivotQuery, plan: Plan, result: PivotResult, page: number, pageSize: number): Pivot {
  const compare = plan.previous !== null;
  const rows: PivotRow[] = result.rows.map((row) => ({
    keys: row.keys,
    current: toMetricsTotals(row.current),
    previous: compare ? toMetricsTotals(row.previous) : null,
  }));
  return {
    groupBy: query.groupBy,
    columns: query.columns,
    from: plan.range.from,
    to: plan.range.to,
    previous: plan.previous,
    rows,
    totals: {
      current: toMetricsTotals(result.totals.current),
      previous: compare ? toMetricsTotals(result.totals.previous) : null,
    },
    rowCount: result.rowCount,
    page,
    pageSize,
  };
}

type PivotInput = { db: Db; actor: Actor; query: PivotQuery; timeZone: string };

/** The pivot of `query` for `actor`: one page, or (page null) every row in the same order. */
async function answerPivot({ db, actor, query, timeZone }: PivotInput, paged: boolean): Promise<Pivot> {
  assertCan(actor, "reports:read");
  const plan = planOf(query, todayIn(timeZone));
  const page = paged ? { limit: query.pageSize, offset: (query.page - 1) * query.pageSize } : null;
  const result = await readPivot(db, query, scopeOf(actor, query), plan, page);
  return paged
    ? toPivot(query, plan, result, query.page, query.pageSize)
    : toPivot(query, plan, result, 1, result.rows.length);
}

/** GET /api/reports: one page of the pivot, with the totals of every row that passes. */
export const getPivot = (input: PivotInput): Promise<Pivot> => answerPivot(input, true);

/** The exports: every row of the same query, in the same order (no paging). */
export const readPivotExport = (input: PivotInput): Promise<Pivot> => answerPivot(input, false);
