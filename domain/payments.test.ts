import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromCents, toCents } from "./money";
import {
  applyPaymentAction,
  balanceCents,
  overpaidAmount,
  type PaymentAction,
  pendingAmount,
  planCarry,
  type StatementState,
} from "./payments";
import type { Role } from "./roles";

// Property tests have an explicit, generous time budget and a bounded number of runs, so a loaded
// machine never meets Vitest's 5 s default while a hang still fails.
const propertyTimeoutMs = 120_000;

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
      effect: { type: "create-payout", amount: "600.00" },
      paidAt: "set",
      paid: true,
      closedEarly: false,
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

  it("reverses any payout of a statement that is not cancelled, with a reason", () => {
    const paid = statement({ status: "paid", payouts: [{ id: "a", amount: "1000.00", reversed: false }] });
    expect(
      applyPaymentAction(paid, { type: "reverse-payout", payoutId: "a", reason: "  " }, "admin"),
    ).toMatchObject({
      reason: "reason_required",
    });
    expect(
      applyPaymentAction(paid, { type: "reverse-payout", payoutId: "a", reason: " wrong account " }, "admin"),
    ).toEqual({
      ok: true,
      status: "pending",
      effect: { type: "reverse-payout", payoutId: "a", reason: "wrong account" },
      paidAt: "clear",
      paid: false,
      closedEarly: false,
    });
    // A partial payout of an open statement: the status stays.
    const partial = statement({
      status: "processing",
      payouts: [{ id: "a", amount: "300.00", reversed: false }],
    });
    expect(
      applyPaymentAction(partial, { type: "reverse-payout", payoutId: "a", reason: "bounced" }, "admin"),
    ).toMatchObject({ ok: true, status: "processing", paidAt: "keep" });
    expect(
      applyPaymentAction(
        { ...partial, status: "cancelled" },
        { type: "reverse-payout", payoutId: "a", reason: "x" },
        "admin",
      ),
    ).toMatchObject({ reason: "statement_closed" });
    expect(
      applyPaymentAction(
        statement({ payouts: [{ id: "a", amount: "300.00", reversed: true }] }),
        { type: "reverse-payout", payoutId: "a", reason: "x" },
        "admin",
      ),
    ).toMatchObject({ reason: "payout_reversed" });
  });

  it("edits a payout's note only, never its amount", () => {
    const s = statement({ status: "paid", payouts: [{ id: "a", amount: "1000.00", reversed: false }] });
    expect(applyPaymentAction(s, { type: "edit-payout-note", payoutId: "a" }, "financial")).toMatchObject({
      ok: true,
      status: "paid",
      effect: { type: "edit-payout-note", payoutId: "a" },
    });
    expect(applyPaymentAction(s, { type: "edit-payout-note", payoutId: "b" }, "financial")).toMatchObject({
      reason: "payout_not_found",
    });
    expect(
      applyPaymentAction(
        { ...s, status: "cancelled" },
        { type: "edit-payout-note", payoutId: "a" },
        "financial",
      ),
    ).toMatchObject({ reason: "statement_closed" });
  });

  it("reopens processing and cancelled statements, never a paid one", () => {
    for (const status of ["processing", "cancelled"] as const)
      expect(applyPaymentAction(statement({ status }), { type: "reopen" }, "admin")).toMatchObject({
        status: "pending",
      });
    for (const status of ["paid", "pending"] as const)
      expect(applyPaymentAction(statement({ status }), { type: "reopen" }, "admin")).toMatchObject({
        reason: "invalid_transition",
      });
    // Processing with live payouts reopens; the payouts stay.
    expect(
      applyPaymentAction(
        statement({ status: "processing", payouts: [{ id: "a", amount: "10.00", reversed: false }] }),
        { type: "reopen" },
        "admin",
      ),
    ).toMatchObject({ ok: true, status: "pending", effect: null });
  });

  it("needs closeEarly to close a month that has not ended", () => {
    const early = statement({ monthOver: false });
    for (const action of [
      { type: "process" },
      { type: "confirm" },
      { type: "register-payout", amount: "1000.00" },
    ] as PaymentAction[]) {
      expect(applyPaymentAction(early, action, "admin")).toEqual({ ok: false, reason: "month_not_over" });
      expect(
        applyPaymentAction(early, { ...action, closeEarly: true } as PaymentAction, "admin"),
      ).toMatchObject({
        ok: true,
        closedEarly: true,
      });
      expect(applyPaymentAction(statement(), action, "admin")).toMatchObject({
        ok: true,
        closedEarly: false,
      });
    }
    // A payout that leaves something pending, a rejection and an adjustment do not close the month.
    expect(applyPaymentAction(early, { type: "register-payout", amount: "999.99" }, "admin").ok).toBe(true);
    expect(applyPaymentAction(early, { type: "reject" }, "admin").ok).toBe(true);
    expect(applyPaymentAction(early, { type: "adjust", amount: "5.00", reason: "x" }, "admin").ok).toBe(true);
  });

  it("adjusts what is due: a bonus on a paid statement moves it to processing, a clawback keeps it paid", () => {
    const paid = statement({ status: "paid", payouts: [{ id: "a", amount: "1000.00", reversed: false }] });
    expect(applyPaymentAction(paid, { type: "adjust", amount: "50.00", reason: "bonus" }, "admin")).toEqual({
      ok: true,
      status: "processing",
      effect: { type: "adjust", amount: "50.00", reason: "bonus" },
      paidAt: "clear",
      paid: false,
      closedEarly: false,
    });
    expect(
      applyPaymentAction(paid, { type: "adjust", amount: "-50.00", reason: "chargeback" }, "admin"),
    ).toMatchObject({ ok: true, status: "paid", paidAt: "keep" });
    // A bonus smaller than what was overpaid leaves nothing owed: still paid.
    expect(
      applyPaymentAction(
        { ...paid, adjustments: "-80.00" },
        { type: "adjust", amount: "30", reason: "x" },
        "admin",
      ),
    ).toMatchObject({ ok: true, status: "paid" });
    expect(
      applyPaymentAction(
        statement({ status: "cancelled" }),
        { type: "adjust", amount: "1", reason: "x" },
        "admin",
      ),
    ).toMatchObject({ reason: "statement_closed" });
    expect(
      applyPaymentAction(statement(), { type: "adjust", amount: "1", reason: " " }, "admin"),
    ).toMatchObject({
      reason: "reason_required",
    });
    expect(
      applyPaymentAction(statement(), { type: "adjust", amount: "0", reason: "x" }, "admin"),
    ).toMatchObject({
      reason: "amount_zero",
    });
    // Adjustments change what is pending and what can be paid.
    const adjusted = statement({ adjustments: "-250.00" });
    expect(pendingAmount(adjusted)).toBe("750.00");
    expect(applyPaymentAction(adjusted, { type: "confirm" }, "admin")).toMatchObject({
      effect: { type: "create-payout", amount: "750.00" },
    });
    expect(
      applyPaymentAction(adjusted, { type: "register-payout", amount: "750.01" }, "admin"),
    ).toMatchObject({ reason: "amount_exceeds_pending" });
  });

  it("carries an overpayment into the next month as a linked pair", () => {
    const origin = statement({
      status: "paid",
      adjustments: "-300.00",
      payouts: [{ id: "a", amount: "1000.00", reversed: false }],
    });
    expect(overpaidAmount(origin)).toBe("300.00");
    expect(planCarry(origin, statement())).toEqual({ amount: "300.00" });
    expect(planCarry(origin, statement({ status: "cancelled" }))).toBeNull();
    expect(planCarry({ ...origin, status: "cancelled" }, statement())).toBeNull();
    expect(planCarry({ ...origin, adjustments: "0.00" }, statement())).toBeNull();
    // After the pair, the origin owes and is owed nothing; the next month owes 300 less.
    expect(overpaidAmount({ ...origin, adjustments: "0.00" })).toBe("0.00");
    expect(pendingAmount(statement({ adjustments: "-300.00" }))).toBe("700.00");
  });

  it("reports pending as 0 when paid and never below 0", () => {
    expect(pendingAmount(statement({ status: "paid" }))).toBe("0.00");
    expect(pendingAmount(statement({ payouts: [{ id: "a", amount: "1200.00", reversed: false }] }))).toBe(
      "0.00",
    );
    expect(pendingAmount(statement({ payouts: [{ id: "a", amount: "300.00", reversed: true }] }))).toBe(
      "1000.00",
    );
    expect(balanceCents(statement({ adjustments: "-1100.00" }))).toBe(-10_000n);
  });
});

