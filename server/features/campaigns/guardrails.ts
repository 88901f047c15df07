import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  funnelWarnings,
  guardrailColumns,
  isFutureDate,
  medianFactor,
  medianMinDays,
  medianWindowDays,
  warningFields,
} from "../../../domain/guardrails";
import { checkDayFigures, maxMoneyCents } from "../../../domain/metrics";
import { fromCents, toCents } from "../../../domain/money";
import { todayIn } from "../../../domain/periods";
import type { CampaignPatch } from "../../../domain/schemas/campaigns";
import {
  type GuardrailField,
  type GuardrailWarning,
  guardrailFields,
  needsConfirmationCode,
} from "../../../domain/schemas/guardrails";
import type { DbOrTx } from "../../db/client";
import { campaigns, offers } from "../../db/schema";
import { AppError } from "../../errors";
import { readRows, text } from "../../read/rows";

// Guardrails on every write path of a day's figures (issue 26, docs/decisions/0084): the form,
// PATCH, the batch API (and the day grid on it) and the import call these at their start. Postbacks
// are exempt. The pure rules are in domain/guardrails.ts; the median is computed here, in SQL, over
// the buyer's previous logged days for the offer, exactly (numeric, never a float).

/** One day as it will be stored: money as decimal strings, revenue already computed. */
export type GuardrailDay = {
  date: string;
  offerId: string;
  spent: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  depositPayment: string;
};

/** 400 future_date: `fields` names each refused date (date, rows.<i>.date). */
export const futureDate = (fields: Record<string, string>) =>
  new AppError("validation_failed", "A day after today cannot be logged.", fields, "future_date");

/** Refuses dates after today in the workspace time zone; `entries` are [field key, date]. */
export function refuseFutureDates(
  entries: readonly (readonly [string, string])[],
  timeZone: string,
  now: Date = new Date(),
): void {
  const today = todayIn(timeZone, now);
  const fields: Record<string, string> = {};
  for (const [key, date] of entries) if (isFutureDate(date, today)) fields[key] = "future_date";
  if (Object.keys(fields).length > 0) throw futureDate(fields);
}

/** The SQL test for a date after today in the workspace time zone (import rows). */
export function futureDateSql(date: SQL, timeZone: string, now: Date = new Date()): SQL {
  return sql`${date} > ${todayIn(timeZone, now)}::date`;
}

/** 422 needs_confirmation with the warnings, unless there are none or the caller acknowledged them. */
export function assertConfirmed(
  warnings: readonly GuardrailWarning[],
  acknowledged: boolean | undefined,
  keyOf?: (warning: GuardrailWarning) => string,
): void {
  if (warnings.length === 0 || acknowledged === true) return;
  const error = new AppError(
    "unprocessable",
    "Some figures look wrong; confirm them to save (acknowledgeWarnings: true).",
    warningFields(warnings, keyOf),
    needsConfirmationCode,
  );
  error.warnings = [...warnings];
  throw error;
}

/**
 * The above_median warnings of `source`, a query with the columns i (the row's number, reported as
 * `row`), date, offer_id, spent, clicks, installations, registrations, deposits and deposit_payment:
 * a value above 10× the median of the creator's previous 30 logged days for that offer (at least 5
 * such days, median > 0). The median of an even count is the mean of the two middle values; numeric
 * throughout, so the comparison is exact. One lateral aggregate per row, over ≤ 30 rows read on the
 * unique index (creator, offer, date).
 */
