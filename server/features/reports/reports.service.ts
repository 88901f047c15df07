import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { toCents } from "../../../domain/money";
import {
  comparisonRanges,
  type NamedPeriod,
  type OpenDateRange,
  resolvePeriod,
  todayIn,
} from "../../../domain/periods";
import { can, rolesWith } from "../../../domain/permissions";
import { ratioOf } from "../../../domain/ratios";
import type { Role } from "../../../domain/roles";
import type {
  Dashboard,
  FinancialAnalytics,
  FinancialUser,
  UserStats,
} from "../../../domain/schemas/reports";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { campaignTotals, users } from "../../db/schema";
import { notFound } from "../../errors";
import { assertCan } from "../../permissions";
import { grainOf, grainSql } from "../../read/grains";
import { count, readRow, record, recordOrNull, totalsOf } from "../../read/rows";
import { readTotals, totalsQuery, totalsScopeOf } from "../../read/totals";
import {
  getDashboard,
  readTotalsBreakdown,
  toMetricsTotals,
  toOfferBreakdown,
  toUserBreakdown,
} from "../analytics/analytics.service";

// The admin and financial screens, all built on the one analytics query layer (SQL aggregates).

/** An open range as analytics query bounds (no lower bound for "all"). */
function asBounds(range: OpenDateRange): { from?: string; to: string } {
  return range.from ? { from: range.from, to: range.to } : { to: range.to };
}

function rangeOf(
  input: { period: NamedPeriod; from?: string | undefined; to?: string | undefined },
  today: string,
) {
  if (input.from || input.to)
    return { from: input.from ?? null, to: input.to ?? today } satisfies OpenDateRange;
  return resolvePeriod(input.period, today);
}

export async function getAdminDashboard({
  db,
  actor,
  period,
  userId,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  period: NamedPeriod;
  userId?: string | undefined;
  timeZone: string;
}): Promise<Dashboard> {
  assertCan(actor, "area:admin");
  const range = resolvePeriod(period, todayIn(timeZone));
  return getDashboard({
    db,
    actor,
    timeZone,
    query: { ...asBounds(range), userId },
  });
}

export async function getFinancialDashboard({
  db,
  actor,
  period,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  period: NamedPeriod;
  timeZone: string;
}): Promise<Dashboard> {
  assertCan(actor, "area:financial");
  const range = resolvePeriod(period, todayIn(timeZone));
  return getDashboard({
    db,
    actor,
    timeZone,
    query: { ...asBounds(range) },
  });
}

/** % change, exact from cents, a ratio (4 places, half-up, domain/ratios.ts); null when the previous value was 0. */
function growth(previous: string, current: string): string | null {
  const before = toCents(previous);
  if (before === 0n) return null;
  return ratioOf(toCents(current) - before, before < 0n ? -before : before, 100n);
}

