import { fromCents, toCents } from "./money";
import { can } from "./permissions";
import type { Role } from "./roles";

// The statement workflow (decisions.md, "Payments") as a pure function. The server runs it inside
// a transaction holding a row lock on the statement and persists the returned effects.

export type StatementStatus = "pending" | "processing" | "paid" | "cancelled";

export type PayoutState = { id: string; amount: string; reversed: boolean };

export type StatementState = {
  status: StatementStatus;
  amountDue: string;
  payouts: PayoutState[];
};

export type PaymentAction =
  | { type: "process" }
  | { type: "reject" }
  | { type: "reopen" }
  | { type: "confirm" }
  | { type: "register-payout"; amount: string }
  | { type: "reverse-payout"; payoutId: string; reason: string }
  | { type: "edit-payout"; payoutId: string; amount: string };

export type RefusalReason =
  | "forbidden"
  | "invalid_transition"
  | "nothing_pending"
  | "amount_not_positive"
  | "amount_negative"
  | "amount_exceeds_pending"
  | "payout_not_found"
  | "payout_reversed"
  | "statement_not_paid"
  | "reason_required"
  | "statement_closed";

export type PayoutEffect =
  | { type: "create"; amount: string }
  | { type: "reverse"; payoutId: string; reason: string }
  | { type: "edit"; payoutId: string; amount: string };

export type TransitionResult =
  | {
      ok: true;
      status: StatementStatus;
      /** the payout to create, reverse or edit, if any */
      payout: PayoutEffect | null;
      /** "set" when the statement becomes paid now, "clear" when it leaves paid */
      paidAt: "set" | "clear" | "keep";
      /** true when this transition pays the buyer (notify them) */
      paid: boolean;
    }
  | { ok: false; reason: RefusalReason };

/** Σ non-reversed payouts, in cents. */
function paidCents(payouts: PayoutState[]): bigint {
  return payouts.filter((p) => !p.reversed).reduce((sum, p) => sum + toCents(p.amount), 0n);
}

/** Pending = due − Σ non-reversed payouts, never below 0; 0 when paid. */
export function pendingAmount(state: StatementState): string {
  if (state.status === "paid") return "0.00";
  const pending = toCents(state.amountDue) - paidCents(state.payouts);
  return fromCents(pending > 0n ? pending : 0n);
}

const refuse = (reason: RefusalReason): TransitionResult => ({ ok: false, reason });

export function applyPaymentAction(
  state: StatementState,
  action: PaymentAction,
  actorRole: Role,
): TransitionResult {
  if (!can(actorRole, "payments:manage")) return refuse("forbidden");
  const pending = toCents(pendingAmount(state));
  const open = state.status === "pending" || state.status === "processing";

  switch (action.type) {
    case "process":
      if (state.status !== "pending") return refuse("invalid_transition");
      return { ok: true, status: "processing", payout: null, paidAt: "keep", paid: false };

    case "reject":
      if (!open) return refuse("invalid_transition");
      return { ok: true, status: "cancelled", payout: null, paidAt: "keep", paid: false };

    case "reopen":
      if (state.status !== "cancelled") return refuse("invalid_transition");
      return { ok: true, status: "pending", payout: null, paidAt: "keep", paid: false };

    case "confirm":
      if (!open) return refuse(state.status === "paid" ? "invalid_transition" : "statement_closed");
      if (pending <= 0n) return refuse("nothing_pending");
      return {
        ok: true,
        status: "paid",
        payout: { type: "create", amount: fromCents(pending) },
        paidAt: "set",
        paid: true,
      };

    case "register-payout": {
      if (!open) return refuse("statement_closed");
      const amount = toCents(action.amount);
      if (amount <= 0n) return refuse("amount_not_positive");
      if (amount > pending) return refuse("amount_exceeds_pending");
      const settles = amount === pending;
      return {
        ok: true,
        status: settles ? "paid" : state.status,
        payout: { type: "create", amount: fromCents(amount) },
        paidAt: settles ? "set" : "keep",
        paid: settles,
      };
    }

    case "reverse-payout": {
      const payout = state.payouts.find((p) => p.id === action.payoutId);
      if (!payout) return refuse("payout_not_found");
      if (payout.reversed) return refuse("payout_reversed");
      if (state.status !== "paid") return refuse("statement_not_paid");
      if (action.reason.trim() === "") return refuse("reason_required");
      return {
        ok: true,
        status: "pending",
        payout: { type: "reverse", payoutId: payout.id, reason: action.reason.trim() },
        paidAt: "clear",
        paid: false,
      };
    }

    case "edit-payout": {
      const payout = state.payouts.find((p) => p.id === action.payoutId);
      if (!payout) return refuse("payout_not_found");
      if (payout.reversed) return refuse("payout_reversed");
      if (state.status === "cancelled") return refuse("statement_closed");
      const amount = toCents(action.amount);
      if (amount < 0n) return refuse("amount_negative");
      const others = paidCents(state.payouts.filter((p) => p.id !== payout.id));
      const due = toCents(state.amountDue);
      if (others + amount > due) return refuse("amount_exceeds_pending");
      // Keep "paid" true to its meaning: nothing left pending.
      const left = due - others - amount;
      const status: StatementStatus =
        state.status === "paid" && left > 0n
          ? "pending"
          : state.status !== "paid" && left === 0n
            ? "paid"
            : state.status;
      return {
        ok: true,
        status,
        payout: { type: "edit", payoutId: payout.id, amount: fromCents(amount) },
        paidAt: status === state.status ? "keep" : status === "paid" ? "set" : "clear",
        paid: status === "paid" && state.status !== "paid",
      };
    }
  }
}
