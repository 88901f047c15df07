import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvBom, csvDialects, formatCsvDecimal, formatCsvRow, parseCsv } from "../../../domain/csv";
import { computeMetrics } from "../../../domain/metrics";
import { fromCents, toCents } from "../../../domain/money";
import { addDays, todayIn } from "../../../domain/periods";
import type { Campaign } from "../../../domain/schemas/campaigns";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  assignOffer,
  type CreatedUser,
  createCampaign,
  createOffer,
  createRandom,
  createUser,
  insertCampaignRows,
  type NewCampaignRow,
} from "../../db/factories";
import { campaigns } from "../../db/schema";
import { csvHeaders } from "./campaigns.csv";

let ctx: TestContext;
let buyerA: CreatedUser;
let buyerB: CreatedUser;
let lead: CreatedUser;
let financial: CreatedUser;
let admin: CreatedUser;
const cookies: Record<string, string> = {};

const today = () => todayIn("America/Sao_Paulo");

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyerA = await createUser(ctx.db, { role: "user", managerId: lead.id });
  buyerB = await createUser(ctx.db, { role: "user" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, lead, buyerA, buyerB, financial]) {
    cookies[user.id] = await ctx.signIn(user.email, user.password);
  }
});

afterAll(async () => {
  await ctx?.close();
});

const as = (user: CreatedUser) => cookies[user.id]!;

async function post(user: CreatedUser, body: unknown) {
  return ctx.request("/api/campaigns", { method: "POST", cookie: as(user), json: body });
}

async function campaignCount() {
  const [row] = await ctx.db.select({ n: count() }).from(campaigns);
  return Number(row?.n ?? 0);
}

