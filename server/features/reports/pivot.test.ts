import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../domain/csv";
import { addDays, todayIn } from "../../../domain/periods";
import type { Pivot, PivotDimension } from "../../../domain/schemas/pivot";
import { e4Text, money, ratioE4 } from "../../../tests/exact-arithmetic";
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

// Issue 25's proof of the pivot report (docs/decisions/0079). Campaigns across buyers, teams, offers,
// brands and days that cross month edges are inserted; every grouping is recomputed here from the
// inserted rows (bigint cents, ratios of sums rounded half away from zero to 4 places), independently
// of the service, the grains and domain/metrics, and each row and the totals must be equal.

const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);

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
let leadA: CreatedUser;
let leadB: CreatedUser;
let buyerA1: CreatedUser;
let buyerA2: CreatedUser;
let buyerB1: CreatedUser;
let loner: CreatedUser;
let people: CreatedUser[];
const offers: { id: string; name: string; casinoBrand: string }[] = [];
const rows: Row[] = [];
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id) ?? "";

// ---------------------------------------------------------------------------------------------
// Independent arithmetic
// ---------------------------------------------------------------------------------------------

type Sums = {
  spent: bigint;
  revenue: bigint;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  campaigns: number;
};
const zero = (): Sums => ({
  spent: 0n,
  revenue: 0n,
  clicks: 0,
  installations: 0,
  registrations: 0,
  deposits: 0,
  campaigns: 0,
});
function add(sums: Sums, row: Row): Sums {
  sums.spent += row.spent;
  sums.revenue += row.revenue;
  sums.clicks += row.clicks;
  sums.installations += row.installations;
  sums.registrations += row.registrations;
  sums.deposits += row.deposits;
  sums.campaigns += 1;
  return sums;
}
/** The figures the API answers for these sums (the ones this test checks). */
function figures(s: Sums) {
  const profit = s.revenue - s.spent;
  return {
    spent: money(s.spent),
    revenue: money(s.revenue),
    profit: money(profit),
    roi: e4Text(ratioE4(profit * 100n, s.spent)),
    epc: e4Text(ratioE4(s.revenue, BigInt(s.clicks) * 100n)),
    costPerDeposit: e4Text(ratioE4(s.spent, BigInt(s.deposits) * 100n)),
    registrationToDeposit: e4Text(ratioE4(BigInt(s.deposits) * 100n, BigInt(s.registrations))),
    clicks: s.clicks,
    installations: s.installations,
    registrations: s.registrations,
    deposits: s.deposits,
    campaigns: s.campaigns,
  };
}
type Figures = ReturnType<typeof figures>;
const pick = (m: Record<string, unknown>): Figures => {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(figures(zero()))) out[key] = m[key];
  return out as Figures;
};

