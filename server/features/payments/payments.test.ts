import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "../../../domain/money";
import { addDays, addMonths, monthOf, monthRange, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { databaseUrl } from "../../../tests/postgres";
import {
  type CreatedUser,
  createCampaign,
  createCommissionSettings,
  createOffer,
  createUser,
} from "../../db/factories";
import {
  auditEvents,
  notifications,
  payeeDetails,
  paymentAdjustments,
  paymentStatements,
  paymentStatusChanges,
  payouts,
  users,
} from "../../db/schema";

let ctx: TestContext;
let financial: CreatedUser;
let admin: CreatedUser;
let buyer: CreatedUser;
let lead: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;
const today = () => todayIn("America/Sao_Paulo");
const month = () => monthOf(today());
/** The month before the current one (over: no early close needed), and the one before it. */
const lastMonth = () => monthOf(addMonths(monthRange(month()).from, -1));
const twoMonthsAgo = () => monthOf(addMonths(monthRange(month()).from, -2));
const nextMonth = () => monthOf(addMonths(monthRange(month()).from, 1));
const longAgo = new Date(Date.UTC(2020, 0, 1));

type Card = {
  statementId: string;
  userId: string;
  status: string;
  periodStart: string;
  amountDue: string;
  adjustments: string;
  pending: string;
  overpaid: string;
  paid: string;
  paidAt: string | null;
};
type Row = Card & {
  name: string;
  totalSpent: string;
  totalRevenue: string;
  totalProfit: string;
  teamLead: { id: string; name: string } | null;
  payee: { method: string; updatedAt: string; changedRecently: boolean } | null;
  explanation: Record<string, unknown>;
};
type MonthAnswer = {
  month: string;
  monthOver: boolean;
  periodEnd: string;
  items: Row[];
  totals: Record<string, string | number>;
};

beforeAll(async () => {
  ctx = await createTestContext();
  financial = await createUser(ctx.db, { role: "financial" });
  admin = await createUser(ctx.db, { role: "admin" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
  for (const user of [financial, admin, buyer, lead])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

/** A buyer (who could have worked any month since 2020) with one campaign in `inMonth`. */
async function newBuyerWithMonth(
  spent: string,
  revenue: string,
  inMonth = lastMonth(),
  extra: { managerId?: string | null } = {},
) {
  const user = await createUser(ctx.db, { role: "user", createdAt: longAgo, ...extra });
  const offer = await createOffer(ctx.db);
  await addCampaign(user.id, spent, revenue, inMonth, offer.id);
  return user;
}

async function addCampaign(
  userId: string,
  spent: string,
  revenue: string,
  inMonth = lastMonth(),
  offerId?: string,
) {
  const date = inMonth === month() ? today() : `${inMonth}-15`;
  await createCampaign(ctx.db, {
    creatorId: userId,
    ...(offerId ? { offerId } : {}),
    date,
    spent,
    depositPayment: revenue,
  });
}

async function loadMonth(
  which = lastMonth(),
  query = "",
  who: CreatedUser = financial,
): Promise<MonthAnswer> {
  const response = await ctx.request(`/api/payments?month=${which}${query}`, { cookie: as(who) });
  expect(response.status).toBe(200);
  return (await response.json()) as MonthAnswer;
}

async function loadCard(userId: string, which = lastMonth(), who: CreatedUser = financial): Promise<Row> {
  return (await loadMonth(which, "", who)).items.find((c) => c.userId === userId)!;
}

const act = (statementId: string, action: string, json?: unknown) =>
  ctx.request(`/api/payments/${statementId}/${action}`, {
    method: "POST",
    cookie: as(financial),
    ...(json !== undefined ? { json } : {}),
  });
const reverse = (payoutId: string, reason: string) =>
  ctx.request(`/api/payouts/${payoutId}/reverse`, {
    method: "POST",
    cookie: as(financial),
    json: { reason },
  });
const adjust = (statementId: string, amount: string, reason = "Chargeback") =>
  act(statementId, "adjustments", { amount, reason });
const history = async (statementId: string) =>
  (await ctx.request(`/api/payments/${statementId}/history`, { cookie: as(financial) })).json();
const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code;
const payoutsOf = (statementId: string) =>
  ctx.db.select().from(payouts).where(eq(payouts.statementId, statementId)).orderBy(payouts.createdAt);
const adjustmentsOf = (statementId: string) =>
  ctx.db.select().from(paymentAdjustments).where(eq(paymentAdjustments.statementId, statementId));
const auditOf = (action: string, targetId: string) =>
  ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));

describe("monthly statements", () => {
  it("creates a statement per buyer with the simple model's commission, refreshed while pending", async () => {
    // ROI 100% ≥ 50 → 35% of 1000 profit
    const user = await newBuyerWithMonth("1000.00", "2000.00");
    const card = await loadCard(user.id);
    expect(card).toMatchObject({
      status: "pending",
      amountDue: "350.00",
      pending: "350.00",
      overpaid: "0.00",
    });
    await addCampaign(user.id, "0", "100.00");
    expect((await loadCard(user.id)).amountDue).toBe("385.00");
    // Frozen once processing.
    expect((await act(card.statementId, "process")).status).toBe(200);
    await addCampaign(user.id, "0", "100.00");
    expect(await loadCard(user.id)).toMatchObject({ status: "processing", amountDue: "385.00" });
  });

  it("writes nothing on a load when no figure changed, so readers never queue on row locks", async () => {
    // ROI 33.3333…% (more decimals than the column keeps) must still compare equal to what is stored.
    const user = await newBuyerWithMonth("3.00", "4.00");
    const card = await loadCard(user.id);
    const stamp = async () =>
      (await ctx.db.select().from(paymentStatements).where(eq(paymentStatements.id, card.statementId)))[0]!
        .updatedAt;
    const first = await stamp();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await loadCard(user.id)).amountDue).toBe(card.amountDue);
    expect(await stamp()).toEqual(first);
    await addCampaign(user.id, "1.00", "0");
    await loadCard(user.id);
    expect((await stamp()).getTime()).toBeGreaterThan(first.getTime());
  });

  it("answers only stored figures when loads race a change of figures and a freeze", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const before = await loadCard(user.id);
    // The month's figures move (profit 200 → 300, due 105.00) while ten loads and a "process" race.
    await addCampaign(user.id, "0.00", "100.00");
    const [cards, processed] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => loadCard(user.id))),
      act(before.statementId, "process"),
    ]);
    expect(processed.status).toBe(200);
    const [stored] = await ctx.db
      .select()
      .from(paymentStatements)
      .where(eq(paymentStatements.id, before.statementId));
    // "process" recalculates under its lock: the month closes on its campaigns, never older figures.
    expect(stored).toMatchObject({ status: "processing", amountDue: "105.00" });
    for (const card of cards) expect(card.amountDue).toBe("105.00");
  });

  it("confirms once, notifies the buyer, refuses a second confirm with 409", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // profit 200, ROI 200% → 70.00
    const card = await loadCard(user.id);
    const confirmed = await act(card.statementId, "confirm");
    expect(confirmed.status).toBe(200);
    const paidCard = await confirmed.json();
    expect(paidCard).toMatchObject({ status: "paid", pending: "0.00", paid: "70.00" });
    // paidAt as Date.toISOString gives it (UTC, milliseconds), on the card and in the month's list.
    const [stored] = await ctx.db
      .select({ paidAt: paymentStatements.paidAt })
      .from(paymentStatements)
      .where(eq(paymentStatements.id, card.statementId));
    expect(paidCard.paidAt).toBe(stored!.paidAt!.toISOString());
    expect((await loadCard(user.id)).paidAt).toBe(stored!.paidAt!.toISOString());
    const again = await act(card.statementId, "confirm");
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe("invalid_transition");
    const [notice] = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notice).toMatchObject({ type: "payment", metadata: { amount: "70.00", month: lastMonth() } });
  });

  it("answers the confirmation's note as a system note rendered per reader, old stored sentences too", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    expect((await act(card.statementId, "confirm")).status).toBe(200);
    const answer = await history(card.statementId);
    // No sentence is stored: the type and its day, in the workspace's time zone.
    expect(answer.items[0]).toMatchObject({
      note: null,
      systemNote: { type: "payment_confirmed", date: today() },
    });
    expect(answer.changes[0]).toMatchObject({ action: "confirm", note: null, systemNote: { date: today() } });
    const [stored] = await ctx.db
      .select({ note: payouts.note })
      .from(payouts)
      .where(eq(payouts.id, answer.items[0].id));
    expect(stored?.note).toBeNull();

    // Rows written by earlier versions hold the confirming user's sentence: recognised when read.
    const payoutId = answer.items[0].id as string;
    await ctx.db
      .update(payouts)
      .set({ note: "Pagamento confirmado em 27 de nov. de 2026" })
      .where(eq(payouts.id, payoutId));
    expect((await history(card.statementId)).items[0]).toMatchObject({
      note: null,
      systemNote: { type: "payment_confirmed", date: "2026-11-27" },
    });
    // A note a person typed is shown as typed, beside the system note.
    await ctx.db.update(payouts).set({ note: "Pix enviado pelo Itaú" }).where(eq(payouts.id, payoutId));
    expect((await history(card.statementId)).items[0]).toMatchObject({
      note: "Pix enviado pelo Itaú",
      systemNote: { type: "payment_confirmed", date: today() },
    });
  });

  it("leaves a registered payout without a system note", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    expect((await act(card.statementId, "payouts", { amount: "10.00", note: "Parcial" })).status).toBe(201);
    expect((await history(card.statementId)).items[0]).toMatchObject({ note: "Parcial", systemNote: null });
  });

  it("refuses to pay an amount nobody was shown: the figures moved since the load", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    await addCampaign(user.id, "0.00", "100.00"); // due 105.00
    const refused = await act(card.statementId, "confirm");
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe("statement_changed");
    expect(await payoutsOf(card.statementId)).toHaveLength(0);
    // The new figures were kept: the screen reloads them, and the next confirm pays them.
    expect(await loadCard(user.id)).toMatchObject({ status: "pending", amountDue: "105.00" });
    expect(await (await act(card.statementId, "confirm")).json()).toMatchObject({
      status: "paid",
      paid: "105.00",
    });
  });

  it("registers partial payments; the paid notice carries the settling transfer, not the total", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    const tooMuch = await act(card.statementId, "payouts", { amount: "70.01" });
    expect(tooMuch.status).toBe(409);
    expect(await errorCode(tooMuch)).toBe("amount_exceeds_pending");
    expect(await errorCode(await act(card.statementId, "payouts", { amount: "0" }))).toBe(
      "amount_not_positive",
    );
    expect((await act(card.statementId, "payouts", { amount: "-5" })).status).toBe(400);
    const part = await act(card.statementId, "payouts", { amount: "30", note: "first part" });
    expect(part.status).toBe(201);
    expect(await part.json()).toMatchObject({ status: "pending", pending: "40.00", paid: "30.00" });
    const rest = await act(card.statementId, "payouts", { amount: "40" });
    expect(await rest.json()).toMatchObject({ status: "paid", pending: "0.00", paid: "70.00" });
    const notices = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: "payment", metadata: { amount: "40.00", month: lastMonth() } });
    expect(await errorCode(await act(card.statementId, "payouts", { amount: "1" }))).toBe("nothing_pending");
  });

  it("edits a payout's note only: an amount answers 400 and changes nothing", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    await act(card.statementId, "confirm");
    const [payout] = await payoutsOf(card.statementId);
    const patch = (json: unknown) =>
      ctx.request(`/api/payouts/${payout!.id}`, { method: "PATCH", cookie: as(financial), json });
    const withAmount = await patch({ amount: "0", note: "zeroed" });
    expect(withAmount.status).toBe(400);
    expect(await errorCode(withAmount)).toBe("validation_failed");
    expect((await payoutsOf(card.statementId))[0]).toMatchObject({ amount: "70.00", note: null });
    const noted = await patch({ note: "  Pix E2E 123  " });
    expect(noted.status).toBe(200);
    expect(await noted.json()).toMatchObject({ status: "paid", paid: "70.00" });
    expect((await payoutsOf(card.statementId))[0]).toMatchObject({ amount: "70.00", note: "Pix E2E 123" });
    expect((await patch({})).status).toBe(200);
    expect((await payoutsOf(card.statementId))[0]).toMatchObject({ note: "Pix E2E 123" });
    const events = await auditOf("payment.payout_edited", card.statementId);
    expect(events.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ note: { from: null, to: "Pix E2E 123" } }),
    );
    expect((await history(card.statementId)).changes[0]).toMatchObject({
      action: "edit-payout",
      previousStatus: "paid",
      newStatus: "paid",
    });
  });

  it("refuses to edit a payout's note on a cancelled statement (409 statement_closed), changing nothing", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    await act(card.statementId, "payouts", { amount: "30.00", note: "first part" });
    await act(card.statementId, "reject");
    const [payout] = await payoutsOf(card.statementId);
    const refused = await ctx.request(`/api/payouts/${payout!.id}`, {
      method: "PATCH",
      cookie: as(financial),
      json: { note: "changed after cancelling" },
    });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe("statement_closed");
    expect((await payoutsOf(card.statementId))[0]).toMatchObject({ amount: "30.00", note: "first part" });
    expect((await history(card.statementId)).changes[0]).toMatchObject({
      action: "reject",
      newStatus: "cancelled",
    });
    expect(await auditOf("payment.payout_edited", card.statementId)).toHaveLength(0);
  });

  it("reverses any payout with a reason: a paid statement returns to pending, an open one keeps its status", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    await act(card.statementId, "payouts", { amount: "30" });
    const [partial] = await payoutsOf(card.statementId);
    expect((await reverse(partial!.id, "  ")).status).toBe(400);
    // A partial payout of a pending statement.
    expect(await (await reverse(partial!.id, "Bounced")).json()).toMatchObject({
      status: "pending",
      paid: "0.00",
      pending: "70.00",
    });
    expect(await errorCode(await reverse(partial!.id, "again"))).toBe("payout_reversed");
    // A partial payout of a processing statement.
    await act(card.statementId, "process");
    await act(card.statementId, "payouts", { amount: "20" });
    const second = (await payoutsOf(card.statementId)).find((p) => p.reversedAt === null)!;
    expect(await (await reverse(second.id, "Wrong account")).json()).toMatchObject({
      status: "processing",
      pending: "70.00",
    });
    // The whole payment of a paid statement.
    await act(card.statementId, "confirm");
    const whole = (await payoutsOf(card.statementId)).find((p) => p.reversedAt === null)!;
    const reversed = await reverse(whole.id, "Wrong bank account");
    expect(reversed.status).toBe(200);
    expect(await reversed.json()).toMatchObject({ status: "pending", pending: "70.00", paidAt: null });
    const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, whole.id));
    expect(row).toMatchObject({ reversalReason: "Wrong bank account", reversedBy: financial.id });
    const after = await history(card.statementId);
    expect(after.total).toBe(3);
    expect(after.changes[0]).toMatchObject({
      action: "reverse-payout",
      previousStatus: "paid",
      newStatus: "pending",
      note: "Wrong bank account",
    });
    // Nothing of a cancelled statement is reversed.
    await act(card.statementId, "payouts", { amount: "10" });
    await act(card.statementId, "reject");
    const live = (await payoutsOf(card.statementId)).find((p) => p.reversedAt === null)!;
    expect(await errorCode(await reverse(live.id, "late"))).toBe("statement_closed");
  });

  it("rejects and reopens; reopens processing with its payouts; never reopens a paid statement", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    expect(await (await act(card.statementId, "reject")).json()).toMatchObject({ status: "cancelled" });
    expect(await errorCode(await act(card.statementId, "payouts", { amount: "1" }))).toBe("statement_closed");
    expect(await errorCode(await act(card.statementId, "confirm"))).toBe("statement_closed");
    expect(await (await act(card.statementId, "reopen")).json()).toMatchObject({ status: "pending" });
    expect(await errorCode(await act(card.statementId, "reopen"))).toBe("invalid_transition");
    await act(card.statementId, "process");
    await act(card.statementId, "payouts", { amount: "20" });
    expect(await (await act(card.statementId, "reopen")).json()).toMatchObject({
      status: "pending",
      paid: "20.00",
      pending: "50.00",
    });
    await act(card.statementId, "confirm");
    const paidReopen = await act(card.statementId, "reopen");
    expect(paidReopen.status).toBe(409);
    expect(await errorCode(paidReopen)).toBe("invalid_transition");
  });

  it("is closed to buyers and team leads; the buyer sees only their own badge", async () => {
    const card = await loadCard(buyer.id, month(), admin);
    for (const user of [buyer, lead]) {
      expect((await ctx.request(`/api/payments?month=${month()}`, { cookie: as(user) })).status).toBe(403);
      const denied = await ctx.request(`/api/payments/${card.statementId}/confirm`, {
        method: "POST",
        cookie: as(user),
      });
      expect(denied.status).toBe(403);
      const adjustDenied = await ctx.request(`/api/payments/${card.statementId}/adjustments`, {
        method: "POST",
        cookie: as(user),
        json: { amount: "10", reason: "x" },
      });
      expect(adjustDenied.status).toBe(403);
    }
    const [statement] = await ctx.db
      .select()
      .from(paymentStatements)
      .where(eq(paymentStatements.id, card.statementId));
    expect(statement?.status).toBe("pending");
    const badge = await (await ctx.request("/api/me/payment", { cookie: as(buyer) })).json();
    expect(badge).toMatchObject({
      month: month(),
      status: "pending",
      pending: card.pending,
      lastPaidAt: null,
    });
    expect((await ctx.request("/api/me/payment", { cookie: as(financial) })).status).toBe(403);
  });

  it("shows the buyer this month's projected commission and what would raise the rate", async () => {
    // Simple model: spent 1000, revenue 1400 → profit 400, ROI 40% → 30% = 120.00; 50% needs +100.
    const user = await newBuyerWithMonth("1000.00", "1400.00", month());
    const cookie = await ctx.signIn(user.email, user.password);
    const mine = await ctx.request("/api/me/commission", { cookie });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({
      month: month(),
      model: "simple",
      status: "pending",
      frozen: false,
      spent: "1000.00",
      revenue: "1400.00",
      profit: "400.00",
      roi: "40.0000",
      rate: "30.00",
      commission: "120.00",
      steps: [{ kind: "roi", target: "50.00", missing: "100.00", rateAfter: "35.00" }],
    });
    // It equals what the payments screen computes for the month.
    const card = await loadCard(user.id, month());
    expect(card.amountDue).toBe("120.00");
    // Once paid (early: the month is not over), the card shows the frozen statement and no steps.
    expect((await act(card.statementId, "confirm", { closeEarly: true })).status).toBe(200);
    await addCampaign(user.id, "0", "500.00", month());
    expect(await (await ctx.request("/api/me/commission", { cookie })).json()).toMatchObject({
      status: "paid",
      frozen: true,
      commission: "120.00",
      rate: "30.00",
      steps: [],
    });
    // Admins and financial staff have no commission card.
    for (const other of [financial, admin])
      expect((await ctx.request("/api/me/commission", { cookie: as(other) })).status).toBe(403);
    expect((await ctx.request("/api/me/commission")).status).toBe(401);
  });

  it("refuses a future month and a malformed one", async () => {
    const future = await ctx.request("/api/payments?month=2999-01", { cookie: as(financial) });
    expect((await future.json()).error.fields).toEqual({ month: "month_in_future" });
    const bad = await ctx.request("/api/payments?month=2026-13", { cookie: as(financial) });
    expect((await bad.json()).error.fields).toEqual({ month: "invalid_month" });
  });

  it("pays once when 20 confirms arrive together", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(card.statementId, "confirm")));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await payoutsOf(card.statementId)).toHaveLength(1);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(
      1,
    );
  });
});