describe("creating a campaign", () => {
  it("derives revenue from the offer's payout and copies the buyer's team lead", async () => {
    const offer = await createOffer(ctx.db, { payoutPerDeposit: "33.33", name: "Fortuna BR" });
    const response = await post(buyerA, {
      date: today(),
      offerId: offer.id,
      spent: "100",
      clicks: 1000,
      installations: 250,
      registrations: 50,
      deposits: 3,
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      spent: "100.00",
      depositPayment: "99.99",
      revenue: "99.99",
      profit: "-0.01",
      roi: "-0.0100",
      epc: "0.1000",
      clickPrice: "0.1000",
      installPrice: "0.4000",
      regPrice: "2.0000",
      depPrice: "33.3333",
      clickToInst: "25.0000",
      instToReg: "20.0000",
      regToDep: "6.0000",
      managerId: lead.id,
      creatorId: buyerA.id,
      offer: { id: offer.id, name: "Fortuna BR", payoutPerDeposit: "33.33" },
      creator: { id: buyerA.id, email: buyerA.email },
    });
  });

  it("keeps a directly entered revenue and treats blank counts as 0", async () => {
    const offer = await createOffer(ctx.db);
    const response = await post(buyerA, {
      date: today(),
      offerId: offer.id,
      spent: "0",
      clicks: "",
      installations: "",
      registrations: "",
      deposits: "",
      depositPayment: "50,5",
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      clicks: 0,
      depositPayment: "50.50",
      roi: "0.0000",
      epc: "0.0000",
      depPrice: "0.0000",
      regToDep: "0.0000",
    });
  });

  it("refuses an offer that is not visible to the buyer with 422 and saves nothing", async () => {
    const hidden = await createOffer(ctx.db, { visibleToAll: false });
    const before = await campaignCount();
    const response = await post(buyerB, { date: today(), offerId: hidden.id, spent: "1" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "offer_not_visible" } });
    expect(await campaignCount()).toBe(before);

    await assignOffer(ctx.db, hidden.id, buyerB.id);
    expect((await post(buyerB, { date: today(), offerId: hidden.id, spent: "1" })).status).toBe(201);
  });

  it("answers bad input with field codes and changes nothing", async () => {
    const offer = await createOffer(ctx.db);
    const before = await campaignCount();
    const response = await post(buyerA, {
      date: "2026-02-30",
      offerId: offer.id,
      spent: "-5",
      clicks: 1.5,
      installations: "abc",
      deposits: -1,
      depositPayment: "1.234",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields).toMatchObject({
      date: "invalid_date",
      spent: "not_negative",
      clicks: "integer",
      installations: "not_a_number",
      deposits: "not_negative",
      depositPayment: "max_two_decimals",
    });
    const missing = await post(buyerA, { spent: "1" });
    expect((await missing.json()).error.fields).toMatchObject({ date: "required", offerId: "required" });
    expect(await campaignCount()).toBe(before);
  });

  it("is refused to financial staff and to anonymous callers", async () => {
    const offer = await createOffer(ctx.db);
    expect((await post(financial, { date: today(), offerId: offer.id })).status).toBe(403);
    const anonymous = await ctx.request("/api/campaigns", {
      method: "POST",
      json: { date: today(), offerId: offer.id },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("ownership", () => {
  it("hides buyer A's campaign from buyer B on read, edit and delete", async () => {
    const campaign = await createCampaign(ctx.db, { creatorId: buyerA.id, spent: "10.00" });
    const path = `/api/campaigns/${campaign.id}`;
    expect((await ctx.request(path, { cookie: as(buyerB) })).status).toBe(404);
    expect(
      (await ctx.request(path, { method: "PATCH", cookie: as(buyerB), json: { spent: "1" } })).status,
    ).toBe(404);
    expect((await ctx.request(path, { method: "DELETE", cookie: as(buyerB) })).status).toBe(404);
    const [still] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(still?.spent).toBe("10.00");
  });

  it("lets the team lead and financial staff read, but not change, a buyer's campaign", async () => {
    const campaign = await createCampaign(ctx.db, { creatorId: buyerA.id });
    const path = `/api/campaigns/${campaign.id}`;
    expect((await ctx.request(path, { cookie: as(lead) })).status).toBe(200);
    expect((await ctx.request(path, { cookie: as(financial) })).status).toBe(200);
    expect(
      (await ctx.request(path, { method: "PATCH", cookie: as(lead), json: { spent: "1" } })).status,
    ).toBe(403);
    expect((await ctx.request(path, { method: "DELETE", cookie: as(lead) })).status).toBe(403);
    expect((await ctx.request(path, { method: "DELETE", cookie: as(financial) })).status).toBe(403);
    const other = await createCampaign(ctx.db, { creatorId: buyerB.id });
    expect((await ctx.request(`/api/campaigns/${other.id}`, { cookie: as(lead) })).status).toBe(404);
  });

  it("lets the owner edit and delete, recomputing revenue when deposits change", async () => {
    const offer = await createOffer(ctx.db, { payoutPerDeposit: "40.00" });
    const created = await (
      await post(buyerA, { date: today(), offerId: offer.id, spent: "50", deposits: 1 })
    ).json();
    expect(created.revenue).toBe("40.00");
    const path = `/api/campaigns/${created.id}`;
    const edited = await ctx.request(path, { method: "PATCH", cookie: as(buyerA), json: { deposits: 3 } });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      deposits: 3,
      revenue: "120.00",
      profit: "70.00",
      roi: "140.0000",
    });
    // A later payout change does not rewrite saved revenue.
    const spentOnly = await ctx.request(path, { method: "PATCH", cookie: as(buyerA), json: { spent: "60" } });
    expect(await spentOnly.json()).toMatchObject({ revenue: "120.00", profit: "60.00" });
    expect((await ctx.request(path, { method: "DELETE", cookie: as(buyerA) })).status).toBe(204);
    expect((await ctx.request(path, { cookie: as(buyerA) })).status).toBe(404);
  });
});

describe("moving a campaign to another offer", () => {
  it("follows the new offer's payout, refuses an offer the buyer may not use and keeps an entered revenue", async () => {
    const first = await createOffer(ctx.db, { payoutPerDeposit: "40.00" });
    const second = await createOffer(ctx.db, { payoutPerDeposit: "25.50" });
    const hidden = await createOffer(ctx.db, { payoutPerDeposit: "99.00", visibleToAll: false });
    const created = await (
      await post(buyerA, { date: today(), offerId: first.id, spent: "10", deposits: 2 })
    ).json();
    const path = `/api/campaigns/${created.id}`;
    const patch = (json: unknown, who: CreatedUser = buyerA) =>
      ctx.request(path, { method: "PATCH", cookie: as(who), json });

    const moved = await patch({ offerId: second.id });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      offerId: second.id,
      revenue: "51.00",
      offer: { id: second.id },
    });

    const refused = await patch({ offerId: hidden.id, spent: "999" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.code).toBe("offer_not_visible");
    const [unchanged] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, created.id));
    expect(unchanged).toMatchObject({ offerId: second.id, spent: "10.00", depositPayment: "51.00" });
    // Another buyer's campaign stays a 404 even with an offer they may not use.
    expect((await patch({ offerId: hidden.id }, buyerB)).status).toBe(404);
    // An admin may use any offer, but not one that does not exist (422, not a foreign-key 500).
    const unknown = await patch({ offerId: "00000000-0000-4000-8000-000000000000" }, admin);
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.code).toBe("offer_not_visible");
    expect(await (await patch({ offerId: hidden.id }, admin)).json()).toMatchObject({ revenue: "198.00" });
    await patch({ offerId: second.id }, admin);

    // Same offer again: nothing to recompute; revenue entered directly wins over the payout.
    expect(await (await patch({ offerId: second.id, spent: "12" })).json()).toMatchObject({
      revenue: "51.00",
    });
    expect(
      await (await patch({ offerId: first.id, deposits: 5, depositPayment: "7.25" })).json(),
    ).toMatchObject({ revenue: "7.25", deposits: 5 });
    // Deposits back to the same number recompute nothing; a new number keeps the entered revenue
    // unless the edit asks to recompute it (decision 0069).
    expect(await (await patch({ deposits: 5 })).json()).toMatchObject({ revenue: "7.25" });
    expect(await (await patch({ deposits: 1 })).json()).toMatchObject({ revenue: "7.25" });
    expect(await (await patch({ deposits: 1, recomputeRevenue: true })).json()).toMatchObject({
      revenue: "40.00",
    });
  });
});

