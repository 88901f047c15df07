import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../domain/periods";
import { abs, e4Text, money, ratioE4 } from "../../../tests/exact-arithmetic";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  type CreatedUser,
  createOffer,
  createRandom,
  createUser,
  insertCampaignRows,
  type NewCampaignRow,
  onePerDay,
} from "../../db/factories";

// Issue 6's proof for the admin and financial screens and the report builder. A generated dataset
// of several thousand campaigns (bulk inserted) is recomputed here, independently of the service
// and of domain/metrics: money in bigint cents, every ratio a ratio of sums rounded half away from
// zero to 4 decimals (like PostgreSQL's round()). Each endpoint's answer must equal it exactly:
// totals, daily series, rows by user and by offer (values and order), growth, top lists, the users
// list, per-user statistics and the CSV. ROI bounds and custom ranges are probed at their edges,
// and every admin/financial route refuses buyers and team leads.

const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);
const day = (n: number) => addDays(today, -n);

type Row = {
  date: string;
  offerId: string | null;
  creatorId: string;
  spent: bigint;
  revenue: bigint;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
};

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
let lead: CreatedUser;
let formulaBuyer: CreatedUser;
let buyers: CreatedUser[];
let everyone: CreatedUser[];
const offers: { id: string; name: string; casinoBrand: string }[] = [];
const rows: Row[] = [];
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id) ?? "";

// ---------------------------------------------------------------------------------------------
// Independent arithmetic
// ---------------------------------------------------------------------------------------------

const ratio = (numerator: bigint, denominator: bigint) => e4Text(ratioE4(numerator, denominator));

/** The campaign's stored ROI (percent, 4 decimals) in ten-thousandths. */
const roiE4 = (row: Row) => ratioE4((row.revenue - row.spent) * 100n, row.spent);

/** "25.0001" → 250001n: bounds are compared exactly, never as floats. */
function boundE4(text: string): bigint {
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const value = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0").slice(0, 4));
  return text.startsWith("-") ? -value : value;
}

function totalsOf(subset: Row[]) {
  let spent = 0n;
  let revenue = 0n;
  let clicks = 0n;
  let installations = 0n;
  let registrations = 0n;
  let deposits = 0n;
  for (const row of subset) {
    spent += row.spent;
    revenue += row.revenue;
    clicks += BigInt(row.clicks);
    installations += BigInt(row.installations);
    registrations += BigInt(row.registrations);
    deposits += BigInt(row.deposits);
  }
  const profit = revenue - spent;
  return {
    spent: money(spent),
    revenue: money(revenue),
    profit: money(profit),
    roi: ratio(profit * 100n, spent),
    epc: ratio(revenue, clicks * 100n),
    clicks: Number(clicks),
    installations: Number(installations),
    registrations: Number(registrations),
    deposits: Number(deposits),
    campaigns: subset.length,
    clickToInstall: ratio(installations * 100n, clicks),
    installToRegistration: ratio(registrations * 100n, installations),
    registrationToDeposit: ratio(deposits * 100n, registrations),
    costPerClick: ratio(spent, clicks * 100n),
    costPerInstall: ratio(spent, installations * 100n),
    costPerRegistration: ratio(spent, registrations * 100n),
    costPerDeposit: ratio(spent, deposits * 100n),
  };
}

