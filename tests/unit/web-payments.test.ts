import type { PaymentCard } from "@domain/schemas/payments";
import { describe, expect, it } from "vitest";
import type { StatementAction } from "../../web/features/payments/api";
import { isActionAllowed, isMonthKey, toMonthKey } from "../../web/features/payments/helpers";

// The payments cards enable exactly the buttons the server's workflow accepts (decisions.md).

function card(status: PaymentCard["status"], amountDue: string, paid: string): PaymentCard {
  return {
    statementId: "s",
    userId: "u",
    name: "Bruno",
    email: "b@placar.test",
    model: "simple",
    status,
    periodStart: "2026-11-01",
    periodEnd: "2026-11-30",
    totalSpent: "100.00",
    totalRevenue: "300.00",
    totalProfit: "200.00",
    roi: 200,
    commissionRate: "35.00",
    amountDue,
    paid,
    pending: "0.00",
    paidAt: null,
  };
}

const enabled = (c: PaymentCard, role: "financial" | "admin" | "user" = "financial") =>
  (["process", "reject", "confirm", "reopen"] as StatementAction[]).filter((a) =>
    isActionAllowed(c, a, role),
  );

describe("payment card buttons", () => {
  it("pending with something due: process, reject, confirm", () => {
    expect(enabled(card("pending", "70.00", "0.00"))).toEqual(["process", "reject", "confirm"]);
  });
  it("processing: reject and confirm", () => {
    expect(enabled(card("processing", "70.00", "0.00"))).toEqual(["reject", "confirm"]);
  });
  it("nothing left pending: no confirm", () => {
    expect(enabled(card("pending", "70.00", "70.00"))).toEqual(["process", "reject"]);
    expect(enabled(card("pending", "0.00", "0.00"))).toEqual(["process", "reject"]);
  });
  it("paid: nothing; cancelled: reopen only", () => {
    expect(enabled(card("paid", "70.00", "70.00"))).toEqual([]);
    expect(enabled(card("cancelled", "70.00", "0.00"))).toEqual(["reopen"]);
  });
  it("a buyer may do nothing", () => {
    expect(enabled(card("pending", "70.00", "0.00"), "user")).toEqual([]);
  });
});

describe("months", () => {
  it("builds and checks month keys", () => {
    expect(toMonthKey(2026, 0)).toBe("2026-01");
    expect(toMonthKey(2026, 11)).toBe("2026-12");
    expect(isMonthKey("2026-13")).toBe(false);
    expect(isMonthKey("2026-11")).toBe(true);
    expect(isMonthKey(null)).toBe(false);
  });
});
