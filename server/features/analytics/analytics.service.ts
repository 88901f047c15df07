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

function rangeCondition(range: OpenDateRange): SQL {
  return range.from
    ? sql`${campaigns.date} between ${range.from}::date and ${range.to}::date`
    : sql`${campaigns.date} <= ${range.to}::date`;
}

/** The buyer dashboard's four cards, in one query over the viewer's scope. */
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
  const periods = ["daily", "weekly", "monthly", "total"] as const;
  const selection = Object.fromEntries(
    periods.flatMap((period) =>
      Object.entries(totalsSelection(rangeCondition(buyerPeriodRange(period, today)))).map(([key, value]) => [
        `${period}_${key}`,
        value,
      ]),
    ),
  );
  const [row] = await db.select(selection).from(campaigns).where(campaignReadScope(actor));
  const pick = (period: (typeof periods)[number]) =>
    toMetricsTotals(
      Object.fromEntries(
        Object.keys(totalsSelection()).map((key) => [
          key,
          (row as Record<string, unknown>)[`${period}_${key}`],
        ]),
      ) as TotalsRow,
    );
  return {
    today,
    daily: pick("daily"),
    weekly: pick("weekly"),
    monthly: pick("monthly"),
    total: pick("total"),
  };
}

const creators = alias(users, "creator");

/** Totals, a daily series, and breakdowns by offer and by user for the viewer's scope. */
export async function getAnalytics({
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
