import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../domain/periods";
import {
  type CreatedUser,
  createCampaign,
  createOffer,
  createUser,
  type OfferRow,
} from "../../server/db/factories";
import { campaigns } from "../../server/db/schema";
import { selectRows } from "../../server/read/rows";
import { createTestContext, type TestContext } from "../harness";

// One entry per buyer, offer and day (issue 26, docs/decisions/0083): the unique key of migration
// 0013 decides on every write path. The form and PATCH answer 409 day_already_logged with the entry
// to edit; the batch and the import skip or replace that entry in one INSERT … ON CONFLICT, so
// parallel identical writes leave one row and every call answers. Runs on PGlite and PostgreSQL
// (where the parallel calls really run at once, on several pool connections).

let ctx: TestContext;
let lead: CreatedUser;
let fortuna: OfferRow;
let sorte: OfferRow;
const cookies: Record<string, string> = {};
// Past days (never after today in any workspace time zone).
const day = (n: number) => addDays(todayIn("UTC"), -3 - n);

beforeAll(async () => {
  ctx = await createTestContext();
  lead = await createUser(ctx.db, { role: "manager" });
  fortuna = await createOffer(ctx.db, { name: "Fortuna Única", payoutPerDeposit: "30.00" });
  sorte = await createOffer(ctx.db, { name: "Sorte Única", payoutPerDeposit: "12.50" });
});

afterAll(async () => {
  await ctx?.close();
});

async function newBuyer(): Promise<CreatedUser> {
  const buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
  cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
  return buyer;
}

const call = (user: CreatedUser, path: string, method: string, json?: unknown) =>
  ctx.request(path, { method, cookie: cookies[user.id], ...(json === undefined ? {} : { json }) });

async function rowsOf(userId: string) {
  return ctx.db
    .select({
      id: campaigns.id,
      date: campaigns.date,
      offerId: campaigns.offerId,
      managerId: campaigns.managerId,
      spent: campaigns.spent,
      clicks: campaigns.clicks,
      deposits: campaigns.deposits,
      depositPayment: campaigns.depositPayment,
    })
    .from(campaigns)
    .where(eq(campaigns.creatorId, userId))
    .orderBy(campaigns.date, campaigns.offerId);
}

/** The buyer's totals as the dashboard reads them (campaign_totals) equal the sums of their rows. */
async function expectTotalsMatch(buyer: CreatedUser) {
  const [sums] = await selectRows<{ spent: string; revenue: string; n: number | string }>(
    ctx.db,
    sql`select coalesce(sum(spent), 0)::numeric(14,2)::text as spent,
      coalesce(sum(deposit_payment), 0)::numeric(14,2)::text as revenue, count(*) as n
      from campaigns where creator_id = ${buyer.id}`,
  );
  const summary = await (await call(buyer, "/api/metrics/summary", "GET")).json();
  expect(summary.total).toMatchObject({
    spent: sums!.spent,
    revenue: sums!.revenue,
    campaigns: Number(sums!.n),
  });
}

const input = (offer: OfferRow, date: string, spent = "5.00") => ({
  date,
  offerId: offer.id,
  spent,
  clicks: 10,
  installations: 0,
  registrations: 0,
  deposits: 1,
});

