import { type SQL, sql } from "drizzle-orm";
import {
  type CommissionSettings,
  calculateCommission,
  defaultCommissionSettings,
  explainCommission,
  type RevenueTier,
} from "../../../domain/commission";
import { computeProfit } from "../../../domain/metrics";
import { toBasisPoints, toCents } from "../../../domain/money";
import { recentPayeeChangeDays } from "../../../domain/payee";
import { overpaidAmount, pendingAmount, type StatementStatus } from "../../../domain/payments";
import { addMonths, monthOf, monthRange } from "../../../domain/periods";
import { rolesWith } from "../../../domain/permissions";
import { ratioText, toRatioUnits } from "../../../domain/ratios";
import type { PaymentCard, PaymentRow, PaymentsQuery, PaymentTotals } from "../../../domain/schemas/payments";
import type { DbOrTx } from "../../db/client";
import {
  campaignTotals,
  commissionSettings,
  payeeDetails,
  paymentAdjustments,
  paymentStatements,
  payouts,
  users,
} from "../../db/schema";
import { grainSql } from "../../read/grains";
import { asRow, readOrderedRows, readRow, selectRows, text } from "../../read/rows";

// Reading and refreshing statements (decisions.md, "Commission", "Payments", "Month close and the
// payout ledger"; docs/decisions/0061). Plain SQL: mapping 200 statements through the query builder
// was a third of the month's CPU.

/** numeric(20,4) "50.0000" → "50.00" (values are entered with at most 2 decimals). */
export function twoPlaces(value: string): string {
  const [whole = "0", fraction = ""] = value.split(".");
  const extra = fraction.slice(2);
  if (/[1-9]/.test(extra)) throw new RangeError(`More than 2 decimals: ${value}`);
  return `${whole}.${fraction.slice(0, 2).padEnd(2, "0")}`;
}

/** "2000-01-01", the effective month of settings that apply "from the start". */
export const fromTheStart = "2000-01-01";

/** A settings row's effective month as the API shows it: "YYYY-MM", null from the start. */
export const effectiveMonthOf = (effectiveFrom: string | null) =>
  effectiveFrom === null || effectiveFrom === fromTheStart ? null : monthOf(effectiveFrom);

/** What a statement needs of a settings row, as text. */
export type SettingsFields = {
  modelType: CommissionSettings["modelType"];
  baseCommissionRate: string;
  highRoiCommissionRate: string;
  roiThreshold: string;
  tieredRoiThreshold: string;
  minimumMonthlyRevenue: string;
  revenueTiers: unknown;
};

export function toSettings(row: SettingsFields | null | undefined): CommissionSettings {
  if (!row) return defaultCommissionSettings;
  const tiers = row.revenueTiers as RevenueTier[];
  return {
    modelType: row.modelType,
    baseCommissionRate: twoPlaces(row.baseCommissionRate),
    highRoiCommissionRate: twoPlaces(row.highRoiCommissionRate),
    roiThreshold: twoPlaces(row.roiThreshold),
    tieredRoiThreshold: twoPlaces(row.tieredRoiThreshold),
    minimumMonthlyRevenue: twoPlaces(row.minimumMonthlyRevenue),
    revenueTiers: tiers.length > 0 ? tiers : defaultCommissionSettings.revenueTiers,
  };
}

/** The settings columns of alias cs under SettingsFields' names, plus cs's effective month. */
const settingsColumns = sql`cs.effective_from::text as "settingsFrom", cs.model_type as "modelType",
  cs.base_commission_rate::text as "baseCommissionRate",
  cs.high_roi_commission_rate::text as "highRoiCommissionRate",
  cs.roi_threshold::text as "roiThreshold", cs.tiered_roi_threshold::text as "tieredRoiThreshold",
  cs.minimum_monthly_revenue::text as "minimumMonthlyRevenue",
  coalesce(cs.revenue_tiers, '[]'::jsonb) as "revenueTiers"`;