function groupBy<K>(subset: Row[], key: (row: Row) => K): Map<K, Row[]> {
  const groups = new Map<K, Row[]>();
  for (const row of subset) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const cents = (text: string) => BigInt(text.replace(".", ""));
/** Descending by an amount, then ascending by name with nulls last (the SQL's ORDER BY). */
function byAmountThenName<T extends { name: string | null }>(amount: (item: T) => string) {
  return (a: T, b: T) => {
    const diff = cents(amount(b)) - cents(amount(a));
    if (diff !== 0n) return diff > 0n ? 1 : -1;
    if (a.name === b.name) return 0;
    if (a.name === null) return 1;
    if (b.name === null) return -1;
    return a.name < b.name ? -1 : 1;
  };
}

function expectedAnalytics(subset: Row[], range: { from: string | null; to: string }) {
  const userById = new Map(everyone.map((u) => [u.id, u]));
  const offerById = new Map(offers.map((o) => [o.id, o]));
  const byUser = [...groupBy(subset, (r) => r.creatorId)].map(([userId, group]) => {
    const user = userById.get(userId)!;
    return {
      userId,
      name: user.name,
      email: user.email,
      ...totalsOf(group),
    };
  });
  byUser.sort(byAmountThenName((u) => u.profit));
  const byOffer = [...groupBy(subset, (r) => r.offerId)].map(([offerId, group]) => {
    const offer = offerId ? offerById.get(offerId)! : null;
    return {
      offerId,
      offerName: offer?.name ?? null,
      casinoBrand: offer?.casinoBrand ?? null,
      ...totalsOf(group),
    };
  });
  byOffer.sort((a, b) =>
    byAmountThenName<{ name: string | null; revenue: string }>((o) => o.revenue)(
      { name: a.offerName, revenue: a.revenue },
      { name: b.offerName, revenue: b.revenue },
    ),
  );
  const series = [...groupBy(subset, (r) => r.date)]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, group]) => {
      // A series day carries the sums and the profit, no ratios (decision 0050).
      const { spent, revenue, profit, clicks, installations, registrations, deposits, campaigns } =
        totalsOf(group);
      return { date, spent, revenue, profit, clicks, installations, registrations, deposits, campaigns };
    });
  return { from: range.from, to: range.to, totals: totalsOf(subset), series, byOffer, byUser };
}

/** A dashboard row keeps its names and the figures its table shows, no other ratio (decision 0055). */
const metricKeys = new Set(Object.keys(totalsOf([])));
const figureKeys = new Set(["spent", "revenue", "profit", "roi", "deposits", "campaigns"]);
function figuresOf(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => !metricKeys.has(key) || figureKeys.has(key)),
  );
}

/** The admin and financial dashboards: the analytics' totals and rows, no series, lean rows. */
function expectedDashboard(subset: Row[], range: { from: string | null; to: string }) {
  const { from, to, totals, byOffer, byUser } = expectedAnalytics(subset, range);
  return { from, to, totals, byOffer: byOffer.map(figuresOf), byUser: byUser.map(figuresOf) };
}

type Filter = {
  from?: string | null;
  to?: string;
  userId?: string;
  offerId?: string | null;
  minRoi?: string;
  maxRoi?: string;
};

function select(filter: Filter): Row[] {
  const min = filter.minRoi !== undefined ? boundE4(filter.minRoi) : undefined;
  const max = filter.maxRoi !== undefined ? boundE4(filter.maxRoi) : undefined;
  return rows.filter(
    (r) =>
      (!filter.from || r.date >= filter.from) &&
      r.date <= (filter.to ?? today) &&
      (!filter.userId || r.creatorId === filter.userId) &&
      (filter.offerId === undefined || r.offerId === filter.offerId) &&
      (min === undefined || roiE4(r) >= min) &&
      (max === undefined || roiE4(r) <= max),
  );
}

const lastDays = (n: number) => ({ from: day(n - 1), to: today });

// ---------------------------------------------------------------------------------------------
// The dataset
// ---------------------------------------------------------------------------------------------

