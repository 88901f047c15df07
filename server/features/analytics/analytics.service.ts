import { and, eq, gte, lte, sql } from "drizzle-orm";
import { computeMetrics, computeProfit } from "../../../domain/metrics";
import { subtractMoney } from "../../../domain/money";
import { buyerPeriodRange, type OpenDateRange, todayIn } from "../../../domain/periods";
import { isRole, type Role } from "../../../domain/roles";
import type {
  Analytics,
  AnalyticsQuery,
  MetricsSummary,
  MetricsTotals,
  SeriesPoint,
} from "../../../domain/schemas/campaigns";
import type {
  BreakdownFigures,
  Dashboard,
  OfferBreakdown,
  UserBreakdown,
} from "../../../domain/schemas/reports";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { campaigns, offers, users } from "../../db/schema";
import {
  type GrainRow,
  groupingMask,
  type ReadGrain,
  type ReadKey,
  readGrains,
  readGroupingSql,
  type Totals,
} from "../../read/grains";
import {
  count,
  type RawRow,
  readOrderedRows,
  readRow,
  readRows,
  text,
  textOrNull,
  totalsOf,
} from "../../read/rows";
import {
  coveringParts,
  isWorkspaceWide,
  part,
  rawSums,
  seriesSource,
  summedColumns,
  totalsCasts,
  totalsColumns,
  totalsQuery,
  totalsScopeOf,
  totalsSums,
} from "../../read/totals";
import { campaignReadScope } from "../campaigns/campaigns.service";

// Aggregates over every matching campaign, computed by the database (SUM, COUNT, GROUP BY):
// no row caps, no rows shipped to be summed elsewhere. Ratios are then derived from the sums.

export function toMetricsTotals(row: Totals): MetricsTotals {
  const metrics = computeMetrics(row);
  return {
    spent: metrics.spent,
    revenue: metrics.revenue,
    profit: metrics.profit,
    roi: metrics.roi,
    epc: metrics.epc,
    clicks: row.clicks,
    installations: row.installations,
    registrations: row.registrations,
    deposits: row.deposits,
    campaigns: row.campaigns,
    clickToInstall: metrics.clickToInstall,
    installToRegistration: metrics.installToRegistration,
    registrationToDeposit: metrics.registrationToDeposit,
    costPerClick: metrics.costPerClick,
    costPerInstall: metrics.costPerInstall,
    costPerRegistration: metrics.costPerRegistration,
    costPerDeposit: metrics.costPerDeposit,
  };
}

/** A day of a series: its sums and profit (decision 0050: no ratios per day). */
function toSeriesPoint(date: string, row: Totals): SeriesPoint {
  return {
    date,
    spent: row.spent,
    revenue: row.revenue,
    profit: subtractMoney(row.revenue, row.spent),
    clicks: row.clicks,
    installations: row.installations,
    registrations: row.registrations,
    deposits: row.deposits,
    campaigns: row.campaigns,
  };
}

const recent = ["daily", "weekly", "monthly"] as const;

/** The summary's sums by period over x, filtered by the bounds in p; fixed names only, built once. */
const summarySums = sql.raw(
  recent
    .flatMap((period) =>
      summedColumns.map((key) => {
        const filter = `x.date between p.${period}_from and p.${period}_to`;
        const sum = `coalesce(sum(x.${key}) filter (where ${filter}), 0)`;
        // Money rounded, never cast to a bounded numeric: sums have no upper limit (issue 27).
        const value = key === "spent" || key === "revenue" ? `round(${sum}, 2)::text` : `${sum}::bigint`;
        return `${value} as ${period}_${key}`;
      }),
    )
    .join(", "),
);