describe("closing a month before it ends", () => {
  it("needs closeEarly to process, confirm or settle the current month, and records it", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00", month()); // due 70.00
    const answer = await loadMonth(month());
    expect(answer).toMatchObject({ month: month(), monthOver: false, periodEnd: monthRange(month()).to });
    expect((await loadMonth(lastMonth())).monthOver).toBe(true);
    const card = answer.items.find((c) => c.userId === user.id)!;
    for (const [action, body] of [
      ["process", undefined],
      ["confirm", {}],
      ["confirm", { closeEarly: false }],
      ["payouts", { amount: "70.00" }],
    ] as const) {
      const refused = await act(card.statementId, action, body);
      expect(refused.status).toBe(409);
      expect(await errorCode(refused)).toBe("month_not_over");
    }
    // A part that leaves something pending does not close the month.
    expect(await (await act(card.statementId, "payouts", { amount: "10.00" })).json()).toMatchObject({
      status: "pending",
      pending: "60.00",
    });
    expect(await (await act(card.statementId, "process", { closeEarly: true })).json()).toMatchObject({
      status: "processing",
    });
    const [processed] = await auditOf("payment.processed", card.statementId);
    expect(processed!.details).toMatchObject({ closeEarly: true });
    expect(await errorCode(await act(card.statementId, "payouts", { amount: "60.00" }))).toBe(
      "month_not_over",
    );
    const settled = await act(card.statementId, "payouts", { amount: "60.00", closeEarly: true });
    expect(settled.status).toBe(201);
    expect(await settled.json()).toMatchObject({ status: "paid", pending: "0.00" });
    const [registered] = (await auditOf("payment.payout_registered", card.statementId)).filter(
      (e) => (e.details as { amount?: string }).amount === "60.00",
    );
    expect(registered!.details).toMatchObject({ closeEarly: true });
  });

  it("closes a month that has ended without closeEarly, and audits closeEarly false", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    expect((await act(card.statementId, "process")).status).toBe(200);
    const [processed] = await auditOf("payment.processed", card.statementId);
    expect(processed!.details).toMatchObject({ closeEarly: false });
  });
});

