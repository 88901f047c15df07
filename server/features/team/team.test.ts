import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateCommission, defaultCommissionSettings } from "../../../domain/commission";
import { addDays, monthOf, previousPeriod, todayIn } from "../../../domain/periods";
import type { TeamBuyers } from "../../../domain/schemas/team";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  type CreatedUser,
  createCommissionSettings,
  createOffer,
  createRandom,
  createStatement,
  createUser,
  insertCampaignRows,
} from "../../db/factories";
import { sendMissingDayReminders } from "../reminders/reminders.service";
import { listTeamBuyers } from "./team.service";

// The team screen's API (issue 25): every figure of every buyer against sums computed here from the
// rows the test inserted (bigint cents, ratios of sums rounded half away from zero), for presets,
// a custom range across a month edge and all time; who sees which buyers (a lead's current team,
// a moved buyer's earlier rows following them, another lead's buyers absent, a buyer refused); this
// month's commission (defaults, saved settings, a frozen statement); the yesterday flag at the
// workspace's midnight.

const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);
const day = (n: number) => addDays(today, -n);
const yesterday = day(1);

type Row = {
  date: string;
  creatorId: string;
  spent: bigint;
  revenue: bigint;
  clicks: number;
  deposits: number;
};

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
let leadA: CreatedUser;
let leadB: CreatedUser;
let teamA: CreatedUser[];
let moved: CreatedUser;
let idle: CreatedUser;
let teamB: CreatedUser[];
let loner: CreatedUser;
let gone: CreatedUser;
const rows: Row[] = [];
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id) ?? "";

const abs = (n: bigint) => (n < 0n ? -n : n);
/** numerator / denominator to 4 places, half away from zero, as text; 0 when the denominator is 0. */
function ratio(numerator: bigint, denominator: bigint): string {
  if (denominator === 0n) return "0.0000";
  const q = (abs(numerator) * 10_000n * 2n + abs(denominator)) / (2n * abs(denominator));
  const negative = q !== 0n && numerator < 0n !== denominator < 0n;
  return `${negative ? "-" : ""}${q / 10_000n}.${(q % 10_000n).toString().padStart(4, "0")}`;
}
function money(cents: bigint): string {
  return `${cents < 0n ? "-" : ""}${abs(cents) / 100n}.${(abs(cents) % 100n).toString().padStart(2, "0")}`;
}

type Range = { from: string | null; to: string };
const within = (range: Range) => (row: Row) =>
  (!range.from || row.date >= range.from) && row.date <= range.to;

function sums(userId: string, range: Range) {
  const subset = rows.filter((row) => row.creatorId === userId && within(range)(row));
  let spent = 0n;
  let revenue = 0n;
  let clicks = 0n;
  let deposits = 0n;
  for (const row of subset) {
    spent += row.spent;
    revenue += row.revenue;
    clicks += BigInt(row.clicks);
    deposits += BigInt(row.deposits);
  }
  return {
    spent,
    revenue,
    profit: revenue - spent,
    clicks,
    deposits: BigInt(deposits),
    campaigns: BigInt(subset.length),
  };
}

function figures(s: ReturnType<typeof sums>) {
  return {
    spent: money(s.spent),
    revenue: money(s.revenue),
    profit: money(s.profit),
    roi: ratio(s.profit * 100n, s.spent),
    epc: ratio(s.revenue, s.clicks * 100n),
    deposits: Number(s.deposits),
    campaigns: Number(s.campaigns),
  };
}

const growth = (before: bigint, now: bigint) =>
  before === 0n ? null : ratio((now - before) * 100n, abs(before));

/** This month's commission: the month's sums under the buyer's settings, or a frozen statement's amount. */
const commissionRules = new Map<string, (spent: bigint, revenue: bigint) => string>();
function commissionOf(userId: string): string {
  const s = sums(userId, { from: `${monthOf(today)}-01`, to: today });
  const rule = commissionRules.get(userId);
  if (rule) return rule(s.spent, s.revenue);
  return calculateCommission(defaultCommissionSettings, {
    spent: money(s.spent),
    revenue: money(s.revenue),
    profit: money(s.profit),
  }).commission;
}

