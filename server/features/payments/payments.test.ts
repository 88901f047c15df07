import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthOf, todayIn } from "../../../domain/periods";
import { type CreatedUser, createCampaign, createOffer, createUser } from "../../../tests/factories";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { notifications, paymentStatements, payouts } from "../../db/schema";

let ctx: TestContext;
let financial: CreatedUser;
let admin: CreatedUser;
let buyer: CreatedUser;
let lead: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;
const today = () => todayIn("America/Sao_Paulo");
const month = () => monthOf(today());

type Card = {
  statementId: string;
  userId: string;
  status: string;
  amountDue: string;
  pending: string;
  paid: string;
  paidAt: string | null;
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

async function newBuyerWithMonth(spent: string, revenue: string) {
  const user = await createUser(ctx.db, { role: "user" });
  const offer = await createOffer(ctx.db);
  await createCampaign(ctx.db, {
    creatorId: user.id,
    offerId: offer.id,
    date: today(),
    spent,
    depositPayment: revenue,
  });
  return user;
}

async function loadCard(userId: string, who: CreatedUser = financial): Promise<Card> {
  const response = await ctx.request(`/api/payments?month=${month()}`, { cookie: as(who) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { cards: Card[] };
  return body.cards.find((c) => c.userId === userId)!;
}

const act = (statementId: string, action: string, json?: unknown) =>
  ctx.request(`/api/payments/${statementId}/${action}`, {
    method: "POST",
    cookie: as(financial),
    ...(json !== undefined ? { json } : {}),
  });

describe("monthly statements", () => {
  it("creates a statement per buyer with the simple model's commission, refreshed while pending", async () => {
    // ROI 100% ≥ 50 → 35% of 1000 profit
    const user = await newBuyerWithMonth("1000.00", "2000.00");
    const card = await loadCard(user.id);
    expect(card).toMatchObject({ status: "pending", amountDue: "350.00", pending: "350.00" });
    await createCampaign(ctx.db, { creatorId: user.id, date: today(), spent: "0", depositPayment: "100.00" });
    expect((await loadCard(user.id)).amountDue).toBe("385.00");
    // Frozen once processing.
    expect((await act(card.statementId, "process")).status).toBe(200);
    await createCampaign(ctx.db, { creatorId: user.id, date: today(), spent: "0", depositPayment: "100.00" });
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
    await createCampaign(ctx.db, { creatorId: user.id, date: today(), spent: "1.00", depositPayment: "0" });
    await loadCard(user.id);
    expect((await stamp()).getTime()).toBeGreaterThan(first.getTime());
  });

  it("answers only stored figures when loads race a change of figures and a freeze", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const before = await loadCard(user.id);
    // The month's figures move (profit 200 → 300, due 105.00) while ten loads and a "process" race.
    await createCampaign(ctx.db, {
      creatorId: user.id,
      date: today(),
      spent: "0.00",
      depositPayment: "100.00",
    });
    const [cards, processed] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => loadCard(user.id))),
      act(before.statementId, "process"),
    ]);
    expect(processed.status).toBe(200);
    const [stored] = await ctx.db
      .select()
      .from(paymentStatements)
      .where(eq(paymentStatements.id, before.statementId));
    expect(stored!.status).toBe("processing");
    for (const card of cards) {
      // Pending cards carry the fresh figures; a frozen one carries what was frozen, never a mix.
      if (card.status === "pending") expect(card.amountDue).toBe("105.00");
      else expect(card).toMatchObject({ status: "processing", amountDue: stored!.amountDue });
    }
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
    expect((await again.json()).error.code).toBe("invalid_transition");
    const [notice] = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notice).toMatchObject({ type: "payment", metadata: { amount: "70.00", month: month() } });
  });

  it("registers partial payments, reverses with a reason and keeps the history", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00"); // due 70.00
    const card = await loadCard(user.id);
    const tooMuch = await act(card.statementId, "payouts", { amount: "70.01" });
    expect(tooMuch.status).toBe(409);
    expect((await tooMuch.json()).error.code).toBe("amount_exceeds_pending");
    const zero = await act(card.statementId, "payouts", { amount: "0" });
    expect(zero.status).toBe(409);
    const part = await act(card.statementId, "payouts", { amount: "30", note: "first part" });
    expect(part.status).toBe(201);
    expect(await part.json()).toMatchObject({ status: "pending", pending: "40.00" });
    const rest = await act(card.statementId, "payouts", { amount: "40" });
    expect(await rest.json()).toMatchObject({ status: "paid", pending: "0.00" });

    const history = await (
      await ctx.request(`/api/payments/${card.statementId}/history`, { cookie: as(financial) })
    ).json();
    expect(history.total).toBe(2);
    const lastPayout = history.items[0].id as string;

    const blank = await ctx.request(`/api/payouts/${lastPayout}/reverse`, {
      method: "POST",
      cookie: as(financial),
      json: { reason: "  " },
    });
    expect(blank.status).toBe(400);
    const reversed = await ctx.request(`/api/payouts/${lastPayout}/reverse`, {
      method: "POST",
      cookie: as(financial),
      json: { reason: "Wrong bank account" },
    });
    expect(reversed.status).toBe(200);
    expect(await reversed.json()).toMatchObject({ status: "pending", pending: "40.00", paidAt: null });
    const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, lastPayout));
    expect(row).toMatchObject({ reversalReason: "Wrong bank account", reversedBy: financial.id });
    const twice = await ctx.request(`/api/payouts/${lastPayout}/reverse`, {
      method: "POST",
      cookie: as(financial),
      json: { reason: "again" },
    });
    expect((await twice.json()).error.code).toBe("payout_reversed");

    const after = await (
      await ctx.request(`/api/payments/${card.statementId}/history`, { cookie: as(financial) })
    ).json();
    expect(after.changes.map((c: { action: string }) => c.action)).toEqual([
      "reverse-payout",
      "register-payout",
      "register-payout",
    ]);
    expect(after.changes[0]).toMatchObject({
      previousStatus: "paid",
      newStatus: "pending",
      note: "Wrong bank account",
    });
  });

  it("rejects and reopens, and refuses payments on a cancelled statement", async () => {
    const user = await newBuyerWithMonth("100.00", "300.00");
    const card = await loadCard(user.id);
    expect(await (await act(card.statementId, "reject")).json()).toMatchObject({ status: "cancelled" });
    expect((await act(card.statementId, "payouts", { amount: "1" })).status).toBe(409);
    expect(await (await act(card.statementId, "reopen")).json()).toMatchObject({ status: "pending" });
  });

  it("is closed to buyers and team leads; the buyer sees only their own badge", async () => {
    const card = await loadCard(buyer.id, admin);
    for (const user of [buyer, lead]) {
      expect((await ctx.request(`/api/payments?month=${month()}`, { cookie: as(user) })).status).toBe(403);
      const denied = await ctx.request(`/api/payments/${card.statementId}/confirm`, {
        method: "POST",
        cookie: as(user),
      });
      expect(denied.status).toBe(403);
    }
    const [statement] = await ctx.db
      .select()
      .from(paymentStatements)
      .where(eq(paymentStatements.id, card.statementId));
    expect(statement?.status).toBe("pending");
    const badge = await (await ctx.request("/api/me/payment", { cookie: as(buyer) })).json();
    expect(badge).toMatchObject({ month: month(), status: "pending", pending: card.pending });
    expect((await ctx.request("/api/me/payment", { cookie: as(financial) })).status).toBe(403);
  });

  it("shows the buyer this month's projected commission and what would raise the rate", async () => {
    // Simple model: spent 1000, revenue 1400 → profit 400, ROI 40% → 30% = 120.00; 50% needs +100.
    const user = await newBuyerWithMonth("1000.00", "1400.00");
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
      roi: 40,
      rate: "30",
      commission: "120.00",
      steps: [{ kind: "roi", target: "50", missing: "100.00", rateAfter: "35" }],
    });
    // It equals what the payments screen computes for the month.
    const card = await loadCard(user.id);
    expect(card.amountDue).toBe("120.00");
    // Once paid, the card shows the frozen statement and no steps.
    expect((await act(card.statementId, "confirm")).status).toBe(200);
    await createCampaign(ctx.db, { creatorId: user.id, date: today(), spent: "0", depositPayment: "500.00" });
    expect(await (await ctx.request("/api/me/commission", { cookie })).json()).toMatchObject({
      status: "paid",
      frozen: true,
      commission: "120.00",
      rate: "30",
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

  it.runIf(process.env.PLACAR_TEST_DB === "postgres")(
    "pays once when 20 confirms arrive together",
    async () => {
      const user = await newBuyerWithMonth("100.00", "300.00");
      const card = await loadCard(user.id);
      const answers = await Promise.all(Array.from({ length: 20 }, () => act(card.statementId, "confirm")));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const rows = await ctx.db.select().from(payouts).where(eq(payouts.statementId, card.statementId));
      expect(rows).toHaveLength(1);
    },
  );
});