describe("adjustments", () => {
  it("adds bonuses and clawbacks to what is due, with a reason, in the history and the audit trail", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    const bonus = await adjust(card.statementId, "15.50", "Top buyer of the month");
    expect(bonus.status).toBe(201);
    expect(await bonus.json()).toMatchObject({ status: "pending", adjustments: "15.50", pending: "85.50" });
    expect(await (await adjust(card.statementId, "-20", "Chargeback")).json()).toMatchObject({
      adjustments: "-4.50",
      pending: "65.50",
    });
    // The pending amount follows: a payout above it is refused, confirm pays exactly it.
    expect(await errorCode(await act(card.statementId, "payouts", { amount: "65.51" }))).toBe(
      "amount_exceeds_pending",
    );
    expect(await (await act(card.statementId, "confirm")).json()).toMatchObject({
      status: "paid",
      paid: "65.50",
    });
    for (const [json, field] of [
      [{ amount: "0", reason: "x" }, "amount"],
      [{ amount: "10", reason: "  " }, "reason"],
      [{ amount: "1.001", reason: "x" }, "amount"],
      [{ reason: "x" }, "amount"],
    ] as const) {
      const invalid = await act(card.statementId, "adjustments", json);
      expect(invalid.status).toBe(400);
      expect(Object.keys((await invalid.json()).error.fields)).toEqual([field]);
    }
    const listed = await history(card.statementId);
    expect(listed.adjustments).toMatchObject([
      {
        amount: "-20.00",
        reason: "Chargeback",
        kind: "manual",
        linkedMonth: null,
        createdBy: { id: financial.id },
      },
      { amount: "15.50", reason: "Top buyer of the month", kind: "manual", linkedMonth: null },
    ]);
    expect(listed.changes.filter((c: { action: string }) => c.action === "adjust")).toHaveLength(2);
    const events = await auditOf("payment.adjusted", card.statementId);
    expect(events.map((e) => (e.details as { amount: string }).amount).sort()).toEqual(["-20.00", "15.50"]);
  });

  it("moves a paid statement to processing with a bonus (paid_at cleared); a clawback keeps it paid", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    await act(card.statementId, "confirm");
    expect(await (await adjust(card.statementId, "-5.00")).json()).toMatchObject({
      status: "paid",
      pending: "0.00",
      overpaid: "5.00",
    });
    // A bonus that only covers the overpayment leaves nothing owed: still paid.
    expect(await (await adjust(card.statementId, "5.00", "Correction")).json()).toMatchObject({
      status: "paid",
      overpaid: "0.00",
    });
    const owed = await adjust(card.statementId, "12.00", "Late deposit");
    expect(await owed.json()).toMatchObject({ status: "processing", pending: "12.00", paidAt: null });
    const [change] = (await history(card.statementId)).changes;
    expect(change).toMatchObject({ action: "adjust", previousStatus: "paid", newStatus: "processing" });
    // What is owed again is paid like any other amount: the buyer is told of that transfer.
    expect(await (await act(card.statementId, "confirm")).json()).toMatchObject({
      status: "paid",
      paid: "82.00",
    });
    const notices = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.map((n) => (n.metadata as { amount: string }).amount).sort()).toEqual(["12.00", "70.00"]);
  });

  it("refuses an adjustment on a cancelled statement", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    await act(card.statementId, "reject");
    const refused = await adjust(card.statementId, "10.00");
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe("statement_closed");
    expect(await adjustmentsOf(card.statementId)).toHaveLength(0);
  });
});