describe("an edit and a directly entered revenue (decision 0069)", () => {
  it("keeps an entered revenue when deposits change, and recomputes only when asked", async () => {
    const offer = await createOffer(ctx.db, { payoutPerDeposit: "0.20" });
    const created = await (
      await post(buyerA, {
        date: today(),
        offerId: offer.id,
        spent: "1",
        deposits: 1,
        depositPayment: "0.20",
      })
    ).json();
    const path = `/api/campaigns/${created.id}`;
    const patch = (json: unknown) => ctx.request(path, { method: "PATCH", cookie: as(buyerA), json });
    // 0.20 for one deposit at 0.20 looks computed: it follows the deposits.
    expect(await (await patch({ deposits: 2 })).json()).toMatchObject({ deposits: 2, revenue: "0.40" });
    // Entered directly (not 2 × 0.20): a change of deposits keeps it.
    expect(await (await patch({ depositPayment: "0.25" })).json()).toMatchObject({ revenue: "0.25" });
    expect(await (await patch({ deposits: 3 })).json()).toMatchObject({ deposits: 3, revenue: "0.25" });
    // Kept on request even where it would follow, recomputed on request even with deposits unchanged.
    expect(await (await patch({ recomputeRevenue: true })).json()).toMatchObject({ revenue: "0.60" });
    expect(await (await patch({ deposits: 4, recomputeRevenue: false })).json()).toMatchObject({
      deposits: 4,
      revenue: "0.60",
    });
    expect(await (await patch({ deposits: 5, recomputeRevenue: true })).json()).toMatchObject({
      revenue: "1.00",
    });
    // Revenue typed in the same edit wins over the choice.
    expect(
      await (await patch({ deposits: 6, recomputeRevenue: true, depositPayment: "9.99" })).json(),
    ).toMatchObject({ revenue: "9.99" });
    // The choice is a boolean, nothing else.
    const bad = await patch({ recomputeRevenue: "yes" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({ recomputeRevenue: "invalid" });
    const [saved] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, created.id));
    expect(saved).toMatchObject({ deposits: 6, depositPayment: "9.99" });
  });
});

