import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentStatements } from "../../db/schema";
import { AppError, type FieldErrors } from "../../errors";

// A statement in processing, paid or cancelled closes its buyer's month: no campaign dated in it is
// created, changed or deleted until the statement is reopened to pending (decisions.md, "Month close
// and the payout ledger"; docs/decisions/0062). Read straight from payment_statements: this feature
// does not depend on the payments service.

/** Statement statuses that close the buyer's month. */
export const closingStatuses = ["processing", "paid", "cancelled"] as const;

/** "2026-11-17" → "2026-11-01": the period_start of the statement covering that day. */
export function monthStartOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

const englishMonth = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11-01" → "November 2026" (the message is English, for logs and tools). */
function nameMonth(periodStart: string): string {
  return englishMonth.format(new Date(`${periodStart}T00:00:00Z`));
}

/** 409 month_closed naming the months (and, when given, the fields or rows in them). */
export function monthClosed(periodStarts: readonly string[], fields?: FieldErrors): AppError {
  const months = [...new Set(periodStarts)].sort().map(nameMonth);
  const message =
    months.length === 1
      ? `${months[0]} is closed for payment: ask finance to reopen the month.`
      : `${months.join(", ")} are closed for payment: ask finance to reopen them.`;
  return new AppError("conflict", message, fields, "month_closed");
}

/**
 * A condition for a single-statement write (INSERT … SELECT … WHERE, UPDATE or DELETE … WHERE): true
 * when none of the creator's statements for `months` closes its month. Every statement row of those
 * months is read FOR SHARE as the write's WHERE is evaluated, before the row is written, whatever its
 * status: the status is tested only after the lock (the count's FILTER is not pushed into the locked
 * subquery), so a statement being moved to processing is waited for and then read as it committed.
 * `creatorId` and `months` may refer to the row being written (campaigns.creator_id,
 * date_trunc('month', campaigns.date)): PostgreSQL evaluates them again on the newest version of a row
 * that changed under the statement.
 */
export function monthsOpen(creatorId: SQL | string, months: (SQL | string)[]): SQL {
  const creator = typeof creatorId === "string" ? sql`${creatorId}` : creatorId;
  const periods = sql.join(
    months.map((month) => (typeof month === "string" ? sql`${month}::date` : month)),
    sql`, `,
  );
  return sql`(select count(*) filter (where locked.status in (${sql.join(
    closingStatuses.map((status) => sql`${status}`),
    sql`, `,
  )})) from (select ${paymentStatements.status} as status from ${paymentStatements}
      where ${paymentStatements.userId} = ${creator} and ${paymentStatements.periodStart} in (${periods})
      for share) as locked) = 0`;
}

/**
 * The closed months among `dates` for `creatorId` (their period_start, sorted), read with FOR SHARE.
 *
 * For writes of several statements (a batch, an import, a user's deletion): call it inside the
 * write's transaction, before writing. Every statement of those months is locked
 * whatever its status, so a concurrent process, confirm or cancel (SELECT … FOR UPDATE, or a plain
 * UPDATE of the status) waits until this write commits and then sees its rows; and a write that comes
 * after them waits for their commit and reads the new status. FOR KEY SHARE would not do: a plain
 * UPDATE of a non-key column (the status) takes FOR NO KEY UPDATE, which does not conflict with it.
 * A month without a statement is open.
 */
export async function findClosedMonths(
  tx: DbOrTx,
  { creatorId, dates }: { creatorId: string; dates: readonly string[] },
): Promise<string[]> {
  const months = [...new Set(dates.map(monthStartOf))].sort();
  if (months.length === 0) return [];
  const rows = await tx
    .select({ periodStart: paymentStatements.periodStart, status: paymentStatements.status })
    .from(paymentStatements)
    .where(and(eq(paymentStatements.userId, creatorId), inArray(paymentStatements.periodStart, months)))
    // Key order: writers of several months lock them in the same order.
    .orderBy(paymentStatements.periodStart)
    .for("share");
  return rows
    .filter((row) => (closingStatuses as readonly string[]).includes(row.status))
    .map((row) => row.periodStart)
    .sort();
}

/**
 * Throws 409 month_closed when any of `dates` falls in a closed month of `creatorId`; otherwise the
 * months stay locked (FOR SHARE) until the caller's transaction ends. `fieldOf` names the field or
 * row of each refused date in the answer.
 */
export async function assertMonthsOpen(
  tx: DbOrTx,
  {
    creatorId,
    dates,
    fieldOf,
  }: {
    creatorId: string;
    dates: readonly string[];
    fieldOf?: (date: string, index: number) => string | null;
  },
): Promise<void> {
  const closed = await findClosedMonths(tx, { creatorId, dates });
  if (closed.length === 0) return;
  let fields: FieldErrors | undefined;
  if (fieldOf) {
    fields = {};
    dates.forEach((date, index) => {
      if (!closed.includes(monthStartOf(date))) return;
      const field = fieldOf(date, index);
      if (field) fields![field] = "month_closed";
    });
    if (Object.keys(fields).length === 0) fields = undefined;
  }
  throw monthClosed(closed, fields);
}