/**
 * The settings row in effect for a month (alias cs): the latest effective_from on or before the
 * month's first day, for the user in `userColumn`. Joined "on true": no row means the defaults.
 */
const settingsInEffectJoin = (userColumn: SQL, periodStart: string) =>
  sql`left join lateral (select * from ${commissionSettings} x
        where x.user_id = ${userColumn} and x.effective_from <= ${periodStart}::date
        order by x.effective_from desc limit 1) cs on true`;

type SettingsRow = { settingsFrom: string | null } & {
  [K in keyof SettingsFields]: SettingsFields[K] | null;
};

const settingsOf = (row: SettingsRow) => (row.settingsFrom === null ? null : (row as SettingsFields));

/** The settings in effect for a buyer's month (the defaults when none is saved on or before it). */
export async function readSettingsInEffect(db: DbOrTx, userId: string, periodStart: string) {
  const [row] = await selectRows<SettingsRow>(
    db,
    sql`select ${settingsColumns} from (select ${userId}::text as id) u ${settingsInEffectJoin(sql`u.id`, periodStart)}`,
  );
  const fields = row ? settingsOf(row) : null;
  return { settings: toSettings(fields), effectiveFrom: row?.settingsFrom ?? null };
}

/** A buyer's spend and revenue over a whole month, from the month × buyer × team lead totals. */
export async function readMonthTotals(db: DbOrTx, userId: string, periodStart: string) {
  return readRow(
    db,
    sql`select round(coalesce(sum(spent), 0), 2)::text as spent,
               round(coalesce(sum(revenue), 0), 2)::text as revenue
        from ${campaignTotals}
        where grain = ${grainSql("monthTeam")} and period = ${periodStart}::date
          and creator_id = ${userId}`,
    (row) => ({ spent: text(row, "spent"), revenue: text(row, "revenue") }),
  );
}

/**
 * Several buyers' commission for one month as a statement would hold it now, in one statement: a
 * frozen statement (processing, paid, cancelled) answers its own amount; otherwise the month's sums
 * under the settings in effect for it, as readMonth recomputes a pending one. Buyers without
 * campaigns in the month answer the commission of zero sums.
 */
export async function readMonthCommissions(
  db: DbOrTx,
  userIds: readonly string[],
  periodStart: string,
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  type Row = SettingsRow & {
    userId: string;
    spent: string;
    revenue: string;
    status: string | null;
    amountDue: string | null;
  };
  const rows = await selectRows<Row>(
    db,
    sql`select u.id as "userId",
               round(coalesce(t.spent, 0), 2)::text as spent, round(coalesce(t.revenue, 0), 2)::text as revenue,
               ${settingsColumns}, s.status, s.amount_due::text as "amountDue"
        from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as u(id)
        left join (select creator_id, sum(spent) as spent, sum(revenue) as revenue
                   from ${campaignTotals}
                   where grain = ${grainSql("monthTeam")} and period = ${periodStart}::date
                   group by creator_id) t on t.creator_id = u.id
        left join (select distinct on (user_id) * from ${commissionSettings}
                   where effective_from <= ${periodStart}::date
                   order by user_id, effective_from desc) cs on cs.user_id = u.id
        left join ${paymentStatements} s on s.user_id = u.id and s.period_start = ${periodStart}::date`,
  );
  const commissions = new Map<string, string>();
  for (const row of rows) {
    const frozen = row.status !== null && row.status !== "pending" && row.amountDue !== null;
    commissions.set(
      row.userId,
      frozen
        ? twoPlaces(row.amountDue!)
        : computeStatement(toSettings(settingsOf(row)), { spent: row.spent, revenue: row.revenue }).amountDue,
    );
  }
  return commissions;
}

