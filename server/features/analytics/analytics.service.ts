import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { computeMetrics } from "../../../domain/metrics";
import { buyerPeriodRange, type OpenDateRange, todayIn } from "../../../domain/periods";
import type {
  Analytics,
  AnalyticsQuery,
  MetricsSummary,
  MetricsTotals,
} from "../../../domain/schemas/campaigns";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { campaigns, offers, users } from "../../db/schema";
import { campaignReadScope } from "../campaigns/campaigns.service";
import {
  coveringParts,
  isWorkspaceWide,
  lastCampaignDate,
  normalizeTotals,
  part,
  type RawTotals,
  readTotals,
  selectRows,
  seriesSource,
  totalsScopeOf,
  totalsSums,
} from "./campaign-totals";

// Aggregates over every matching campaign, computed by the database (SUM, COUNT, GROUP BY):
// no row caps, no rows shipped to be summed elsewhere. Ratios are then derived from the sums.

const filtered = (aggregate: SQL, filter?: SQL) =>
  filter ? sql`${aggregate} filter (where ${filter})` : aggregate;

/** Sums for one slice of campaigns; `filter` narrows it inside the same query (FILTER clause). */
function totalsSelection(filter?: SQL) {
  const money = (column: AnyPgColumn) =>
    sql<string>`coalesce(${filtered(sql`sum(${column})`, filter)}, 0)::numeric(16,2)::text`;
  const count = (column: AnyPgColumn) =>
    sql<number>`coalesce(${filtered(sql`sum(${column})`, filter)}, 0)::bigint`.mapWith(Number);
  return {
    spent: money(campaigns.spent),
    revenue: money(campaigns.depositPayment),
    clicks: count(campaigns.clicks),
    installations: count(campaigns.installations),
    registrations: count(campaigns.registrations),
    deposits: count(campaigns.deposits),
    campaigns: sql<number>`${filtered(sql`count(*)`, filter)}::bigint`.mapWith(Number),
  };
}

type TotalsRow = {
  spent: string;
  revenue: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  campaigns: number;
};