describe("carried overpayments", () => {
  /** A buyer whose statement two months ago is paid (70.00), and nothing else loaded for them. */
  async function paidBuyer() {
    const user = await newBuyerWithMonth("100.00", "300.00", twoMonthsAgo());
    await addCampaign(user.id, "100.00", "200.00"); // last month: due 35.00
    const origin = await loadCard(user.id, twoMonthsAgo());
    await act(origin.statementId, "confirm");
    return { user, origin };
  }

  it("carries an overpayment into the next month when it is loaded, once, linked both ways", async () => {
    const { user, origin } = await paidBuyer();
    // The next month has no statement of theirs yet (this buyer's last month is not loaded).
    await ctx.db
      .delete(paymentStatements)
      .where(
        and(eq(paymentStatements.userId, user.id), eq(paymentStatements.periodStart, `${lastMonth()}-01`)),
      );
    expect(await (await adjust(origin.statementId, "-30.00")).json()).toMatchObject({
      status: "paid",
      overpaid: "30.00",
    });
    const next = await loadCard(user.id);
    expect(next).toMatchObject({ amountDue: "35.00", adjustments: "-30.00", pending: "5.00" });
    expect(await loadCard(user.id, twoMonthsAgo())).toMatchObject({
      status: "paid",
      adjustments: "0.00",
      overpaid: "0.00",
      pending: "0.00",
    });
    await loadCard(user.id);
    const originHistory = await history(origin.statementId);
    expect(originHistory.adjustments).toMatchObject([
      { amount: "30.00", kind: "carry_out", linkedMonth: lastMonth() },
      { amount: "-30.00", kind: "manual" },
    ]);
    const nextHistory = await history(next.statementId);
    expect(nextHistory.adjustments).toEqual([
      expect.objectContaining({ amount: "-30.00", kind: "carry_in", linkedMonth: twoMonthsAgo() }),
    ]);
    const [carried] = await auditOf("payment.overpayment_carried", origin.statementId);
    expect(carried!.details).toMatchObject({ amount: "30.00", from: twoMonthsAgo(), to: lastMonth() });
  });

  it("carries right after a clawback when the next month's statement exists", async () => {
    const { user, origin } = await paidBuyer();
    const next = await loadCard(user.id); // created now
    expect(next.adjustments).toBe("0.00");
    expect(await (await adjust(origin.statementId, "-50.00")).json()).toMatchObject({
      adjustments: "0.00",
      overpaid: "0.00",
    });
    // More than the next month owes: it shows as that month's own overpayment, to carry on.
    expect(await loadCard(user.id)).toMatchObject({
      adjustments: "-50.00",
      pending: "0.00",
      overpaid: "15.00",
    });
    const rows = await ctx.db
      .select()
      .from(paymentAdjustments)
      .where(inArray(paymentAdjustments.statementId, [origin.statementId, next.statementId]));
    expect(rows.map((r) => `${r.kind} ${r.amount}`).sort()).toEqual([
      "carry_in -50.00",
      "carry_out 50.00",
      "manual -50.00",
    ]);
  });

  it("carries nothing into a cancelled month, and carries once it is reopened", async () => {
    const { user, origin } = await paidBuyer();
    const next = await loadCard(user.id);
    await act(next.statementId, "reject");
    await adjust(origin.statementId, "-10.00");
    expect(await loadCard(user.id, twoMonthsAgo())).toMatchObject({ overpaid: "10.00" });
    expect(await loadCard(user.id)).toMatchObject({ status: "cancelled", adjustments: "0.00" });
    await act(next.statementId, "reopen");
    expect(await loadCard(user.id)).toMatchObject({
      status: "pending",
      adjustments: "-10.00",
      pending: "25.00",
    });
  });

  it("carries once when parallel loads find the same overpayment", async () => {
    const { user, origin } = await paidBuyer();
    await ctx.db
      .delete(paymentStatements)
      .where(
        and(eq(paymentStatements.userId, user.id), eq(paymentStatements.periodStart, `${lastMonth()}-01`)),
      );
    await adjust(origin.statementId, "-20.00");
    const answers = await Promise.all(Array.from({ length: 6 }, () => loadMonth(lastMonth())));
    for (const answer of answers) {
      const card = answer.items.find((c) => c.userId === user.id);
      // Each load answers stored figures: before the carry or after it, never twice carried.
      if (card) expect(["0.00", "-20.00"]).toContain(card.adjustments);
    }
    const [next] = await ctx.db
      .select()
      .from(paymentStatements)
      .where(
        and(eq(paymentStatements.userId, user.id), eq(paymentStatements.periodStart, `${lastMonth()}-01`)),
      );
    const carried = await ctx.db
      .select()
      .from(paymentAdjustments)
      .where(inArray(paymentAdjustments.statementId, [origin.statementId, next!.id]));
    expect(
      carried
        .filter((a) => a.kind !== "manual")
        .map((a) => a.amount)
        .sort(),
    ).toEqual(["-20.00", "20.00"]);
    expect(await auditOf("payment.overpayment_carried", origin.statementId)).toHaveLength(1);
    expect(await loadCard(user.id)).toMatchObject({ adjustments: "-20.00", pending: "15.00" });
  });
  it.runIf(process.env.PLACAR_TEST_DB === "postgres")(
    "carries once when the loads' carries overlap (each waits on the statements' locks)",
    async () => {
      const { user, origin } = await paidBuyer();
      await adjust(origin.statementId, "-25.00");
      // Hold every write of an adjustment until all three loads have read the overpayment: without
      // the row locks each would then write its own pair.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let markLocked = () => {};
      const locked = new Promise<void>((resolve) => {
        markLocked = resolve;
      });
      const blocker = ctx.db.transaction(async (tx) => {
        await tx.execute(sql`lock table payment_adjustments in share mode`);
        markLocked();
        await held;
      });
      await locked;
      const loads = Promise.all([loadMonth(), loadMonth(), loadMonth()]);
      await new Promise((resolve) => setTimeout(resolve, 700));
      release();
      await blocker;
      await loads;
      expect(await auditOf("payment.overpayment_carried", origin.statementId)).toHaveLength(1);
      expect(await loadCard(user.id)).toMatchObject({ adjustments: "-25.00", pending: "10.00" });
    },
  );
});