describe("the form (POST /api/campaigns)", () => {
  it("answers a second entry for the same offer and day with 409 day_already_logged and the entry's id", async () => {
    const buyer = await newBuyer();
    const first = await call(buyer, "/api/campaigns", "POST", input(fortuna, day(0)));
    expect(first.status).toBe(201);
    const saved = await first.json();
    const second = await call(buyer, "/api/campaigns", "POST", input(fortuna, day(0), "7.00"));
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: "day_already_logged",
        message: expect.any(String),
        fields: { date: "day_already_logged" },
        existingId: saved.id,
      },
    });
    // Another offer, or another day, is a new entry.
    expect((await call(buyer, "/api/campaigns", "POST", input(sorte, day(0)))).status).toBe(201);
    expect((await call(buyer, "/api/campaigns", "POST", input(fortuna, day(1)))).status).toBe(201);
    // Another buyer's entry for that offer and day is theirs.
    const other = await newBuyer();
    expect((await call(other, "/api/campaigns", "POST", input(fortuna, day(0)))).status).toBe(201);
    expect((await rowsOf(buyer.id)).map((row) => row.spent)).toEqual(["5.00", "5.00", "5.00"]);
  });

  it("saves one of 12 parallel creates of one day; the others answer 409 with its id", async () => {
    const buyer = await newBuyer();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(buyer, "/api/campaigns", "POST", input(fortuna, day(2), `${i + 1}.00`)),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 11 }, () => 409)]);
    const rows = await rowsOf(buyer.id);
    expect(rows).toHaveLength(1);
    const created = answers.find((answer) => answer.status === 201)!;
    expect((await created.json()).id).toBe(rows[0]!.id);
    for (const answer of answers.filter((a) => a.status === 409)) {
      const body = await answer.json();
      expect(body.error).toMatchObject({ code: "day_already_logged", existingId: rows[0]!.id });
    }
    await expectTotalsMatch(buyer);
  });
});

describe("PATCH /api/campaigns/{id}", () => {
  it("refuses moving an entry onto a logged day (date or offer) with 409 and the other entry's id", async () => {
    const buyer = await newBuyer();
    const a = await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: fortuna.id,
      date: day(3),
      spent: "1.00",
    });
    const b = await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: fortuna.id,
      date: day(4),
      spent: "2.00",
    });
    const c = await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: sorte.id,
      date: day(4),
      spent: "3.00",
    });
    const ontoDate = await call(buyer, `/api/campaigns/${b.id}`, "PATCH", { date: day(3), spent: "9.00" });
    expect(ontoDate.status).toBe(409);
    expect((await ontoDate.json()).error).toEqual({
      code: "day_already_logged",
      message: expect.any(String),
      fields: { date: "day_already_logged" },
      existingId: a.id,
    });
    const ontoOffer = await call(buyer, `/api/campaigns/${b.id}`, "PATCH", { offerId: sorte.id });
    expect(ontoOffer.status).toBe(409);
    expect((await ontoOffer.json()).error).toMatchObject({
      code: "day_already_logged",
      fields: { offerId: "day_already_logged" },
      existingId: c.id,
    });
    // An admin's edit of the buyer's entry follows the same rule.
    const admin = await createUser(ctx.db, { role: "admin" });
    cookies[admin.id] = await ctx.signIn(admin.email, admin.password);
    const byAdmin = await call(admin, `/api/campaigns/${c.id}`, "PATCH", { offerId: fortuna.id });
    expect(byAdmin.status).toBe(409);
    expect((await byAdmin.json()).error.existingId).toBe(b.id);
    // Nothing moved; a free day, or the entry's own day, is fine.
    expect((await rowsOf(buyer.id)).map((row) => [row.id, row.spent]).sort()).toEqual(
      [
        [a.id, "1.00"],
        [b.id, "2.00"],
        [c.id, "3.00"],
      ].sort(),
    );
    expect(
      (await call(buyer, `/api/campaigns/${b.id}`, "PATCH", { date: day(4), spent: "4.00" })).status,
    ).toBe(200);
    expect((await call(buyer, `/api/campaigns/${b.id}`, "PATCH", { date: day(5) })).status).toBe(200);
    await expectTotalsMatch(buyer);
  });
});

