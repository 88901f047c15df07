import { fromCents, toCents } from "./money";
import { can } from "./permissions";
import type { Role } from "./roles";

// The statement workflow and its ledger (decisions.md, "Payments", "Month close and the payout
// ledger"; docs/decisions/0061) as pure functions. The server runs them inside a transaction holding
// a row lock on the statement and persists the returned effect.
//
// A statement's ledger: the commission due, adjustments (bonuses +, clawbacks −, carried
// overpayments) and payouts (immutable in amount; reversed, never edited or deleted).
//   balance  = due + Σ adjustments − Σ non-reversed payouts
//   pending  = max(balance, 0), and 0 when paid
//   overpaid = max(−balance, 0): moves to the buyer's next month as a linked pair of adjustments

export type StatementStatus = "pending" | "processing" | "paid" | "cancelled";

export type PayoutState = { id: string; amount: string; reversed: boolean };

export type StatementState = {
  status: StatementStatus;
  amountDue: string;
  /** Σ adjustments ("-30.00", "12.50"); absent means none */
  adjustments?: string;
  payouts: PayoutState[];
  /**
   * false while the statement's month has not ended in the workspace time zone: closing it then
   * (process, confirm, a payout that settles it) needs closeEarly. Absent means the month is over.
   */
  monthOver?: boolean;
};

export type PaymentAction =
  | { type: "process"; closeEarly?: boolean }
  | { type: "reject" }
  | { type: "reopen" }
  | { type: "confirm"; closeEarly?: boolean }
  | { type: "register-payout"; amount: string; closeEarly?: boolean }
  | { type: "reverse-payout"; payoutId: string; reason: string }
  /** a payout's note; its amount never changes */
  | { type: "edit-payout-note"; payoutId: string }
  /** + bonus, − clawback */
  | { type: "adjust"; amount: string; reason: string };

export type RefusalReason =
  | "forbidden"
  | "invalid_transition"
  | "nothing_pending"
  | "amount_not_positive"
  | "amount_zero"
  | "amount_exceeds_pending"
  | "payout_not_found"
  | "payout_reversed"
  | "reason_required"
  | "statement_closed"
  | "month_not_over";

export type PaymentEffect =
  | { type: "create-payout"; amount: string }
  | { type: "reverse-payout"; payoutId: string; reason: string }
  | { type: "edit-payout-note"; payoutId: string }
  | { type: "adjust"; amount: string; reason: string };

export type TransitionResult =
  | {
      ok: true;
      status: StatementStatus;
      /** what to write besides the status, if anything */
      effect: PaymentEffect | null;
      /** "set" when the statement becomes paid now, "clear" when it leaves paid */
      paidAt: "set" | "clear" | "keep";
      /** true when this transition pays the buyer (notify them of the payout's amount) */
      paid: boolean;
      /** true when the month was closed before it ended (closeEarly was needed and given) */
      closedEarly: boolean;
    }
  | { ok: false; reason: RefusalReason };

/** Σ non-reversed payouts, in cents. */
function paidCents(payouts: PayoutState[]): bigint {
  let sum = 0n;
  for (const p of payouts) if (!p.reversed) sum += toCents(p.amount);
  return sum;
}

/** due + Σ adjustments − Σ non-reversed payouts, in cents (negative: overpaid). */
export function balanceCents(state: Pick<StatementState, "amountDue" | "adjustments" | "payouts">): bigint {
  return toCents(state.amountDue) + toCents(state.adjustments ?? "0") - paidCents(state.payouts);
}

/** Pending = due + Σ adjustments − Σ non-reversed payouts, never below 0; 0 when paid. */
export function pendingAmount(state: StatementState): string {
  if (state.status === "paid") return "0.00";
  const balance = balanceCents(state);
  return fromCents(balance > 0n ? balance : 0n);
}

/** Overpaid = Σ non-reversed payouts − (due + Σ adjustments) when above 0, else 0. */
export function overpaidAmount(state: Pick<StatementState, "amountDue" | "adjustments" | "payouts">): string {
  const balance = balanceCents(state);
  return fromCents(balance < 0n ? -balance : 0n);
}

/**
 * The overpayment to carry from a statement into the buyer's next month's statement: the pair is
 * carry_out (+amount) on the origin and carry_in (−amount) on the next one. Nothing to carry when
 * either statement is cancelled (adjustments are refused there) or nothing is overpaid. Neither
 * status changes: the origin's balance becomes 0, the next one's falls by the amount.
 */