/** The buyer dashboard's four cards for the viewer's scope, from the campaign totals. */
export async function getMetricsSummary({
  db,
  actor,
  userId,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  /** One buyer within the viewer's scope (a team lead's buyer, anyone for admins and financial). */
  userId?: string | undefined;
  timeZone: string;
  now?: Date;
}): Promise<MetricsSummary> {
  const today = todayIn(timeZone, now);
  const scope = totalsScopeOf(actor, userId);
  // Today, 7 and 30 days in one pass over the last 30 days of daily totals; all time from the
  // monthly totals plus this month's days.
  const ranges = Object.fromEntries(recent.map((period) => [period, buyerPeriodRange(period, today)]));
  // The ranges' dates are parameters, bound once each in a one-row select `p` that PostgreSQL folds
  // into the sums (summarySums): the statement's text is the same every day (decision 0058).
  const bounds = sql.join(
    recent.map(
      (period) =>
        sql`${ranges[period]!.from}::date as ${sql.raw(`${period}_from`)}, ${ranges[period]!.to}::date as ${sql.raw(`${period}_to`)}`,
    ),
    sql`, `,
  );
  // One statement: the recent sums and all time side by side (one row each, cross-joined).
  const row = await readRow(
    db,
    sql`select r.*, t.* from (select ${summarySums}
      from (${part(seriesSource(scope), "day", scope, ranges.monthly!)}) x cross join (select ${bounds}) p) r
    cross join (${totalsQuery(scope, buyerPeriodRange("total", today))}) t`,
    (raw) => raw,
  );
  const pick = (period: (typeof recent)[number]) => toMetricsTotals(totalsOf(row, `${period}_`));
  return {
    today,
    daily: pick("daily"),
    weekly: pick("weekly"),
    monthly: pick("monthly"),
    total: toMetricsTotals(totalsOf(row)),
  };
}

type AnalyticsInput = {
  db: Db;
  actor: Actor;
  query: AnalyticsQuery;
  timeZone: string;
  now?: Date;
  /** false: an empty series, for callers that show none (up to 730 daily points saved). */
  series?: boolean;
};

/** Totals, a daily series, and breakdowns by offer and by user for the viewer's scope. */
export async function getAnalytics(input: AnalyticsInput): Promise<Analytics> {
  const { query } = input;
  // A per-campaign filter (ROI bounds) needs the campaigns themselves; so does an offer filter (the
  // totals by day have no offer, and one offer's campaigns are few on the (offer, date) index).
  const perCampaign = query.minRoi !== undefined || query.maxRoi !== undefined || query.offerId !== undefined;
  return perCampaign ? getAnalyticsFromCampaigns(input) : getAnalyticsFromTotals(input);
}

/** getAnalytics from campaign_totals: exact, and thousands of rows instead of a million. */
async function getAnalyticsFromTotals(input: AnalyticsInput): Promise<Analytics> {
  const rows = await readTotalsBreakdown(input);
  return {
    from: rows.from,
    to: rows.to,
    totals: toMetricsTotals(rows.totals),
    series: rows.series.map((row) => toSeriesPoint(row.date, row)),
    byOffer: rows.byOffer.map((row) => ({
      offerId: row.offerId,
      offerName: row.offerName,
      casinoBrand: row.casinoBrand,
      ...toMetricsTotals(row),
    })),
    byUser: rows.byUser.map((row) => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      ...toMetricsTotals(row),
    })),
  };
}

/** A dashboard row's figures: the sums it shows, its profit and ROI (decision 0055). */
function toBreakdownFigures(row: Totals): BreakdownFigures {
  const { profit, roi } = computeProfit(row);
  return {
    spent: row.spent,
    revenue: row.revenue,
    profit,
    roi,
    deposits: row.deposits,
    campaigns: row.campaigns,
  };
}

/** What the totals answer: no per-campaign filter (offer, ROI bounds). */
type TotalsInput = Omit<AnalyticsInput, "query" | "series"> & {
  query: Pick<AnalyticsQuery, "from" | "to" | "userId">;
};

/**
 * The admin and financial dashboards: totals and the rows by offer and by user, each row with only
 * the figures those tables show, and no daily series (neither screen draws one).
 */
