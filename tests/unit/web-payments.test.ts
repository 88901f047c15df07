import type { PaymentRow } from "@domain/schemas/payments";
import { describe, expect, it } from "vitest";
import {
  canEditPayoutNote,
  canReversePayout,
  daysToCome,
  isActionAllowed,
  isMonthKey,
  phoneAmount,
  type RowAction,
  runEach,
  toMonthKey,
} from "../../web/features/payments/helpers";
import {
  nextSort,
  paymentsQuery,
  readTableState,
  sortRows,
  writeTableState,
} from "../../web/features/payments/table-state";

// The payments screen's pure parts: which buttons a row enables, the early close's days still to
// come, the bulk runner, the filters and sort kept in the URL, the rows' sort and the amount reader.

function row(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    statementId: "s1",
    userId: "u1",
    name: "Bruno",
    email: "bruno@placar.test",
    model: "simple",
    status: "pending",
    periodStart: "2026-11-01",
    periodEnd: "2026-11-30",
    totalSpent: "100.00",
    totalRevenue: "300.00",
    totalProfit: "200.00",
    roi: "200.0000",
    commissionRate: "35.00",
    amountDue: "70.00",
    adjustments: "0.00",
    paid: "0.00",
    pending: "70.00",
    overpaid: "0.00",
    paidAt: null,
    teamLead: null,
    payee: null,
    explanation: {
      model: "simple",
      settingsEffectiveFrom: null,
      roiThreshold: "50.00",
      roiMet: true,
      minimumMonthlyRevenue: null,
      belowMinimum: false,
      tier: null,
      rate: "35.00",
      commission: "70.00",
    },
    reconciliation: "not_uploaded",
    ...overrides,
  };
}

const actions: RowAction[] = ["process", "reject", "reopen", "confirm", "register", "adjust"];
const enabled = (r: PaymentRow, role: "financial" | "admin" | "user" | "manager" = "financial") =>
  actions.filter((a) => isActionAllowed(r, a, role));

describe("a statement's buttons", () => {
  it("pending with something due: process, reject, confirm, register, adjust", () => {
    expect(enabled(row())).toEqual(["process", "reject", "confirm", "register", "adjust"]);
  });
  it("processing: reject, reopen, confirm, register, adjust", () => {
    expect(enabled(row({ status: "processing" }))).toEqual([
      "reject",
      "reopen",
      "confirm",
      "register",
      "adjust",
    ]);
  });
  it("nothing left pending: no confirm, no payment", () => {
    expect(enabled(row({ pending: "0.00", paid: "70.00" }))).toEqual(["process", "reject", "adjust"]);
  });
  it("paid: only an adjustment (a clawback after payment); cancelled: reopen only", () => {
    expect(enabled(row({ status: "paid", pending: "0.00", paid: "70.00" }))).toEqual(["adjust"]);
    expect(enabled(row({ status: "cancelled" }))).toEqual(["reopen"]);
  });
  it("buyers and team leads may do nothing", () => {
    expect(enabled(row(), "user")).toEqual([]);
    expect(enabled(row(), "manager")).toEqual([]);
    expect(enabled(row(), "admin")).toEqual(["process", "reject", "confirm", "register", "adjust"]);
  });
  it("any payout not reversed can be reversed unless the statement is cancelled", () => {
    const live = { reversedAt: null };
    const gone = { reversedAt: "2026-11-20T10:00:00.000Z" };
    expect(canReversePayout(live, row({ status: "pending" }), "financial")).toBe(true);
    expect(canReversePayout(live, row({ status: "paid" }), "financial")).toBe(true);
    expect(canReversePayout(gone, row({ status: "paid" }), "financial")).toBe(false);
    expect(canReversePayout(live, row({ status: "cancelled" }), "financial")).toBe(false);
    expect(canReversePayout(live, row(), "user")).toBe(false);
    // A note may change on any payout, reversed or not, unless the statement is cancelled; never by a buyer.
    expect(canEditPayoutNote(row({ status: "paid" }), "admin")).toBe(true);
    expect(canEditPayoutNote(row(), "financial")).toBe(true);
    expect(canEditPayoutNote(row({ status: "cancelled" }), "financial")).toBe(false);
    expect(canEditPayoutNote(row(), "user")).toBe(false);
  });
});

