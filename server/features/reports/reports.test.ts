import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../domain/csv";
import { computeMetrics } from "../../../domain/metrics";
import { fromCents, toCents } from "../../../domain/money";
import { addDays, todayIn } from "../../../domain/periods";
import {
  type CreatedUser,
  createOffer,
  createRandom,
  createUser,
  insertCampaignRows,
  type NewCampaignRow,
} from "../../../tests/factories";
import { createTestContext, type TestContext } from "../../../tests/harness";

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
let lead: CreatedUser;
let buyers: CreatedUser[];
let offerIds: string[];
const rows: NewCampaignRow[] = [];
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;
const today = () => todayIn("America/Sao_Paulo");

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  financial = await createUser(ctx.db, { role: "financial" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyers = [];
  for (let i = 0; i < 12; i++)
    buyers.push(await createUser(ctx.db, { role: "user", name: `Buyer ${i}`, managerId: lead.id }));
  offerIds = [];
  for (let i = 0; i < 6; i++) offerIds.push((await createOffer(ctx.db, { name: `Offer ${i}` })).id);
  const random = createRandom(11);
  for (let i = 0; i < 4000; i++) {
    const clicks = random.int(0, 500);
    const installations = random.int(0, clicks);
    const registrations = random.int(0, installations);
    rows.push({
      date: addDays(today(), -random.int(0, 120)),
      offerId: offerIds[random.int(0, offerIds.length - 1)]!,
      creatorId: buyers[random.int(0, buyers.length - 1)]!.id,
      managerId: lead.id,
      spent: fromCents(BigInt(random.int(1, 40_000))),
      clicks,
      installations,
      registrations,
      deposits: random.int(0, registrations),
      depositPayment: fromCents(BigInt(random.int(0, 60_000))),
    });
  }
  await insertCampaignRows(ctx.db, rows);
  for (const user of [admin, financial, lead, buyers[0]!])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

function expected(subset: NewCampaignRow[]) {
  return {
    ...computeMetrics({
      spent: fromCents(subset.reduce((s, r) => s + toCents(r.spent!), 0n)),
      revenue: fromCents(subset.reduce((s, r) => s + toCents(r.depositPayment!), 0n)),
      clicks: subset.reduce((s, r) => s + r.clicks!, 0),
      installations: subset.reduce((s, r) => s + r.installations!, 0),
      registrations: subset.reduce((s, r) => s + r.registrations!, 0),
      deposits: subset.reduce((s, r) => s + r.deposits!, 0),
    }),
    campaigns: subset.length,
  };
}
const since = (days: number) => rows.filter((r) => r.date! >= addDays(today(), -(days - 1)));
const get = async (path: string, who: CreatedUser = financial) => {
  const response = await ctx.request(path, { cookie: as(who) });
  expect(response.status, path).toBe(200);
  return response.json();
};

describe("admin and financial screens", () => {
  it("admin dashboard follows the period and user filters", async () => {
    const week = await get("/api/admin/dashboard?period=7d", admin);
    expect(week.totals).toMatchObject(expected(since(7)));
    const buyer = buyers[3]!;
    const one = await get(`/api/admin/dashboard?period=30d&userId=${buyer.id}`, admin);
    expect(one.totals).toMatchObject(expected(since(30).filter((r) => r.creatorId === buyer.id)));
    expect(one.byUser).toHaveLength(1);
  });

  it("financial dashboard and analytics match an independent recomputation", async () => {
    const all = await get("/api/financial/dashboard?period=all");
    expect(all.totals).toMatchObject(expected(rows));
    expect(all.byUser).toHaveLength(buyers.length);

    const analytics = await get("/api/financial/analytics?period=30d");
    const current = since(30);
    const previous = rows.filter((r) => r.date! >= addDays(today(), -59) && r.date! <= addDays(today(), -30));
    expect(analytics.totals).toMatchObject(expected(current));
    const prevRevenue = toCents(expected(previous).revenue);
    const curRevenue = toCents(expected(current).revenue);
    expect(analytics.revenueGrowth).toBe(Number(((curRevenue - prevRevenue) * 10_000n) / prevRevenue) / 100);
    expect(analytics.activeUsers).toBe(new Set(current.map((r) => r.creatorId)).size);
    expect(analytics.totalUsers).toBe(buyers.length);
    expect(analytics.topUsers).toHaveLength(10);
    const profits = analytics.topUsers.map((u: { profit: string }) => toCents(u.profit));
    expect([...profits].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(profits);
    expect(analytics.topOffers).toHaveLength(offerIds.length);
  });

  it("reports honour ROI bounds and custom ranges exactly at their edges, and the CSV has the same rows", async () => {
    const from = addDays(today(), -20);
    const to = addDays(today(), -10);
    const inRange = rows.filter((r) => r.date! >= from && r.date! <= to);
    // ROI per campaign with 4 decimals, as stored.
    const roiOf = (r: NewCampaignRow) => {
      const spent = toCents(r.spent!);
      const profit = toCents(r.depositPayment!) - spent;
      return spent === 0n ? 0 : Math.round((Number(profit) * 100 * 10_000) / Number(spent)) / 10_000;
    };
    // A bound equal to some campaign's ROI: that campaign must be included.
    const edge = roiOf(inRange.find((r) => roiOf(r) > -50 && roiOf(r) < 100)!);
    const bounded = inRange.filter((r) => roiOf(r) >= edge && roiOf(r) <= 150);
    const query = `from=${from}&to=${to}&minRoi=${edge}&maxRoi=150`;
    const report = await get(`/api/reports?${query}`);
    expect(bounded.length).toBeGreaterThan(10);
    expect(report.totals).toMatchObject(expected(bounded));

    const csv = await ctx.request(`/api/reports.csv?${query}`, { cookie: as(financial) });
    expect(csv.headers.get("content-disposition")).toMatch(/relatorio-financeiro-\d{4}-\d{2}-\d{2}\.csv/);
    const parsed = parseCsv(new TextDecoder().decode(await csv.arrayBuffer()));
    expect(parsed).toHaveLength(1 + report.byUser.length + report.byOffer.length);
    const firstUser = report.byUser[0];
    expect(parsed[1]?.slice(1, 7)).toEqual([
      firstUser.name,
      firstUser.email,
      String(firstUser.campaigns),
      firstUser.spent,
      firstUser.revenue,
      firstUser.profit,
    ]);
  });

  it("lists users with totals and a case-insensitive search, and per-user stats", async () => {
    const list = await get("/api/financial/users?q=BUYER%201&role=user");
    expect(list.map((u: { name: string }) => u.name).sort()).toEqual(["Buyer 1", "Buyer 10", "Buyer 11"]);
    const buyer = buyers[1]!;
    const mine = rows.filter((r) => r.creatorId === buyer.id);
    const entry = list.find((u: { id: string }) => u.id === buyer.id);
    expect(entry).toMatchObject({
      campaigns: mine.length,
      lastCampaignDate: mine
        .map((r) => r.date!)
        .sort()
        .at(-1),
    });
    const from = addDays(today(), -30);
    const stats = await get(`/api/financial/users/${buyer.id}/stats?from=${from}&to=${today()}`);
    expect(stats.totals).toMatchObject(expected(mine.filter((r) => r.date! >= from)));
  });

  it("refuses buyers and team leads with 403 on every admin and financial screen", async () => {
    const paths = [
      "/api/admin/dashboard",
      "/api/financial/dashboard",
      "/api/financial/analytics",
      "/api/financial/users",
      `/api/financial/users/${buyers[0]!.id}/stats`,
      "/api/reports",
      "/api/reports.csv",
    ];
    for (const who of [buyers[0]!, lead]) {
      for (const path of paths) expect((await ctx.request(path, { cookie: as(who) })).status, path).toBe(403);
    }
    expect((await ctx.request("/api/admin/dashboard", { cookie: as(financial) })).status).toBe(403);
    expect((await ctx.request("/api/reports?minRoi=abc", { cookie: as(financial) })).status).toBe(400);
  });
});
