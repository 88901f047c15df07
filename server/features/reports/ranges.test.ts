import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, monthOf, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createOffer, createUser, insertCampaignRows } from "../../db/factories";

// Issue 25 (docs/decisions/0081): the admin and financial dashboards and the financial analytics
// take every preset of the one range picker plus a free range, inclusive on both ends, in the
// workspace time zone. One campaign per probed day, each with its own spend (a power of two in
// cents), so a total names exactly the days it counted: a day on either edge is counted, the day
// just outside is not.

const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);
const yesterday = addDays(today, -1);
const yearStart = `${today.slice(0, 4)}-01-01`;
const monthStart = `${monthOf(today)}-01`;
const previousMonthEnd = addDays(monthStart, -1);
const previousMonthStart = `${monthOf(previousMonthEnd)}-01`;
const customFrom = addDays(today, -40);
const customTo = addDays(today, -20);

/** The probed days, each logged once with 2^i cents of spend (the same day twice is one entry). */
const days = [
  ...new Set([
    today,
    yesterday,
    addDays(today, -2),
    yearStart,
    addDays(yearStart, -1),
    previousMonthStart,
    previousMonthEnd,
    addDays(previousMonthStart, -1),
    customFrom,
    addDays(customFrom, -1),
    customTo,
    addDays(customTo, 1),
  ]),
].sort();
const centsOf = (date: string) => 2n ** BigInt(days.indexOf(date));

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  financial = await createUser(ctx.db, { role: "financial" });
  const lead = await createUser(ctx.db, { role: "manager" });
  const buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
  const offer = await createOffer(ctx.db, { name: "Range offer" });
  const money = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
  await insertCampaignRows(
    ctx.db,
    days.map((date) => ({
      date,
      offerId: offer.id,
      creatorId: buyer.id,
      managerId: lead.id,
      spent: money(centsOf(date)),
      depositPayment: "0.00",
      clicks: 1,
      installations: 0,
      registrations: 0,
      deposits: 0,
    })),
  );
  for (const user of [admin, financial]) cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

/** What the range must count: the probed days between from and to, both included. */
function expected(from: string | null, to: string) {
  const inside = days.filter((d) => (from === null || d >= from) && d <= to);
  const cents = inside.reduce((sum, d) => sum + centsOf(d), 0n);
  return {
    from,
    to,
    campaigns: inside.length,
    spent: `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`,
  };
}

const endpoints = [
  { path: "/api/admin/dashboard", who: () => admin },
  { path: "/api/financial/dashboard", who: () => financial },
  { path: "/api/financial/analytics", who: () => financial },
];

async function totals(path: string, who: CreatedUser, query: string) {
  const response = await ctx.request(`${path}?${query}`, { cookie: cookies.get(who.id) ?? "" });
  expect(
    response.status,
    `${path}?${query}: ${response.status === 200 ? "" : await response.clone().text()}`,
  ).toBe(200);
  const body = (await response.json()) as {
    from: string | null;
    to: string;
    totals: { campaigns: number; spent: string };
  };
  return { from: body.from, to: body.to, campaigns: body.totals.campaigns, spent: body.totals.spent };
}

describe("every preset and a free range on the admin and financial screens", () => {
  const cases: [string, ReturnType<typeof expected>][] = [
    ["period=today", expected(today, today)],
    ["period=yesterday", expected(yesterday, yesterday)],
    ["period=7d", expected(addDays(today, -6), today)],
    ["period=current_month", expected(monthStart, today)],
    ["period=previous_month", expected(previousMonthStart, previousMonthEnd)],
    ["period=current_year", expected(yearStart, today)],
    ["period=all", expected(null, today)],
    [`from=${customFrom}&to=${customTo}`, expected(customFrom, customTo)],
    // The dates win over the period.
    [`period=today&from=${customFrom}&to=${customTo}`, expected(customFrom, customTo)],
    [`from=${customTo}&to=${customTo}`, expected(customTo, customTo)],
  ];

  it.each(endpoints)("$path counts both edge days and not the days just outside", async ({ path, who }) => {
    for (const [query, want] of cases) expect(await totals(path, who(), query), query).toEqual(want);
    // The probes really sit on the edges: each edge day and the day just outside it hold a campaign.
    for (const edge of [
      customFrom,
      addDays(customFrom, -1),
      customTo,
      addDays(customTo, 1),
      yesterday,
      addDays(yearStart, -1),
    ])
      expect(days).toContain(edge);
  });

  it.each(endpoints)(
    "$path still takes the older period names and refuses reversed dates",
    async ({ path, who }) => {
      expect(await totals(path, who(), "period=30d")).toEqual(expected(addDays(today, -29), today));
      expect(await totals(path, who(), "period=90d")).toEqual(expected(addDays(today, -89), today));
      const response = await ctx.request(`${path}?from=${customTo}&to=${customFrom}`, {
        cookie: cookies.get(who().id) ?? "",
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields).toEqual({ to: "dates_reversed" });
      expect((await ctx.request(`${path}?period=1y`, { cookie: cookies.get(who().id) ?? "" })).status).toBe(
        400,
      );
    },
  );
});