describe("listing", () => {
  it("pages, sorts and searches within the viewer's scope", async () => {
    const owner = await createUser(ctx.db);
    const cookie = await ctx.signIn(owner.email, owner.password);
    const offer = await createOffer(ctx.db, { name: "Zebra Slots", payoutPerDeposit: "10.00" });
    for (let i = 0; i < 25; i++) {
      await createCampaign(ctx.db, {
        creatorId: owner.id,
        offerId: offer.id,
        date: addDays(today(), -i),
        spent: `${i + 1}.00`,
        deposits: i % 4,
      });
    }
    await createCampaign(ctx.db, { creatorId: buyerB.id, offerId: offer.id });

    const first = await (await ctx.request("/api/campaigns?pageSize=10", { cookie })).json();
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0].date).toBe(today());

    const last = await (await ctx.request("/api/campaigns?pageSize=10&page=3", { cookie })).json();
    expect(last.items).toHaveLength(5);

    const bySpent = await (
      await ctx.request("/api/campaigns?sort=spent&order=asc&pageSize=3", { cookie })
    ).json();
    expect(bySpent.items.map((c: { spent: string }) => c.spent)).toEqual(["1.00", "2.00", "3.00"]);

    const search = await (await ctx.request("/api/campaigns?q=zebra", { cookie })).json();
    expect(search.total).toBe(25);
    const byDate = await (await ctx.request(`/api/campaigns?q=${addDays(today(), -3)}`, { cookie })).json();
    expect(byDate.total).toBe(1);

    const bad = await ctx.request("/api/campaigns?pageSize=500&sort=nope", { cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({ pageSize: "too_large", sort: "invalid_option" });
  });
});

describe("date ranges", () => {
  it("searches the dates as the reader's language shows them, and their numeric forms", async () => {
    const dates = ["2025-11-05", "2025-11-25", "2025-12-25"];
    const searched = async (language: "pt-BR" | "en" | "ru", q: string) => {
      const owner = searchers[language];
      const response = await ctx.request(`/api/campaigns?sort=date&order=asc&q=${encodeURIComponent(q)}`, {
        cookie: owner.cookie,
      });
      expect(response.status, q).toBe(200);
      const body = (await response.json()) as { total: number; items: { date: string }[] };
      expect(body.total, q).toBe(body.items.length);
      return body.items.map((item) => item.date);
    };
    const searchers = {} as Record<"pt-BR" | "en" | "ru", { cookie: string }>;
    for (const language of ["pt-BR", "en", "ru"] as const) {
      const owner = await createUser(ctx.db, { language });
      const offer = await createOffer(ctx.db, { name: `Dated ${language}` });
      for (const date of dates)
        await createCampaign(ctx.db, { creatorId: owner.id, offerId: offer.id, date });
      searchers[language] = { cookie: await ctx.signIn(owner.email, owner.password) };
    }
    expect(await searched("pt-BR", "25 de nov")).toEqual(["2025-11-25"]);
    expect(await searched("pt-BR", "25 DE NOV.")).toEqual(["2025-11-25"]);
    // A substring search, like the offer name's: "5 de nov" is also inside "25 de nov".
    expect(await searched("pt-BR", "5 de nov")).toEqual(["2025-11-05", "2025-11-25"]);
    expect(await searched("pt-BR", "05/11")).toEqual(["2025-11-05"]);
    expect(await searched("pt-BR", "de dez")).toEqual(["2025-12-25"]);
    expect(await searched("pt-BR", "25/11")).toEqual(["2025-11-25"]);
    expect(await searched("pt-BR", "Nov 25")).toEqual([]);
    expect(await searched("en", "Nov 25")).toEqual(["2025-11-25"]);
    expect(await searched("en", "Dec 25, 2025")).toEqual(["2025-12-25"]);
    expect(await searched("en", "11/25/25")).toEqual(["2025-11-25"]);
    expect(await searched("en", "25 de nov")).toEqual([]);
    expect(await searched("ru", "25 нояб")).toEqual(["2025-11-25"]);
    expect(await searched("ru", "25.12.2025")).toEqual(["2025-12-25"]);
    // The offer name still matches, the date forms do not swallow it.
    expect(await searched("pt-BR", "Dated")).toEqual(dates);
  });

  it("include both end days in the list, its count (with and without a search) and the export", async () => {
    const owner = await createUser(ctx.db);
    const cookie = await ctx.signIn(owner.email, owner.password);
    const offer = await createOffer(ctx.db, { name: "Range Offer" });
    const days = ["2025-03-10", "2025-03-11", "2025-03-12", "2025-03-13", "2025-03-14"];
    for (const date of days) await createCampaign(ctx.db, { creatorId: owner.id, offerId: offer.id, date });
    const listed = async (query: string) => {
      const response = await ctx.request(`/api/campaigns?sort=date&order=asc&${query}`, { cookie });
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as { total: number; items: { date: string }[] };
      return { total: body.total, dates: body.items.map((item) => item.date) };
    };
    const inside = ["2025-03-11", "2025-03-12", "2025-03-13"];
    expect(await listed("from=2025-03-11&to=2025-03-13")).toEqual({ total: 3, dates: inside });
    expect(await listed("from=2025-03-11&to=2025-03-13&q=range")).toEqual({ total: 3, dates: inside });
    expect(await listed("from=2025-03-13&to=2025-03-13")).toEqual({ total: 1, dates: ["2025-03-13"] });
    expect(await listed("to=2025-03-10")).toEqual({ total: 1, dates: ["2025-03-10"] });
    const exported = await ctx.request(
      "/api/campaigns/export.csv?from=2025-03-11&to=2025-03-13&dialect=comma",
      {
        cookie,
      },
    );
    expect(exported.status).toBe(200);
    const rows = parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await exported.arrayBuffer()));
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(inside);
  });
});