describe("who has a statement", () => {
  it("only buyers who could have worked the month, or worked in it, or already have one", async () => {
    const { from } = monthRange(lastMonth());
    const joinedLater = await createUser(ctx.db, { role: "user" }); // created this month
    const leftBefore = await createUser(ctx.db, {
      role: "user",
      createdAt: longAgo,
      deactivatedAt: new Date(`${addDays(from, -3)}T12:00:00Z`),
    });
    const leftDuring = await createUser(ctx.db, {
      role: "user",
      createdAt: longAgo,
      deactivatedAt: new Date(`${addDays(from, 10)}T12:00:00Z`),
    });
    const joinedLaterWithWork = await createUser(ctx.db, { role: "user" });
    await addCampaign(joinedLaterWithWork.id, "10.00", "20.00");
    const present = new Set((await loadMonth()).items.map((row) => row.userId));
    expect(present.has(joinedLater.id)).toBe(false);
    expect(present.has(leftBefore.id)).toBe(false);
    expect(present.has(leftDuring.id)).toBe(true);
    expect(present.has(joinedLaterWithWork.id)).toBe(true);
    // The current month has the buyer who joined in it.
    expect((await loadMonth(month())).items.some((row) => row.userId === joinedLater.id)).toBe(true);
    expect(
      await ctx.db.select().from(paymentStatements).where(eq(paymentStatements.userId, joinedLater.id)),
    ).toHaveLength(1);
  });
});