describe("early close", () => {
  it("names the days still to come, today included", () => {
    expect(daysToCome("2026-11-28", "2026-11-30")).toEqual({
      count: 3,
      first: "2026-11-28",
      last: "2026-11-30",
    });
    expect(daysToCome("2026-11-30", "2026-11-30")).toEqual({
      count: 1,
      first: "2026-11-30",
      last: "2026-11-30",
    });
    expect(daysToCome("2026-02-01", "2026-02-28")?.count).toBe(28);
  });
  it("has none once the month is over", () => {
    expect(daysToCome("2026-12-01", "2026-11-30")).toBeNull();
  });
});

describe("the bulk runner", () => {
  it("answers every outcome in order; one refusal does not stop the others", async () => {
    const settled: number[] = [];
    const outcomes = await runEach(
      [1, 2, 3, 4, 5],
      async (n) => {
        await new Promise((resolve) => setTimeout(resolve, (6 - n) * 2));
        if (n === 2) throw new Error("refused");
        return n * 10;
      },
      { concurrency: 2, onSettled: (index) => settled.push(index) },
    );
    expect(outcomes.map((o) => (o.ok ? o.value : "error"))).toEqual([10, "error", 30, 40, 50]);
    expect(settled.sort()).toEqual([0, 1, 2, 3, 4]);
  });
  it("never runs more than the concurrency at once", async () => {
    let running = 0;
    let most = 0;
    await runEach(
      Array.from({ length: 7 }, (_, i) => i),
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
      },
      { concurrency: 2 },
    );
    expect(most).toBe(2);
  });
  it("runs one at a time by default and copes with nothing to do", async () => {
    const order: number[] = [];
    await runEach([1, 2, 3], async (n) => {
      order.push(n);
    });
    expect(order).toEqual([1, 2, 3]);
    expect(await runEach([], async () => 1, { concurrency: 3 })).toEqual([]);
  });
});

describe("the table's state in the URL", () => {
  it("reads filters and sort, ignoring what it does not know", () => {
    expect(readTableState(new URLSearchParams("month=2026-11"))).toEqual({
      filters: { status: null, teamLeadId: null, pendingOnly: false },
      sort: null,
    });
    expect(
      readTableState(new URLSearchParams("status=paid&lead=abc&pending=1&sort=pending&dir=asc")),
    ).toEqual({
      filters: { status: "paid", teamLeadId: "abc", pendingOnly: true },
      sort: { column: "pending", direction: "asc" },
    });
    expect(readTableState(new URLSearchParams("status=done&sort=nope&pending=yes"))).toEqual({
      filters: { status: null, teamLeadId: null, pendingOnly: false },
      sort: null,
    });
    // A column without a direction takes its natural one.
    expect(readTableState(new URLSearchParams("sort=buyer")).sort).toEqual({
      column: "buyer",
      direction: "asc",
    });
    expect(readTableState(new URLSearchParams("sort=due")).sort).toEqual({
      column: "due",
      direction: "desc",
    });
  });

  it("writes only what changed, keeps the month and leaves no trace of defaults", () => {
    const start = new URLSearchParams("month=2026-11&status=paid&sort=roi&dir=desc");
    const cleared = writeTableState(start, { filters: { status: null, pendingOnly: true } });
    expect(cleared.toString()).toBe("month=2026-11&sort=roi&dir=desc&pending=1");
    const led = writeTableState(cleared, { filters: { teamLeadId: "none" }, sort: null });
    expect(led.toString()).toBe("month=2026-11&pending=1&lead=none");
    expect(
      readTableState(
        writeTableState(new URLSearchParams(), { sort: { column: "status", direction: "desc" } }),
      ),
    ).toEqual({
      filters: { status: null, teamLeadId: null, pendingOnly: false },
      sort: { column: "status", direction: "desc" },
    });
    // The original is not changed.
    expect(start.get("status")).toBe("paid");
  });

  it("sends the filters to GET /api/payments", () => {
    expect(paymentsQuery("2026-11", { status: null, teamLeadId: null, pendingOnly: false })).toEqual({
      month: "2026-11",
    });
    expect(paymentsQuery("2026-11", { status: "pending", teamLeadId: "none", pendingOnly: true })).toEqual({
      month: "2026-11",
      status: "pending",
      teamLeadId: "none",
      pendingOnly: "true",
    });
  });

  it("flips the direction on the same column and starts a new one in its natural direction", () => {
    expect(nextSort(null, "due")).toEqual({ column: "due", direction: "desc" });
    expect(nextSort({ column: "due", direction: "desc" }, "due")).toEqual({
      column: "due",
      direction: "asc",
    });
    expect(nextSort({ column: "due", direction: "asc" }, "buyer")).toEqual({
      column: "buyer",
      direction: "asc",
    });
  });
});