describe("aggregates over every row", () => {
  it("sums 5,000 campaigns exactly, matching an independent recomputation", async () => {
    const owner = await createUser(ctx.db);
    const cookie = await ctx.signIn(owner.email, owner.password);
    // One entry per offer and day (decision 0083): 13 offers over 385 days hold 5,000 distinct days.
    const offerIds: string[] = [];
    for (let i = 0; i < 13; i++) offerIds.push((await createOffer(ctx.db)).id);
    const random = createRandom(7);
    const rows: NewCampaignRow[] = [];
    for (let i = 0; i < 5000; i++) {
      const clicks = random.int(0, 900);
      const installations = random.int(0, clicks);
      const registrations = random.int(0, installations);
      const deposits = random.int(0, registrations);
      rows.push({
        date: addDays(today(), -Math.floor(i / offerIds.length)),
        offerId: offerIds[i % offerIds.length]!,
        creatorId: owner.id,
        managerId: null,
        spent: fromCents(BigInt(random.int(0, 50_000))),
        clicks,
        installations,
        registrations,
        deposits,
        depositPayment: fromCents(BigInt(random.int(0, 80_000))),
      });
    }
    await insertCampaignRows(ctx.db, rows);

    const expectedTotals = (subset: NewCampaignRow[]) =>
      computeMetrics({
        spent: fromCents(subset.reduce((s, r) => s + toCents(r.spent!), 0n)),
        revenue: fromCents(subset.reduce((s, r) => s + toCents(r.depositPayment!), 0n)),
        clicks: subset.reduce((s, r) => s + r.clicks!, 0),
        installations: subset.reduce((s, r) => s + r.installations!, 0),
        registrations: subset.reduce((s, r) => s + r.registrations!, 0),
        deposits: subset.reduce((s, r) => s + r.deposits!, 0),
      });

    const summary = await (await ctx.request("/api/metrics/summary", { cookie })).json();
    expect(summary.total).toMatchObject({ ...expectedTotals(rows), campaigns: 5000 });
    const week = rows.filter((r) => r.date! >= addDays(today(), -6));
    expect(summary.weekly).toMatchObject({ ...expectedTotals(week), campaigns: week.length });
    const day = rows.filter((r) => r.date === today());
    expect(summary.daily).toMatchObject({ ...expectedTotals(day), campaigns: day.length });

    const analytics = await (
      await ctx.request(`/api/analytics?from=${addDays(today(), -29)}&offerId=${offerIds[0]}`, { cookie })
    ).json();
    const month = rows.filter((r) => r.date! >= addDays(today(), -29) && r.offerId === offerIds[0]);
    expect(analytics.totals).toMatchObject({ ...expectedTotals(month), campaigns: month.length });
    expect(analytics.series.reduce((s: number, d: { campaigns: number }) => s + d.campaigns, 0)).toBe(
      month.length,
    );
    expect(analytics.byOffer).toHaveLength(1);
    expect(analytics.byUser).toEqual([
      expect.objectContaining({ userId: owner.id, campaigns: month.length }),
    ]);

    // Another buyer's summary does not include these rows.
    const other = await (await ctx.request("/api/metrics/summary", { cookie: as(buyerB) })).json();
    expect(other.total.campaigns).toBeLessThan(10);
  });
});