export function planCarry(origin: StatementState, next: StatementState): { amount: string } | null {
  if (origin.status === "cancelled" || next.status === "cancelled") return null;
  const balance = balanceCents(origin);
  return balance < 0n ? { amount: fromCents(-balance) } : null;
}

const refuse = (reason: RefusalReason): TransitionResult => ({ ok: false, reason });

const ok = (
  status: StatementStatus,
  effect: PaymentEffect | null,
  paidAt: "set" | "clear" | "keep" = "keep",
  extra: { paid?: boolean; closedEarly?: boolean } = {},
): TransitionResult => ({
  ok: true,
  status,
  effect,
  paidAt,
  paid: extra.paid ?? false,
  closedEarly: extra.closedEarly ?? false,
});

export function applyPaymentAction(
  state: StatementState,
  action: PaymentAction,
  actorRole: Role,
): TransitionResult {
  if (!can(actorRole, "payments:manage")) return refuse("forbidden");
  const pending = toCents(pendingAmount(state));
  const open = state.status === "pending" || state.status === "processing";
  // Closing a month that has not ended needs the caller to say so.
  const early = state.monthOver === false;
  const closeEarly = "closeEarly" in action && action.closeEarly === true;

  switch (action.type) {
    case "process":
      if (state.status !== "pending") return refuse("invalid_transition");
      if (early && !closeEarly) return refuse("month_not_over");
      return ok("processing", null, "keep", { closedEarly: early });

    case "reject":
      if (!open) return refuse("invalid_transition");
      return ok("cancelled", null);

    case "reopen":
      // A paid statement reopens by reversing its payouts, which returns it to pending.
      if (state.status !== "cancelled" && state.status !== "processing") return refuse("invalid_transition");
      return ok("pending", null);

    case "confirm":
      if (state.status === "paid") return refuse("invalid_transition");
      if (state.status === "cancelled") return refuse("statement_closed");
      if (pending <= 0n) return refuse("nothing_pending");
      if (early && !closeEarly) return refuse("month_not_over");
      return ok("paid", { type: "create-payout", amount: fromCents(pending) }, "set", {
        paid: true,
        closedEarly: early,
      });

    case "register-payout": {
      if (state.status === "cancelled") return refuse("statement_closed");
      const amount = toCents(action.amount);
      if (amount <= 0n) return refuse("amount_not_positive");
      if (pending <= 0n) return refuse("nothing_pending");
      if (amount > pending) return refuse("amount_exceeds_pending");
      const settles = amount === pending;
      if (settles && early && !closeEarly) return refuse("month_not_over");
      return settles
        ? ok("paid", { type: "create-payout", amount: fromCents(amount) }, "set", {
            paid: true,
            closedEarly: early,
          })
        : ok(state.status, { type: "create-payout", amount: fromCents(amount) });
    }

    case "reverse-payout": {
      const payout = state.payouts.find((p) => p.id === action.payoutId);
      if (!payout) return refuse("payout_not_found");
      if (payout.reversed) return refuse("payout_reversed");
      if (state.status === "cancelled") return refuse("statement_closed");
      const reason = action.reason.trim();
      if (reason === "") return refuse("reason_required");
      const effect = { type: "reverse-payout", payoutId: payout.id, reason } as const;
      // A paid statement returns to pending (its month reopens); an open one keeps its status.
      return state.status === "paid" ? ok("pending", effect, "clear") : ok(state.status, effect);
    }

    case "edit-payout-note": {
      const payout = state.payouts.find((p) => p.id === action.payoutId);
      if (!payout) return refuse("payout_not_found");
      // A cancelled statement is closed: nothing of it changes until it is reopened.
      if (state.status === "cancelled") return refuse("statement_closed");
      return ok(state.status, { type: "edit-payout-note", payoutId: payout.id });
    }

    case "adjust": {
      if (state.status === "cancelled") return refuse("statement_closed");
      const amount = toCents(action.amount);
      if (amount === 0n) return refuse("amount_zero");
      const reason = action.reason.trim();
      if (reason === "") return refuse("reason_required");
      const effect = { type: "adjust", amount: fromCents(amount), reason } as const;
      const balance = balanceCents(state) + amount;
      // Something is owed again on a paid statement: it goes back to processing (the month stays
      // closed). A clawback on a paid statement leaves it paid, the excess shown as overpaid.
      if (state.status === "paid" && balance > 0n) return ok("processing", effect, "clear");
      return ok(state.status, effect);
    }
  }
}