describe("commission settings", () => {
  it("answers the defaults, validates and saves a tiered model that the next load uses", async () => {
    const user = await newBuyerWithMonth("5000.00", "10000.00"); // revenue 10,000, ROI 100%
    const defaults = await (
      await ctx.request(`/api/commission-settings/${user.id}`, { cookie: as(financial) })
    ).json();
    expect(defaults).toMatchObject({ modelType: "simple", baseCommissionRate: "30", saved: false });

    const bad = await ctx.request(`/api/commission-settings/${user.id}`, {
      method: "PUT",
      cookie: as(financial),
      json: {
        ...defaults,
        modelType: "tiered",
        baseCommissionRate: "101",
        revenueTiers: [
          { minRevenue: "0", maxRevenue: "5000", commissionBelowRoi: "0", commissionAboveRoi: "0" },
          { minRevenue: "4000", maxRevenue: null, commissionBelowRoi: "10", commissionAboveRoi: "120" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({
      baseCommissionRate: "max_100",
      "revenueTiers.1.commissionAboveRoi": "max_100",
    });
    const overlapping = await ctx.request(`/api/commission-settings/${user.id}`, {
      method: "PUT",
      cookie: as(financial),
      json: {
        ...defaults,
        revenueTiers: [
          { minRevenue: "0", maxRevenue: "5000", commissionBelowRoi: "0", commissionAboveRoi: "0" },
          { minRevenue: "4000", maxRevenue: null, commissionBelowRoi: "10", commissionAboveRoi: "12" },
        ],
      },
    });
    expect((await overlapping.json()).error.fields).toEqual({ "revenueTiers.1.minRevenue": "tier_overlap" });

    const saved = await ctx.request(`/api/commission-settings/${user.id}`, {
      method: "PUT",
      cookie: as(financial),
      json: { ...defaults, modelType: "tiered", roiThreshold: "abc" },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ modelType: "tiered", roiThreshold: "0.00", saved: true });
    // tier 8000–13000, ROI ≥ 30 → 20% of 5000 profit
    expect((await loadCard(user.id)).amountDue).toBe("1000.00");

    const denied = await ctx.request(`/api/commission-settings/${user.id}`, { cookie: as(buyer) });
    expect(denied.status).toBe(403);
  });
});