export async function getDashboard(input: TotalsInput): Promise<Dashboard> {
  const rows = await readTotalsBreakdown({ ...input, series: false });
  return {
    from: rows.from,
    to: rows.to,
    totals: toMetricsTotals(rows.totals),
    byOffer: rows.byOffer.map(toOfferBreakdown),
    byUser: rows.byUser.map(toUserBreakdown),
  };
}

export function toOfferBreakdown(row: TotalsBreakdown["byOffer"][number]): OfferBreakdown {
  return {
    offerId: row.offerId,
    offerName: row.offerName,
    casinoBrand: row.casinoBrand,
    ...toBreakdownFigures(row),
  };
}

export function toUserBreakdown(row: TotalsBreakdown["byUser"][number]): UserBreakdown {
  return { userId: row.userId, name: row.name, email: row.email, ...toBreakdownFigures(row) };
}

type TotalsBreakdown = {
  from: string | null;
  to: string;
  totals: Totals;
  series: GrainRow<"day">[];
  byOffer: (Totals & { offerId: string | null; offerName: string | null; casinoBrand: string | null })[];
  /** `role` lets a caller count the buyers among them without reading the users again. */
  byUser: (Totals & { userId: string; name: string; email: string; role: Role })[];
};

/** Totals, an optional daily series, and the sums by offer and by user, from campaign_totals. */
export async function readTotalsBreakdown({
  db,
  actor,
  query,
  timeZone,
  now = new Date(),
  series = true,
}: TotalsInput & { series?: boolean }): Promise<TotalsBreakdown> {
  const to = query.to ?? todayIn(timeZone, now);
  const from = query.from ?? null;
  const range: OpenDateRange = { from, to };
  const scope = totalsScopeOf(actor, query.userId);
  const wide = isWorkspaceWide(scope);
  // One statement (each round trip costs more than these reads, docs/performance.md), three parts
  // tagged by `kind`, each over the smallest grain that answers it: 0, the totals then the daily
  // series (GROUPING SETS); 1, users from the months plus or minus edge days; 2, offers likewise
  // (edge days of a scope from campaigns: the day grains of a scope have no offer). A user or offer
  // whose only rows in an edge month lie outside the range nets to zero campaigns: `having` drops it.
  // Each part numbers its rows in its own order (days by date); the union is sorted by (kind, ord).
  // `kind` is a constant from breakdownParts, each row mapped by parseBreakdownRow.
  // The series sums each day once (plain GROUP BY: GROUPING SETS cost about a millisecond more to
  // plan and to run), and the totals row sums those days again.
  const days = series
    ? sql`with d as (select x.date, ${rawSums} from (${part(seriesSource(scope), "day", scope, range)}) x
                     group by x.date) `
    : sql``;
  const main = series
    ? sql`select ${kindSql("totalsAndDays")} as kind, -1::bigint as ord, null::text as date, null::text as key,
                 null::text as name, null::text as detail, null::text as role, ${totalsSums}
          from d x
          union all
          select ${kindSql("totalsAndDays")}, x.date - date '0001-01-01', x.date::text, null, null, null, null, ${totalsCasts("x")}
          from d x`
    : // Without a series the months answer the totals (plus or minus the edge days).
      sql`select ${kindSql("totalsAndDays")} as kind, -1::bigint as ord, null::text as date, null::text as key,
                 null::text as name, null::text as detail, null::text as role, ${totalsColumns("m")}
          from (${totalsQuery(scope, range)}) m`;
  const rows = await readOrderedRows(
    db,
    sql`${days}select r.* from (
          ${main}
          union all
          select ${kindSql("buyer")}, row_number() over (order by g.sort_order desc, u.name), null, g.key, u.name, u.email,
                 u.role, ${totalsColumns("g")}
          from (select x.creator_id as key, ${totalsSums}, sum(x.revenue) - sum(x.spent) as sort_order
                from (${coveringParts(range, scope, "buyer", "monthTeam", "dayTeam")}) x
                group by x.creator_id
                having sum(x.campaigns) > 0) g
          join users u on u.id = g.key
          union all
          select ${kindSql("offer")}, row_number() over (order by g.sort_order desc, o.name), null, g.key::text, o.name,
                 o.casino_brand, null, ${totalsColumns("g")}
          from (select x.offer_id as key, ${totalsSums}, sum(x.revenue) as sort_order
                from (${coveringParts(
                  range,
                  scope,
                  "offer",
                  wide ? "monthOffer" : "monthTeamOffer",
                  wide ? "dayOffer" : "campaigns",
                )}) x
                group by x.offer_id
                having sum(x.campaigns) > 0) g
          left join offers o on o.id = g.key
        ) r`,
    sql`kind, ord`,
    parseBreakdownRow,
  );
  const breakdown: TotalsBreakdown = {
    from,
    to,
    totals: { ...emptyTotals },
    series: [],
    byOffer: [],
    byUser: [],
  };
  for (const entry of rows) {
    if (entry.part === "total") breakdown.totals = entry.row;
    else if (entry.part === "day") breakdown.series.push(entry.row);
    else if (entry.part === "buyer") breakdown.byUser.push(entry.row);
    else breakdown.byOffer.push(entry.row);
  }
  return breakdown;
}

