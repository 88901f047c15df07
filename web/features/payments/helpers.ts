import { applyPaymentAction, type StatementState } from "@domain/payments";
import type { Role } from "@domain/roles";
import type { PaymentCard } from "@domain/schemas/payments";
import type { StatementAction } from "./api";

// Which buttons a card shows enabled: exactly what the server's own pure workflow would accept.

export function stateOf(card: PaymentCard): StatementState {
  return {
    status: card.status,
    amountDue: card.amountDue,
    // The card carries Σ non-reversed payouts; one aggregate row gives the same pending amount.
    payouts: [{ id: "paid", amount: card.paid, reversed: false }],
  };
}

export function isActionAllowed(card: PaymentCard, action: StatementAction, role: Role): boolean {
  return applyPaymentAction(stateOf(card), { type: action }, role).ok;
}

/** "2026-11" for a year and a 0-based month. */
export function toMonthKey(year: number, monthIndex: number): string {
  return `${year}-${String(monthIndex + 1).padStart(2, "0")}`;
}

export function isMonthKey(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

export const statusTone: Record<PaymentCard["status"], string> = {
  pending: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300",
  processing: "border-transparent bg-sky-500/15 text-sky-800 dark:text-sky-300",
  paid: "border-transparent bg-emerald-500/15 text-emerald-800 dark:text-emerald-300",
  cancelled: "border-transparent bg-red-500/15 text-red-800 dark:text-red-300",
};