/** A statement's figures from the month's sums (two-decimal strings from SQL). */
export function computeStatement(settings: CommissionSettings, totals: { spent: string; revenue: string }) {
  // Profit and ROI only: the other ratios of computeMetrics were a tenth of the month's CPU.
  const { profit, roi } = computeProfit(totals);
  const result = calculateCommission(settings, { revenue: totals.revenue, profit, spent: totals.spent });
  return {
    modelType: settings.modelType,
    totalSpent: totals.spent,
    totalRevenue: totals.revenue,
    totalProfit: profit,
    roiAchieved: roi,
    commissionRate: result.rate,
    amountDue: result.commission,
  };
}
export type FreshStatement = { userId: string } & ReturnType<typeof computeStatement>;

/** A stored statement's fields as text, as a card shows them. */
export type StoredStatement = {
  statementId: string;
  status: StatementStatus;
  /** model_type as "model": a buyer's settings in the same row have their own modelType */
  model: PaymentCard["model"];
  periodStart: string;
  periodEnd: string;
  totalSpent: string;
  totalRevenue: string;
  totalProfit: string;
  roiAchieved: string;
  commissionRate: string;
  amountDue: string;
  paidAt: string | null;
};
type Ledger = { paid: string; adjustments: string };
type StoredCard = StoredStatement & Ledger & { userId: string; name: string; email: string };

/** The columns of a stored statement (alias s) under StoredStatement's names. */
const storedStatementColumns = sql`s.id as "statementId", s.status, s.model_type as model,
  s.period_start::text as "periodStart", s.period_end::text as "periodEnd",
  s.total_spent::text as "totalSpent", s.total_revenue::text as "totalRevenue",
  s.total_profit::text as "totalProfit", s.roi_achieved::text as "roiAchieved",
  s.commission_rate::text as "commissionRate", s.amount_due::text as "amountDue",
  -- The ISO form Date.toISOString gives (milliseconds, UTC), whatever the driver.
  to_char(s.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "paidAt"`;

/** Σ non-reversed payouts and Σ adjustments of the statement with id `id`, as numerics. */
export const paidSum = (id: SQL) => sql`coalesce((select sum(p.amount) from ${payouts} p
  where p.statement_id = ${id} and p.reversed_at is null), 0)`;
export const adjustmentsSum = (id: SQL) => sql`coalesce((select sum(a.amount) from ${paymentAdjustments} a
  where a.statement_id = ${id}), 0)`;
/** The statement s's ledger sums as text. */
const ledgerColumns = sql`round(${paidSum(sql`s.id`)}, 2)::text as paid,
  round(${adjustmentsSum(sql`s.id`)}, 2)::text as adjustments`;

/**
 * Whether a stored statement holds the fresh figures, compared as the columns store them: money in
 * cents, the rate in hundredths, the ROI (4 decimals in both) as a number. Fresh figures never have
 * more decimals than their column, so nothing here rounds.
 */
export function sameStatement(
  stored: Pick<
    StoredStatement,
    "model" | "totalSpent" | "totalRevenue" | "totalProfit" | "amountDue" | "commissionRate" | "roiAchieved"
  >,
  fresh: ReturnType<typeof computeStatement>,
) {
  return (
    stored.model === fresh.modelType &&
    toCents(stored.totalSpent) === toCents(fresh.totalSpent) &&
    toCents(stored.totalRevenue) === toCents(fresh.totalRevenue) &&
    toCents(stored.totalProfit) === toCents(fresh.totalProfit) &&
    toCents(stored.amountDue) === toCents(fresh.amountDue) &&
    toBasisPoints(stored.commissionRate) === toBasisPoints(fresh.commissionRate) &&
    toRatioUnits(stored.roiAchieved) === toRatioUnits(fresh.roiAchieved)
  );
}

/**
 * Writes the given fresh statements in one statement: new ones appear as pending, pending ones are
 * refreshed, others stay frozen; answers how many rows it wrote. A statement that already holds
 * these figures (another load wrote them first) is not written again, so two people opening the
 * month do not wait on each other's row locks (issue 9: when every load rewrote every statement,
 * concurrent loads queued on them). PostgreSQL compares after casting to the columns' types. Rows go in user
 * order, so two loads lock them in the same order.
 */
