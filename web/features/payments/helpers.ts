import { daysInRange } from "@domain/periods";
import { can } from "@domain/permissions";
import type { Language, Role } from "@domain/roles";
import type { PaymentCard, Payout } from "@domain/schemas/payments";
import { formatMoney } from "@/lib/format";

// The payments screen's pure rules: which buttons a row enables, the days an early close skips,
// and small shared pieces. Sorting and the URL's filter state live in table-state.ts.

export type StatementStatus = PaymentCard["status"];

/** Every action the screen offers on a statement (decisions.md, "Payments" and "Month close"). */
export type RowAction = "process" | "reject" | "reopen" | "confirm" | "register" | "adjust";

/** Only what carries the statement's status and amounts: a row, a card or a buyer's statement. */
type StatementFigures = Pick<PaymentCard, "status" | "pending">;

const open = (status: StatementStatus) => status === "pending" || status === "processing";
const hasPending = (pending: string) => Number(pending) > 0;

/**
 * Whether a button is enabled: the server's rules, checked again there. Kept here rather than
 * running the domain workflow so the screen does not depend on the ledger's internal state shape.
 */
export function isActionAllowed(row: StatementFigures, action: RowAction, role: Role): boolean {
  if (!can(role, "payments:manage")) return false;
  switch (action) {
    case "process":
      return row.status === "pending";
    case "reject":
      return open(row.status);
    case "reopen":
      // Back to pending from processing or cancelled; a paid month reopens by reversing its payouts.
      return row.status === "processing" || row.status === "cancelled";
    case "confirm":
    case "register":
      return open(row.status) && hasPending(row.pending);
    case "adjust":
      // A clawback may follow a payment (the overpayment moves to the next month).
      return row.status !== "cancelled";
  }
}

/** Any payout not yet reversed, partial or whole, on a statement that is not cancelled. */
export function canReversePayout(payout: Pick<Payout, "reversedAt">, row: StatementFigures, role: Role) {
  return can(role, "payments:manage") && payout.reversedAt === null && row.status !== "cancelled";
}

/** A payout's note may change, reversed or not (its amount never does), unless the statement is cancelled. */
export function canEditPayoutNote(row: StatementFigures, role: Role) {
  return can(role, "payments:manage") && row.status !== "cancelled";
}

export type DaysToCome = { count: number; first: string; last: string };

/**
 * The days of a month still to come, today included (today's results may still be logged), up to
 * the month's last day; null when the month is over.
 */
export function daysToCome(today: string, periodEnd: string): DaysToCome | null {
  if (today > periodEnd) return null;
  return { count: daysInRange({ from: today, to: periodEnd }), first: today, last: periodEnd };
}

/** "2026-11" for a year and a 0-based month. */
export function toMonthKey(year: number, monthIndex: number): string {
  return `${year}-${String(monthIndex + 1).padStart(2, "0")}`;
}

export function isMonthKey(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `work` for each item, at most `concurrency` at a time, and answers every outcome in the
 * items' order: one refusal never stops the others (each statement is its own transaction).
 */
export async function runEach<I, T>(
  items: readonly I[],
  work: (item: I, index: number) => Promise<T>,
  options: { concurrency?: number; onSettled?: (index: number, outcome: Outcome<T>) => void } = {},
): Promise<Outcome<T>[]> {
  const results: Outcome<T>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      let outcome: Outcome<T>;
      try {
        outcome = { ok: true, value: await work(items[index] as I, index) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      results[index] = outcome;
      options.onSettled?.(index, outcome);
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency ?? 1, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

export const statusTone: Record<StatementStatus, string> = {
  pending: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300",
  processing: "border-transparent bg-sky-500/15 text-sky-800 dark:text-sky-300",
  paid: "border-transparent bg-emerald-500/15 text-emerald-800 dark:text-emerald-300",
  cancelled: "border-transparent bg-red-500/15 text-red-800 dark:text-red-300",
};

/**
 * A phone's top bar has room for whole units only from 1,000 up ("US$ 17.465", cut, never rounded
 * up); the label, the tooltip and /user/payments give the exact amount.
 */
export function phoneAmount(pending: string, currency: string, language: Language): string {
  const [whole = "0"] = pending.split(".");
  if (whole.replace("-", "").length < 4) return formatMoney(pending, currency, language);
  return new Intl.NumberFormat(language, { style: "currency", currency, maximumFractionDigits: 0 }).format(
    BigInt(whole),
  );
}