function expected(buyers: { user: CreatedUser; lead: CreatedUser | null }[], range: Range): TeamBuyers {
  const previous = range.from ? previousPeriod({ from: range.from, to: range.to }) : null;
  const sorted = [...buyers].sort((a, b) =>
    a.user.name === b.user.name ? (a.user.id < b.user.id ? -1 : 1) : a.user.name < b.user.name ? -1 : 1,
  );
  return {
    from: range.from,
    to: range.to,
    previous,
    yesterday,
    buyers: sorted.map(({ user, lead }) => {
      const now = sums(user.id, range);
      const before = previous ? sums(user.id, previous) : null;
      const own = rows.filter((row) => row.creatorId === user.id && row.date <= today).map((row) => row.date);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        leadId: lead?.id ?? null,
        leadName: lead?.name ?? null,
        current: figures(now),
        previous: before ? figures(before) : null,
        changes: {
          spent: before ? growth(before.spent, now.spent) : null,
          revenue: before ? growth(before.revenue, now.revenue) : null,
          profit: before ? growth(before.profit, now.profit) : null,
          deposits: before ? growth(before.deposits, now.deposits) : null,
          campaigns: before ? growth(before.campaigns, now.campaigns) : null,
        },
        commissionThisMonth: commissionOf(user.id),
        lastLoggedOn: own.length ? own.sort().at(-1)! : null,
        missedYesterday: !own.includes(yesterday),
        // No reminder job runs in these tests; the last test below sends one.
        remindedYesterday: false,
      };
    }),
  };
}

async function get(user: CreatedUser, query: string) {
  return ctx.request(`/api/team/buyers?${query}`, { cookie: as(user) });
}
async function read(user: CreatedUser, query: string): Promise<TeamBuyers> {
  const response = await get(user, query);
  expect(response.status).toBe(200);
  return (await response.json()) as TeamBuyers;
}

