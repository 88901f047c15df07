import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromCents, toCents } from "../../../domain/money";
import { addDays, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  type CreatedUser,
  createCampaign,
  createOffer,
  createRandom,
  createUser,
  type Random,
} from "../../db/factories";
import { campaigns } from "../../db/schema";

// Issue 25, docs/decisions/0078: a team lead reads every row of the buyers they lead now, whenever
// it was logged, and nothing of the buyers they no longer lead; a row they read but may not change
// answers 403, a row they cannot read 404; the buyer filter stays inside the caller's scope.

let ctx: TestContext;
let admin: CreatedUser;
let leadA: CreatedUser;
let leadB: CreatedUser;
let mover: CreatedUser;
let stayer: CreatedUser;
const cookies: Record<string, string> = {};
const as = (user: CreatedUser) => cookies[user.id]!;

type Sums = { spent: bigint; revenue: bigint; deposits: number; campaigns: number; ids: string[] };
const sums: Record<string, Sums> = {};

/** Rows for a buyer, figures and dates drawn at random; the expected sums kept in the test. */
async function logRows(buyer: CreatedUser, count: number, random: Random) {
  const offer = await createOffer(ctx.db, { payoutPerDeposit: "37.50" });
  const today = todayIn("America/Sao_Paulo");
  const kept: Sums = { spent: 0n, revenue: 0n, deposits: 0, campaigns: 0, ids: [] };
  // One entry per buyer, offer and day (decision 0083): a day already drawn is drawn again.
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    let date = addDays(today, -Math.floor(random.next() * 400));
    while (used.has(date)) date = addDays(today, -Math.floor(random.next() * 400));
    used.add(date);
    const spent = fromCents(BigInt(Math.floor(random.next() * 500_000)));
    const deposits = Math.floor(random.next() * 9);
    // Spread over 400 days: month grains and edge days both answer.
    const row = await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: offer.id,
      date,
      spent,
      deposits,
      clicks: deposits * 10,
    });
    kept.spent += toCents(spent);
    kept.revenue += toCents(row.depositPayment);
    kept.deposits += deposits;
    kept.campaigns += 1;
    kept.ids.push(row.id);
  }
  sums[buyer.id] = kept;
}

function expected(...buyers: CreatedUser[]) {
  const total = buyers.map((b) => sums[b.id]!);
  return {
    spent: fromCents(total.reduce((n, s) => n + s.spent, 0n)),
    revenue: fromCents(total.reduce((n, s) => n + s.revenue, 0n)),
    deposits: total.reduce((n, s) => n + s.deposits, 0),
    campaigns: total.reduce((n, s) => n + s.campaigns, 0),
  };
}