/** The ISO week's Monday of a date. */
function monday(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** A row's key for a dimension, as the API's key value. */
function keyOf(dimension: PivotDimension, row: Row, shift = 0): string | null {
  const date = addDays(row.date, shift);
  const creator = people.find((p) => p.id === row.creatorId)!;
  switch (dimension) {
    case "buyer":
      return row.creatorId;
    case "team":
      return creator.managerId ?? (creator.role === "manager" ? creator.id : null);
    case "offer":
      return row.offerId;
    case "brand":
      return offers.find((o) => o.id === row.offerId)?.casinoBrand ?? null;
    case "day":
      return date;
    case "week":
      return monday(date);
    case "month":
      return `${date.slice(0, 7)}-01`;
  }
}

type Filter = {
  from: string | null;
  to: string;
  creators?: string[];
  buyerId?: string;
  teamId?: string;
  offerId?: string;
  brand?: string;
};

function inFilter(row: Row, f: Filter, range = { from: f.from, to: f.to }): boolean {
  return (
    (range.from === null || row.date >= range.from) &&
    row.date <= range.to &&
    (f.creators === undefined || f.creators.includes(row.creatorId)) &&
    (f.buyerId === undefined || row.creatorId === f.buyerId) &&
    (f.teamId === undefined || keyOf("team", row) === f.teamId) &&
    (f.offerId === undefined || row.offerId === f.offerId) &&
    (f.brand === undefined || keyOf("brand", row) === f.brand)
  );
}

/** Expected rows (by joined key) and totals of a grouping. */
function expected(dims: PivotDimension[], f: Filter, previous?: { from: string; to: string; shift: number }) {
  const groups = new Map<string, { keys: (string | null)[]; current: Sums; previous: Sums }>();
  const keyText = (keys: (string | null)[]) => JSON.stringify(keys);
  const totals = { current: zero(), previous: zero() };
  for (const row of rows) {
    if (inFilter(row, f)) {
      const keys = dims.map((d) => keyOf(d, row));
      const k = keyText(keys);
      const g = groups.get(k) ?? { keys, current: zero(), previous: zero() };
      add(g.current, row);
      add(totals.current, row);
      groups.set(k, g);
    }
  }
  if (previous) {
    for (const row of rows) {
      if (!inFilter(row, f, previous)) continue;
      add(totals.previous, row);
      const keys = dims.map((d) => keyOf(d, row, previous.shift));
      const g = groups.get(keyText(keys));
      if (g) add(g.previous, row);
    }
  }
  return { groups, totals };
}

// ---------------------------------------------------------------------------------------------
// The dataset
// ---------------------------------------------------------------------------------------------

// Days around three month edges (July to October 2026), plus a few far in the past.
const first = "2026-07-20";
const last = "2026-10-12";

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin", name: "Admin Ana" });
  financial = await createUser(ctx.db, { role: "financial", name: "Finance Fabio" });
  leadA = await createUser(ctx.db, { role: "manager", name: "Lead Alba" });
  leadB = await createUser(ctx.db, { role: "manager", name: "Lead Bruno" });
  buyerA1 = await createUser(ctx.db, { role: "user", name: "Ana A1", managerId: leadA.id });
  buyerA2 = await createUser(ctx.db, { role: "user", name: "Beto A2", managerId: leadA.id });
  buyerB1 = await createUser(ctx.db, { role: "user", name: "Caio B1", managerId: leadB.id });
  loner = await createUser(ctx.db, { role: "user", name: "Dora Solo" });
  people = [admin, financial, leadA, leadB, buyerA1, buyerA2, buyerB1, loner];
  for (const [name, casinoBrand] of [
    ["Offer One", "Brand X"],
    ["Offer Two", "Brand X"],
    ["Offer Three", "Brand Y"],
  ] as const)
    offers.push({ id: (await createOffer(ctx.db, { name, casinoBrand })).id, name, casinoBrand });

  const random = createRandom(25);
  const creators = [leadA, buyerA1, buyerA2, buyerB1, loner];
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  for (let i = 0; i < 700; i++) {
    const clicks = random.int(0, 500);
    const installations = random.int(0, clicks);
    const registrations = random.int(0, installations);
    rows.push({
      date: random.pick(days),
      offerId: random.chance(0.05) ? null : random.pick(offers).id,
      creatorId: random.pick(creators).id,
      spent: random.chance(0.03) ? 0n : BigInt(random.int(1, 40_000)),
      revenue: random.chance(0.1) ? 0n : BigInt(random.int(0, 60_000)),
      clicks,
      installations,
      registrations,
      deposits: random.int(0, registrations),
    });
  }
  // An offer run only in August: in September's comparison it has previous figures and no row.
  const august = {
    id: (await createOffer(ctx.db, { name: "Offer August", casinoBrand: "Brand Z" })).id,
    name: "Offer August",
    casinoBrand: "Brand Z",
  };
  offers.push(august);
  for (const date of ["2026-08-05", "2026-08-20"])
    rows.push({
      date,
      offerId: august.id,
      creatorId: buyerA1.id,
      spent: 5_000n,
      revenue: 1_000n,
      clicks: 40,
      installations: 4,
      registrations: 2,
      deposits: 1,
    });
  // Far in the past (only "all" reaches them), today (the presets' ranges end today), and a day ahead
  // (saved before future days were refused, decision 0084): no range up to today counts it, not even
  // all time read from the all-time rows (decision 0089).
  for (const date of ["2025-03-03", today, addDays(today, 3)])
    rows.push({
      date,
      offerId: offers[2]!.id,
      creatorId: buyerB1.id,
      spent: 12_345n,
      revenue: 23_456n,
      clicks: 10,
      installations: 5,
      registrations: 3,
      deposits: 1,
    });
  // One entry per buyer, offer and day (decision 0083): a random row on a day a later one takes is
  // left out (the fixed rows above win).
  rows.splice(0, rows.length, ...onePerDay([...rows].reverse()).reverse());
  const managerOf = (id: string) => people.find((p) => p.id === id)?.managerId ?? null;
  await insertCampaignRows(
    ctx.db,
    rows.map(
      (r): NewCampaignRow => ({
        date: r.date,
        offerId: r.offerId,
        creatorId: r.creatorId,
        managerId: managerOf(r.creatorId),
        spent: money(r.spent),
        depositPayment: money(r.revenue),
        clicks: r.clicks,
        installations: r.installations,
        registrations: r.registrations,
        deposits: r.deposits,
      }),
    ),
  );
  for (const user of people) cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

async function pivot(query: Record<string, string>, who: CreatedUser = financial): Promise<Pivot> {
  const path = `/api/reports?${new URLSearchParams({ pageSize: "500", ...query }).toString()}`;
  const response = await ctx.request(path, { cookie: as(who) });
  expect(response.status, `${path}: ${response.status === 200 ? "" : await response.clone().text()}`).toBe(
    200,
  );
  return (await response.json()) as Pivot;
}

/** Every row and the totals of an answer equal the recomputation. */
function expectEqual(
  answer: Pivot,
  dims: PivotDimension[],
  f: Filter,
  previous?: { from: string; to: string; shift: number },
) {
  const want = expected(dims, f, previous);
  expect(answer.rowCount).toBe(want.groups.size);
  expect(answer.rows).toHaveLength(want.groups.size);
  for (const row of answer.rows) {
    const keys = row.keys.map((k) => k.value);
    const group = want.groups.get(JSON.stringify(keys));
    expect(group, `row ${JSON.stringify(keys)}`).toBeDefined();
    expect(pick(row.current), JSON.stringify(keys)).toEqual(figures(group!.current));
    if (previous)
      expect(pick(row.previous!), `previous ${JSON.stringify(keys)}`).toEqual(figures(group!.previous));
    else expect(row.previous).toBeNull();
  }
  expect(pick(answer.totals.current)).toEqual(figures(want.totals.current));
  if (previous) expect(pick(answer.totals.previous!)).toEqual(figures(want.totals.previous));
  return want;
}

// ---------------------------------------------------------------------------------------------
// Groupings
// ---------------------------------------------------------------------------------------------

describe("pivot groupings against sums computed from the inserted rows", () => {
  const dims1: PivotDimension[][] = [["buyer"], ["team"], ["offer"], ["brand"], ["day"], ["week"], ["month"]];
  const combos: PivotDimension[][] = [
    ["buyer", "offer"],
    ["team", "week"],
    ["offer", "month"],
    ["brand", "buyer"],
    ["month", "team"],
    ["team", "buyer", "offer"],
    ["month", "brand", "buyer"],
    ["week", "offer", "team"],
  ];
  // Mid-month to mid-month across three months: whole months from the month grains, edge days.
  const range = { from: "2026-07-23", to: "2026-09-17" };

  it("answers every dimension alone, all time and over a range crossing months", async () => {
    for (const dims of dims1) {
      expectEqual(await pivot({ groupBy: dims.join(","), period: "all" }), dims, { from: null, to: today });
      expectEqual(await pivot({ groupBy: dims.join(","), ...range }), dims, range);
    }
  });

  it("answers two- and three-dimension combinations", async () => {
    for (const dims of combos) {
      expectEqual(await pivot({ groupBy: dims.join(","), period: "all" }), dims, { from: null, to: today });
      expectEqual(await pivot({ groupBy: dims.join(","), ...range }), dims, range);
    }
  });

  it("labels keys with names; no team and no offer are null", async () => {
    const answer = await pivot({ groupBy: "team,offer", period: "all" });
    const teams = new Set(answer.rows.map((r) => r.keys[0]!.value));
    expect(teams).toEqual(new Set([leadA.id, leadB.id, null]));
    for (const row of answer.rows) {
      const [team, offer] = row.keys as [
        { value: string | null; label: string | null },
        { value: string | null; label: string | null },
      ];
      expect(team.label).toBe(team.value === null ? null : people.find((p) => p.id === team.value)!.name);
      expect(offer.label).toBe(offer.value === null ? null : offers.find((o) => o.id === offer.value)!.name);
    }
    const weeks = await pivot({ groupBy: "week", ...range });
    for (const row of weeks.rows) expect(new Date(`${row.keys[0]!.value}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it("includes the range's first and last day and nothing outside", async () => {
    const edge = { from: "2026-08-31", to: "2026-09-01" };
    const answer = expectEqual(await pivot({ groupBy: "day", ...edge }), ["day"], edge);
    expect([...answer.groups.values()].map((g) => g.keys[0]).sort()).toEqual(["2026-08-31", "2026-09-01"]);
    // One day, and a range of one month from its first to its last day.
    for (const r of [
      { from: "2026-09-30", to: "2026-09-30" },
      { from: "2026-08-01", to: "2026-08-31" },
      { from: "2026-08-02", to: "2026-08-30" },
    ])
      expectEqual(await pivot({ groupBy: "buyer,offer", ...r }), ["buyer", "offer"], r);
  });
});

describe("filters", () => {
  const range = { from: "2026-07-25", to: "2026-10-05" };

  it("buyerId, teamId, offerId and brand restrict the rows summed", async () => {
    const cases: [Record<string, string>, Filter][] = [
      [{ buyerId: buyerA2.id }, { ...range, buyerId: buyerA2.id }],
      [{ teamId: leadA.id }, { ...range, teamId: leadA.id }],
      [{ teamId: leadB.id }, { ...range, teamId: leadB.id }],
      [{ offerId: offers[1]!.id }, { ...range, offerId: offers[1]!.id }],
      [{ brand: "Brand X" }, { ...range, brand: "Brand X" }],
      [
        { brand: "Brand Y", teamId: leadA.id },
        { ...range, brand: "Brand Y", teamId: leadA.id },
      ],
    ];
    for (const [query, filter] of cases)
      for (const dims of [["buyer"], ["offer", "week"], ["team", "month"]] as PivotDimension[][]) {
        const answer = await pivot({ groupBy: dims.join(","), ...range, ...query });
        expectEqual(answer, dims, filter);
        expect(answer.rowCount).toBeGreaterThan(0);
      }
  });

  it("minRoi, maxRoi and minSpend keep the grouped rows whose current figures pass", async () => {
    const all = await pivot({ groupBy: "buyer,offer", ...range });
    const rois = all.rows.map((r) => Number(r.current.roi)).sort((a, b) => a - b);
    const middle = all.rows.find((r) => Number(r.current.roi) === rois[Math.floor(rois.length / 2)])!;
    const bound = middle.current.roi;
    const atLeast = await pivot({ groupBy: "buyer,offer", ...range, minRoi: bound });
    const want = all.rows.filter((r) => Number(r.current.roi) >= Number(bound));
    expect(atLeast.rows.map((r) => r.keys.map((k) => k.value))).toEqual(
      want.map((r) => r.keys.map((k) => k.value)),
    );
    // The bound row itself is in (inclusive), and the totals are over the rows that pass only.
    expect(atLeast.rows).toContainEqual(middle);
    const spentCents = want.reduce((sum, r) => sum + BigInt(r.current.spent.replace(".", "")), 0n);
    expect(atLeast.totals.current.spent).toBe(money(spentCents));
    const atMost = await pivot({ groupBy: "buyer,offer", ...range, maxRoi: bound });
    expect(atMost.rowCount).toBe(all.rows.filter((r) => Number(r.current.roi) <= Number(bound)).length);
    const spend = all.rows[3]!.current.spent;
    const minSpend = await pivot({ groupBy: "buyer,offer", ...range, minSpend: spend });
    expect(minSpend.rowCount).toBe(all.rows.filter((r) => Number(r.current.spent) >= Number(spend)).length);
    expect(minSpend.rowCount).toBeLessThan(all.rowCount);
  });
});

describe("compare with the previous period", () => {
  it("gives each row its previous figures with time keys shifted by the period's length", async () => {
    const range = { from: "2026-09-01", to: "2026-09-30" };
    const previous = { from: "2026-08-02", to: "2026-08-31", shift: 30 };
    for (const dims of [
      ["buyer"],
      ["day"],
      ["week", "team"],
      ["month"],
      ["offer", "brand"],
    ] as PivotDimension[][]) {
      const answer = await pivot({ groupBy: dims.join(","), ...range, compare: "previous" });
      expect(answer.previous).toEqual({ from: previous.from, to: previous.to });
      expectEqual(answer, dims, range, previous);
    }
    // A group with previous figures only has no row, and its figures count in the previous totals.
    const byOffer = await pivot({ groupBy: "offer", ...range, compare: "previous" });
    expect(byOffer.rows.map((r) => r.keys[0]!.label)).not.toContain("Offer August");
    expect(expected(["offer"], { from: "2026-08-05", to: "2026-08-05" }).groups.size).toBeGreaterThan(0);
    // A previous day d counts under d + 30.
    const days = await pivot({ groupBy: "day", ...range, compare: "previous" });
    const sept10 = days.rows.find((r) => r.keys[0]!.value === "2026-09-10")!;
    const aug11 = expected(["day"], { from: "2026-08-11", to: "2026-08-11" }).totals.current;
    expect(pick(sept10.previous!)).toEqual(figures(aug11));
  });

  it("has no previous period for all time, and none without compare", async () => {
    const all = await pivot({ groupBy: "buyer", period: "all", compare: "previous" });
    expect(all.previous).toBeNull();
    expect(all.totals.previous).toBeNull();
    const none = await pivot({ groupBy: "buyer", from: "2026-09-01", to: "2026-09-30" });
    expect(none.previous).toBeNull();
  });
});

describe("who sees what", () => {
  const range = { from: "2026-07-20", to: "2026-10-12" };

  it("a buyer sees their own rows, a lead their own and their team's, financial and admins all", async () => {
    const cases: [CreatedUser, string[]][] = [
      [buyerA1, [buyerA1.id]],
      [leadA, [leadA.id, buyerA1.id, buyerA2.id]],
      [leadB, [buyerB1.id]],
      [admin, people.map((p) => p.id)],
    ];
    for (const [who, creators] of cases) {
      const answer = await pivot({ groupBy: "buyer,offer", ...range }, who);
      expectEqual(answer, ["buyer", "offer"], { ...range, creators });
    }
    // Another team's buyer is absent even when asked for by id.
    const asked = await pivot({ groupBy: "buyer", ...range, buyerId: buyerB1.id }, leadA);
    expect(asked.rowCount).toBe(0);
    const otherTeam = await pivot({ groupBy: "buyer", ...range, teamId: leadB.id }, leadA);
    expect(otherTeam.rowCount).toBe(0);
  });

  it("every role may read the pivot; signed out is 401", async () => {
    expect((await ctx.request("/api/reports")).status).toBe(401);
    for (const who of people)
      expect((await ctx.request("/api/reports", { cookie: as(who) })).status).toBe(200);
  });

  it("refuses bad queries with field codes", async () => {
    for (const query of [
      "groupBy=buyer,buyer",
      "groupBy=a",
      "groupBy=buyer,offer,day,week",
      "sort=nope",
      "minRoi=5&maxRoi=1",
      "pageSize=501",
      "from=2026-09-02&to=2026-09-01",
    ]) {
      const response = await ctx.request(`/api/reports?${query}`, { cookie: as(financial) });
      expect(response.status, query).toBe(400);
    }
  });
});

describe("sort and pages", () => {
  const range = { from: "2026-07-20", to: "2026-10-12" };

  it("sorts by any metric with the keys as a stable tiebreak, and pages through every row", async () => {
    const all = await pivot({ groupBy: "buyer,offer", ...range, sort: "roi", dir: "asc" });
    const rois = all.rows.map((r) => Number(r.current.roi));
    expect(rois).toEqual([...rois].sort((a, b) => a - b));
    const byDeposits = await pivot({ groupBy: "offer,team", ...range, sort: "deposits", dir: "desc" });
    const deposits = byDeposits.rows.map((r) => r.current.deposits);
    expect(deposits).toEqual([...deposits].sort((a, b) => b - a));
    const paged: unknown[] = [];
    for (let page = 1; page <= Math.ceil(all.rowCount / 4); page++) {
      const answer = await pivot({
        groupBy: "buyer,offer",
        ...range,
        sort: "roi",
        dir: "asc",
        pageSize: "4",
        page: String(page),
      });
      expect(answer.rowCount).toBe(all.rowCount);
      expect(answer.totals).toEqual(all.totals);
      paged.push(...answer.rows);
    }
    expect(paged).toEqual(all.rows);
    const beyond = await pivot({ groupBy: "buyer,offer", ...range, pageSize: "4", page: "999" });
    expect(beyond.rows).toEqual([]);
    expect(beyond.totals).toEqual(all.totals);
  });

  it("sorts by key: dates ascending by default, names A–Z", async () => {
    const days = await pivot({ groupBy: "day", ...range });
    const keys = days.rows.map((r) => r.keys[0]!.value!);
    expect(keys).toEqual([...keys].sort());
    const names = await pivot({ groupBy: "buyer", ...range, sort: "key" });
    const labels = names.rows.map((r) => r.keys[0]!.label!);
    expect(labels).toEqual([...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const desc = await pivot({ groupBy: "buyer", ...range, sort: "key", dir: "desc" });
    expect(desc.rows.map((r) => r.keys[0]!.label)).toEqual([...labels].reverse());
  });
});

describe("saved reports", () => {
  it("saves, replaces by name, lists, and deletes only the owner's", async () => {
    const save = (who: CreatedUser, name: string, query: string) =>
      ctx.request("/api/saved-reports", { method: "POST", cookie: as(who), json: { name, query } });
    const created = await save(buyerA1, "Weekly", "groupBy=week");
    expect(created.status).toBe(201);
    const first = (await created.json()) as { id: string; query: string };
    const replaced = await save(buyerA1, "Weekly", "groupBy=week,offer");
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { id: string }).id).toBe(first.id);
    expect((await save(buyerA1, "", "x")).status).toBe(400);
    expect((await save(leadA, "Weekly", "groupBy=team")).status).toBe(201);
    const list = (await (await ctx.request("/api/saved-reports", { cookie: as(buyerA1) })).json()) as {
      name: string;
      query: string;
    }[];
    expect(list.map((r) => [r.name, r.query])).toEqual([["Weekly", "groupBy=week,offer"]]);
    expect(
      (await ctx.request(`/api/saved-reports/${first.id}`, { method: "DELETE", cookie: as(leadA) })).status,
    ).toBe(404);
    expect(
      (await ctx.request(`/api/saved-reports/${first.id}`, { method: "DELETE", cookie: as(buyerA1) })).status,
    ).toBe(204);
    expect(
      (await ctx.request(`/api/saved-reports/${first.id}`, { method: "DELETE", cookie: as(buyerA1) })).status,
    ).toBe(404);
    expect(await (await ctx.request("/api/saved-reports", { cookie: as(buyerA1) })).json()).toEqual([]);
  });
});

describe("exports", () => {
  const range = { from: "2026-08-15", to: "2026-09-14" };
  const query = {
    groupBy: "team,month",
    ...range,
    compare: "previous",
    columns: "spent,roi,deposits",
    sort: "spent",
  };

  it("names the file by its period and each filter given", async () => {
    const params = new URLSearchParams({
      groupBy: "offer",
      ...range,
      lang: "pt-BR",
      offerId: offers[0]!.id,
      brand: "Bet Ação",
      minRoi: "-12.5",
      minSpend: "100",
    });
    for (const extension of ["csv", "xlsx"]) {
      const response = await ctx.request(`/api/reports.${extension}?${params}`, { cookie: as(financial) });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="relatorio_oferta_${range.from}_${range.to}_oferta_marca-bet-acao_roi-min-neg-12-5_min-100.${extension}"`,
      );
    }
  });

  it("CSV in both dialects carries the screen's rows and totals, with previous and Δ%", async () => {
    const screen = await pivot(query);
    for (const [lang, dialect, delimiter, decimal] of [
      ["pt-BR", "", ";", ","],
      ["en", "", ",", "."],
      ["pt-BR", "comma", ",", "."],
    ] as const) {
      const params = new URLSearchParams({ ...query, lang, ...(dialect ? { dialect } : {}) });
      const response = await ctx.request(`/api/reports.csv?${params}`, { cookie: as(financial) });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toContain(
        lang === "en"
          ? `report_team-month_${range.from}_${range.to}.csv`
          : `relatorio_equipe-mes_${range.from}_${range.to}.csv`,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // TextDecoder drops the BOM.
      const records = parseCsv(new TextDecoder().decode(bytes), delimiter);
      expect(records[0]).toHaveLength(2 + 3 * 3);
      expect(records).toHaveLength(1 + screen.rows.length + 1);
      const number = (cell: string) => (decimal === "," ? cell.replace(",", ".") : cell);
      const totals = records.at(-1)!;
      expect(number(totals[2]!)).toBe(screen.totals.current.spent);
      expect(number(totals[3]!)).toBe(screen.totals.previous!.spent);
      expect(number(totals[5]!)).toBe(screen.totals.current.roi);
      expect(Number(totals[8])).toBe(screen.totals.current.deposits);
      // Rows in the screen's order; their spend sums to the totals row.
      const sum = records.slice(1, -1).reduce((s, r) => s + BigInt(number(r[2]!).replace(".", "")), 0n);
      expect(money(sum)).toBe(screen.totals.current.spent);
    }
  });

  it("XLSX has typed number cells equal to the screen's figures, and date keys", async () => {
    const screen = await pivot(query);
    const params = new URLSearchParams({ ...query, lang: "en" });
    const response = await ctx.request(`/api/reports.xlsx?${params}`, { cookie: as(financial) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(
      `report_team-month_${range.from}_${range.to}.xlsx`,
    );
    const sheet = await readSheet(Buffer.from(await response.arrayBuffer()));
    expect(sheet[0]![0]).toBe("Team");
    expect(sheet).toHaveLength(1 + screen.rows.length + 1);
    sheet.slice(1, -1).forEach((cells, i) => {
      const row = screen.rows[i]!;
      expect(cells[1]).toBeInstanceOf(Date);
      expect((cells[1] as unknown as Date).toISOString().slice(0, 10)).toBe(row.keys[1]!.value);
      expect(cells[2]).toBe(Number(row.current.spent));
      expect(cells[3]).toBe(Number(row.previous!.spent));
      expect(cells[5]).toBeCloseTo(Number(row.current.roi) / 100, 8);
      expect(cells[8]).toBe(row.current.deposits);
    });
    const totals = sheet.at(-1)!;
    expect(totals[0]).toBe("Total");
    expect(totals[2]).toBe(Number(screen.totals.current.spent));
  });
});
