import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCents } from "./money";
import { applyPaymentAction, type PaymentAction, pendingAmount, type StatementState } from "./payments";
import type { Role } from "./roles";

const statement = (over: Partial<StatementState> = {}): StatementState => ({
  status: "pending",
  amountDue: "1000.00",
  payouts: [],
  ...over,
});

describe("payment transitions", () => {
  it("only financial staff and admins act", () => {
    for (const role of ["user", "manager"] as Role[]) {
      expect(applyPaymentAction(statement(), { type: "process" }, role)).toEqual({
        ok: false,
        reason: "forbidden",
      });
    }
    expect(applyPaymentAction(statement(), { type: "process" }, "financial").ok).toBe(true);
  });

  it("processes, rejects and reopens", () => {
    expect(applyPaymentAction(statement(), { type: "process" }, "admin")).toMatchObject({
      status: "processing",
    });
    expect(
      applyPaymentAction(statement({ status: "processing" }), { type: "reject" }, "admin"),
    ).toMatchObject({
      status: "cancelled",
    });
    expect(applyPaymentAction(statement({ status: "cancelled" }), { type: "reopen" }, "admin")).toMatchObject(
      {
        status: "pending",
      },
    );
    expect(applyPaymentAction(statement({ status: "paid" }), { type: "reject" }, "admin").ok).toBe(false);
  });

  it("confirms the whole pending amount once", () => {
    const s = statement({ payouts: [{ id: "a", amount: "400.00", reversed: false }] });
    expect(applyPaymentAction(s, { type: "confirm" }, "financial")).toEqual({
      ok: true,
      status: "paid",
      payout: { type: "create", amount: "600.00" },
      paidAt: "set",
      paid: true,
    });
    expect(applyPaymentAction({ ...s, status: "paid" }, { type: "confirm" }, "financial")).toEqual({
      ok: false,
      reason: "invalid_transition",
    });
    expect(applyPaymentAction(statement({ amountDue: "0.00" }), { type: "confirm" }, "admin")).toEqual({
      ok: false,
      reason: "nothing_pending",
    });
  });

  it("registers partial payments up to the pending amount", () => {
    expect(applyPaymentAction(statement(), { type: "register-payout", amount: "0" }, "admin")).toMatchObject({
      reason: "amount_not_positive",
    });
    expect(
      applyPaymentAction(statement(), { type: "register-payout", amount: "1000.01" }, "admin"),
    ).toMatchObject({
      reason: "amount_exceeds_pending",
    });
    expect(
      applyPaymentAction(statement(), { type: "register-payout", amount: "250" }, "admin"),
    ).toMatchObject({
      status: "pending",
      paid: false,
    });
    expect(
      applyPaymentAction(statement(), { type: "register-payout", amount: "1000" }, "admin"),
    ).toMatchObject({
      status: "paid",
      paid: true,
    });
  });

  it("reverses a payout of a paid statement with a reason", () => {
    const paid = statement({ status: "paid", payouts: [{ id: "a", amount: "1000.00", reversed: false }] });
    expect(
      applyPaymentAction(paid, { type: "reverse-payout", payoutId: "a", reason: "  " }, "admin"),
    ).toMatchObject({
      reason: "reason_required",
    });
    expect(
      applyPaymentAction(paid, { type: "reverse-payout", payoutId: "a", reason: "wrong account" }, "admin"),
    ).toEqual({
      ok: true,
      status: "pending",
      payout: { type: "reverse", payoutId: "a", reason: "wrong account" },
      paidAt: "clear",
      paid: false,
    });
    expect(
      applyPaymentAction(
        { ...paid, status: "pending" },
        { type: "reverse-payout", payoutId: "a", reason: "x" },
        "admin",
      ),
    ).toMatchObject({ reason: "statement_not_paid" });
  });

  it("reports pending as 0 when paid and never below 0", () => {
    expect(pendingAmount(statement({ status: "paid" }))).toBe("0.00");
    expect(pendingAmount(statement({ payouts: [{ id: "a", amount: "1200.00", reversed: false }] }))).toBe(
      "0.00",
    );
    expect(pendingAmount(statement({ payouts: [{ id: "a", amount: "300.00", reversed: true }] }))).toBe(
      "1000.00",
    );
  });
});

// Random sequences of actions by random roles never reach an illegal state.
describe("payment workflow properties", () => {
  const roleArb = fc.constantFrom<Role>("user", "manager", "financial", "admin");
  const centsArb = fc.integer({ min: -5000, max: 150_000 }).map((c) => (c / 100).toFixed(2));
  const actionArb = (ids: string[]): fc.Arbitrary<PaymentAction> =>
    fc.oneof(
      fc.constant({ type: "process" } as const),
      fc.constant({ type: "reject" } as const),
      fc.constant({ type: "reopen" } as const),
      fc.constant({ type: "confirm" } as const),
      centsArb.map((amount) => ({ type: "register-payout", amount }) as const),
      fc
        .tuple(fc.constantFrom("p0", "p1", "p2", "p3", ...ids), fc.constantFrom("", "reason"))
        .map(([payoutId, reason]) => ({ type: "reverse-payout", payoutId, reason }) as const),
      fc
        .tuple(fc.constantFrom("p0", "p1", "p2", "p3", ...ids), centsArb)
        .map(([payoutId, amount]) => ({ type: "edit-payout", payoutId, amount }) as const),
    );

  it("keeps paid ≤ due, pending = due − paid, and paid status meaning nothing pending", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }).map((c) => (c / 100).toFixed(2)),
        fc.array(fc.tuple(roleArb, actionArb([])), { maxLength: 25 }),
        (amountDue, steps) => {
          let state: StatementState = { status: "pending", amountDue, payouts: [] };
          let counter = 0;
          for (const [role, action] of steps) {
            const result = applyPaymentAction(state, action, role);
            if (!result.ok) continue;
            expect(role === "financial" || role === "admin").toBe(true);
            let payouts = state.payouts;
            const effect = result.payout;
            if (effect?.type === "create")
              payouts = [...payouts, { id: `p${counter++}`, amount: effect.amount, reversed: false }];
            if (effect?.type === "reverse")
              payouts = payouts.map((p) => (p.id === effect.payoutId ? { ...p, reversed: true } : p));
            if (effect?.type === "edit")
              payouts = payouts.map((p) => (p.id === effect.payoutId ? { ...p, amount: effect.amount } : p));
            state = { ...state, status: result.status, payouts };
            const paid = state.payouts.filter((p) => !p.reversed).reduce((s, p) => s + toCents(p.amount), 0n);
            const due = toCents(state.amountDue);
            expect(paid <= due).toBe(true);
            for (const p of state.payouts) expect(toCents(p.amount) >= 0n).toBe(true);
            const expectedPending = state.status === "paid" ? 0n : due - paid;
            expect(toCents(pendingAmount(state))).toBe(expectedPending);
            if (state.status === "paid") expect(paid).toBe(due);
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