/** The parts of readTotalsBreakdown's statement, tagged in its `kind` column. */
const breakdownParts = { totalsAndDays: 0, buyer: 1, offer: 2 } as const;
/** A part's tag as a constant of the statement's text (a closed set). */
const kindSql = (part: keyof typeof breakdownParts) => sql.raw(String(breakdownParts[part]));

type BreakdownEntry =
  | { part: "total"; row: Totals }
  | { part: "day"; row: GrainRow<"day"> }
  | { part: "buyer"; row: TotalsBreakdown["byUser"][number] }
  | { part: "offer"; row: TotalsBreakdown["byOffer"][number] };

function parseBreakdownRow(raw: RawRow): BreakdownEntry {
  const totals = totalsOf(raw);
  const kind = count(raw, "kind");
  if (kind === breakdownParts.buyer) {
    const role = raw.role;
    if (!isRole(role)) throw new TypeError("Column role: expected a role");
    const row = Object.assign(totals, {
      userId: text(raw, "key"),
      name: textOrNull(raw, "name") ?? "",
      email: textOrNull(raw, "detail") ?? "",
      role,
    });
    return { part: "buyer", row };
  }
  if (kind === breakdownParts.offer) {
    const row = Object.assign(totals, {
      offerId: textOrNull(raw, "key"),
      offerName: textOrNull(raw, "name"),
      casinoBrand: textOrNull(raw, "detail"),
    });
    return { part: "offer", row };
  }
  const date = textOrNull(raw, "date");
  return date === null
    ? { part: "total", row: totals }
    : { part: "day", row: Object.assign(totals, { date }) };
}

const emptyTotals: Totals = {
  spent: "0.00",
  revenue: "0.00",
  clicks: 0,
  installations: 0,
  registrations: 0,
  deposits: 0,
  campaigns: 0,
};