export async function refreshStatements(
  db: DbOrTx,
  period: { from: string; to: string },
  fresh: FreshStatement[],
): Promise<number> {
  const values = JSON.stringify(
    fresh.map((row) => ({
      user_id: row.userId,
      model_type: row.modelType,
      total_spent: row.totalSpent,
      total_revenue: row.totalRevenue,
      total_profit: row.totalProfit,
      roi_achieved: row.roiAchieved,
      commission_rate: row.commissionRate,
      amount_due: row.amountDue,
    })),
  );
  const rows = await selectRows<{ userId: string }>(
    db,
    sql`
    insert into ${paymentStatements} as s (user_id, period_start, period_end, model_type, total_spent,
      total_revenue, total_profit, roi_achieved, commission_rate, amount_due)
    select f.user_id, ${period.from}::date, ${period.to}::date, f.model_type, f.total_spent, f.total_revenue,
           f.total_profit, f.roi_achieved, f.commission_rate, f.amount_due
    from (select f.user_id, f.model_type, f.total_spent::numeric as total_spent,
                 f.total_revenue::numeric as total_revenue, f.total_profit::numeric as total_profit,
                 f.roi_achieved::numeric as roi_achieved, f.commission_rate::numeric(5,2) as commission_rate,
                 f.amount_due::numeric as amount_due
          from jsonb_to_recordset(${values}::jsonb) as f(user_id text, model_type text, total_spent text,
            total_revenue text, total_profit text, roi_achieved text, commission_rate text, amount_due text)) f
    left join ${paymentStatements} c on c.user_id = f.user_id and c.period_start = ${period.from}::date
    where c.id is null
       or (c.status = 'pending'
           and (c.model_type, c.total_spent, c.total_revenue, c.total_profit, c.roi_achieved, c.commission_rate,
                c.amount_due)
               is distinct from (f.model_type, f.total_spent, f.total_revenue, f.total_profit, f.roi_achieved,
                                 f.commission_rate, f.amount_due))
    order by f.user_id
    on conflict (user_id, period_start) do update set
      model_type = excluded.model_type, total_spent = excluded.total_spent,
      total_revenue = excluded.total_revenue, total_profit = excluded.total_profit,
      roi_achieved = excluded.roi_achieved, commission_rate = excluded.commission_rate,
      amount_due = excluded.amount_due, updated_at = now()
    where s.status = 'pending'
    returning s.user_id as "userId"`,
  );
  return rows.length;
}

function toCard(row: StoredCard): PaymentCard {
  const state = {
    status: row.status,
    amountDue: row.amountDue,
    adjustments: row.adjustments,
    payouts: [{ id: "sum", amount: row.paid, reversed: false }],
  };
  return {
    statementId: row.statementId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    model: row.model,
    status: row.status,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    totalSpent: row.totalSpent,
    totalRevenue: row.totalRevenue,
    totalProfit: row.totalProfit,
    roi: ratioText(row.roiAchieved),
    commissionRate: twoPlaces(row.commissionRate),
    amountDue: row.amountDue,
    adjustments: row.adjustments,
    paid: row.paid,
    pending: pendingAmount(state),
    overpaid: overpaidAmount(state),
    paidAt: row.paidAt,
  };
}

/** One statement's card. */
export async function readCard(db: DbOrTx, statementId: string): Promise<PaymentCard | null> {
  const [row] = await selectRows<StoredCard>(
    db,
    sql`select s.user_id as "userId", u.name, u.email, ${storedStatementColumns}, ${ledgerColumns}
        from ${paymentStatements} s join ${users} u on u.id = s.user_id
        where s.id = ${statementId}`,
  );
  return row ? toCard(row) : null;
}