async function get(user: CreatedUser, path: string) {
  const response = await ctx.request(path, { cookie: as(user) });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** What a viewer reads of the scope: list count, analytics totals (all time and a range), cards. */
async function seen(user: CreatedUser, userId?: string) {
  const filter = userId ? `userId=${userId}` : "";
  const list = await get(user, `/api/campaigns?pageSize=100${userId ? `&creatorId=${userId}` : ""}`);
  const all = await get(user, `/api/analytics?${filter}`);
  const today = todayIn("America/Sao_Paulo");
  const ranged = await get(user, `/api/analytics?from=${addDays(today, -200)}&to=${today}&${filter}`);
  const cards = await get(user, `/api/metrics/summary?${filter}`);
  const pick = (m: { spent: string; revenue: string; deposits: number; campaigns: number }) => ({
    spent: m.spent,
    revenue: m.revenue,
    deposits: m.deposits,
    campaigns: m.campaigns,
  });
  return {
    listed: list.total as number,
    ids: (list.items as { id: string }[]).map((c) => c.id),
    analytics: pick(all.totals),
    rangedCampaigns: ranged.totals.campaigns as number,
    cards: pick(cards.total),
    byUser: (all.byUser as { userId: string }[]).map((u) => u.userId).sort(),
  };
}

async function rangedCount(buyers: CreatedUser[], from: string, to: string) {
  const ids = buyers.flatMap((b) => sums[b.id]!.ids);
  if (ids.length === 0) return 0;
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(
      sql`${campaigns.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and ${campaigns.date} between ${from}::date and ${to}::date`,
    );
  return row!.n;
}

const none = { spent: "0.00", revenue: "0.00", deposits: 0, campaigns: 0 };

/** Every campaign's manager_id is its creator's team lead now. */
async function drift() {
  const result = (await ctx.db.execute(
    sql`select count(*)::int as n from campaigns c join users u on u.id = c.creator_id
        where c.manager_id is distinct from u.manager_id`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? -1);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  leadA = await createUser(ctx.db, { role: "manager" });
  leadB = await createUser(ctx.db, { role: "manager" });
  mover = await createUser(ctx.db, { role: "user", managerId: leadA.id });
  stayer = await createUser(ctx.db, { role: "user", managerId: leadB.id });
  for (const user of [admin, leadA, leadB, mover, stayer])
    cookies[user.id] = await ctx.signIn(user.email, user.password);
  const random = createRandom(25);
  await logRows(mover, 40, random);
  await logRows(stayer, 15, random);
});
afterAll(async () => ctx?.close());

describe("a buyer moves from one team lead to another", () => {
  it("moves every row of theirs, old ones included, with exact totals for both leads", async () => {
    const today = todayIn("America/Sao_Paulo");
    const from = addDays(today, -200);

    const aBefore = await seen(leadA);
    expect(aBefore.listed).toBe(40);
    expect(aBefore.analytics).toEqual(expected(mover));
    expect(aBefore.cards).toEqual(expected(mover));
    expect(aBefore.rangedCampaigns).toBe(await rangedCount([mover], from, today));
    expect(aBefore.byUser).toEqual([mover.id]);
    const bBefore = await seen(leadB);
    expect(bBefore.listed).toBe(15);
    expect(bBefore.analytics).toEqual(expected(stayer));
    expect(bBefore.cards).toEqual(expected(stayer));
    // The buyer filter inside the caller's scope: B asking for A's buyer reads nothing.
    const bOfMover = await seen(leadB, mover.id);
    expect(bOfMover.listed).toBe(0);
    expect(bOfMover.analytics).toEqual(none);
    expect(bOfMover.cards).toEqual(none);
    const oldRow = sums[mover.id]!.ids[0]!;
    expect((await ctx.request(`/api/campaigns/${oldRow}`, { cookie: as(leadB) })).status).toBe(404);

    const moved = await ctx.request(`/api/users/${mover.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { managerId: leadB.id },
    });
    expect(moved.status).toBe(200);
    expect(await drift()).toBe(0);

    const aAfter = await seen(leadA);
    expect(aAfter.listed).toBe(0);
    expect(aAfter.analytics).toEqual(none);
    expect(aAfter.cards).toEqual(none);
    expect(aAfter.rangedCampaigns).toBe(0);
    expect(aAfter.byUser).toEqual([]);
    const bAfter = await seen(leadB);
    expect(bAfter.listed).toBe(55);
    expect(bAfter.ids.sort()).toEqual([...sums[mover.id]!.ids, ...sums[stayer.id]!.ids].sort());
    expect(bAfter.analytics).toEqual(expected(mover, stayer));
    expect(bAfter.cards).toEqual(expected(mover, stayer));
    expect(bAfter.rangedCampaigns).toBe(await rangedCount([mover, stayer], from, today));
    expect(bAfter.byUser).toEqual([mover.id, stayer.id].sort());
    // One buyer of the team, through the buyer filter (list, analytics, cards).
    const bOfMoverAfter = await seen(leadB, mover.id);
    expect(bOfMoverAfter.listed).toBe(40);
    expect(bOfMoverAfter.analytics).toEqual(expected(mover));
    expect(bOfMoverAfter.cards).toEqual(expected(mover));
    expect((await ctx.request(`/api/campaigns/${oldRow}`, { cookie: as(leadB) })).status).toBe(200);
    expect((await ctx.request(`/api/campaigns/${oldRow}`, { cookie: as(leadA) })).status).toBe(404);
    // The export: every row of the team with whose it is (the buyer column), and the buyer filter.
    const exported = await ctx.request(`/api/campaigns/export.csv?creatorId=${mover.id}`, {
      cookie: as(leadB),
    });
    expect(exported.status).toBe(200);
    const lines = (await exported.text()).trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(40);
    for (const line of lines) expect(line).toContain(mover.email);
    const exportedByA = await ctx.request(`/api/campaigns/export.csv?creatorId=${mover.id}`, {
      cookie: as(leadA),
    });
    expect((await exportedByA.text()).trim().split("\r\n")).toHaveLength(1);
    // A's filter on the buyer they no longer lead reads nothing.
    expect((await seen(leadA, mover.id)).analytics).toEqual(none);

    // Rows logged after the move belong to the new lead too.
    const offer = await createOffer(ctx.db, { visibleToAll: true });
    const created = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: as(mover),
      json: {
        date: today,
        offerId: offer.id,
        spent: "10.00",
        clicks: 1,
        installations: 0,
        registrations: 0,
        deposits: 0,
      },
    });
    expect(created.status).toBe(201);
    expect((await created.json()).managerId).toBe(leadB.id);
    await ctx.db.delete(campaigns).where(eq(campaigns.offerId, offer.id));
  });

  it("drops the rows' lead when the buyer stops being a buyer, and when their lead stops leading", async () => {
    const lead = await createUser(ctx.db, { role: "manager" });
    const buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
    const other = await createUser(ctx.db, { role: "user", managerId: lead.id });
    const leadCookie = await ctx.signIn(lead.email, lead.password);
    const random = createRandom(7);
    await logRows(buyer, 5, random);
    await logRows(other, 4, random);
    const readBy = async () =>
      (await (await ctx.request("/api/analytics", { cookie: leadCookie })).json()).totals.campaigns;
    expect(await readBy()).toBe(9);

    // The buyer becomes a team lead themself: no lead any more, their rows leave the team.
    const promoted = await ctx.request(`/api/users/${buyer.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { role: "manager" },
    });
    expect(promoted.status).toBe(200);
    expect(await drift()).toBe(0);
    expect(await readBy()).toBe(4);

    // The lead stops leading: their remaining buyer is released, rows and all.
    const demoted = await ctx.request(`/api/users/${lead.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { role: "user" },
    });
    expect(demoted.status).toBe(200);
    expect(await drift()).toBe(0);
    const rows = await ctx.db
      .select({ managerId: campaigns.managerId })
      .from(campaigns)
      .where(eq(campaigns.creatorId, other.id));
    expect(rows.map((r) => r.managerId)).toEqual([null, null, null, null]);
  });
});

describe("a row the caller reads but may not change", () => {
  it("answers 403 forbidden to the buyer's lead, 404 to another lead, and lets the buyer change it", async () => {
    const row = sums[stayer.id]!.ids[0]!;
    const patch = (user: CreatedUser) =>
      ctx.request(`/api/campaigns/${row}`, { method: "PATCH", cookie: as(user), json: { clicks: 3 } });
    const remove = (user: CreatedUser) =>
      ctx.request(`/api/campaigns/${row}`, { method: "DELETE", cookie: as(user) });

    const byLead = await patch(leadB);
    expect(byLead.status).toBe(403);
    expect((await byLead.json()).error.code).toBe("forbidden");
    const deleteByLead = await remove(leadB);
    expect(deleteByLead.status).toBe(403);
    expect((await deleteByLead.json()).error.code).toBe("forbidden");
    expect((await patch(leadA)).status).toBe(404);
    expect((await remove(leadA)).status).toBe(404);
    expect((await patch(mover)).status).toBe(404);
    // Nothing changed by the refusals; the owner still can.
    const [stored] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, row));
    expect(stored).toBeDefined();
    expect((await patch(stayer)).status).toBe(200);
  });
});