/** getAnalytics over campaigns, for filters the totals cannot answer (ROI bounds, one offer). */
async function getAnalyticsFromCampaigns({
  db,
  actor,
  query,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  query: AnalyticsQuery;
  timeZone: string;
  now?: Date;
}): Promise<Analytics> {
  const to = query.to ?? todayIn(timeZone, now);
  const from = query.from ?? null;
  const where = and(
    campaignReadScope(actor),
    from ? gte(campaigns.date, from) : undefined,
    lte(campaigns.date, to),
    query.offerId ? eq(campaigns.offerId, query.offerId) : undefined,
    query.userId ? eq(campaigns.creatorId, query.userId) : undefined,
    query.minRoi !== undefined ? gte(campaigns.roi, String(query.minRoi)) : undefined,
    query.maxRoi !== undefined ? lte(campaigns.roi, String(query.maxRoi)) : undefined,
  );
  // One pass over the matching campaigns for all four answers (GROUPING SETS): the filter cannot use
  // the totals, so each of four separate queries scanned the same tens of thousands of rows again.
  // `kind` is GROUPING(date, offer, creator), each grain's value derived from its keys (kindOf).
  const kind = (grain: ReadGrain) => readGroupingSql(campaignGroupingKeys, grain);
  const [byOffer, byUser] = [kind("offer"), kind("buyer")];
  const rows = await readRows(
    db,
    sql`select g.*,
               case g.kind when ${byOffer} then o.name when ${byUser} then u.name end as name,
               case g.kind when ${byOffer} then o.casino_brand when ${byUser} then u.email end as detail
        from (select grouping(x.date, x.offer_id, x.creator_id)::int as kind,
                     x.date::text as date, x.offer_id as "offerId", x.creator_id as "creatorId",
                     ${totalsSums},
                     sum(x.revenue) - sum(x.spent) as profit_order, sum(x.revenue) as revenue_order
              from (select ${campaigns.date} as date, ${campaigns.offerId} as offer_id,
                           ${campaigns.creatorId} as creator_id, ${campaigns.spentConverted} as spent,
                           ${campaigns.revenueConverted} as revenue, ${campaigns.clicks} as clicks,
                           ${campaigns.installations} as installations,
                           ${campaigns.registrations} as registrations, ${campaigns.deposits} as deposits,
                           1 as campaigns
                    from ${campaigns} where ${where ?? sql`true`}) x
              group by grouping sets ((), (x.date), (x.offer_id), (x.creator_id))) g
        left join ${offers} o on g.kind = ${byOffer} and o.id = g."offerId"
        left join ${users} u on g.kind = ${byUser} and u.id = g."creatorId"
        where g.kind <> ${byUser} or u.id is not null
        order by g.kind desc, g.date,
                 case g.kind when ${byOffer} then g.revenue_order when ${byUser} then g.profit_order end desc,
                 case g.kind when ${byOffer} then o.name when ${byUser} then u.name end`,
    (raw) => ({
      grain: grainOfKind(count(raw, "kind")),
      totals: totalsOf(raw),
      date: textOrNull(raw, "date"),
      offerId: textOrNull(raw, "offerId"),
      creatorId: textOrNull(raw, "creatorId"),
      name: textOrNull(raw, "name"),
      detail: textOrNull(raw, "detail"),
    }),
  );
  const totalsRow = rows.find((row) => row.grain === "total");
  return {
    from,
    to,
    totals: toMetricsTotals(totalsRow ? totalsRow.totals : emptyTotals),
    series: rows.flatMap((row) =>
      row.grain === "day" && row.date !== null ? [toSeriesPoint(row.date, row.totals)] : [],
    ),
    byOffer: rows
      .filter((row) => row.grain === "offer")
      .map((row) => ({
        offerId: row.offerId,
        offerName: row.name,
        casinoBrand: row.detail,
        ...toMetricsTotals(row.totals),
      })),
    byUser: rows.flatMap((row) =>
      row.grain === "buyer" && row.creatorId !== null
        ? [
            {
              userId: row.creatorId,
              name: row.name ?? "",
              email: row.detail ?? "",
              ...toMetricsTotals(row.totals),
            },
          ]
        : [],
    ),
  };
}

/** The keys getAnalyticsFromCampaigns groups the campaigns by, in its GROUPING() order. */
const campaignGroupingKeys = ["date", "offer_id", "creator_id"] as const satisfies readonly ReadKey[];
const campaignGrains = ["total", "day", "offer", "buyer"] as const satisfies readonly ReadGrain[];

/** The read grain of a GROUPING(date, offer, creator) value. */
function grainOfKind(kind: number): (typeof campaignGrains)[number] {
  const grain = campaignGrains.find((g) => groupingMask(campaignGroupingKeys, readGrains[g]) === kind);
  if (!grain) throw new TypeError(`Unknown grouping ${kind}`);
  return grain;
}