/** A buyer's statements, newest month first, as cards. */
export async function readUserCards(
  db: DbOrTx,
  userId: string,
  periodStart?: string,
): Promise<PaymentCard[]> {
  const rows = await selectRows<StoredCard>(
    db,
    sql`select s.user_id as "userId", u.name, u.email, ${storedStatementColumns}, ${ledgerColumns}
        from ${paymentStatements} s join ${users} u on u.id = s.user_id
        where s.user_id = ${userId} ${periodStart ? sql`and s.period_start = ${periodStart}::date` : sql``}
        order by s.period_start desc`,
  );
  return rows.map(toCard);
}

/** A row of the month's query: the buyer, their month, settings, statement, lead, payee and totals. */
type MonthRow = SettingsRow &
  Ledger & {
    userId: string;
    name: string;
    email: string;
    /** the month's campaign sums now */
    spent: string;
    revenue: string;
    teamLeadId: string | null;
    teamLeadName: string | null;
    payeeMethod: "pix" | "bank" | "usdt" | null;
    payeeUpdatedAt: string | null;
    payeeChangedRecently: boolean | null;
    /** the previous month's statement, and what it has overpaid (> 0: to carry into this month) */
    previousStatementId: string | null;
    previousOverpaid: string | null;
    matches: boolean;
    tCount: number | string;
    tSpent: string;
    tRevenue: string;
    tProfit: string;
    tDue: string;
    tAdjustments: string;
    tPaid: string;
    tPending: string;
  } & { [K in keyof StoredStatement]: StoredStatement[K] | null };

export type MonthFilters = {
  status?: PaymentsQuery["status"];
  /** a team lead's id, or "none" for buyers without a lead */
  teamLeadId?: string | undefined;
  pendingOnly?: boolean | undefined;
};

/**
 * Every buyer who has or should have a statement this month, in one query: buyers who could have
 * worked the month (created before it ended and not deactivated before it began, in the workspace
 * time zone), buyers with campaigns in it, and buyers who already have its statement. Each row has
 * the month's spend and revenue (the month × buyer × team lead totals hold a whole month exactly,
 * docs/decisions/0042), the settings in effect for the month, the stored statement with its ledger,
 * the team lead, the payee summary, the previous month's overpayment, whether the filters keep the
 * row, and the filtered rows' totals (the same on every row).
 */