const ofTeamA = () => [...teamA, moved, idle].map((user) => ({ user, lead: leadA }));
const ofTeamB = () => teamB.map((user) => ({ user, lead: leadB }));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin", name: "Admin Ana" });
  financial = await createUser(ctx.db, { role: "financial", name: "Finance Fabio" });
  leadA = await createUser(ctx.db, { role: "manager", name: "Lead Lara" });
  leadB = await createUser(ctx.db, { role: "manager", name: "Lead Luiz" });
  teamA = [];
  for (let i = 0; i < 4; i++)
    teamA.push(await createUser(ctx.db, { name: `Buyer A${i}`, managerId: leadA.id }));
  // Two with the same name: the order falls back to the id.
  teamA.push(await createUser(ctx.db, { name: "Buyer A0", managerId: leadA.id }));
  moved = await createUser(ctx.db, { name: "Buyer Moved", managerId: leadB.id });
  idle = await createUser(ctx.db, { name: "Buyer Idle", managerId: leadA.id });
  teamB = [await createUser(ctx.db, { name: "Buyer B0", managerId: leadB.id })];
  loner = await createUser(ctx.db, { name: "Buyer Loner" });
  gone = await createUser(ctx.db, { name: "Buyer Gone", managerId: leadA.id, deactivatedAt: new Date() });
  const offers = [
    await createOffer(ctx.db),
    await createOffer(ctx.db),
    await createOffer(ctx.db),
    await createOffer(ctx.db),
  ];

  const random = createRandom(25);
  const loggers = [...teamA, moved, ...teamB, loner, gone, leadA];
  // One entry per buyer, offer and day (the unique key of migration 0013): a drawn day already
  // taken is drawn again.
  const taken = new Set<string>();
  const take = (creatorId: string, date: string) => {
    const key = `${creatorId}|${date}`;
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  };
  for (let i = 0; i < 1500; i++) {
    const creator = random.pick(loggers);
    const date = day(random.int(0, 120));
    // Buyer A1 never logs yesterday; everyone else does below.
    if (creator.id === teamA[1]!.id && date === yesterday) continue;
    if (!take(creator.id, date)) continue;
    rows.push({
      date,
      creatorId: creator.id,
      spent: random.chance(0.05) ? 0n : BigInt(random.int(1, 400_000)),
      revenue: random.chance(0.1) ? 0n : BigInt(random.int(0, 600_000)),
      clicks: random.chance(0.05) ? 0 : random.int(1, 900),
      deposits: random.int(0, 20),
    });
  }
  for (const user of [teamA[0]!, teamA[2]!, teamA[3]!, teamA[4]!, moved, teamB[0]!])
    if (take(user.id, yesterday))
      rows.push({
        date: yesterday,
        creatorId: user.id,
        spent: 1_000n,
        revenue: 2_500n,
        clicks: 10,
        deposits: 1,
      });
  // A row dated tomorrow (a time-zone slip): not "last logged", not in any range up to today.
  rows.push({
    date: addDays(today, 1),
    creatorId: teamA[3]!.id,
    spent: 500n,
    revenue: 0n,
    clicks: 1,
    deposits: 0,
  });
  const manager = new Map(loggers.map((user) => [user.id, user.managerId]));
  // One entry per buyer, offer and day (decision 0083): each row takes an offer that buyer has not
  // logged that day, the fixed rows first; a random row left without one is dropped.
  const offerOf = new Map<Row, string>();
  const usedOffers = new Set<string>();
  for (const row of [...rows].reverse()) {
    const free = offers.find((offer) => !usedOffers.has(`${row.creatorId}|${offer.id}|${row.date}`));
    if (!free) continue;
    usedOffers.add(`${row.creatorId}|${free.id}|${row.date}`);
    offerOf.set(row, free.id);
  }
  rows.splice(0, rows.length, ...rows.filter((row) => offerOf.has(row)));
  await insertCampaignRows(
    ctx.db,
    rows.map((row) => ({
      date: row.date,
      offerId: offerOf.get(row)!,
      creatorId: row.creatorId,
      managerId: manager.get(row.creatorId) ?? null,
      spent: money(row.spent),
      depositPayment: money(row.revenue),
      clicks: row.clicks,
      installations: 0,
      registrations: 0,
      deposits: row.deposits,
    })),
  );
  // The buyer moves from lead B to lead A after logging: their earlier rows still name lead B on the
  // campaign rows (written directly here, whatever the users service does), and follow them anyway.
  await ctx.db.execute(sql`update users set manager_id = ${leadA.id} where id = ${moved.id}`);
  moved.managerId = leadA.id;

  // Saved settings for one buyer (12 % of profit whatever the ROI, no minimum), a frozen statement
  // for another.
  await createCommissionSettings(ctx.db, {
    userId: teamA[2]!.id,
    baseCommissionRate: "12",
    highRoiCommissionRate: "12",
    minimumMonthlyRevenue: "0",
  });
  const twelve = {
    ...defaultCommissionSettings,
    baseCommissionRate: "12.00",
    highRoiCommissionRate: "12.00",
    minimumMonthlyRevenue: "0.00",
  };
  commissionRules.set(
    teamA[2]!.id,
    (spent, revenue) =>
      calculateCommission(twelve, {
        spent: money(spent),
        revenue: money(revenue),
        profit: money(revenue - spent),
      }).commission,
  );
  await createStatement(ctx.db, {
    userId: teamA[3]!.id,
    periodStart: `${monthOf(today)}-01`,
    amountDue: "777.77",
    status: "processing",
  });
  commissionRules.set(teamA[3]!.id, () => "777.77");

  for (const user of [admin, financial, leadA, leadB, teamA[0]!])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe("GET /api/team/buyers", () => {
  it("gives a lead every buyer they lead now, with exact figures for presets, custom ranges and all time", async () => {
    const cases: [string, Range][] = [
      ["period=7d", { from: day(6), to: today }],
      ["period=30d", { from: day(29), to: today }],
      ["period=yesterday", { from: yesterday, to: yesterday }],
      ["period=all", { from: null, to: today }],
      // Across a month edge, the far side read from month totals minus days, or from days.
      [`from=${day(75)}&to=${day(20)}`, { from: day(75), to: day(20) }],
      [`period=7d&from=${day(40)}&to=${day(33)}`, { from: day(40), to: day(33) }],
    ];
    for (const [query, range] of cases)
      expect(await read(leadA, query), query).toEqual(expected(ofTeamA(), range));
  });

  it("leaves out other leads' buyers, buyers without a lead and deactivated buyers", async () => {
    const answer = await read(leadA, "period=30d");
    const ids = answer.buyers.map((buyer) => buyer.id);
    expect(ids).toContain(moved.id);
    for (const user of [...teamB, loner, gone, leadA]) expect(ids).not.toContain(user.id);
    // The moved buyer's rows logged under lead B are now lead A's, all of them.
    const before = await read(leadB, "period=all");
    expect(before).toEqual(expected(ofTeamB(), { from: null, to: today }));
  });

  it("refuses buyers (403) and a lead asking for another lead's team (404)", async () => {
    expect((await get(teamA[0]!, "period=7d")).status).toBe(403);
    expect((await get(leadA, `period=7d&leadId=${leadB.id}`)).status).toBe(404);
    expect(await read(leadA, `period=7d&leadId=${leadA.id}`)).toEqual(
      expected(ofTeamA(), { from: day(6), to: today }),
    );
  });

  it("gives admins and financial users one lead's team with leadId, every active buyer without it", async () => {
    const range = { from: day(29), to: today };
    for (const user of [admin, financial]) {
      expect(await read(user, `period=30d&leadId=${leadB.id}`)).toEqual(expected(ofTeamB(), range));
      expect(await read(user, `period=30d&leadId=${leadA.id}`)).toEqual(expected(ofTeamA(), range));
      expect(await read(user, "period=30d")).toEqual(
        expected([...ofTeamA(), ...ofTeamB(), { user: loner, lead: null }], range),
      );
    }
    expect((await get(admin, `period=30d&leadId=${teamA[0]!.id}`)).status).toBe(404);
    expect((await get(admin, "period=30d&leadId=nobody")).status).toBe(404);
  });

  it("refuses reversed dates", async () => {
    expect((await get(leadA, `from=${today}&to=${day(3)}`)).status).toBe(400);
  });

  it("flags a buyer with nothing logged for the workspace's yesterday, at its midnight", async () => {
    // 23:30 in São Paulo (UTC−3) on the 10th is 02:30 UTC on the 11th: yesterday is the 9th there.
    const db = ctx.db;
    const lead = await createUser(db, { role: "manager" });
    const early = await createUser(db, { name: "Early", managerId: lead.id });
    const late = await createUser(db, { name: "Late", managerId: lead.id });
    await insertCampaignRows(db, [
      { date: "2026-03-09", creatorId: early.id, managerId: lead.id, spent: "1.00", depositPayment: "0" },
      { date: "2026-03-10", creatorId: late.id, managerId: lead.id, spent: "1.00", depositPayment: "0" },
    ]);
    const actor = { id: lead.id, role: lead.role, language: null } as Parameters<
      typeof listTeamBuyers
    >[0]["actor"];
    const at = (iso: string) =>
      listTeamBuyers({ db, actor, query: { period: "7d" }, timeZone, now: new Date(iso) });
    const evening = await at("2026-03-11T02:30:00Z");
    expect(evening.yesterday).toBe("2026-03-09");
    expect(evening.buyers.map((b) => [b.name, b.missedYesterday, b.lastLoggedOn])).toEqual([
      ["Early", false, "2026-03-09"],
      ["Late", true, "2026-03-10"],
    ]);
    // An hour later it is the 11th in São Paulo: the 10th is yesterday.
    const night = await at("2026-03-11T03:30:00Z");
    expect(night.yesterday).toBe("2026-03-10");
    expect(night.buyers.map((b) => [b.name, b.missedYesterday])).toEqual([
      ["Early", true],
      ["Late", false],
    ]);
  });

  it("says which buyer was reminded about yesterday (docs/decisions/0088)", async () => {
    const db = ctx.db;
    const createdAt = new Date("2026-01-01T12:00:00Z");
    const lead = await createUser(db, { role: "manager", createdAt });
    await createUser(db, { name: "Quiet", managerId: lead.id, createdAt });
    const busy = await createUser(db, { name: "Busy", managerId: lead.id, createdAt });
    await insertCampaignRows(db, [
      { date: "2026-04-09", creatorId: busy.id, managerId: lead.id, spent: "1.00", depositPayment: "0" },
    ]);
    const actor = { id: lead.id, role: lead.role, language: null } as Parameters<
      typeof listTeamBuyers
    >[0]["actor"];
    const flags = async () =>
      (
        await listTeamBuyers({
          db,
          actor,
          query: { period: "7d" },
          timeZone,
          now: new Date("2026-04-10T15:00:00Z"),
        })
      ).buyers.map((b) => [b.name, b.missedYesterday, b.remindedYesterday]);
    expect(await flags()).toEqual([
      ["Busy", false, false],
      ["Quiet", true, false],
    ]);
    await sendMissingDayReminders({ db, today: "2026-04-10", timeZone });
    expect(await flags()).toEqual([
      ["Busy", false, false],
      ["Quiet", true, true],
    ]);
  });
});