export async function getFinancialAnalytics({
  db,
  actor,
  period,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  period: NamedPeriod;
  timeZone: string;
}): Promise<FinancialAnalytics> {
  assertCan(actor, "area:financial");
  const range = resolvePeriod(period, todayIn(timeZone));
  const { current, previous } = comparisonRanges(range);
  const scope = totalsScopeOf(actor);
  // The comparison needs totals only (not two more full analytics); "current" is the main range
  // itself unless the period is "all".
  const sameAsMain = range.from === current.from && range.to === current.to;
  const [main, comparison] = await Promise.all([
    // The screen shows totals and the top ten users and offers, no chart: no daily series.
    readTotalsBreakdown({ db, actor, timeZone, query: { ...asBounds(range) }, series: false }),
    // The comparison's totals and the number of buyers in one statement (each round trip costs more
    // than these reads). Money arrives as text inside the JSON (totalsSums casts it), never as a
    // JSON number.
    readRow(
      db,
      sql`select ${sameAsMain ? sql`null::json` : sql`(select row_to_json(t) from (${totalsQuery(scope, current)}) t)`} as now,
                 (select row_to_json(t) from (${totalsQuery(scope, previous)}) t) as before,
                                  (select count(*) from ${users} where ${inArray(users.role, rolesWith("commission:earn"))}) as buyers`,
      (row) => {
        const now = recordOrNull(row, "now");
        return {
          now: now ? totalsOf(now) : null,
          before: totalsOf(record(row, "before")),
          buyers: count(row, "buyers"),
        };
      },
    ),
  ]);
  const nowTotals = comparison.now;
  const beforeTotals = comparison.before;
  // Active is counted among the same people as the total (buyers), so it can never exceed it when a
  // team lead or an admin logs campaigns too.
  const activeUsers = main.byUser.filter((user) => can(user.role, "commission:earn")).length;
  const totals = toMetricsTotals(main.totals);
  const now = nowTotals ? toMetricsTotals(nowTotals) : totals;
  const before = toMetricsTotals(beforeTotals);
  return {
    from: range.from,
    to: range.to,
    totals,
    current: { ...now, ...current },
    previous: { ...before, ...previous },
    revenueGrowth: growth(before.revenue, now.revenue),
    totalUsers: comparison.buyers,
    activeUsers,
    topUsers: main.byUser.slice(0, 10).map(toUserBreakdown),
    topOffers: main.byOffer.slice(0, 10).map(toOfferBreakdown),
  };
}

export async function listFinancialUsers({
  db,
  actor,
  q,
  role,
}: {
  db: Db;
  actor: Actor;
  q?: string | undefined;
  role?: Role | undefined;
}): Promise<FinancialUser[]> {
  assertCan(actor, "area:financial");
  // All time (future days included, as before) from the month × buyer × team lead totals; the last
  // day from the day grain's index, newest first.
  const totals = db
    .select({
      creatorId: campaignTotals.creatorId,
      campaigns: sql<number>`sum(${campaignTotals.campaigns})::int`.as("campaigns"),
      spent: sql<string>`round(sum(${campaignTotals.spent}), 2)::text`.as("spent"),
      revenue: sql<string>`round(sum(${campaignTotals.revenue}), 2)::text`.as("revenue"),
      profit: sql<string>`round(sum(${campaignTotals.revenue}) - sum(${campaignTotals.spent}), 2)::text`.as(
        "profit",
      ),
    })
    .from(campaignTotals)
    .where(eq(campaignTotals.grain, grainOf("monthTeam")))
    .groupBy(campaignTotals.creatorId)
    .as("totals");
  const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const rows = await db
    .select({
      user: users,
      campaigns: totals.campaigns,
      spent: totals.spent,
      revenue: totals.revenue,
      profit: totals.profit,
      // Correlated on the outer users row, named in full (drizzle leaves a subquery's columns bare).
      lastDate: sql<string | null>`(select max(d.period)::text from campaign_totals d
        where d.grain = ${grainSql("dayTeam")} and d.creator_id = "users"."id")`,
    })
    .from(users)
    .leftJoin(totals, eq(totals.creatorId, users.id))
    .where(
      and(
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
        role ? eq(users.role, role) : undefined,
      ),
    )
    .orderBy(users.name);
  return rows.map(({ user, ...t }) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    deactivatedAt: user.deactivatedAt ? user.deactivatedAt.toISOString() : null,
    campaigns: t.campaigns ?? 0,
    spent: t.spent ?? "0.00",
    revenue: t.revenue ?? "0.00",
    profit: t.profit ?? "0.00",
    lastCampaignDate: t.lastDate ?? null,
  }));
}

export async function getUserStats({
  db,
  actor,
  userId,
  range: input,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  range: { period: NamedPeriod; from?: string | undefined; to?: string | undefined };
  timeZone: string;
}): Promise<UserStats> {
  assertCan(actor, "area:financial");
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  const range = rangeOf(input, todayIn(timeZone));
  // Totals only: the months plus or minus edge days, not the breakdowns the dialog never shows.
  const totals = await readTotals(db, totalsScopeOf(actor, userId), range);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
    },
    from: range.from,
    to: range.to,
    totals: toMetricsTotals(totals),
  };
}