export function toMetricsTotals(row: TotalsRow): MetricsTotals {
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

/** The buyer dashboard's four cards for the viewer's scope, from the campaign totals. */
export async function getMetricsSummary({
  db,
  actor,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  timeZone: string;
  now?: Date;
}): Promise<MetricsSummary> {
  const today = todayIn(timeZone, now);
  const scope = totalsScopeOf(actor);
  const recent = ["daily", "weekly", "monthly"] as const;
  // Today, 7 and 30 days in one pass over the last 30 days of daily totals; all time from the
  // monthly totals plus this month's days.
  const sums = (range: OpenDateRange, prefix: string) =>
    sql.raw(
      ["spent", "revenue", "clicks", "installations", "registrations", "deposits", "campaigns"]
        .map((key) => {
          const filter = `x.date between '${range.from}'::date and '${range.to}'::date`;
          const type = key === "spent" || key === "revenue" ? "numeric(16,2)::text" : "bigint";
          return `coalesce(sum(x.${key}) filter (where ${filter}), 0)::${type} as ${prefix}_${key}`;
        })
        .join(", "),
    );
  const ranges = Object.fromEntries(recent.map((period) => [period, buyerPeriodRange(period, today)]));
  const [[row], total] = await Promise.all([
    selectRows<Record<string, string | number>>(
      db,
      sql`select ${sql.join(
        recent.map((period) => sums(ranges[period]!, period)),
        sql`, `,
      )} from (${part(seriesSource(scope), ["date"], scope, ranges.monthly!)}) x`,
    ),
    readTotals(db, scope, buyerPeriodRange("total", today)),
  ]);
  const pick = (period: (typeof recent)[number]) =>
    toMetricsTotals(
      normalizeTotals(
        Object.fromEntries(
          ["spent", "revenue", "clicks", "installations", "registrations", "deposits", "campaigns"].map(
            (key) => [key, row![`${period}_${key}`]],
          ),
        ) as unknown as RawTotals,
      ),
    );
  return {
    today,
    daily: pick("daily"),
    weekly: pick("weekly"),
    monthly: pick("monthly"),
    total: toMetricsTotals(total),
  };
}

const creators = alias(users, "creator");

/** Totals, a daily series, and breakdowns by offer and by user for the viewer's scope. */
export async function getAnalytics(input: {
  db: Db;
  actor: Actor;
  query: AnalyticsQuery;
  timeZone: string;
  now?: Date;
}): Promise<Analytics> {
  const { query } = input;
  // A per-campaign filter (ROI bounds) needs the campaigns themselves; so does an offer filter (the
  // totals by day have no offer, and one offer's campaigns are few on the (offer, date) index).
  const perCampaign = query.minRoi !== undefined || query.maxRoi !== undefined || query.offerId !== undefined;
  return perCampaign ? getAnalyticsFromCampaigns(input) : getAnalyticsFromTotals(input);
}

/** getAnalytics from campaign_totals: exact, and thousands of rows instead of a million. */
async function getAnalyticsFromTotals({
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
  const range: OpenDateRange = { from, to };
  const scope = totalsScopeOf(actor, query.userId);
  const wide = isWorkspaceWide(scope);
  type Named = RawTotals & {
    key: string | null;
    name: string | null;
    detail: string | null;
    lastDate: string | null;
  };
  // Three queries, each over the smallest grain that answers it: totals and the daily series in one
  // pass (GROUPING SETS); users from the months plus edge days; offers likewise (edge days of a
  // scope from campaigns: the day grains of a scope have no offer).
  const [mainRows, userRows, offerRows] = await Promise.all([
    selectRows<RawTotals & { date: string | null }>(
      db,
      sql`select x.date::text as date, ${totalsSums}
          from (${part(seriesSource(scope), ["date"], scope, range)}) x
          group by grouping sets ((), (x.date))
          order by x.date nulls first`,
    ),
    selectRows<Named>(
      db,
      sql`select g.*, u.name, u.email as detail, ${lastCampaignDate(sql`g.key`, scope, range)} as "lastDate"
          from (select x.creator_id as key, ${totalsSums}, sum(x.revenue) - sum(x.spent) as sort_order
                from (${coveringParts(range, scope, ["creator_id"], "monthTeam", "dayTeam")}) x
                group by x.creator_id) g
          join users u on u.id = g.key
          order by g.sort_order desc, u.name`,
    ),
    selectRows<Named>(
      db,
      sql`select g.*, o.name, o.casino_brand as detail
          from (select x.offer_id as key, ${totalsSums}, sum(x.revenue) as sort_order
                from (${coveringParts(
                  range,
                  scope,
                  ["offer_id"],
                  wide ? "monthOffer" : "monthTeamOffer",
                  wide ? "dayOffer" : "campaigns",
                )}) x
                group by x.offer_id) g
          left join offers o on o.id = g.key
          order by g.sort_order desc, o.name`,
    ),
  ]);
  const [totalsRow, ...seriesRows] = mainRows;
  return {
    from,
    to,
    totals: toMetricsTotals(normalizeTotals(totalsRow ?? emptyTotals)),
    series: seriesRows.map(({ date, ...row }) => ({ date: date!, ...toMetricsTotals(normalizeTotals(row)) })),
    byOffer: offerRows.map((row) => ({
      offerId: row.key,
      offerName: row.name ?? null,
      casinoBrand: row.detail ?? null,
      ...toMetricsTotals(normalizeTotals(row)),
    })),
    byUser: userRows.map((row) => ({
      userId: row.key!,
      name: row.name ?? "",
      email: row.detail ?? "",
      lastCampaignDate: row.lastDate,
      ...toMetricsTotals(normalizeTotals(row)),
    })),
  };
}

const emptyTotals: RawTotals = {
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
  const totals = totalsSelection();
  const revenueOrder = sql`sum(${campaigns.depositPayment})`;
  const profitOrder = sql`sum(${campaigns.profit})`;

  const [totalRows, seriesRows, offerRows, userRows] = await Promise.all([
    db.select(totals).from(campaigns).where(where),
    db
      .select({ date: sql<string>`${campaigns.date}::text`, ...totals })
      .from(campaigns)
      .where(where)
      .groupBy(campaigns.date)
      .orderBy(campaigns.date),
    db
      .select({
        offerId: campaigns.offerId,
        offerName: offers.name,
        casinoBrand: offers.casinoBrand,
        ...totals,
      })
      .from(campaigns)
      .leftJoin(offers, eq(offers.id, campaigns.offerId))
      .where(where)
      .groupBy(campaigns.offerId, offers.name, offers.casinoBrand)
      .orderBy(desc(revenueOrder), offers.name),
    db
      .select({
        userId: creators.id,
        name: creators.name,
        email: creators.email,
        lastCampaignDate: sql<string | null>`max(${campaigns.date})::text`,
        ...totals,
      })
      .from(campaigns)
      .innerJoin(creators, eq(creators.id, campaigns.creatorId))
      .where(where)
      // Grouped by the user's primary key alone (name and email follow from it): grouping by three
      // columns made PostgreSQL estimate 41,000 groups for 200 real ones and sort 1M rows on disk
      // instead of hashing them (docs/performance.md).
      .groupBy(creators.id)
      .orderBy(desc(profitOrder), creators.name),
  ]);

  return {
    from,
    to,
    totals: toMetricsTotals(totalRows[0]!),
    series: seriesRows.map(({ date, ...row }) => ({ date, ...toMetricsTotals(row) })),
    byOffer: offerRows.map(({ offerId, offerName, casinoBrand, ...row }) => ({
      offerId,
      offerName,
      casinoBrand,
      ...toMetricsTotals(row),
    })),
    byUser: userRows.map(({ userId, name, email, lastCampaignDate, ...row }) => ({
      userId,
      name,
      email,
      lastCampaignDate,
      ...toMetricsTotals(row),
    })),
  };
}