describe("the month's table", () => {
  it("filters by status, team lead (or none) and pending, with totals of the rows it keeps", async () => {
    const teamLead = await createUser(ctx.db, { role: "manager", name: "Lena Lead" });
    const a = await newBuyerWithMonth("100.00", "300.00", lastMonth(), { managerId: teamLead.id }); // 70.00
    const b = await newBuyerWithMonth("200.00", "300.00", lastMonth(), { managerId: teamLead.id }); // 35.00
    const solo = await newBuyerWithMonth("50.00", "60.00", lastMonth(), { managerId: null });
    await ctx.db.insert(payeeDetails).values([
      { userId: a.id, method: "pix", pixKeyType: "email", pixKey: "a@example.test" },
      {
        userId: b.id,
        method: "usdt",
        usdtAddress: "TXYZ",
        updatedAt: new Date(Date.now() - 10 * 24 * 3600_000),
      },
    ]);
    const cardB = await loadCard(b.id);
    await act(cardB.statementId, "confirm");

    const team = await loadMonth(lastMonth(), `&teamLeadId=${teamLead.id}`);
    expect(team.items.map((row) => row.userId).sort()).toEqual([a.id, b.id].sort());
    const rowA = team.items.find((row) => row.userId === a.id)!;
    expect(rowA).toMatchObject({
      teamLead: { id: teamLead.id, name: "Lena Lead" },
      payee: { method: "pix", changedRecently: true },
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
    });
    expect(team.items.find((row) => row.userId === b.id)!.payee).toMatchObject({
      method: "usdt",
      changedRecently: false,
    });
    expect(team.totals).toEqual({
      count: 2,
      totalSpent: "300.00",
      totalRevenue: "600.00",
      totalProfit: "300.00",
      roi: "100.0000", // Σprofit / Σspent, not the mean of 200% and 50%
      amountDue: "105.00",
      adjustments: "0.00",
      paid: "35.00",
      pending: "70.00",
    });
    const pendingOnly = await loadMonth(lastMonth(), `&teamLeadId=${teamLead.id}&pendingOnly=true`);
    expect(pendingOnly.items.map((row) => row.userId)).toEqual([a.id]);
    expect(pendingOnly.totals).toMatchObject({
      count: 1,
      amountDue: "70.00",
      pending: "70.00",
      paid: "0.00",
    });
    const paid = await loadMonth(lastMonth(), `&teamLeadId=${teamLead.id}&status=paid`);
    expect(paid.items.map((row) => row.userId)).toEqual([b.id]);
    const none = await loadMonth(lastMonth(), "&teamLeadId=none");
    expect(none.items.some((row) => row.userId === solo.id)).toBe(true);
    expect(none.items.every((row) => row.teamLead === null)).toBe(true);
    // Totals are the sums of the rows kept, whatever the filter.
    for (const answer of [
      none,
      await loadMonth(lastMonth()),
      await loadMonth(lastMonth(), "&status=pending"),
    ]) {
      expect(answer.totals.count).toBe(answer.items.length);
      for (const key of ["amountDue", "adjustments", "paid", "pending", "totalSpent"] as const) {
        const sum = answer.items.reduce((total, row) => total + toCents(row[key]), 0n);
        expect(toCents(answer.totals[key] as string)).toBe(sum);
      }
    }
    expect(
      (await ctx.request(`/api/payments?month=${lastMonth()}&status=late`, { cookie: as(financial) })).status,
    ).toBe(400);
  });
});

