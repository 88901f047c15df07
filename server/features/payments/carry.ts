import { and, eq, sql } from "drizzle-orm";
import { planCarry, type StatementState } from "../../../domain/payments";
import { addMonths, monthOf } from "../../../domain/periods";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Tx } from "../../db/client";
import { paymentAdjustments, paymentStatements, paymentStatusChanges, payouts } from "../../db/schema";
import { selectRows } from "../../read/rows";

// Carried overpayments (decisions.md, "Month close and the payout ledger"; docs/decisions/0061).
// When a statement has more paid than it owes (a clawback after the payouts), the excess moves to
// the buyer's next month as a pair of adjustments: carry_out (+X) on the origin, carry_in (−X) on
// the next month's statement, each linked to the other. Statements are locked in month order (the
// earlier first), as every multi-statement lock in this feature is, so no two transactions wait on
// each other in a cycle; the overpayment is read again under the locks, so a second carry of the
// same overpayment (a parallel load) finds nothing left to carry.

type Locked = typeof paymentStatements.$inferSelect;

async function lockStatement(tx: Tx, where: { id: string } | { userId: string; periodStart: string }) {
  const [row] = await tx
    .select()
    .from(paymentStatements)
    .where(
      "id" in where
        ? eq(paymentStatements.id, where.id)
        : and(
            eq(paymentStatements.userId, where.userId),
            eq(paymentStatements.periodStart, where.periodStart),
          ),
    )
    .for("update");
  return row ?? null;
}

/** A locked statement's ledger as the pure rules read it. */
export async function readLedgerState(tx: Tx, statement: Locked): Promise<StatementState> {
  const [sums] = await selectRows<{ paid: string; adjustments: string }>(
    tx,
    sql`select round(coalesce((select sum(amount) from ${payouts} where statement_id = ${statement.id}
                           and reversed_at is null), 0), 2)::text as paid,
               round(coalesce((select sum(amount) from ${paymentAdjustments}
                         where statement_id = ${statement.id}), 0), 2)::text as adjustments`,
  );
  return {
    status: statement.status,
    amountDue: statement.amountDue,
    adjustments: sums!.adjustments,
    payouts: [{ id: "sum", amount: sums!.paid, reversed: false }],
  };
}

/**
 * Carries the statement's overpayment, if any, into the buyer's next month's statement, if it exists
 * and neither is cancelled; then that month's own overpayment into the month after, and so on.
 * Runs inside the caller's transaction (which may already hold the origin's lock). Answers how many
 * pairs it wrote.
 */
export async function carryOverpayment(tx: Tx, actor: Actor, originId: string): Promise<number> {
  let carried = 0;
  let origin = await lockStatement(tx, { id: originId });
  while (origin) {
    const next = await lockStatement(tx, {
      userId: origin.userId,
      periodStart: addMonths(origin.periodStart, 1),
    });
    if (!next) break;
    const plan = planCarry(await readLedgerState(tx, origin), await readLedgerState(tx, next));
    if (!plan) break;
    const fromMonth = monthOf(origin.periodStart);
    const toMonth = monthOf(next.periodStart);
    await tx.insert(paymentAdjustments).values([
      {
        statementId: origin.id,
        amount: plan.amount,
        reason: `Overpayment carried to ${toMonth}`,
        kind: "carry_out",
        linkedStatementId: next.id,
        createdBy: actor.id,
      },
      {
        statementId: next.id,
        amount: `-${plan.amount}`,
        reason: `Overpayment carried from ${fromMonth}`,
        kind: "carry_in",
        linkedStatementId: origin.id,
        createdBy: actor.id,
      },
    ]);
    await tx.insert(paymentStatusChanges).values(
      [origin, next].map((statement) => ({
        statementId: statement.id,
        action: "carry",
        previousStatus: statement.status,
        newStatus: statement.status,
        changedBy: actor.id,
        note: statement === origin ? `→ ${toMonth}: ${plan.amount}` : `← ${fromMonth}: -${plan.amount}`,
      })),
    );
    await recordAuditEvent(tx, {
      action: "payment.overpayment_carried",
      ...auditSourceOf(actor),
      target: { type: "statement", id: origin.id },
      subjectUserId: origin.userId,
      details: { amount: plan.amount, from: fromMonth, to: toMonth, toStatementId: next.id },
    });
    carried += 1;
    origin = next;
  }
  return carried;
}
