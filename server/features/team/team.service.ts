import { type SQL, sql } from "drizzle-orm";
import { computeMetrics } from "../../../domain/metrics";
import { toCents } from "../../../domain/money";
import {
  addDays,
  type DateRange,
  type OpenDateRange,
  previousPeriod,
  resolvePeriod,
  todayIn,
} from "../../../domain/periods";
import { can, rolesWith } from "../../../domain/permissions";
import { ratioOf } from "../../../domain/ratios";
import type { TeamBuyers, TeamBuyersQuery, TeamChanges, TeamFigures } from "../../../domain/schemas/team";
import type { Actor } from "../../context";
import type { DbOrTx } from "../../db/client";
import { campaigns, notifications, users } from "../../db/schema";
import { notFound } from "../../errors";
import { assertCan } from "../../permissions";
import type { Totals } from "../../read/grains";
import { type RawRow, readOrderedRows, readRows, text, textOrNull, totalsOf } from "../../read/rows";
import { coveringParts, rawSums } from "../../read/totals";
import { readCommissionsThisMonth } from "../payments/payments.service";

// The team screen (issue 25, docs/decisions/0080): one row per buyer of a team for any range, with
// the same number of days just before, this month's commission so far and the last day logged. The
// sums of every buyer come from one statement over the month × buyer and day × buyer grains, keyed
// by creator: a team is the buyers a lead leads now, with every row they logged, whenever.

/** A range query (a preset or from/to, which win) as calendar dates in the workspace. */
export function rangeOfQuery(
  query: Pick<TeamBuyersQuery, "period" | "from" | "to">,
  today: string,
): OpenDateRange {
  if (query.from || query.to) return { from: query.from ?? null, to: query.to ?? today };
  return resolvePeriod(query.period, today);
}

/** Whose buyers: a lead's team, or (financial, admins) every buyer. */
type TeamScope = { leadId: string } | { everyone: true };

async function scopeOf(db: DbOrTx, actor: Actor, leadId: string | undefined): Promise<TeamScope> {
  assertCan(actor, "team:read");
  if (leadId === undefined)
    return can(actor.role, "team:read-all") ? { everyone: true } : { leadId: actor.id };
  if (leadId === actor.id && can(actor.role, "team:lead")) return { leadId };
  // Another lead's team: readable to those who read every team, unknown to anyone else.
  assertCan(actor, "team:read-all", { what: "Team lead", readable: false });
  const [lead] = await readRows(
    db,
    sql`select id from ${users} where id = ${leadId} and role in (${roleList("team:lead")})`,
    (row) => text(row, "id"),
  );
  if (!lead) throw notFound("Team lead");
  return { leadId: lead };
}

const roleList = (permission: "team:lead" | "team:have-lead") =>
  sql.join(
    rolesWith(permission).map((role) => sql`${role}`),
    sql`, `,
  );

/** The buyers' sums over a range, one row per buyer with any row in it (aliases are constants). */
function sumsByBuyer(range: OpenDateRange): SQL {
  return sql`select x.creator_id, ${rawSums}
    from (${coveringParts(range, {}, "buyer", "monthTeam", "dayTeam")}) x
    where x.creator_id in (select id from b)
    group by x.creator_id`;
}

/** A joined sums subquery's columns, cast and prefixed (`c_spent`…); zeros for a buyer without rows. */
function castSums(alias: "c" | "p"): SQL {
  return sql.raw(
    [
      `round(coalesce(${alias}.spent, 0), 2)::text as ${alias}_spent`,
      `round(coalesce(${alias}.revenue, 0), 2)::text as ${alias}_revenue`,
      ...["clicks", "installations", "registrations", "deposits", "campaigns"].map(
        (column) => `coalesce(${alias}.${column}, 0)::bigint as ${alias}_${column}`,
      ),
    ].join(", "),
  );
}

function figuresOf(totals: Totals): TeamFigures {
  const metrics = computeMetrics(totals);
  return {
    spent: metrics.spent,
    revenue: metrics.revenue,
    profit: metrics.profit,
    roi: metrics.roi,
    epc: metrics.epc,
    deposits: totals.deposits,
    campaigns: totals.campaigns,
  };
}

/** % change from `before` to `now` (ratio of exact integers, 4 places); null when `before` is 0. */
function change(before: bigint, now: bigint): string | null {
  if (before === 0n) return null;
  return ratioOf(now - before, before < 0n ? -before : before, 100n);
}