export async function findMedianWarnings(
  db: DbOrTx,
  creatorId: string,
  source: SQL,
): Promise<GuardrailWarning[]> {
  const history = sql.raw(guardrailFields.map((field) => `h.${guardrailColumns[field]}`).join(", "));
  // The median of each field: the mean of the lower and the upper middle value (the same value when
  // the count is odd). percentile_disc returns one of the values, in their own type (numeric, exact);
  // ordered-set aggregates over at most 30 rows, no window or sort per field beyond them.
  const medians = sql.raw(
    guardrailFields
      .map((field) => {
        const column = `h.${guardrailColumns[field]}`;
        return `(percentile_disc(0.5) within group (order by ${column}) + percentile_disc(0.5) within group (order by ${column} desc))::numeric / 2 as ${guardrailColumns[field]}`;
      })
      .join(", "),
  );
  const pairs = sql.raw(
    guardrailFields
      .map((field) => `('${field}', s.${guardrailColumns[field]}::numeric, m.${guardrailColumns[field]})`)
      .join(", "),
  );
  const rows = await readRows(
    db,
    sql`
    with s as (${source})
    select s.i::int as i, v.field, v.value::text as value, trim_scale(v.median)::text as median,
      trim_scale(v.median * ${medianFactor})::text as "limit"
    from s
    cross join lateral (
      select count(*) as n, ${medians}
      from (
        select ${history} from campaigns h
        where h.creator_id = ${creatorId} and h.offer_id = s.offer_id and h.date < s.date
        order by h.date desc limit ${medianWindowDays}
      ) h
    ) m
    cross join lateral (values ${pairs}) as v(field, value, median)
    where m.n >= ${medianMinDays} and v.median > 0 and v.value > v.median * ${medianFactor}`,
    (row) => ({
      i: Number(row.i),
      field: text(row, "field") as GuardrailField,
      value: text(row, "value"),
      median: text(row, "median"),
      limit: text(row, "limit"),
    }),
  );
  return rows.map(({ i, ...rest }) => ({ row: i, ...rest, code: "above_median" as const }));
}

/** The days as a SQL source for findMedianWarnings (row i = the index in `days`). */
function daysSource(days: readonly GuardrailDay[]): SQL {
  const records = days.map((day, i) => ({
    i,
    date: day.date,
    offer_id: day.offerId,
    spent: day.spent,
    clicks: day.clicks,
    installations: day.installations,
    registrations: day.registrations,
    deposits: day.deposits,
    deposit_payment: day.depositPayment,
  }));
  return sql`select * from json_to_recordset(${JSON.stringify(records)}::json) as r(i integer, date date,
    offer_id uuid, spent numeric(14,2), clicks integer, installations integer, registrations integer,
    deposits integer, deposit_payment numeric(14,2))`;
}

const fieldOrder = (field: GuardrailField) => guardrailFields.indexOf(field);

/** Every warning of `days` (funnel and median), by row then field; `row` is the index in `days`. */
export async function findGuardrailWarnings(
  db: DbOrTx,
  creatorId: string,
  days: readonly GuardrailDay[],
): Promise<GuardrailWarning[]> {
  if (days.length === 0) return [];
  const warnings = [
    ...days.flatMap((day, i) => funnelWarnings(day, i)),
    ...(await findMedianWarnings(db, creatorId, daysSource(days))),
  ];
  return warnings.sort((a, b) => a.row! - b.row! || fieldOrder(a.field) - fieldOrder(b.field));
}

/** One entry (the form, PATCH): its warnings without a row number. */
export async function findEntryWarnings(
  db: DbOrTx,
  creatorId: string,
  day: GuardrailDay,
): Promise<GuardrailWarning[]> {
  return (await findGuardrailWarnings(db, creatorId, [day])).map(({ row: _row, ...warning }) => warning);
}

/**
 * PATCH: the campaign as the edit would leave it (its creator and day), when the actor may read it;
 * null otherwise (the update itself answers 404 or 403). Revenue follows decision 0069, as
 * recomputedDepositPayment in campaigns.service does it in SQL.
 */
