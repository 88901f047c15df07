import { type SQL, sql } from "drizzle-orm";
import { isBeyondTolerance, type Tolerance } from "../../../domain/reconciliation";
import type { DbOrTx } from "../../db/client";
import {
  campaigns,
  offers,
  reconciliationResolutions,
  reconciliationRows,
  reconciliationSettings,
  reconciliationStatements,
  users,
} from "../../db/schema";
import { count, readOrderedRows, readRows, text, textOrNull } from "../../read/rows";

// The comparison lines of committed statements, summed in SQL (issue 32, docs/decisions/0110), and
// each buyer's reconciliation state for a month, which the payments table shows and the close checks.
// No permission of its own: callers check theirs.

export const defaultTolerance: Tolerance = { percent: "2.00", amount: "50.00" };

export async function readTolerance(db: DbOrTx): Promise<Tolerance> {
  const [row] = await readRows(
    db,
    sql`select tolerance_percent::text as percent, tolerance_amount::text as amount
        from ${reconciliationSettings} where id = 1`,
    (r) => ({ percent: text(r, "percent"), amount: text(r, "amount") }),
  );
  return row ?? defaultTolerance;
}

export type RawLine = {
  statementId: string;
  offerId: string;
  offerName: string;
  userId: string | null;
  buyerName: string | null;
  logged: { registrations: number; deposits: number; revenue: string };
  reported: { registrations: number; deposits: number; revenue: string };
  resolution: {
    id: string;
    kind: "accepted" | "adjusted";
    note: string;
    createdBy: string | null;
    createdByName: string | null;
    createdAt: string;
  } | null;
  flagged: boolean;
};

/**
 * The lines of the given committed statements: per offer, or per buyer × offer when every matched
 * row of that offer names a buyer. Logged figures are the month's campaigns of the offer (of the
 * buyer), reported ones the matched rows; both summed in SQL.
 */