describe("sorting the rows", () => {
  const ana = row({ statementId: "a", name: "Ana", pending: "1000.00", roi: "-5.0000", status: "paid" });
  const bia = row({
    statementId: "b",
    name: "bia",
    pending: "999.99",
    roi: "12.5000",
    teamLead: { id: "l", name: "Zé" },
    adjustments: "-50.00",
  });
  const caio = row({
    statementId: "c",
    name: "Caio",
    pending: "10000.00",
    roi: "12.5000",
    status: "cancelled",
    teamLead: { id: "m", name: "Ana Lead" },
  });
  const names = (rows: PaymentRow[]) => rows.map((r) => r.name);

  it("keeps the server's order without a sort", () => {
    expect(names(sortRows([caio, ana, bia], null, "pt-BR"))).toEqual(["Caio", "Ana", "bia"]);
  });
  it("sorts names by the reader's language, ignoring case", () => {
    expect(names(sortRows([caio, bia, ana], { column: "buyer", direction: "asc" }, "pt-BR"))).toEqual([
      "Ana",
      "bia",
      "Caio",
    ]);
    expect(names(sortRows([caio, bia, ana], { column: "buyer", direction: "desc" }, "pt-BR"))).toEqual([
      "Caio",
      "bia",
      "Ana",
    ]);
  });
  it("compares amounts exactly, not as text", () => {
    expect(names(sortRows([ana, bia, caio], { column: "pending", direction: "desc" }, "en"))).toEqual([
      "Caio",
      "Ana",
      "bia",
    ]);
    expect(names(sortRows([ana, bia, caio], { column: "adjustments", direction: "asc" }, "en"))).toEqual([
      "bia",
      "Ana",
      "Caio",
    ]);
  });
  it("breaks ties by name, so the order does not depend on the server's", () => {
    expect(names(sortRows([caio, ana, bia], { column: "roi", direction: "desc" }, "en"))).toEqual([
      "bia",
      "Caio",
      "Ana",
    ]);
  });
  it("puts buyers without a team lead last in either direction", () => {
    expect(names(sortRows([ana, bia, caio], { column: "teamLead", direction: "asc" }, "en"))).toEqual([
      "Caio",
      "bia",
      "Ana",
    ]);
    expect(names(sortRows([ana, bia, caio], { column: "teamLead", direction: "desc" }, "en"))).toEqual([
      "bia",
      "Caio",
      "Ana",
    ]);
  });
  it("orders statuses by the workflow", () => {
    expect(names(sortRows([caio, ana, bia], { column: "status", direction: "asc" }, "en"))).toEqual([
      "bia",
      "Ana",
      "Caio",
    ]);
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

describe("the badge on a phone", () => {
  it("shows cents below 1,000 and whole units, cut not rounded, from 1,000 up", () => {
    expect(phoneAmount("623.70", "USD", "pt-BR")).toBe("US$\u00a0623,70");
    expect(phoneAmount("17465.99", "USD", "pt-BR")).toBe("US$\u00a017.465");
    expect(phoneAmount("17465.99", "USD", "en")).toBe("$17,465");
    expect(phoneAmount("1746500.50", "USD", "ru")).toBe("1\u00a0746\u00a0500\u00a0$");
  });
});