export async function editedDay(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
  patch: CampaignPatch,
): Promise<{ creatorId: string; day: GuardrailDay } | null> {
  const currentOffer = sql`(select ${offers.payoutPerDeposit} from ${offers} where ${offers.id} = ${campaigns.offerId})`;
  const [current] = await db
    .select({
      creatorId: campaigns.creatorId,
      date: campaigns.date,
      offerId: campaigns.offerId,
      spent: campaigns.spent,
      clicks: campaigns.clicks,
      installations: campaigns.installations,
      registrations: campaigns.registrations,
      deposits: campaigns.deposits,
      depositPayment: campaigns.depositPayment,
      payout: sql<string | null>`${currentOffer}::text`,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), scope));
  if (!current) return null;
  const offerId = patch.offerId ?? current.offerId;
  if (offerId === null) return null;
  let payout = current.payout;
  if (patch.offerId !== undefined && patch.offerId !== current.offerId) {
    const [offer] = await db
      .select({ payout: offers.payoutPerDeposit })
      .from(offers)
      .where(eq(offers.id, patch.offerId));
    payout = offer?.payout ?? null;
  }
  const deposits = patch.deposits ?? current.deposits;
  const computed = (p: string | null, d: number) => (p === null ? null : fromCents(BigInt(d) * toCents(p)));
  const changed =
    (patch.offerId !== undefined && patch.offerId !== current.offerId) ||
    (patch.deposits !== undefined && patch.deposits !== current.deposits);
  const wasComputed = computed(current.payout, current.deposits) === current.depositPayment;
  const depositPayment =
    patch.depositPayment ??
    (patch.recomputeRevenue === true || (patch.recomputeRevenue === undefined && changed && wasComputed)
      ? (computed(payout, deposits) ?? current.depositPayment)
      : current.depositPayment);
  return {
    creatorId: current.creatorId,
    day: {
      date: patch.date ?? current.date,
      offerId,
      spent: patch.spent ?? current.spent,
      clicks: patch.clicks ?? current.clicks,
      installations: patch.installations ?? current.installations,
      registrations: patch.registrations ?? current.registrations,
      deposits,
      depositPayment,
    },
  };
}

/**
 * The form's create: 400 future_date, then 422 needs_confirmation unless acknowledged. Revenue is
 * what the row will store (entered, or deposits × the offer's payout); an offer the actor may not
 * use or figures too large are left to the write, which refuses them.
 */
export async function checkNewEntry(
  db: DbOrTx,
  {
    creatorId,
    input,
    timeZone,
    acknowledged,
  }: {
    creatorId: string;
    input: Omit<GuardrailDay, "depositPayment"> & { depositPayment?: string | undefined };
    timeZone: string;
    acknowledged: boolean | undefined;
  },
): Promise<void> {
  refuseFutureDates([["date", input.date]], timeZone);
  if (acknowledged === true) return;
  let depositPayment = input.depositPayment;
  if (depositPayment === undefined) {
    const [offer] = await db
      .select({ payout: offers.payoutPerDeposit })
      .from(offers)
      .where(eq(offers.id, input.offerId));
    if (!offer) return;
    const figures = checkDayFigures({ ...input, payoutPerDeposit: offer.payout });
    if ("problem" in figures) return;
    depositPayment = figures.revenue;
  }
  assertConfirmed(await findEntryWarnings(db, creatorId, { ...input, depositPayment }), acknowledged);
}

/** PATCH: a new date after today is refused; the edited row's warnings need confirming. */
export async function checkEdit(
  db: DbOrTx,
  {
    id,
    scope,
    patch,
    timeZone,
    acknowledged,
  }: {
    id: string;
    scope: SQL | undefined;
    patch: CampaignPatch;
    timeZone: string;
    acknowledged: boolean | undefined;
  },
): Promise<void> {
  if (patch.date !== undefined) refuseFutureDates([["date", patch.date]], timeZone);
  if (acknowledged === true || !changesFigures(patch)) return;
  const edited = await editedDay(db, id, scope, patch);
  if (!edited) return;
  // Revenue that would not fit numeric(14,2): the UPDATE answers 400 too_large naming deposits.
  if (toCents(edited.day.depositPayment) > maxMoneyCents) return;
  assertConfirmed(await findEntryWarnings(db, edited.creatorId, edited.day), acknowledged);
}

/** Whether an edit touches what the guardrails look at (the figures, the day or the offer). */
function changesFigures(patch: CampaignPatch): boolean {
  return (
    patch.date !== undefined ||
    patch.offerId !== undefined ||
    patch.recomputeRevenue === true ||
    guardrailFields.some((field) => patch[field] !== undefined)
  );
}

/** The batch (and the day grid): rows.<i>.<field> → the warning code, `row` the index. */
export async function checkBatchDays(
  db: DbOrTx,
  {
    creatorId,
    days,
    acknowledged,
  }: { creatorId: string; days: readonly GuardrailDay[]; acknowledged: boolean | undefined },
): Promise<void> {
  if (acknowledged === true) return;
  assertConfirmed(await findGuardrailWarnings(db, creatorId, days), acknowledged);
}
