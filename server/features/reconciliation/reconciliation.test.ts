import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "../../../domain/money";
import { addMonths, monthOf, monthRange, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createCampaign, createOffer, createUser, type OfferRow } from "../../db/factories";
import {
  auditEvents,
  paymentAdjustments,
  paymentStatements,
  paymentStatusChanges,
  reconciliationAdjustments,
  users,
} from "../../db/schema";

// Reconciliation of networks' statements (issue 32): upload → preview → commit, lines against the
// buyers' campaigns, resolving by a note or by adjustments that recompute the commission exactly,
// unknown references mapped by hand and remembered, the payments table's state and the reason it
// asks for, and who may see any of it.

let ctx: TestContext;
let financial: CreatedUser;
let admin: CreatedUser;
let buyerA: CreatedUser;
let buyerB: CreatedUser;
let buyerC: CreatedUser;
let lead: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;
const monthsAgo = (n: number) =>
  monthOf(addMonths(monthRange(monthOf(todayIn("America/Sao_Paulo"))).from, -n));

beforeAll(async () => {
  ctx = await createTestContext();
  financial = await createUser(ctx.db, { role: "financial" });
  admin = await createUser(ctx.db, { role: "admin" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyerA = await createUser(ctx.db, { role: "user", name: "Ana" });
  buyerB = await createUser(ctx.db, { role: "user", name: "Bruno" });
  buyerC = await createUser(ctx.db, { role: "user", name: "Carla" });
  await ctx.db.update(users).set({ code: "carla7" }).where(eq(users.id, buyerC.id));
  for (const user of [financial, admin, lead, buyerA, buyerB, buyerC])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});

afterAll(async () => {
  await ctx?.close();
});

type Upload = { network: string; month: string; text: string; mapping?: Record<string, string | null> };

function upload(user: CreatedUser, { network, month, text, mapping }: Upload) {
  const form = new FormData();
  form.set("file", new File([new TextEncoder().encode(text)], "statement.csv", { type: "text/csv" }));
  form.set("network", network);
  form.set("month", month);
  if (mapping) form.set("mapping", JSON.stringify(mapping));
  return ctx.request("/api/reconciliations/preview", { method: "POST", cookie: as(user), body: form });
}

async function uploadOk(user: CreatedUser, input: Upload) {
  const response = await upload(user, input);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function commit(user: CreatedUser, id: string) {
  const response = await ctx.request(`/api/reconciliations/${id}/commit`, {
    method: "POST",
    cookie: as(user),
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function lines(id: string, user: CreatedUser = financial) {
  const response = await ctx.request(`/api/reconciliations/${id}/lines`, { cookie: as(user) });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function paymentRow(month: string, userId: string) {
  const response = await ctx.request(`/api/payments?month=${month}`, { cookie: as(financial) });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.items.find((item: { userId: string }) => item.userId === userId);
}

describe("a statement that matches exactly", () => {
  let offer: OfferRow;
  const month = monthsAgo(2);

  beforeAll(async () => {
    offer = await createOffer(ctx.db, { name: "Fortuna Exacta", payoutPerDeposit: "30.00" });
    await createCampaign(ctx.db, {
      creatorId: buyerA.id,
      offerId: offer.id,
      date: `${month}-05`,
      deposits: 10,
      spent: "100.00",
    });
    await createCampaign(ctx.db, {
      creatorId: buyerB.id,
      offerId: offer.id,
      date: `${month}-06`,
      deposits: 5,
      spent: "50.00",
    });
  });

  it("previews with the mapping guessed, commits, and shows one line with no difference", async () => {
    const preview = await uploadOk(financial, {
      network: "Exacta Partners",
      month,
      text: `Offer;Date;FTD;Payout\nFortuna Exacta;${month}-05;10;300,00\nfortuna exacta;${month}-06;5;150,00\n`,
    });
    expect(preview.statement.status).toBe("preview");
    expect(preview.statement.mapping).toMatchObject({
      offer: "Offer",
      date: "Date",
      deposits: "FTD",
      revenue: "Payout",
    });
    expect(preview.statement.counts).toEqual({ matched: 2, unmatched: 0, error: 0 });
    expect(preview.rows.map((r: { offer: { id: string } }) => r.offer.id)).toEqual([offer.id, offer.id]);

    // Not a statement yet: the lines of a preview are not found.
    expect(
      (await ctx.request(`/api/reconciliations/${preview.statement.id}/lines`, { cookie: as(financial) }))
        .status,
    ).toBe(404);
    const committed = await commit(financial, preview.statement.id);
    expect(committed.statement.status).toBe("committed");

    const result = await lines(preview.statement.id);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({
      offer: { id: offer.id },
      buyer: null,
      logged: { deposits: 15, revenue: "450.00" },
      reported: { deposits: 15, revenue: "450.00" },
      difference: { deposits: 0, revenue: "0.00", percent: "0.00" },
      flagged: false,
      resolution: null,
    });
    const listed = await (
      await ctx.request(`/api/reconciliations?month=${month}`, { cookie: as(admin) })
    ).json();
    expect(listed.items.map((s: { id: string }) => s.id)).toEqual([preview.statement.id]);

    // Both buyers are matched on the payments table; closing needs no reason.
    expect((await paymentRow(month, buyerA.id)).reconciliation).toBe("matched");
    const row = await paymentRow(month, buyerB.id);
    expect(row.reconciliation).toBe("matched");
    const processed = await ctx.request(`/api/payments/${row.statementId}/process`, {
      method: "POST",
      cookie: as(financial),
      json: {},
    });
    expect(processed.status).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "reconciliation.committed"));
    expect(audit.some((e) => e.targetId === preview.statement.id)).toBe(true);
  });

  it("remembers the network's mapping for its next file", async () => {
    const again = await uploadOk(financial, {
      network: "exacta partners",
      month,
      text: `Payout,Offer,Date,FTD\n300.00,Fortuna Exacta,${month}-05,10\n`,
    });
    expect(again.statement.network.name).toBe("Exacta Partners");
    expect(again.statement.mapping).toMatchObject({ offer: "Offer", revenue: "Payout", deposits: "FTD" });
  });
});

describe("an over-reported buyer", () => {
  let offer: OfferRow;
  const month = monthsAgo(3);
  let statementId: string;

  beforeAll(async () => {
    offer = await createOffer(ctx.db, { name: "Gold Slots", payoutPerDeposit: "100.00" });
    // Carla: revenue 1000, spent 400 → profit 600, ROI 150 % → 35 % (default simple model) = 210.00.
    await createCampaign(ctx.db, {
      creatorId: buyerC.id,
      offerId: offer.id,
      date: `${month}-10`,
      deposits: 10,
      spent: "400.00",
    });
    // Ana on the same offer, reported exactly.
    await createCampaign(ctx.db, {
      creatorId: buyerA.id,
      offerId: offer.id,
      date: `${month}-11`,
      deposits: 2,
      spent: "150.00",
    });
  });

  it("flags the buyer × offer line, proposes the exact commission change, and adjusts the statement", async () => {
    const preview = await uploadOk(financial, {
      network: "Gold Network",
      month,
      text: `Offer,Sub ID,Date,FTD,Payout\nGold Slots,CARLA7,${month}-10,8,800.00\nGold Slots,${buyerA.email},${month}-11,2,200.00\n`,
    });
    expect(preview.statement.counts).toEqual({ matched: 2, unmatched: 0, error: 0 });
    statementId = preview.statement.id;
    await commit(financial, statementId);
    const before = await lines(statementId);
    const carla = before.items.find((l: { buyer: { id: string } | null }) => l.buyer?.id === buyerC.id);
    expect(carla).toMatchObject({
      logged: { deposits: 10, revenue: "1000.00" },
      reported: { deposits: 8, revenue: "800.00" },
      difference: { deposits: -2, revenue: "-200.00", percent: "-25.00" },
      flagged: true,
    });
    const ana = before.items.find((l: { buyer: { id: string } | null }) => l.buyer?.id === buyerA.id);
    expect(ana.flagged).toBe(false);
    expect(before.statement).toMatchObject({ flagged: 1, resolved: 0 });

    // Open differences: the payments table says so, and closing the month asks for a reason.
    const row = await paymentRow(month, buyerC.id);
    expect(row).toMatchObject({ reconciliation: "open", amountDue: "210.00" });
    const refused = await ctx.request(`/api/payments/${row.statementId}/process`, {
      method: "POST",
      cookie: as(financial),
      json: {},
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({
      code: "reconciliation_open",
      fields: { reconciliationReason: "reason_required" },
    });
    // A note is not a reason: the payments screen sends one with every confirmation.
    const noted = await ctx.request(`/api/payments/${row.statementId}/confirm`, {
      method: "POST",
      cookie: as(financial),
      json: { note: "Pagamento confirmado" },
    });
    expect(noted.status).toBe(409);

    // The buyers' days behind the line.
    const days = await (
      await ctx.request(
        `/api/reconciliations/${statementId}/lines/days?offerId=${offer.id}&userId=${buyerC.id}`,
        {
          cookie: as(financial),
        },
      )
    ).json();
    expect(days.items).toEqual([
      {
        buyer: { id: buyerC.id, name: "Carla" },
        date: `${month}-10`,
        registrations: 0,
        deposits: 10,
        revenue: "1000.00",
      },
    ]);

    // Revenue 800, profit 400, ROI 100 % → still 35 %: 140.00, so −70.00.
    const proposal = await (
      await ctx.request(
        `/api/reconciliations/${statementId}/lines/proposal?offerId=${offer.id}&userId=${buyerC.id}`,
        {
          cookie: as(financial),
        },
      )
    ).json();
    expect(proposal).toEqual({
      revenueDifference: "-200.00",
      items: [
        {
          buyer: { id: buyerC.id, name: "Carla" },
          statementStatus: "pending",
          loggedDeposits: 10,
          revenueDelta: "-200.00",
          commissionBefore: "210.00",
          commissionAfter: "140.00",
          amount: "-70.00",
        },
      ],
    });

    const resolved = await ctx.request(`/api/reconciliations/${statementId}/resolutions`, {
      method: "POST",
      cookie: as(financial),
      json: {
        kind: "adjusted",
        offerId: offer.id,
        userId: buyerC.id,
        note: "Network rejected 2 FTDs as fraud",
        adjustments: [{ userId: buyerC.id, amount: "-70.00" }],
      },
    });
    const after = await resolved.json();
    expect(resolved.status, JSON.stringify(after)).toBe(200);
    const line = after.items.find((l: { buyer: { id: string } | null }) => l.buyer?.id === buyerC.id);
    expect(line.resolution).toMatchObject({
      kind: "adjusted",
      note: "Network rejected 2 FTDs as fraud",
      adjustments: [{ userId: buyerC.id, amount: "-70.00" }],
    });
    expect(after.statement).toMatchObject({ flagged: 1, resolved: 1 });

    // The statement: due 210.00, adjusted −70.00, pending 140.00 — and the month is resolved.
    const paid = await paymentRow(month, buyerC.id);
    expect(paid).toMatchObject({
      reconciliation: "resolved",
      amountDue: "210.00",
      adjustments: "-70.00",
      pending: "140.00",
    });
    const [link] = await ctx.db
      .select()
      .from(reconciliationAdjustments)
      .where(eq(reconciliationAdjustments.userId, buyerC.id));
    expect(link).toMatchObject({ revenueDelta: "-200.00", proposedAmount: "-70.00" });

    // The buyer sees the adjustment and its reason, never the network's file.
    const mine = await (await ctx.request("/api/me/payments", { cookie: as(buyerC) })).json();
    const statement = mine.items.find((s: { month: string }) => s.month === month);
    expect(statement.adjustmentItems).toEqual([
      expect.objectContaining({ amount: "-70.00", reason: "Network rejected 2 FTDs as fraud" }),
    ]);
    for (const path of [
      "lines",
      "rows",
      `lines/days?offerId=${offer.id}`,
      `lines/proposal?offerId=${offer.id}`,
    ]) {
      const response = await ctx.request(`/api/reconciliations/${statementId}/${path}`, {
        cookie: as(buyerC),
      });
      expect(response.status, path).toBe(404);
    }
    expect((await ctx.request(`/api/reconciliations?month=${month}`, { cookie: as(buyerC) })).status).toBe(
      403,
    );
    expect((await ctx.request(`/api/reconciliations?month=${month}`, { cookie: as(lead) })).status).toBe(403);
    const forged = await ctx.request(`/api/reconciliations/${statementId}/resolutions`, {
      method: "POST",
      cookie: as(buyerC),
      json: { kind: "accepted", offerId: offer.id, userId: buyerA.id, note: "mine" },
    });
    expect(forged.status).toBe(404);

    // Resolved: closing needs no reason now.
    const processed = await ctx.request(`/api/payments/${paid.statementId}/process`, {
      method: "POST",
      cookie: as(financial),
      json: {},
    });
    expect(processed.status).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "reconciliation.adjusted"));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ splitRule: "largest_remainder_by_deposits" });
  });

  it("refuses a second resolution of the same line and a buyer who is not behind it", async () => {
    const again = await ctx.request(`/api/reconciliations/${statementId}/resolutions`, {
      method: "POST",
      cookie: as(financial),
      json: { kind: "accepted", offerId: offer.id, userId: buyerC.id, note: "again" },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("reconciliation_line_resolved");
    const stranger = await ctx.request(`/api/reconciliations/${statementId}/resolutions`, {
      method: "POST",
      cookie: as(financial),
      json: {
        kind: "adjusted",
        offerId: offer.id,
        userId: buyerA.id,
        note: "wrong buyer",
        adjustments: [{ userId: buyerB.id, amount: "-1.00" }],
      },
    });
    expect(stranger.status).toBe(422);
    expect((await stranger.json()).error).toMatchObject({
      code: "reconciliation_buyer_not_on_line",
      fields: { "adjustments.0.userId": "not_on_line" },
    });
    // Nothing of the refused call was kept.
    const [statement] = await ctx.db
      .select({ id: paymentStatements.id })
      .from(paymentStatements)
      .where(and(eq(paymentStatements.userId, buyerB.id), eq(paymentStatements.periodStart, `${month}-01`)));
    if (statement) {
      const adjustments = await ctx.db
        .select()
        .from(paymentAdjustments)
        .where(eq(paymentAdjustments.statementId, statement.id));
      expect(adjustments).toEqual([]);
    }
  });
});

describe("an offer line split among its buyers, accepted or closed with a reason", () => {
  let offer: OfferRow;
  const month = monthsAgo(4);
  let statementId: string;

  beforeAll(async () => {
    offer = await createOffer(ctx.db, { name: "Triple Split", payoutPerDeposit: "50.00" });
    for (const buyer of [buyerA, buyerB, buyerC])
      await createCampaign(ctx.db, {
        creatorId: buyer.id,
        offerId: offer.id,
        date: `${month}-03`,
        deposits: 1,
        spent: "10.00",
      });
  });

  it("splits the difference in exact cents by logged deposits, adding up to the whole", async () => {
    const preview = await uploadOk(financial, {
      network: "Split Net",
      month,
      // The network pays 49.99 instead of 150.00 (no date column: the month's).
      text: "Offer,Payout,Deposits\nTriple Split,49.99,1\n",
    });
    statementId = preview.statement.id;
    await commit(financial, statementId);
    const proposal = await (
      await ctx.request(`/api/reconciliations/${statementId}/lines/proposal?offerId=${offer.id}`, {
        cookie: as(financial),
      })
    ).json();
    expect(proposal.revenueDifference).toBe("-100.01");
    const deltas = proposal.items.map((i: { revenueDelta: string }) => i.revenueDelta).sort();
    // −100.01 / 3 = −33.33 each with 2 cents left: one more to each of the two first remainders.
    expect(deltas).toEqual(["-33.33", "-33.34", "-33.34"]);
    const total = proposal.items.reduce(
      (sum: bigint, i: { revenueDelta: string }) => sum + toCents(i.revenueDelta),
      0n,
    );
    expect(total).toBe(-10001n);
  });

  it("closes a buyer's month with open differences only with a reason, kept in the history", async () => {
    const row = await paymentRow(month, buyerA.id);
    expect(row.reconciliation).toBe("open");
    const closed = await ctx.request(`/api/payments/${row.statementId}/process`, {
      method: "POST",
      cookie: as(financial),
      json: { reconciliationReason: "Network statement disputed; paying as logged" },
    });
    expect(closed.status).toBe(200);
    const history = await ctx.db
      .select()
      .from(paymentStatusChanges)
      .where(eq(paymentStatusChanges.statementId, row.statementId));
    expect(history.map((h) => h.note)).toContain("Network statement disputed; paying as logged");
  });

  it("accepts the line with a note: every buyer behind it is resolved", async () => {
    const accepted = await ctx.request(`/api/reconciliations/${statementId}/resolutions`, {
      method: "POST",
      cookie: as(admin),
      json: { kind: "accepted", offerId: offer.id, note: "Known postback outage; network figures are late" },
    });
    expect(accepted.status).toBe(200);
    for (const buyer of [buyerB, buyerC])
      expect((await paymentRow(month, buyer.id)).reconciliation).toBe("resolved");
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "reconciliation.accepted"));
    expect(audit).toHaveLength(1);
  });
});

describe("a statement with unknown offers and buyers", () => {
  let offer: OfferRow;
  const month = monthsAgo(5);

  beforeAll(async () => {
    offer = await createOffer(ctx.db, { name: "Lucky Star", payoutPerDeposit: "20.00" });
    await createCampaign(ctx.db, {
      creatorId: buyerB.id,
      offerId: offer.id,
      date: `${month}-02`,
      deposits: 3,
    });
  });

  it("lists the unmatched rows with their reasons; a hand mapping applies now and is remembered", async () => {
    const text = `Campaign,Sub ID,Date,FTD\nLS-BR-01,,${month}-02,3\nMystery Casino,,${month}-02,4\nLucky Star,ghost,${month}-02,1\nLucky Star,,${monthsAgo(6)}-15,1\nLucky Star,,${month}-02,x\n`;
    const preview = await uploadOk(financial, { network: "Star Affiliates", month, text });
    expect(preview.statement.counts).toEqual({ matched: 0, unmatched: 3, error: 2 });
    const byLine = Object.fromEntries(
      preview.rows.map((r: { line: number; problems: unknown }) => [r.line, r.problems]),
    );
    expect(byLine[2]).toEqual([{ code: "unknown_offer", field: "offer" }]);
    expect(byLine[3]).toEqual([{ code: "unknown_offer", field: "offer" }]);
    expect(byLine[4]).toEqual([{ code: "unknown_buyer", field: "buyer" }]);
    expect(byLine[5]).toEqual([{ code: "outside_month", field: "date" }]);
    expect(byLine[6]).toEqual([{ code: "not_a_number", field: "deposits" }]);

    // Unknown references never reach the lines: mapped by hand, the row counts (revenue from the payout).
    const mapped = await ctx.request(`/api/reconciliations/${preview.statement.id}/aliases`, {
      method: "POST",
      cookie: as(financial),
      json: { kind: "offer", reference: "ls-br-01", targetId: offer.id },
    });
    expect(mapped.status).toBe(200);
    const page = await (
      await ctx.request(`/api/reconciliations/${preview.statement.id}/rows?status=matched`, {
        cookie: as(financial),
      })
    ).json();
    expect(page.rows).toEqual([
      expect.objectContaining({
        line: 2,
        offer: { id: offer.id, name: "Lucky Star" },
        revenue: "60.00",
        revenueFromFile: false,
      }),
    ]);
    const refused = await ctx.request(`/api/reconciliations/${preview.statement.id}/aliases`, {
      method: "POST",
      cookie: as(financial),
      json: { kind: "buyer", reference: "ghost", targetId: financial.id },
    });
    expect(refused.status).toBe(422);

    // Another person's preview is not theirs to read.
    expect(
      (await ctx.request(`/api/reconciliations/${preview.statement.id}/rows`, { cookie: as(admin) })).status,
    ).toBe(404);

    // The next file of the network knows the code.
    const next = await uploadOk(financial, {
      network: "Star Affiliates",
      month,
      text: `Campaign,FTD\nLS-BR-01,3\n`,
    });
    expect(next.statement.counts).toEqual({ matched: 1, unmatched: 0, error: 0 });
  });

  it("refuses a mapping without an offer column or figures, and a month that is not one", async () => {
    const noOffer = await upload(financial, { network: "X", month, text: "Foo,Bar\n1,2\n" });
    expect(noOffer.status).toBe(400);
    expect((await noOffer.json()).error.fields).toMatchObject({
      "mapping.offer": "required",
      "mapping.revenue": "required",
    });
    const badMonth = await upload(financial, { network: "X", month: "2026-13", text: "Offer,FTD\nA,1\n" });
    expect(badMonth.status).toBe(400);
    const buyer = await upload(buyerB, { network: "X", month, text: "Offer,FTD\nA,1\n" });
    expect(buyer.status).toBe(403);
  });
});

describe("the tolerance", () => {
  it("is read and changed by finance, audited, and moves the flags", async () => {
    const read = await ctx.request("/api/reconciliations/tolerance", { cookie: as(financial) });
    expect(await read.json()).toEqual({ percent: "2.00", amount: "50.00" });
    const saved = await ctx.request("/api/reconciliations/tolerance", {
      method: "PUT",
      cookie: as(financial),
      json: { percent: "30", amount: "500" },
    });
    expect(await saved.json()).toEqual({ percent: "30.00", amount: "500.00" });
    // −200.00 on 800.00 is 25 %: within 30 % now.
    const month = monthsAgo(3);
    const listed = await (
      await ctx.request(`/api/reconciliations?month=${month}`, { cookie: as(financial) })
    ).json();
    expect(listed.items[0]).toMatchObject({ flagged: 0 });
    const bad = await ctx.request("/api/reconciliations/tolerance", {
      method: "PUT",
      cookie: as(financial),
      json: { percent: "101", amount: "-1" },
    });
    expect(bad.status).toBe(400);
    expect((await ctx.request("/api/reconciliations/tolerance", { cookie: as(buyerA) })).status).toBe(403);
    await ctx.request("/api/reconciliations/tolerance", {
      method: "PUT",
      cookie: as(financial),
      json: { percent: "2", amount: "50" },
    });
  });
});