describe("POST /api/campaigns/batch under concurrency", () => {
  const batchRows = () => [
    { date: day(6), offerId: fortuna.id, spent: "9,50", clicks: 40, deposits: 2 },
    { date: day(7), offerId: fortuna.id, spent: "3", clicks: 10 },
    { date: day(6), offerId: sorte.id, spent: "4.25", deposits: 1 },
  ];

  it("leaves one row per offer and day after 20 parallel identical batches with replace, with the batch's values", async () => {
    const buyer = await newBuyer();
    const logged = await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: fortuna.id,
      date: day(6),
      spent: "1.00",
      clicks: 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(buyer, "/api/campaigns/batch", "POST", { rows: batchRows(), duplicates: "replace" }),
      ),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    for (const body of bodies) {
      expect(body.skipped).toBe(0);
      expect(body.added + body.replaced).toBe(3);
    }
    // Two days were new: added once in all, replaced by every other batch.
    expect(bodies.reduce((sum, body) => sum + body.added, 0)).toBe(2);
    const rows = await rowsOf(buyer.id);
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual(
      [
        { date: day(7), offerId: fortuna.id, spent: "3.00", clicks: 10, deposits: 0, depositPayment: "0.00" },
        {
          date: day(6),
          offerId: fortuna.id,
          spent: "9.50",
          clicks: 40,
          deposits: 2,
          depositPayment: "60.00",
        },
        { date: day(6), offerId: sorte.id, spent: "4.25", clicks: 0, deposits: 1, depositPayment: "12.50" },
      ]
        .map((row) => ({ ...row, managerId: lead.id }))
        .sort((x, y) => (x.date === y.date ? (x.offerId < y.offerId ? -1 : 1) : x.date < y.date ? -1 : 1)),
    );
    // Replace edits the logged entry in place: its id stays.
    expect(rows.find((row) => row.date === day(6) && row.offerId === fortuna.id)?.id).toBe(logged.id);
    await expectTotalsMatch(buyer);
  });

  it("leaves one row per offer and day after 20 parallel identical batches with skip, keeping the logged one", async () => {
    const buyer = await newBuyer();
    await createCampaign(ctx.db, { creatorId: buyer.id, offerId: fortuna.id, date: day(6), spent: "1.00" });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(buyer, "/api/campaigns/batch", "POST", { rows: batchRows() })),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    for (const body of bodies) {
      expect(body.replaced).toBe(0);
      expect(body.added + body.skipped).toBe(3);
    }
    expect(bodies.reduce((sum, body) => sum + body.added, 0)).toBe(2);
    const rows = await rowsOf(buyer.id);
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.date === day(6) && row.offerId === fortuna.id)?.spent).toBe("1.00");
    await expectTotalsMatch(buyer);
  });
});

describe("the import's commit", () => {
  async function previewToken(buyer: CreatedUser, lines: string[]): Promise<string> {
    const form = new FormData();
    const text = ["Date,Offer,Cost,Clicks,Deposits", ...lines].join("\n");
    form.set("file", new File([new TextEncoder().encode(text)], "results.csv", { type: "text/csv" }));
    const response = await ctx.request("/api/imports/preview", {
      method: "POST",
      cookie: cookies[buyer.id],
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()).token;
  }

  it("skips or replaces, in place, a day logged after the preview", async () => {
    for (const duplicates of ["skip", "replace"] as const) {
      const buyer = await newBuyer();
      const token = await previewToken(buyer, [
        `${day(8)},${fortuna.name},7.50,20,1`,
        `${day(9)},${fortuna.name},2.00,5,0`,
      ]);
      // Logged between the preview (which saw a free day) and the commit.
      const logged = await createCampaign(ctx.db, {
        creatorId: buyer.id,
        offerId: fortuna.id,
        date: day(8),
        spent: "1.00",
      });
      const commit = await call(buyer, "/api/imports", "POST", { token, duplicates });
      expect(commit.status).toBe(200);
      expect(await commit.json()).toEqual(
        duplicates === "skip" ? { added: 1, replaced: 0, skipped: 1 } : { added: 1, replaced: 1, skipped: 0 },
      );
      const rows = await ctx.db
        .select({ id: campaigns.id, spent: campaigns.spent, depositPayment: campaigns.depositPayment })
        .from(campaigns)
        .where(and(eq(campaigns.creatorId, buyer.id), eq(campaigns.date, day(8))));
      expect(rows).toEqual([
        duplicates === "skip"
          ? { id: logged.id, spent: "1.00", depositPayment: "0.00" }
          : { id: logged.id, spent: "7.50", depositPayment: "30.00" },
      ]);
      expect(await rowsOf(buyer.id)).toHaveLength(2);
      await expectTotalsMatch(buyer);
    }
  });
});