function changesOf(current: TeamFigures, previous: TeamFigures | null): TeamChanges {
  if (!previous) return { spent: null, revenue: null, profit: null, deposits: null, campaigns: null };
  const money = (key: "spent" | "revenue" | "profit") =>
    change(toCents(previous[key]), toCents(current[key]));
  const count = (key: "deposits" | "campaigns") => change(BigInt(previous[key]), BigInt(current[key]));
  return {
    spent: money("spent"),
    revenue: money("revenue"),
    profit: money("profit"),
    deposits: count("deposits"),
    campaigns: count("campaigns"),
  };
}

type BuyerRow = {
  id: string;
  name: string;
  email: string;
  leadId: string | null;
  leadName: string | null;
  current: Totals;
  previous: Totals;
  lastLoggedOn: string | null;
  loggedYesterday: boolean;
  remindedYesterday: boolean;
};

function parseBuyer(row: RawRow): BuyerRow {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    email: text(row, "email"),
    leadId: textOrNull(row, "leadId"),
    leadName: textOrNull(row, "leadName"),
    current: totalsOf(row, "c_"),
    previous: totalsOf(row, "p_"),
    lastLoggedOn: textOrNull(row, "lastLoggedOn"),
    loggedYesterday: row.loggedYesterday === true,
    remindedYesterday: row.remindedYesterday === true,
  };
}

export async function listTeamBuyers({
  db,
  actor,
  query,
  timeZone,
  now,
}: {
  db: DbOrTx;
  actor: Actor;
  query: TeamBuyersQuery;
  timeZone: string;
  now?: Date;
}): Promise<TeamBuyers> {
  const scope = await scopeOf(db, actor, query.leadId);
  const today = todayIn(timeZone, now);
  const yesterday = addDays(today, -1);
  const range = rangeOfQuery(query, today);
  const previous: DateRange | null = range.from ? previousPeriod({ from: range.from, to: range.to }) : null;
  // An empty range (from after to) is refused by the schema; "all" has no previous period, so its
  // previous sums are those of an empty range (zeros) and answered as null.
  const previousRange: OpenDateRange = previous ?? { from: addDays(range.to, 1), to: range.to };
  const team = "leadId" in scope ? sql`and u.manager_id = ${scope.leadId}` : sql``;
  const statement = sql`with b as materialized (
      select u.id, u.name, u.email, u.manager_id as "leadId", l.name as "leadName"
      from ${users} u left join ${users} l on l.id = u.manager_id
      where u.role in (${roleList("team:have-lead")}) and u.deactivated_at is null ${team}
    )
    select b.id, b.name, b.email, b."leadId", b."leadName", ${castSums("c")}, ${castSums("p")},
      (select max(k.date)::text from ${campaigns} k where k.creator_id = b.id and k.date <= ${today}::date)
        as "lastLoggedOn",
      exists (select 1 from ${campaigns} k where k.creator_id = b.id and k.date = ${yesterday}::date)
        as "loggedYesterday",
      exists (select 1 from ${notifications} n where n.user_id = b.id and n.type = 'missing_day'
        and n.metadata->>'day' = ${yesterday}) as "remindedYesterday"
    from b
    left join (${sumsByBuyer(range)}) c on c.creator_id = b.id
    left join (${sumsByBuyer(previousRange)}) p on p.creator_id = b.id`;
  const rows = await readOrderedRows(db, statement, sql`name, id`, parseBuyer);
  const commissions = await readCommissionsThisMonth({
    db,
    userIds: rows.map((row) => row.id),
    timeZone,
    ...(now ? { now } : {}),
  });
  return {
    from: range.from,
    to: range.to,
    previous,
    yesterday,
    buyers: rows.map((row) => {
      const current = figuresOf(row.current);
      const before = previous ? figuresOf(row.previous) : null;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        leadId: row.leadId,
        leadName: row.leadName,
        current,
        previous: before,
        changes: changesOf(current, before),
        commissionThisMonth: commissions.get(row.id) ?? "0.00",
        lastLoggedOn: row.lastLoggedOn,
        missedYesterday: !row.loggedYesterday,
        remindedYesterday: row.remindedYesterday,
      };
    }),
  };
}