describe("CSV export", () => {
  it("streams every matching row with localized headers and neutralised text cells", async () => {
    const owner = await createUser(ctx.db, { language: "en" });
    const cookie = await ctx.signIn(owner.email, owner.password);
    const offer = await createOffer(ctx.db, { name: '=HYPERLINK("http://x")', casinoBrand: "Casino, Inc" });
    for (let i = 0; i < 3; i++) {
      await createCampaign(ctx.db, {
        creatorId: owner.id,
        offerId: offer.id,
        date: addDays(today(), -i),
        spent: "12.50",
        clicks: 10,
        installations: 3,
        registrations: 2,
        deposits: 1,
      });
    }
    const response = await ctx.request("/api/campaigns/export.csv", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const rows = parseCsv(text);
    expect(rows[0]?.slice(0, 3)).toEqual(["Date", "Offer", "Casino"]);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.[0]).toBe(today());
    expect(rows[1]?.[1]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[1]?.[2]).toBe("Casino, Inc");
    expect(rows[1]?.[5]).toBe("12.50");
    // Every column of a row is the list's campaign, in the headers' order.
    const list = await ctx.request("/api/campaigns?sort=date&order=desc", { cookie });
    const newest = (await list.json()).items[0];
    expect(rows[1]).toEqual(
      [
        newest.date,
        `'${newest.offer.name}`,
        newest.offer.casinoBrand,
        newest.creator.name,
        newest.creator.email,
        newest.spent,
        newest.clicks,
        newest.installations,
        newest.registrations,
        newest.deposits,
        newest.revenue,
        newest.profit,
        newest.roi,
        newest.epc,
        newest.clickPrice,
        newest.installPrice,
        newest.regPrice,
        newest.depPrice,
        newest.clickToInst,
        newest.instToReg,
        newest.regToDep,
      ].map(String),
    );
  });

  it("writes the reader's dialect or the one chosen, and names the file by period and filters", async () => {
    const owner = await createUser(ctx.db, { language: "pt-BR", name: "Joana Laranjeira" });
    const cookie = await ctx.signIn(owner.email, owner.password);
    const offer = await createOffer(ctx.db, { name: "Cassino Ação; Já", casinoBrand: "Bet; Br" });
    await createCampaign(ctx.db, {
      creatorId: owner.id,
      offerId: offer.id,
      date: "2025-02-10",
      spent: "1030.73",
      clicks: 3,
    });
    const get = async (query: string) => {
      const response = await ctx.request(`/api/campaigns/export.csv?${query}`, { cookie });
      expect(response.status, query).toBe(200);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
      return {
        text,
        name: /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1],
      };
    };
    const range = "from=2025-02-01&to=2025-02-28";
    // pt-BR by the profile: ";" and a decimal comma; a text holding ";" is quoted.
    const pt = await get(range);
    const ptRows = parseCsv(pt.text, ";");
    expect(ptRows[0]?.slice(0, 2)).toEqual(["Data", "Oferta"]);
    expect(ptRows[1]?.slice(0, 3)).toEqual(["2025-02-10", "Cassino Ação; Já", "Bet; Br"]);
    expect(ptRows[1]?.[5]).toBe("1030,73");
    expect(pt.text).toContain('"Bet; Br"');
    expect(pt.name).toBe("campanhas_2025-02-01_2025-02-28.csv");
    // The choice wins over the language: "," and a decimal point, English headers with lang=en.
    const comma = await get(`${range}&dialect=comma&lang=en`);
    const commaRows = parseCsv(comma.text, ",");
    expect(commaRows[0]?.[0]).toBe("Date");
    expect(commaRows[1]?.[5]).toBe("1030.73");
    expect(comma.text).not.toContain('"Bet; Br"');
    expect(comma.name).toBe("campaigns_2025-02-01_2025-02-28.csv");
    // The filters name the file: the offer's and the buyer's names, the search, in ASCII.
    const filtered = await get(`${range}&offerId=${offer.id}&creatorId=${owner.id}&q=Ação&lang=ru`);
    expect(filtered.name).toBe("kampanii_2025-02-01_2025-02-28_cassino-acao-ja_joana-laranjeira_acao.csv");
    // An open range runs from "all" to today; an offer with no rows of the reader is not named.
    const other = await createOffer(ctx.db, { name: "Secret offer" });
    const open = await get(`offerId=${other.id}`);
    expect(open.name).toBe(`campanhas_tudo_${today()}.csv`);
    const refused = await ctx.request("/api/campaigns/export.csv?dialect=tab", { cookie });
    expect(refused.status).toBe(400);
  });

  it("writes every cell as the domain's CSV formatter does, byte for byte, in the reader's dialect", async () => {
    // The database writes the lines (decision 0057); domain/csv.ts's formatCsvRow is the oracle.
    const owner = await createUser(ctx.db, { language: "ru", name: '-Ann "A", Lee' });
    const cookie = await ctx.signIn(owner.email, owner.password);
    const names = [
      "=SUM(A1)",
      "+1",
      "-2,5",
      "@x",
      "\tTab",
      "\rCR",
      'say "hi"',
      "line\nbreak",
      "Казино «Ромашка»",
      "plain",
    ];
    const figures = [
      { spent: "0.00", clicks: 0, installations: 0, registrations: 0, deposits: 0 },
      { spent: "1234567.89", clicks: 3, installations: 7, registrations: 1, deposits: 3 },
      { spent: "0.01", clicks: 1000, installations: 3, registrations: 3, deposits: 1 },
      { spent: "100.00", clicks: 7, installations: 0, registrations: 0, deposits: 2 },
    ];
    for (const [i, name] of names.entries()) {
      const offer = await createOffer(ctx.db, { name, casinoBrand: `${name} Casino` });
      await createCampaign(ctx.db, {
        creatorId: owner.id,
        offerId: offer.id,
        date: addDays(today(), -i),
        ...figures[i % figures.length]!,
      });
    }
    // A campaign whose offer is gone has empty offer cells.
    await createCampaign(ctx.db, { creatorId: owner.id, offerId: null, date: addDays(today(), -20) });
    const response = await ctx.request("/api/campaigns/export.csv", { cookie });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const list = await (
      await ctx.request("/api/campaigns?sort=date&order=desc&pageSize=50", { cookie })
    ).json();
    expect(list.items).toHaveLength(names.length + 1);
    expect(list.items.at(-1).offer).toBeNull();
    const numeric = new Set(csvHeaders.ru.map((_, i) => i).filter((i) => i >= 5));
    // ru reads like pt-BR: ";" between cells and a decimal comma (csvDialects, decision 0092).
    const ru = csvDialects.ru;
    const decimal = (value: string) => formatCsvDecimal(value, ru);
    const expected =
      csvBom +
      formatCsvRow(csvHeaders.ru, new Set(), ru.delimiter) +
      list.items
        .map((c: Campaign) =>
          formatCsvRow(
            [
              c.date,
              c.offer?.name ?? "",
              c.offer?.casinoBrand ?? "",
              c.creator.name,
              c.creator.email,
              decimal(c.spent),
              c.clicks,
              c.installations,
              c.registrations,
              c.deposits,
              ...[
                c.revenue,
                c.profit,
                c.roi,
                c.epc,
                c.clickPrice,
                c.installPrice,
                c.regPrice,
                c.depPrice,
              ].map(decimal),
              ...[c.clickToInst, c.instToReg, c.regToDep].map(decimal),
            ],
            numeric,
            ru.delimiter,
          ),
        )
        .join("");
    expect(text).toBe(expected);
    // The oracle really met the hard cases: a neutralised, quoted cell and a line break inside one.
    expect(text).toContain(`"'-Ann ""A"", Lee"`);
    expect(text).toContain(";1234567,89;");
    expect(text).toContain('"line\nbreak"');
  });
});