async function readMonthRows(
  db: DbOrTx,
  { month, timeZone, filters }: { month: string; timeZone: string; filters: MonthFilters },
): Promise<MonthRow[]> {
  const { from } = monthRange(month);
  const nextStart = addMonths(from, 1);
  const previousStart = addMonths(from, -1);
  const conditions: SQL[] = [sql`m."statementId" is not null`];
  if (filters.status) conditions.push(sql`m.status = ${filters.status}`);
  if (filters.teamLeadId === "none") conditions.push(sql`m."teamLeadId" is null`);
  else if (filters.teamLeadId) conditions.push(sql`m."teamLeadId" = ${filters.teamLeadId}`);
  if (filters.pendingOnly) conditions.push(sql`m.pending_n > 0`);
  const query = sql`
    with months as (
      select id from ${paymentStatements} where period_start in (${from}::date, ${previousStart}::date)
    ), paid as materialized (
      -- Each statement's sums once, grouped, for both months (a correlated sum per statement and
      -- month was most of the query).
      select statement_id, sum(amount) as paid from ${payouts}
      where reversed_at is null and statement_id in (select id from months) group by statement_id
    ), adjusted as materialized (
      select statement_id, sum(amount) as adjustments from ${paymentAdjustments}
      where statement_id in (select id from months) group by statement_id
    ), b as (
      select u.id as "userId", u.name, u.email, u.manager_id as "teamLeadId",
             round(coalesce(t.spent, 0), 2)::text as spent,
             round(coalesce(t.revenue, 0), 2)::text as revenue,
             ${settingsColumns}, ${storedStatementColumns},
             s.total_spent, s.total_revenue, s.total_profit, s.amount_due,
             coalesce(sp.paid, 0) as paid_n, coalesce(sa.adjustments, 0) as adjustments_n,
             lead.name as "teamLeadName", pd.method as "payeeMethod",
             to_char(pd.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "payeeUpdatedAt",
             pd.updated_at > now() - make_interval(days => ${recentPayeeChangeDays}) as "payeeChangedRecently",
             ps.id as "previousStatementId",
             round(case when ps.id is not null and ps.status <> 'cancelled' then
               greatest(coalesce(pp.paid, 0) - ps.amount_due - coalesce(pa.adjustments, 0), 0)
             end, 2)::text as "previousOverpaid"
      from ${users} u
      left join (select creator_id, sum(spent) as spent, sum(revenue) as revenue
                 from ${campaignTotals}
                 where grain = ${grainSql("monthTeam")} and period = ${from}::date
                 group by creator_id) t on t.creator_id = u.id
      -- The settings in effect for the month, for every buyer at once (a lateral lookup per buyer
      -- cost more than the rest of the query).
      left join (select distinct on (user_id) * from ${commissionSettings}
                 where effective_from <= ${from}::date
                 order by user_id, effective_from desc) cs on cs.user_id = u.id
      left join ${paymentStatements} s on s.user_id = u.id and s.period_start = ${from}::date
      left join ${paymentStatements} ps on ps.user_id = u.id and ps.period_start = ${previousStart}::date
      left join paid sp on sp.statement_id = s.id
      left join adjusted sa on sa.statement_id = s.id
      left join paid pp on pp.statement_id = ps.id
      left join adjusted pa on pa.statement_id = ps.id
      left join ${users} lead on lead.id = u.manager_id
      left join ${payeeDetails} pd on pd.user_id = u.id
      where u.role in (${sql.join(
        rolesWith("commission:earn").map((role) => sql`${role}`),
        sql`, `,
      )})
        and (s.id is not null or t.creator_id is not null
             or (u.created_at < (${nextStart}::date)::timestamp at time zone ${timeZone}
                 and (u.deactivated_at is null
                      or u.deactivated_at >= (${from}::date)::timestamp at time zone ${timeZone})))
    ), m as (
      select b.*, case when b.status is null or b.status = 'paid' then 0
                       else greatest(b.amount_due + b.adjustments_n - b.paid_n, 0) end as pending_n
      from b
    ), k as (
      select m.*, (${sql.join(conditions, sql` and `)}) as matches from m
    ), t as materialized (
      -- Once, not once per row: the filtered rows' totals.
      select count(*)::int as "tCount",
             round(coalesce(sum(total_spent), 0), 2)::text as "tSpent",
             round(coalesce(sum(total_revenue), 0), 2)::text as "tRevenue",
             round(coalesce(sum(total_profit), 0), 2)::text as "tProfit",
             round(coalesce(sum(amount_due), 0), 2)::text as "tDue",
             round(coalesce(sum(adjustments_n), 0), 2)::text as "tAdjustments",
             round(coalesce(sum(paid_n), 0), 2)::text as "tPaid",
             round(coalesce(sum(pending_n), 0), 2)::text as "tPending"
      from k where matches
    )
    select k."userId", k.name, k.email, k.spent, k.revenue, k."settingsFrom", k."modelType",
           k."baseCommissionRate", k."highRoiCommissionRate", k."roiThreshold", k."tieredRoiThreshold",
           k."minimumMonthlyRevenue", k."revenueTiers", k."statementId", k.status, k.model,
           k."periodStart", k."periodEnd", k."totalSpent", k."totalRevenue", k."totalProfit",
           k."roiAchieved", k."commissionRate", k."amountDue", k."paidAt",
           round(k.paid_n, 2)::text as paid, round(k.adjustments_n, 2)::text as adjustments,
           k."teamLeadId", k."teamLeadName", k."payeeMethod", k."payeeUpdatedAt", k."payeeChangedRecently",
           k."previousStatementId", k."previousOverpaid", k.matches, t.*
    from k cross join t`;
  // The month's wide row is cast column by column in SQL above and read field by field below.
  return readOrderedRows(db, query, sql`name, "userId"`, asRow<MonthRow>);
}