describe("commission settings by effective month", () => {
  const put = (userId: string, json: unknown) =>
    ctx.request(`/api/commission-settings/${userId}`, { method: "PUT", cookie: as(financial), json });
  const get = async (userId: string, query = "") =>
    (await ctx.request(`/api/commission-settings/${userId}${query}`, { cookie: as(financial) })).json();
  const inputOf = (view: Record<string, unknown>) => {
    const { userId: _u, saved: _s, effectiveFrom: _e, history: _h, ...input } = view;
    return input;
  };

  it("answers the defaults, validates and saves a tiered model that the next load uses", async () => {
    const user = await newBuyerWithMonth("5000.00", "10000.00", month()); // revenue 10,000, ROI 100%
    const defaults = await get(user.id);
    expect(defaults).toMatchObject({
      modelType: "simple",
      baseCommissionRate: "30",
      saved: false,
      effectiveFrom: null,
      history: [],
    });
    const bad = await put(user.id, {
      ...inputOf(defaults),
      modelType: "tiered",
      baseCommissionRate: "101",
      revenueTiers: [
        { minRevenue: "0", maxRevenue: "5000", commissionBelowRoi: "0", commissionAboveRoi: "0" },
        { minRevenue: "4000", maxRevenue: null, commissionBelowRoi: "10", commissionAboveRoi: "120" },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({
      baseCommissionRate: "max_100",
      "revenueTiers.1.commissionAboveRoi": "max_100",
    });
    const overlapping = await put(user.id, {
      ...inputOf(defaults),
      revenueTiers: [
        { minRevenue: "0", maxRevenue: "5000", commissionBelowRoi: "0", commissionAboveRoi: "0" },
        { minRevenue: "4000", maxRevenue: null, commissionBelowRoi: "10", commissionAboveRoi: "12" },
      ],
    });
    expect((await overlapping.json()).error.fields).toEqual({ "revenueTiers.1.minRevenue": "tier_overlap" });
    expect((await put(user.id, { ...inputOf(defaults), effectiveFrom: "2026-13" })).status).toBe(400);

    // No effectiveFrom: the current month.
    const saved = await put(user.id, { ...inputOf(defaults), modelType: "tiered", roiThreshold: "abc" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      modelType: "tiered",
      roiThreshold: "0.00",
      saved: true,
      effectiveFrom: month(),
      history: [{ effectiveFrom: month(), modelType: "tiered", updatedBy: { id: financial.id } }],
    });
    // tier 8000–13000, ROI ≥ 30 → 20% of 5000 profit
    const row = await loadCard(user.id, month());
    expect(row.amountDue).toBe("1000.00");
    expect(row.explanation).toMatchObject({
      model: "tiered",
      settingsEffectiveFrom: month(),
      tier: { minRevenue: "8000.00", maxRevenue: "13000.00" },
      rate: "20.00",
    });
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "commission_settings.updated"), eq(auditEvents.targetId, user.id)));
    expect(event!.details).toMatchObject({ effectiveFrom: month(), firstSave: true });

    const denied = await ctx.request(`/api/commission-settings/${user.id}`, { cookie: as(buyer) });
    expect(denied.status).toBe(403);
  });

  it("keeps earlier months' settings: a change from next month leaves last month's statement as it was", async () => {
    const user = await newBuyerWithMonth("1000.00", "2000.00"); // simple defaults: 35% of 1000
    await addCampaign(user.id, "1000.00", "2000.00", month());
    expect((await loadCard(user.id)).amountDue).toBe("350.00");
    const defaults = await get(user.id);
    const later = await put(user.id, {
      ...inputOf(defaults),
      baseCommissionRate: "10",
      highRoiCommissionRate: "12",
      effectiveFrom: nextMonth(),
    });
    expect(later.status).toBe(200);
    expect(await later.json()).toMatchObject({ effectiveFrom: nextMonth(), highRoiCommissionRate: "12.00" });
    // Last month and this month still use the defaults; next month uses the new rates.
    expect((await loadCard(user.id)).amountDue).toBe("350.00");
    expect((await loadCard(user.id, month())).amountDue).toBe("350.00");
    expect(await get(user.id)).toMatchObject({
      saved: false,
      highRoiCommissionRate: "35",
      effectiveFrom: null,
    });
    expect(await get(user.id, `?month=${nextMonth()}`)).toMatchObject({
      saved: true,
      highRoiCommissionRate: "12.00",
      effectiveFrom: nextMonth(),
    });
    // A change from last month reprices last month's pending statement (and the months after it).
    await put(user.id, { ...inputOf(defaults), highRoiCommissionRate: "20", effectiveFrom: lastMonth() });
    expect((await loadCard(user.id)).amountDue).toBe("200.00");
    expect((await loadCard(user.id, month())).amountDue).toBe("200.00");
    const view = await get(user.id, `?month=${nextMonth()}`);
    expect(view.history.map((version: { effectiveFrom: string }) => version.effectiveFrom)).toEqual([
      nextMonth(),
      lastMonth(),
    ]);
    expect(
      (await ctx.request(`/api/commission-settings/${user.id}?month=soon`, { cookie: as(financial) })).status,
    ).toBe(400);
  });

  it("refuses a change from a month that is closed, or before a later closed month (409 month_closed)", async () => {
    const user = await newBuyerWithMonth("1000.00", "2000.00");
    const card = await loadCard(user.id);
    await act(card.statementId, "process");
    const defaults = await get(user.id);
    for (const effectiveFrom of [lastMonth(), twoMonthsAgo()]) {
      const refused = await put(user.id, { ...inputOf(defaults), baseCommissionRate: "1", effectiveFrom });
      expect(refused.status).toBe(409);
      expect(await errorCode(refused)).toBe("month_closed");
    }
    expect(await get(user.id, `?month=${lastMonth()}`)).toMatchObject({ saved: false, history: [] });
    // The month after the closed one is free; reopening frees the closed one again.
    expect((await put(user.id, { ...inputOf(defaults), effectiveFrom: month() })).status).toBe(200);
    await act(card.statementId, "reopen");
    expect((await put(user.id, { ...inputOf(defaults), effectiveFrom: lastMonth() })).status).toBe(200);
  });

  it("shows settings saved before effective months as in effect from the start", async () => {
    const user = await createUser(ctx.db, { role: "user", createdAt: longAgo });
    await createCommissionSettings(ctx.db, { userId: user.id, baseCommissionRate: "25" });
    expect(await get(user.id)).toMatchObject({
      saved: true,
      baseCommissionRate: "25.00",
      effectiveFrom: null,
      history: [{ effectiveFrom: null, baseCommissionRate: "25.00" }],
    });
  });
});

describe("the buyer's own statements", () => {
  it("lists them newest first with payouts, reversals and adjustments; the badge has the last payout", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // last month: 70.00
    await addCampaign(user.id, "100.00", "200.00", month()); // this month: 35.00
    const cookie = await ctx.signIn(user.email, user.password);
    const empty = await ctx.request("/api/me/payments", { cookie });
    expect(await empty.json()).toEqual({ items: [] });

    const last = await loadCard(user.id);
    await loadCard(user.id, month());
    await act(last.statementId, "payouts", { amount: "20.00" });
    const [first] = await payoutsOf(last.statementId);
    await reverse(first!.id, "Bounced");
    await adjust(last.statementId, "-5.00", "Chargeback");
    await act(last.statementId, "confirm");

    const mine = await (await ctx.request("/api/me/payments", { cookie })).json();
    expect(mine.items.map((item: { month: string }) => item.month)).toEqual([month(), lastMonth()]);
    expect(mine.items[1]).toMatchObject({
      statementId: last.statementId,
      status: "paid",
      amountDue: "70.00",
      adjustments: "-5.00",
      paid: "65.00",
      pending: "0.00",
      overpaid: "0.00",
      adjustmentItems: [{ amount: "-5.00", reason: "Chargeback", kind: "manual" }],
    });
    expect(mine.items[1].payouts).toMatchObject([
      { amount: "65.00", reversedAt: null },
      { amount: "20.00", reversalReason: "Bounced" },
    ]);
    expect(mine.items[0]).toMatchObject({ status: "pending", amountDue: "35.00", payouts: [] });

    const badge = await (await ctx.request("/api/me/payment", { cookie })).json();
    const settled = (await payoutsOf(last.statementId)).find((p) => p.reversedAt === null)!;
    expect(badge).toMatchObject({
      month: month(),
      pending: "35.00",
      lastPaidAt: settled.paidAt.toISOString(),
    });

    // Never another buyer's: the list is the caller's own.
    const other = await (await ctx.request("/api/me/payments", { cookie: as(buyer) })).json();
    expect(other.items.every((item: { statementId: string }) => item.statementId !== last.statementId)).toBe(
      true,
    );
    for (const staff of [financial, admin])
      expect((await ctx.request("/api/me/payments", { cookie: as(staff) })).status).toBe(403);
    expect((await ctx.request("/api/me/payments")).status).toBe(401);
  });
});