function pushCrafted(row: Omit<Row, "clicks" | "installations" | "registrations" | "deposits">) {
  rows.push({ ...row, clicks: 200, installations: 40, registrations: 10, deposits: 2 });
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin", name: "Admin Ana" });
  financial = await createUser(ctx.db, { role: "financial", name: "Finance Fabio" });
  lead = await createUser(ctx.db, { role: "manager", name: "Lead Lara" });
  buyers = [];
  for (let i = 0; i < 12; i++)
    buyers.push(
      await createUser(ctx.db, {
        role: "user",
        name: `Buyer ${String(i).padStart(2, "0")}`,
        managerId: lead.id,
      }),
    );
  // A name a spreadsheet would run as a formula; its campaigns sit on their own day.
  formulaBuyer = await createUser(ctx.db, { role: "user", name: "=SUM(A1) Formula", managerId: lead.id });
  everyone = [admin, financial, lead, ...buyers, formulaBuyer];
  for (let i = 0; i < 14; i++) {
    const name = `Offer ${String(i).padStart(2, "0")}`;
    const casinoBrand = `Casino ${"ABC"[i % 3]}`;
    offers.push({ id: (await createOffer(ctx.db, { name, casinoBrand })).id, name, casinoBrand });
  }

  const random = createRandom(6);
  // One entry per buyer, offer and day (decision 0083): a draw on a day already taken is redrawn.
  const taken = new Set<string>();
  while (rows.length < 5000) {
    const clicks = random.chance(0.04) ? 0 : random.int(1, 800);
    const installations = random.int(0, clicks);
    const registrations = random.int(0, installations);
    const date = day(random.int(0, 200));
    // 1 % of campaigns lost their offer (deleted): they form the "offer not found" row.
    const offerId = random.chance(0.01) ? null : random.pick(offers).id;
    // The team lead logs campaigns too (3 %): they appear by user but are not a buyer.
    const creatorId = random.chance(0.03) ? lead.id : random.pick(buyers).id;
    const key = `${creatorId}|${offerId}|${date}`;
    if (offerId && taken.has(key)) continue;
    taken.add(key);
    rows.push({
      date,
      offerId,
      creatorId,
      spent: random.chance(0.03) ? 0n : BigInt(random.int(1, 50_000)),
      revenue: random.chance(0.1) ? 0n : BigInt(random.int(0, 70_000)),
      clicks,
      installations,
      registrations,
      deposits: random.int(0, registrations),
    });
  }
  // Known ROIs on one day, for the edges: 25 % (three buyers), -12.5 %, 33.3333 % (rounded from
  // 33.33…), and 0 % from a campaign with revenue but no spend.
  const edgeDay = day(15);
  for (const buyer of buyers.slice(0, 3))
    pushCrafted({
      date: edgeDay,
      offerId: offers[0]!.id,
      creatorId: buyer.id,
      spent: 40_000n,
      revenue: 50_000n,
    });
  pushCrafted({
    date: edgeDay,
    offerId: offers[1]!.id,
    creatorId: buyers[3]!.id,
    spent: 80_000n,
    revenue: 70_000n,
  });
  pushCrafted({
    date: edgeDay,
    offerId: offers[1]!.id,
    creatorId: buyers[4]!.id,
    spent: 30_000n,
    revenue: 40_000n,
  });
  pushCrafted({
    date: edgeDay,
    offerId: offers[2]!.id,
    creatorId: buyers[5]!.id,
    spent: 0n,
    revenue: 1_000n,
  });
  pushCrafted({
    date: day(300),
    offerId: offers[3]!.id,
    creatorId: formulaBuyer.id,
    spent: 1_234n,
    revenue: 9_999n,
  });

  // One entry per buyer, offer and day (decision 0083): a random row on a day a crafted one takes
  // is left out (the crafted rows win).
  rows.splice(0, rows.length, ...onePerDay([...rows].reverse()).reverse());
  const inserted = await insertCampaignRows(
    ctx.db,
    rows.map(
      (r): NewCampaignRow => ({
        date: r.date,
        offerId: r.offerId,
        creatorId: r.creatorId,
        managerId: r.creatorId === lead.id ? null : lead.id,
        spent: money(r.spent),
        depositPayment: money(r.revenue),
        clicks: r.clicks,
        installations: r.installations,
        registrations: r.registrations,
        deposits: r.deposits,
      }),
    ),
  );
  expect(inserted).toBe(rows.length);
  for (const user of [admin, financial, lead, buyers[0]!])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

async function get(path: string, who: CreatedUser = financial) {
  const response = await ctx.request(path, { cookie: as(who) });
  expect(response.status, `${path}: ${response.status === 200 ? "" : await response.clone().text()}`).toBe(
    200,
  );
  return response.json();
}

// ---------------------------------------------------------------------------------------------
// Screens
// ---------------------------------------------------------------------------------------------

describe("admin and financial screens over a generated dataset", () => {
  it("has several thousand campaigns on every offer and buyer", () => {
    expect(rows.length).toBeGreaterThan(5000);
    expect(new Set(rows.map((r) => r.offerId)).size).toBe(offers.length + 1);
    expect(select(lastDays(30)).length).toBeGreaterThan(500);
  });

  it("admin dashboard: totals and both tables follow the period and the user filter", async () => {
    for (const [period, range] of [
      ["today", { from: today, to: today }],
      ["7d", lastDays(7)],
      ["30d", lastDays(30)],
    ] as const) {
      const answer = await get(`/api/admin/dashboard?period=${period}`, admin);
      expect(answer, period).toEqual(expectedDashboard(select(range), range));
    }
    const buyer = buyers[3]!;
    const one = await get(`/api/admin/dashboard?period=30d&userId=${buyer.id}`, admin);
    expect(one).toEqual(expectedDashboard(select({ ...lastDays(30), userId: buyer.id }), lastDays(30)));
    expect(one.byUser).toHaveLength(1);
  });

  it("financial dashboard: totals and the per-user table for 7, 30, 90 days and all time", async () => {
    for (const [period, range] of [
      ["7d", lastDays(7)],
      ["30d", lastDays(30)],
      ["90d", lastDays(90)],
      ["all", { from: null, to: today }],
    ] as const) {
      const answer = await get(`/api/financial/dashboard?period=${period}`);
      expect(answer, period).toEqual(expectedDashboard(select(range), range));
    }
  });

  it("financial analytics: totals, growth against the previous period, active users and top-10 lists", async () => {
    for (const [period, days] of [
      ["7d", 7],
      ["30d", 30],
      ["90d", 90],
      ["all", null],
    ] as const) {
      const range = days ? lastDays(days) : { from: null, to: today };
      // "all" compares the last 30 days with the 30 before them.
      const length = days ?? 30;
      const current = { from: day(length - 1), to: today };
      const previous = { from: day(2 * length - 1), to: day(length) };
      const inRange = select(range);
      const now = totalsOf(select(current));
      const before = totalsOf(select(previous));
      const prevCents = cents(before.revenue);
      // A ratio: ten-thousandths of a percent, rounded once (half away from zero), never truncated.
      const expectedGrowth =
        prevCents === 0n ? null : e4Text(ratioE4((cents(now.revenue) - prevCents) * 100n, abs(prevCents)));
      const answer = await get(`/api/financial/analytics?period=${period}`);
      const expected = expectedDashboard(inRange, range);
      const buyerIds = new Set([...buyers, formulaBuyer].map((b) => b.id));
      expect(answer, period).toEqual({
        from: range.from,
        to: range.to,
        totals: expected.totals,
        current: { ...now, ...current },
        previous: { ...before, ...previous },
        revenueGrowth: expectedGrowth,
        totalUsers: buyers.length + 1,
        activeUsers: new Set(inRange.filter((r) => buyerIds.has(r.creatorId)).map((r) => r.creatorId)).size,
        topUsers: expected.byUser.slice(0, 10),
        topOffers: expected.byOffer.slice(0, 10),
      });
      expect(answer.topUsers, period).toHaveLength(10);
      expect(answer.topOffers, period).toHaveLength(10);
    }
  });

  it("financial users: totals and last campaign date for everyone, search and role filter", async () => {
    const list: { id: string }[] = await get("/api/financial/users");
    expect(list.map((u) => u.id).sort()).toEqual(everyone.map((u) => u.id).sort());
    const byId = new Map(list.map((u) => [u.id, u]));
    for (const user of everyone) {
      const mine = rows.filter((r) => r.creatorId === user.id);
      const totals = totalsOf(mine);
      expect(byId.get(user.id), user.name).toMatchObject({
        name: user.name,
        email: user.email,
        role: user.role,
        campaigns: mine.length,
        spent: totals.spent,
        revenue: totals.revenue,
        profit: totals.profit,
        lastCampaignDate:
          mine
            .map((r) => r.date)
            .sort()
            .at(-1) ?? null,
      });
    }
    const search: { name: string }[] = await get("/api/financial/users?q=bUYER%201&role=user");
    expect(search.map((u) => u.name).sort()).toEqual(["Buyer 10", "Buyer 11"]);
    const leads: { id: string }[] = await get("/api/financial/users?role=manager");
    expect(leads.map((u) => u.id)).toEqual([lead.id]);
    // LIKE wildcards in the search are literal characters.
    expect(await get("/api/financial/users?q=%25")).toEqual([]);
    expect(await get("/api/financial/users?q=_")).toEqual([]);
  });

  it("per-user statistics for named periods and a custom range", async () => {
    const buyer = buyers[1]!;
    const month = today.slice(0, 7);
    const firstOfMonth = `${month}-01`;
    const lastOfPrevious = addDays(firstOfMonth, -1);
    const periods: [string, { from: string | null; to: string }][] = [
      ["period=7d", lastDays(7)],
      ["period=30d", lastDays(30)],
      ["period=current_month", { from: firstOfMonth, to: today }],
      ["period=previous_month", { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious }],
      ["period=all", { from: null, to: today }],
      [`from=${day(40)}&to=${day(20)}`, { from: day(40), to: day(20) }],
    ];
    for (const [query, range] of periods) {
      const stats = await get(`/api/financial/users/${buyer.id}/stats?${query}`);
      expect(stats, query).toMatchObject({
        user: { id: buyer.id, name: buyer.name, email: buyer.email, role: "user" },
        from: range.from,
        to: range.to,
        totals: totalsOf(select({ ...range, userId: buyer.id })),
      });
    }
    expect((await ctx.request("/api/financial/users/nobody/stats", { cookie: as(financial) })).status).toBe(
      404,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The report builder
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Permissions
// ---------------------------------------------------------------------------------------------

describe("who may read these screens", () => {
  const paths = () => [
    "/api/admin/dashboard",
    "/api/admin/dashboard?period=30d",
    "/api/financial/dashboard",
    "/api/financial/dashboard?period=all",
    "/api/financial/analytics",
    "/api/financial/analytics?period=7d",
    "/api/financial/users",
    "/api/financial/users?q=buyer&role=user",
    `/api/financial/users/${buyers[0]!.id}/stats`,
    `/api/financial/users/${buyers[0]!.id}/stats?from=${day(10)}&to=${today}`,
  ];

  it("refuses buyers and team leads with 403 on every admin and financial route", async () => {
    for (const who of [buyers[0]!, lead]) {
      for (const path of paths()) {
        const response = await ctx.request(path, { cookie: as(who) });
        expect(response.status, `${who.role} ${path}`).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
      }
    }
  });

  it("refuses the financial role on the admin dashboard, and everyone signed out", async () => {
    expect((await ctx.request("/api/admin/dashboard", { cookie: as(financial) })).status).toBe(403);
    for (const path of paths()) expect((await ctx.request(path)).status, path).toBe(401);
  });

  it("lets admins read every financial screen too", async () => {
    for (const path of paths().filter((p) => !p.startsWith("/api/admin")))
      expect((await ctx.request(path, { cookie: as(admin) })).status, path).toBe(200);
  });
});