function toPaymentRow(row: MonthRow & StoredStatement): PaymentRow {
  const settings = toSettings(settingsOf(row));
  const explanation = explainCommission(settings, {
    revenue: row.totalRevenue,
    profit: row.totalProfit,
    spent: row.totalSpent,
  }) as PaymentRow["explanation"];
  explanation.settingsEffectiveFrom = effectiveMonthOf(row.settingsFrom);
  // Properties added to the card rather than spread into a new object: spreading 200 cards was
  // most of the month's JavaScript time.
  const card = toCard(row) as PaymentRow;
  card.teamLead = row.teamLeadId ? { id: row.teamLeadId, name: row.teamLeadName ?? "" } : null;
  card.payee =
    row.payeeMethod && row.payeeUpdatedAt
      ? {
          method: row.payeeMethod,
          updatedAt: row.payeeUpdatedAt,
          changedRecently: row.payeeChangedRecently === true,
        }
      : null;
  card.explanation = explanation;
  return card;
}

function totalsOf(row: MonthRow | undefined): PaymentTotals {
  if (!row) {
    return {
      count: 0,
      totalSpent: "0.00",
      totalRevenue: "0.00",
      totalProfit: "0.00",
      roi: "0.0000",
      amountDue: "0.00",
      adjustments: "0.00",
      paid: "0.00",
      pending: "0.00",
    };
  }
  return {
    count: Number(row.tCount),
    totalSpent: row.tSpent,
    totalRevenue: row.tRevenue,
    totalProfit: row.tProfit,
    // A ratio of the sums, never an average of the rows' ROIs.
    roi: computeProfit({ spent: row.tSpent, revenue: row.tRevenue }).roi,
    amountDue: row.tDue,
    adjustments: row.tAdjustments,
    paid: row.tPaid,
    pending: row.tPending,
  };
}

/** What a load must do before it answers: statements to write and overpayments to carry in. */
export type MonthWork = { stale: FreshStatement[]; carries: string[] };

/**
 * Reads the month and works out what is stale: statements missing or pending with figures that
 * moved (recomputed with the settings in effect for the month), and previous months' overpayments
 * to carry into this month's statements (existing or about to be created, not cancelled).
 */
export async function readMonth(
  db: DbOrTx,
  input: { month: string; timeZone: string; filters: MonthFilters },
): Promise<{ rows: MonthRow[]; work: MonthWork }> {
  const rows = await readMonthRows(db, input);
  const work: MonthWork = { stale: [], carries: [] };
  for (const row of rows) {
    if (row.previousOverpaid !== null && row.status !== "cancelled" && toCents(row.previousOverpaid) > 0n)
      work.carries.push(row.previousStatementId!);
    if (row.statementId !== null && row.status !== "pending") continue;
    const fresh = computeStatement(toSettings(settingsOf(row)), { spent: row.spent, revenue: row.revenue });
    if (row.statementId === null || !sameStatement(row as StoredStatement, fresh))
      work.stale.push({ userId: row.userId, ...fresh });
  }
  return { rows, work };
}

/** The month's rows the filters keep, and their totals, from a read with nothing left to write. */
export function answerMonth(rows: MonthRow[]): { items: PaymentRow[]; totals: PaymentTotals } {
  const kept = rows.filter((row) => row.matches && row.statementId !== null) as (MonthRow &
    StoredStatement)[];
  return { items: kept.map(toPaymentRow), totals: totalsOf(rows[0]) };
}