describe("the buyer's badge", () => {
  it("reads the caller's own statement when another buyer of the month sorts first (by id, name and e-mail)", async () => {
    const [first, second] = [
      await createUser(ctx.db, { role: "user", createdAt: longAgo }),
      await createUser(ctx.db, { role: "user", createdAt: longAgo }),
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    const other = first!;
    const self = second!;
    await ctx.db
      .update(users)
      .set({ name: "Aaaa Antes", email: `aaaa-${other.id}@example.test` })
      .where(eq(users.id, other.id));
    await ctx.db
      .update(users)
      .set({ name: "Zzzz Depois", email: `zzzz-${self.id}@example.test` })
      .where(eq(users.id, self.id));
    await addCampaign(other.id, "100.00", "300.00", month()); // 70.00
    await addCampaign(self.id, "100.00", "200.00", month()); // 35.00
    const othersCard = await loadCard(other.id, month());
    const ownCard = await loadCard(self.id, month());
    expect([othersCard.pending, ownCard.pending]).toEqual(["70.00", "35.00"]);
    // The other buyer's statement also has a payout: its date must not become the caller's.
    await act(othersCard.statementId, "payouts", { amount: "10.00" });
    const cookie = await ctx.signIn(`zzzz-${self.id}@example.test`, self.password);
    const badge = await ctx.request("/api/me/payment", { cookie });
    expect(badge.status).toBe(200);
    expect(await badge.json()).toEqual({
      month: month(),
      status: "pending",
      pending: "35.00",
      nextExpectedDate: null,
      lastPaidAt: null,
    });
    const mine = await (await ctx.request("/api/me/payments", { cookie })).json();
    expect(mine.items.map((item: { statementId: string }) => item.statementId)).toEqual([
      ownCard.statementId,
    ]);
  });
});

describe("the status log", () => {
  it("records every action with the statuses before and after", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    await act(card.statementId, "process");
    await adjust(card.statementId, "3.00", "Bonus");
    await act(card.statementId, "reopen");
    const rows = await ctx.db
      .select()
      .from(paymentStatusChanges)
      .where(eq(paymentStatusChanges.statementId, card.statementId))
      .orderBy(paymentStatusChanges.seq);
    expect(rows.map((r) => `${r.action}:${r.previousStatus}→${r.newStatus}`)).toEqual([
      "process:pending→processing",
      "adjust:processing→processing",
      "reopen:processing→pending",
    ]);
  });

  type Change = { action: string; previousStatus: string | null; newStatus: string };
  /** The history as answered (newest first) must read as one chain ending in the statement's status. */
  async function expectHistoryInCommitOrder(statementId: string) {
    const { changes } = (await history(statementId)) as { changes: Change[] };
    const [statement] = await ctx.db
      .select()
      .from(paymentStatements)
      .where(eq(paymentStatements.id, statementId));
    const oldestFirst = [...changes].reverse();
    expect(changes[0]?.newStatus, "the newest change ends in the statement's status").toBe(statement!.status);
    oldestFirst.forEach((change, index) => {
      if (index === 0) return;
      expect(
        change.previousStatus,
        `${oldestFirst.map((c) => `${c.action}:${c.previousStatus}→${c.newStatus}`)}`,
      ).toBe(oldestFirst[index - 1]!.newStatus);
    });
  }

  it("answers the history in commit order when a later transaction won the statement's lock", async () => {
    // Reverse-payout starts first but waits; confirm starts later, takes the statement's lock and
    // commits first; the reversal commits last (paid → pending). Ordered by transaction start, the
    // confirm would look newest on a pending statement.
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    await act(card.statementId, "payouts", { amount: "30.00" });
    const [partial] = await payoutsOf(card.statementId);
    if (ctx.kind === "postgres") {
      // A second connection holds the payouts table: the reversal (which reads its payout before
      // locking the statement) waits first; the confirm locks the statement, then waits too.
      const { rows } = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: [{ name: string }];
      };
      const name = rows[0].name;
      const blocker = new pg.Client({
        connectionString: databaseUrl(
          process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
          name,
        ),
      });
      await blocker.connect();
      const waiting = async (n: number) => {
        for (let i = 0; i < 200; i++) {
          // Inside the blocker's transaction the activity view is a snapshot: take a fresh one.
          await blocker.query("select pg_stat_clear_snapshot()");
          const { rows } = await blocker.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (rows[0].n >= n) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error(`fewer than ${n} transactions waiting`);
      };
      try {
        await blocker.query("begin");
        await blocker.query("lock table payouts in access exclusive mode");
        const reversal = reverse(partial!.id, "Bounced");
        await waiting(1);
        const confirm = act(card.statementId, "confirm");
        await waiting(2);
        await blocker.query("commit");
        const [reversed, confirmed] = await Promise.all([reversal, confirm]);
        expect(confirmed.status).toBe(200);
        expect(await reversed.json()).toMatchObject({ status: "pending", paid: "40.00", pending: "30.00" });
      } finally {
        await blocker.end();
      }
    } else {
      // PGlite runs one transaction at a time: the two only race for their turn.
      const answers = await Promise.all([reverse(partial!.id, "Bounced"), act(card.statementId, "confirm")]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
    }
    await expectHistoryInCommitOrder(card.statementId);
  });

  it("answers the history in commit order after many parallel actions", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    await act(card.statementId, "payouts", { amount: "10.00" });
    const [first] = await payoutsOf(card.statementId);
    await Promise.all([
      act(card.statementId, "process"),
      act(card.statementId, "confirm"),
      act(card.statementId, "payouts", { amount: "5.00" }),
      reverse(first!.id, "Bounced"),
      adjust(card.statementId, "2.00", "Bonus"),
      act(card.statementId, "reopen"),
    ]);
    await expectHistoryInCommitOrder(card.statementId);
  });
});