// Random sequences of actions by random roles on two consecutive months of one buyer never reach an
// illegal state: the ledger adds up, nothing is paid above what is pending, "paid" means settled,
// a month closes early only when asked to, and carrying an overpayment moves money, never makes it.
describe("payment ledger properties", { timeout: propertyTimeoutMs }, () => {
  const roleArb = fc.constantFrom<Role>(
    "user",
    "manager",
    "financial",
    "admin",
    "financial",
    "admin",
    "admin",
  );
  // Amounts around a statement's size, so payouts both fit and overshoot, and clawbacks overpay.
  const amountArb = fc.integer({ min: -5000, max: 60_000 }).map((c) => (c / 100).toFixed(2));
  const signedArb = fc.integer({ min: -60_000, max: 60_000 }).map((c) => (c / 100).toFixed(2));
  // "#n": the statement's n-th payout, resolved when the step runs (so reversals find real payouts).
  const payoutIdArb = fc.oneof(
    { arbitrary: fc.constantFrom("#0", "#0", "#1", "#2"), weight: 4 },
    { arbitrary: fc.constant("nope"), weight: 1 },
  );
  const earlyArb = fc.boolean();
  const actionArb: fc.Arbitrary<PaymentAction> = fc.oneof(
    { arbitrary: earlyArb.map((closeEarly) => ({ type: "process", closeEarly }) as const), weight: 2 },
    { arbitrary: fc.constant({ type: "reject" } as const), weight: 1 },
    { arbitrary: fc.constant({ type: "reopen" } as const), weight: 2 },
    { arbitrary: earlyArb.map((closeEarly) => ({ type: "confirm", closeEarly }) as const), weight: 3 },
    {
      arbitrary: fc
        // "all": exactly what is pending, resolved when the step runs (a settling payout).
        .tuple(fc.oneof(amountArb, fc.constant("all")), earlyArb)
        .map(([amount, closeEarly]) => ({ type: "register-payout", amount, closeEarly }) as const),
      weight: 5,
    },
    {
      arbitrary: fc
        .tuple(payoutIdArb, fc.constantFrom("", "bounced", "wrong account"))
        .map(([payoutId, reason]) => ({ type: "reverse-payout", payoutId, reason }) as const),
      weight: 5,
    },
    {
      arbitrary: payoutIdArb.map((payoutId) => ({ type: "edit-payout-note", payoutId }) as const),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(signedArb, fc.constantFrom("", "bonus", "clawback"))
        .map(([amount, reason]) => ({ type: "adjust", amount, reason }) as const),
      weight: 5,
    },
  );
  // A step acts on one of the two months, or carries the first month's overpayment into the second.
  const stepArb = fc.oneof(
    { arbitrary: fc.tuple(roleArb, fc.constantFrom(0, 1), actionArb), weight: 6 },
    { arbitrary: fc.constant("carry" as const), weight: 1 },
  );
  const dueArb = fc.integer({ min: 0, max: 50_000 }).map((c) => (c / 100).toFixed(2));

  const paidCents = (s: StatementState) =>
    s.payouts.filter((p) => !p.reversed).reduce((sum, p) => sum + toCents(p.amount), 0n);

  function checkLedger(s: StatementState) {
    const balance = toCents(s.amountDue) + toCents(s.adjustments ?? "0") - paidCents(s);
    expect(balanceCents(s)).toBe(balance);
    expect(toCents(pendingAmount(s))).toBe(s.status === "paid" ? 0n : balance > 0n ? balance : 0n);
    expect(toCents(overpaidAmount(s))).toBe(balance < 0n ? -balance : 0n);
    // Paid means nothing is owed to the buyer (an overpayment may be left to carry).
    if (s.status === "paid") expect(balance <= 0n).toBe(true);
    for (const p of s.payouts) expect(toCents(p.amount) > 0n).toBe(true);
  }

  it("keeps pending = due + adjustments − non-reversed payouts (≥ 0), paid ⇔ settled, carries conserved", () => {
    fc.assert(
      fc.property(
        fc.tuple(dueArb, dueArb),
        fc.tuple(fc.boolean(), fc.boolean()),
        fc.array(stepArb, { maxLength: 40 }),
        ([dueA, dueB], [overA, overB], steps) => {
          const months: StatementState[] = [
            { status: "pending", amountDue: dueA, adjustments: "0.00", payouts: [], monthOver: overA },
            { status: "pending", amountDue: dueB, adjustments: "0.00", payouts: [], monthOver: overB },
          ];
          let counter = 0;
          for (const step of steps) {
            if (step === "carry") {
              const [origin, next] = months as [StatementState, StatementState];
              const before = balanceCents(origin) + balanceCents(next);
              const carry = planCarry(origin, next);
              if (!carry) {
                expect(
                  origin.status === "cancelled" || next.status === "cancelled" || balanceCents(origin) >= 0n,
                ).toBe(true);
                continue;
              }
              expect(toCents(carry.amount)).toBe(toCents(overpaidAmount(origin)));
              expect(toCents(carry.amount) > 0n).toBe(true);
              const add = (s: StatementState, cents: bigint) =>
                fromCents(toCents(s.adjustments ?? "0") + cents);
              months[0] = { ...origin, adjustments: add(origin, toCents(carry.amount)) };
              months[1] = { ...next, adjustments: add(next, -toCents(carry.amount)) };
              expect(balanceCents(months[0])).toBe(0n);
              expect(balanceCents(months[0]) + balanceCents(months[1])).toBe(before);
              // Carrying never changes a status, and carrying again finds nothing.
              expect(months[0].status).toBe(origin.status);
              expect(months[1].status).toBe(next.status);
              expect(planCarry(months[0], months[1])).toBeNull();
              checkLedger(months[0]);
              checkLedger(months[1]);
              continue;
            }
            const [role, index, drawn] = step;
            const state = months[index]!;
            const pendingBefore = toCents(pendingAmount(state));
            const action: PaymentAction =
              "payoutId" in drawn && drawn.payoutId.startsWith("#")
                ? { ...drawn, payoutId: state.payouts[Number(drawn.payoutId.slice(1))]?.id ?? "missing" }
                : drawn.type === "register-payout" && drawn.amount === "all"
                  ? { ...drawn, amount: pendingAmount(state) }
                  : drawn;
            const result = applyPaymentAction(state, action, role);
            if (!result.ok) {
              if (role === "user" || role === "manager") expect(result.reason).toBe("forbidden");
              continue;
            }
            expect(role === "financial" || role === "admin").toBe(true);
            // Closing a month before it ends only when asked to.
            if (result.closedEarly) expect(state.monthOver).toBe(false);
            const closes =
              (result.status === "processing" && state.status === "pending") ||
              (result.status === "paid" && state.status !== "paid");
            if (closes && action.type !== "adjust" && state.monthOver === false)
              expect("closeEarly" in action && action.closeEarly).toBe(true);
            let { payouts, adjustments = "0.00" } = state;
            const effect = result.effect;
            if (effect?.type === "create-payout") {
              // Never a payout above what is pending when it is made.
              expect(toCents(effect.amount) > 0n).toBe(true);
              expect(toCents(effect.amount) <= pendingBefore).toBe(true);
              payouts = [
                ...payouts,
                { id: `m${index}p${counter++}`, amount: effect.amount, reversed: false },
              ];
            }
            if (effect?.type === "reverse-payout") {
              expect(state.status).not.toBe("cancelled");
              payouts = payouts.map((p) => (p.id === effect.payoutId ? { ...p, reversed: true } : p));
            }
            if (effect?.type === "adjust") {
              expect(state.status).not.toBe("cancelled");
              adjustments = fromCents(toCents(adjustments) + toCents(effect.amount));
            }
            const next: StatementState = { ...state, status: result.status, payouts, adjustments };
            months[index] = next;
            checkLedger(next);
            // Paid is reached only by a settling payout, which leaves nothing pending.
            if (next.status === "paid" && state.status !== "paid") {
              expect(result.paid).toBe(true);
              expect(effect?.type).toBe("create-payout");
              expect(balanceCents(next)).toBe(0n);
            }
            if (result.paid) expect(result.paidAt).toBe("set");
            if (state.status === "paid" && next.status !== "paid") expect(result.paidAt).toBe("clear");
            // Leaving paid: a reversal (to pending) or a bonus that makes something owed (to processing).
            if (state.status === "paid" && next.status !== "paid") {
              expect(
                (effect?.type === "reverse-payout" && next.status === "pending") ||
                  (effect?.type === "adjust" && next.status === "processing" && balanceCents(next) > 0n),
              ).toBe(true);
            }
          }
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