export async function readLines(db: DbOrTx, statementIds: readonly string[], tolerance: Tolerance) {
  if (statementIds.length === 0) return [];
  const ids = sql.join(
    statementIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const query: SQL = sql`
    with st as (
      select id, month, (month + interval '1 month' - interval '1 day')::date as last_day
      from ${reconciliationStatements} where id in (${ids}) and status = 'committed'
    ), m as (
      select r.statement_id, r.offer_id, r.user_id, coalesce(r.registrations, 0) as registrations,
             coalesce(r.deposits, 0) as deposits, coalesce(r.revenue, 0) as revenue
      from ${reconciliationRows} r join st on st.id = r.statement_id where r.status = 'matched'
    ), ident as (
      select statement_id, offer_id, bool_and(user_id is not null) as by_buyer
      from m group by statement_id, offer_id
    ), rep as (
      select m.statement_id, m.offer_id, case when i.by_buyer then m.user_id end as user_id,
             sum(m.registrations) as rg, sum(m.deposits) as dp, sum(m.revenue) as rv
      from m join ident i on i.statement_id = m.statement_id and i.offer_id = m.offer_id
      group by 1, 2, 3
    ), lg as (
      select i.statement_id, c.offer_id, case when i.by_buyer then c.creator_id end as user_id,
             sum(c.registrations) as rg, sum(c.deposits) as dp, sum(c.deposit_payment) as rv
      from ident i join st on st.id = i.statement_id
      join ${campaigns} c on c.offer_id = i.offer_id and c.date >= st.month and c.date <= st.last_day
      group by 1, 2, 3
    ), j as (
      select coalesce(rep.statement_id, lg.statement_id) as statement_id,
             coalesce(rep.offer_id, lg.offer_id) as offer_id,
             coalesce(rep.user_id, lg.user_id) as user_id,
             coalesce(lg.rg, 0) as l_rg, coalesce(lg.dp, 0) as l_dp, coalesce(lg.rv, 0) as l_rv,
             coalesce(rep.rg, 0) as r_rg, coalesce(rep.dp, 0) as r_dp, coalesce(rep.rv, 0) as r_rv
      from rep full join lg on rep.statement_id = lg.statement_id and rep.offer_id = lg.offer_id
        and coalesce(rep.user_id, '') = coalesce(lg.user_id, '')
    )
    select j.statement_id::text as "statementId", j.offer_id::text as "offerId", o.name as "offerName",
           j.user_id as "userId", u.name as "buyerName",
           j.l_rg::int as l_rg, j.l_dp::int as l_dp, round(j.l_rv, 2)::text as l_rv,
           j.r_rg::int as r_rg, j.r_dp::int as r_dp, round(j.r_rv, 2)::text as r_rv,
           res.id::text as "resolutionId", res.kind, res.note, res.created_by as "createdBy",
           cb.name as "createdByName",
           to_char(res.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "resolvedAt"
    from j
    join ${offers} o on o.id = j.offer_id
    left join ${users} u on u.id = j.user_id
    left join ${reconciliationResolutions} res on res.statement_id = j.statement_id
      and res.offer_id = j.offer_id and coalesce(res.user_id, '') = coalesce(j.user_id, '')
    left join ${users} cb on cb.id = res.created_by`;
  // Thousands of lines: PGlite reads them faster as one JSON value (readOrderedRows).
  const order = sql`"offerName", "offerId", "buyerName" nulls first, "userId"`;
  return readOrderedRows(db, query, order, (r): RawLine => {
    const logged = { registrations: count(r, "l_rg"), deposits: count(r, "l_dp"), revenue: text(r, "l_rv") };
    const reported = {
      registrations: count(r, "r_rg"),
      deposits: count(r, "r_dp"),
      revenue: text(r, "r_rv"),
    };
    const resolutionId = textOrNull(r, "resolutionId");
    return {
      statementId: text(r, "statementId"),
      offerId: text(r, "offerId"),
      offerName: text(r, "offerName"),
      userId: textOrNull(r, "userId"),
      buyerName: textOrNull(r, "buyerName"),
      logged,
      reported,
      resolution: resolutionId
        ? {
            id: resolutionId,
            kind: text(r, "kind") as "accepted" | "adjusted",
            note: text(r, "note"),
            createdBy: textOrNull(r, "createdBy"),
            createdByName: textOrNull(r, "createdByName"),
            createdAt: text(r, "resolvedAt"),
          }
        : null,
      flagged: isBeyondTolerance(logged.revenue, reported.revenue, tolerance),
    };
  });
}

export type ReconciliationState = "not_uploaded" | "matched" | "open" | "resolved";

/**
 * Each buyer's reconciliation state for a month (docs/decisions/0113): open when a flagged line that
 * touches them (their buyer × offer line, or an offer line of an offer they logged) is unresolved;
 * otherwise not_uploaded when no committed statement of the month covers an offer they logged money
 * on (or none was uploaded at all); otherwise resolved when such a flagged line was resolved; else
 * matched.
 */
export async function readReconciliationStates(
  db: DbOrTx,
  periodStart: string,
  userIds: readonly string[],
): Promise<Map<string, ReconciliationState>> {
  const states = new Map<string, ReconciliationState>();
  if (userIds.length === 0) return states;
  const statementIds = await readRows(
    db,
    sql`select id::text as id from ${reconciliationStatements}
        where month = ${periodStart}::date and status = 'committed'`,
    (r) => text(r, "id"),
  );
  if (statementIds.length === 0) {
    for (const id of userIds) states.set(id, "not_uploaded");
    return states;
  }
  const lines = await readLines(db, statementIds, await readTolerance(db));
  const users = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // The offers each buyer logged money or deposits on in the month.
  const logged = await readRows(
    db,
    sql`select distinct creator_id as "userId", offer_id::text as "offerId" from ${campaigns}
        where creator_id in (${users}) and offer_id is not null
          and date >= ${periodStart}::date and date < (${periodStart}::date + interval '1 month')
          and (deposits > 0 or deposit_payment > 0)`,
    (r) => ({ userId: text(r, "userId"), offerId: text(r, "offerId") }),
  );
  const covered = new Set(lines.map((line) => line.offerId));
  const offerLines = new Map<string, RawLine[]>();
  for (const line of lines) {
    if (line.userId !== null || !line.flagged) continue;
    offerLines.set(line.offerId, [...(offerLines.get(line.offerId) ?? []), line]);
  }
  const open = new Set<string>();
  const resolved = new Set<string>();
  const uncovered = new Set<string>();
  const mark = (userId: string, line: RawLine) => (line.resolution ? resolved : open).add(userId);
  for (const line of lines) if (line.userId !== null && line.flagged) mark(line.userId, line);
  for (const { userId, offerId } of logged) {
    if (!covered.has(offerId)) uncovered.add(userId);
    for (const line of offerLines.get(offerId) ?? []) mark(userId, line);
  }
  for (const id of userIds) {
    states.set(
      id,
      open.has(id) ? "open" : uncovered.has(id) ? "not_uploaded" : resolved.has(id) ? "resolved" : "matched",
    );
  }
  return states;
}
