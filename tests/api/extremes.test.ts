import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../domain/csv";
import { maxMoneyCents } from "../../domain/metrics";
import { toCents } from "../../domain/money";
import { type CreatedUser, createOffer, createUser, insertCampaignRows } from "../../server/db/factories";
import { campaigns } from "../../server/db/schema";
import { createTestContext, type TestContext } from "../harness";

// Values at the extremes (issue 27, docs/decisions/0067): every write path refuses what it would
// compute and could not store with 400 too_large (naming the field), never a 500; and no accepted
// data makes a read of its month fail, however large the month's sums grow.

const month = "2026-08";
const from = `${month}-01`;
const to = `${month}-31`;
const maxMoney = "999999999999.99";

let ctx: TestContext;
let buyer: CreatedUser;
let admin: CreatedUser;
let financial: CreatedUser;
let bigOffer: string; // pays 99,999.99 per deposit
let hugeOffer: string; // pays the largest amount
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  financial = await createUser(ctx.db, { role: "financial" });
  buyer = await createUser(ctx.db, { role: "user" });
  for (const user of [admin, financial, buyer])
    cookies[user.id] = await ctx.signIn(user.email, user.password);
  bigOffer = (await createOffer(ctx.db, { payoutPerDeposit: "99999.99", name: "Big payout" })).id;
  hugeOffer = (await createOffer(ctx.db, { payoutPerDeposit: maxMoney, name: "Huge payout" })).id;
  // 120 days of the largest spend and revenue: the month's sums pass 10^14, past numeric(16,2).
  // One entry per buyer, offer and day (decision 0083): the buyer's 120 are on five offers, and
  // four more buyers fill the first offer's month, so a buyer's sums and an offer's both pass it.
  const sumOffers: string[] = [];
  for (let i = 0; i < 5; i++)
    sumOffers.push((await createOffer(ctx.db, { payoutPerDeposit: "99999.99", name: `Sums ${i}` })).id);
  const others: CreatedUser[] = [];
  for (let i = 0; i < 4; i++) others.push(await createUser(ctx.db, { role: "user" }));
  const dayOf = (i: number) => `${month}-${String((i % 28) + 1).padStart(2, "0")}`;
  await insertCampaignRows(ctx.db, [
    ...Array.from({ length: 120 }, (_, i) => ({
      date: dayOf(i),
      offerId: sumOffers[Math.floor(i / 28)]!,
      creatorId: buyer.id,
      spent: maxMoney,
      depositPayment: i % 2 === 0 ? maxMoney : "0.01",
    })),
    ...others.flatMap((other) =>
      Array.from({ length: 28 }, (_, i) => ({
        date: dayOf(i),
        offerId: sumOffers[0]!,
        creatorId: other.id,
        spent: maxMoney,
        depositPayment: maxMoney,
      })),
    ),
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const as = (user: CreatedUser) => cookies[user.id]!;

/** Whether a day's revenue fits numeric(14,2): the oracle for what a write must accept. */
function revenueFits(day: { deposits: number; depositPayment?: string | undefined }, payout: string) {
  return day.depositPayment !== undefined || BigInt(day.deposits) * toCents(payout) <= maxMoneyCents;
}

async function expectTooLarge(response: Response, fields: Record<string, string>) {
  expect(response.status, await response.clone().text()).toBe(400);
  const body = await response.json();
  expect(body.error.code).toBe("too_large");
  expect(body.error.fields).toEqual(fields);
}

async function preview(csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "extremes.csv", { type: "text/csv" }));
  form.set(
    "mapping",
    JSON.stringify({
      date: "date",
      offer: "offer",
      spent: "spent",
      deposits: "deposits",
      revenue: "revenue",
    }),
  );
  return ctx.request("/api/imports/preview", { method: "POST", cookie: as(buyer), body: form });
}

/** Every read of the month, by whom may make it. All must answer 200. */
async function readEverything(): Promise<{ path: string; status: number; text: string }[]> {
  const reads: [CreatedUser, string][] = [
    [buyer, `/api/campaigns?from=${from}&to=${to}&sort=roi`],
    [admin, `/api/campaigns?from=${from}&to=${to}&sort=revenue`],
    [buyer, `/api/campaigns/export.csv?from=${from}&to=${to}`],
    [buyer, "/api/metrics/summary"],
    [buyer, `/api/analytics?from=${from}&to=${to}`],
    [admin, `/api/analytics?from=${from}&to=${to}`],
    [admin, "/api/admin/dashboard?period=30d"],
    [financial, "/api/financial/dashboard?period=all"],
    [financial, "/api/financial/analytics?period=all"],
    [financial, "/api/financial/users"],
    [financial, `/api/financial/users/${buyer.id}/stats`],
    [admin, `/api/reports?from=${from}&to=${to}`],
    [admin, `/api/reports.csv?from=${from}&to=${to}`],
    [financial, `/api/payments?month=${month}`],
    [financial, `/api/payments.csv?month=${month}`],
    [financial, `/api/payments.xlsx?month=${month}`],
    [buyer, "/api/me/payment"],
    [buyer, "/api/me/payments"],
  ];
  const results = [];
  for (const [user, path] of reads) {
    const response = await ctx.request(path, { cookie: as(user) });
    results.push({
      path,
      status: response.status,
      text: response.status === 200 ? "" : await response.text(),
    });
  }
  const payments = await ctx.request(`/api/payments?month=${month}`, { cookie: as(financial) });
  const statement = (await payments.json()).items?.find(
    (item: { userId: string }) => item.userId === buyer.id,
  );
  if (statement?.statementId) {
    const path = `/api/payments/${statement.statementId}/history`;
    const response = await ctx.request(path, { cookie: as(financial) });
    results.push({
      path,
      status: response.status,
      text: response.status === 200 ? "" : await response.text(),
    });
  }
  return results;
}

describe("a write whose computed revenue would not fit", () => {
  const day = { date: `${month}-03`, offerId: "", spent: "10.00", deposits: 2_000_000_000 };

  it("POST /api/campaigns answers 400 too_large naming deposits", async () => {
    const response = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: as(buyer),
      json: { ...day, offerId: bigOffer },
    });
    await expectTooLarge(response, { deposits: "revenue_too_large" });
  });

  it("POST /api/campaigns/batch answers 400 too_large naming the row's deposits, saving nothing", async () => {
    const response = await ctx.request("/api/campaigns/batch", {
      method: "POST",
      cookie: as(buyer),
      json: {
        rows: [
          { ...day, date: `${month}-04`, deposits: 1, offerId: bigOffer },
          { ...day, offerId: bigOffer },
        ],
      },
    });
    await expectTooLarge(response, { "rows.1.deposits": "revenue_too_large" });
  });

  it("the import preview marks the row, and the commit skips it", async () => {
    const response = await preview(
      `date,offer,spent,deposits,revenue\n${month}-05,${bigOffer},10,2000000000,\n${month}-05,${hugeOffer},1,1,\n`,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await response.json();
    expect(body.rows[0]).toMatchObject({
      status: "error",
      problems: [{ code: "revenue_too_large", field: "deposits" }],
    });
    expect(body.rows[1].status).toBe("ok");
    const commit = await ctx.request("/api/imports", {
      method: "POST",
      cookie: as(buyer),
      json: { token: body.token, duplicates: "replace" },
    });
    expect(commit.status, await commit.clone().text()).toBe(200);
    expect(await commit.json()).toMatchObject({ skipped: 1 });
  });

  it("PATCH answers 400 too_large naming deposits and leaves the row as it was", async () => {
    const created = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: as(buyer),
      json: { ...day, date: `${month}-06`, deposits: 1, offerId: bigOffer },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const patched = await ctx.request(`/api/campaigns/${id}`, {
      method: "PATCH",
      cookie: as(buyer),
      json: { deposits: 2_000_000_000 },
    });
    await expectTooLarge(patched, { deposits: "revenue_too_large" });
    const moved = await ctx.request(`/api/campaigns/${id}`, {
      method: "PATCH",
      cookie: as(buyer),
      json: { offerId: hugeOffer, deposits: 2 },
    });
    await expectTooLarge(moved, { deposits: "revenue_too_large" });
    const saved = await (await ctx.request(`/api/campaigns/${id}`, { cookie: as(buyer) })).json();
    expect(saved).toMatchObject({ deposits: 1, revenue: "99999.99", offerId: bigOffer });
  });

  it("the largest revenue over the smallest spend is accepted: its ROI fits numeric(20,4)", async () => {
    const response = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: as(buyer),
      json: { date: `${month}-07`, offerId: bigOffer, spent: "0.01", depositPayment: maxMoney },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(String((await response.json()).roi)).toBe("9999999999999800.0000");
  });
});

describe("reads of a month whose sums pass every bounded type", () => {
  it("every list, dashboard, report, statement and export answers 200", async () => {
    const failed = (await readEverything()).filter((read) => read.status !== 200);
    expect(failed).toEqual([]);
  }, 60_000);
});

describe("property: the extremes through every write path, then every read of the month", () => {
  const money = fc.oneof(
    fc.constantFrom("0.00", "0.01", "0.07", "99999.99", "999999999999.98", maxMoney),
    fc
      .bigInt({ min: 0n, max: maxMoneyCents })
      .map((cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`),
  );
  const count = fc.oneof(fc.constantFrom(0, 1, 10_000_000, 2_000_000_000, 2_147_483_647), fc.nat());
  const write = fc.record({
    path: fc.constantFrom("create", "batch", "import", "patch"),
    day: fc.integer({ min: 1, max: 28 }),
    offer: fc.constantFrom("big", "huge"),
    spent: money,
    deposits: count,
    depositPayment: fc.option(money, { nil: undefined }),
  });

  it("writes answer 2xx or 400 too_large exactly when the revenue would not fit; reads answer 200", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(write, async (w) => {
        runs++;
        const offerId = w.offer === "big" ? bigOffer : hugeOffer;
        const payout = w.offer === "big" ? "99999.99" : maxMoney;
        const date = `${month}-${String(w.day).padStart(2, "0")}`;
        const row = {
          date,
          offerId,
          spent: w.spent,
          deposits: w.deposits,
          ...(w.depositPayment !== undefined ? { depositPayment: w.depositPayment } : {}),
        };
        const fits = revenueFits(w, payout);
        // One entry per buyer, offer and day (decision 0083): a create starts from a free day.
        const freeDay = (offer: string) =>
          ctx.db
            .delete(campaigns)
            .where(
              and(eq(campaigns.creatorId, buyer.id), eq(campaigns.offerId, offer), eq(campaigns.date, date)),
            );
        if (w.path === "create") await freeDay(offerId);
        // An edit creates its entry on bigOffer and may move it to the drawn offer: both days free.
        if (w.path === "patch") {
          await freeDay(bigOffer);
          await freeDay(offerId);
        }
        if (w.path === "create" || w.path === "batch") {
          const response =
            w.path === "create"
              ? await ctx.request("/api/campaigns", { method: "POST", cookie: as(buyer), json: row })
              : await ctx.request("/api/campaigns/batch", {
                  method: "POST",
                  cookie: as(buyer),
                  json: { rows: [row], duplicates: "replace" },
                });
          const text = await response.text();
          if (fits) expect(response.status, text).toBeLessThan(300);
          else {
            expect(response.status, text).toBe(400);
            expect(JSON.parse(text).error.code).toBe("too_large");
          }
        } else if (w.path === "import") {
          const response = await preview(
            `date,offer,spent,deposits,revenue\n${date},${offerId},${w.spent},${w.deposits},${w.depositPayment ?? ""}\n`,
          );
          const text = await response.text();
          expect(response.status, text).toBe(200);
          const body = JSON.parse(text);
          expect(body.rows[0].status === "error", text).toBe(!fits);
          const commit = await ctx.request("/api/imports", {
            method: "POST",
            cookie: as(buyer),
            json: { token: body.token, duplicates: "replace" },
          });
          expect(commit.status, await commit.text()).toBe(200);
        } else {
          const created = await ctx.request("/api/campaigns", {
            method: "POST",
            cookie: as(buyer),
            json: { date, offerId: bigOffer, spent: "1.00", deposits: 1 },
          });
          expect(created.status).toBe(201);
          const { id } = await created.json();
          const { date: _date, ...patch } = row;
          const response = await ctx.request(`/api/campaigns/${id}`, {
            method: "PATCH",
            cookie: as(buyer),
            json: patch,
          });
          const text = await response.text();
          // The edit may keep a directly entered revenue (decided elsewhere): never a 5xx, and a
          // refusal is always too_large.
          expect(response.status, text).toBeLessThan(500);
          if (response.status >= 300) {
            expect(response.status, text).toBe(400);
            expect(JSON.parse(text).error.code).toBe("too_large");
          }
        }
        // Every read of the month: the full set on some runs (they are slow), the payments list always.
        if (runs % 4 === 1) {
          const failed = (await readEverything()).filter((read) => read.status !== 200);
          expect(failed).toEqual([]);
        } else {
          const payments = await ctx.request(`/api/payments?month=${month}`, { cookie: as(financial) });
          expect(payments.status, await payments.text()).toBe(200);
        }
      }),
      { numRuns: Number(process.env.EXTREMES_RUNS ?? 16), seed: 20261127, interruptAfterTimeLimit: 200_000 },
    );
  }, 240_000);
});

describe("ratios agree digit for digit in every answer and export", () => {
  // spend 0.07, revenue 999,999,999.99: ROI 1,428,571,428,457.142857…%, 17 significant digits. A JSON
  // number said …457.1428 where the CSV said …457.1429; every answer now prints the decimal string.
  const other = "2026-07";
  const roi = "1428571428457.1429";

  it("the campaign, its CSV line, the report, its CSV, the statement and the payout file agree", async () => {
    const owner = await createUser(ctx.db, { role: "user", name: "Ratio Rita" });
    cookies[owner.id] = await ctx.signIn(owner.email, owner.password);
    const created = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: as(owner),
      json: { date: `${other}-15`, offerId: bigOffer, spent: "0.07", depositPayment: "999999999.99" },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const campaign = await created.json();
    expect(campaign.roi).toBe(roi);
    expect(campaign.epc).toBe("0.0000");

    const range = `from=${other}-01&to=${other}-31`;
    const csv = parseCsv(
      await (
        await ctx.request(`/api/campaigns/export.csv?${range}&dialect=comma`, { cookie: as(owner) })
      ).text(),
    );
    const roiColumn = csv[0]!.findIndex((title) => title === "ROI" || title.startsWith("ROI"));
    expect(roiColumn).toBeGreaterThan(0);
    expect(csv[1]![roiColumn]).toBe(roi);

    const report = await (
      await ctx.request(`/api/reports?${range}&buyerId=${owner.id}`, { cookie: as(admin) })
    ).json();
    expect(report.totals.current.roi).toBe(roi);
    const reportCsv = parseCsv(
      await (
        await ctx.request(`/api/reports.csv?${range}&groupBy=buyer&columns=roi&lang=en`, {
          cookie: as(admin),
        })
      ).text(),
    );
    const userLine = reportCsv.find((line) => line[0] === "Ratio Rita");
    expect(userLine?.[1]).toBe(roi);

    const payments = await (
      await ctx.request(`/api/payments?month=${other}`, { cookie: as(financial) })
    ).json();
    const row = payments.items.find((item: { userId: string }) => item.userId === owner.id);
    expect(row.roi).toBe(roi);
    expect(row.commissionRate).toBe("35.00");
    const mine = await (await ctx.request("/api/me/payments", { cookie: as(owner) })).json();
    expect(JSON.stringify(mine)).toContain(`"roi":"${roi}"`);

    // The payout file holds no ratio; its amount is the JSON's, digit for digit, in the XLSX and the CSV.
    const xlsx = await ctx.request(`/api/payments.xlsx?month=${other}`, { cookie: as(financial) });
    expect(xlsx.status).toBe(200);
    const sheet = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
    const amount = sheet.find((line) => line[0] === "Ratio Rita")?.[12];
    expect(Number(amount).toFixed(2)).toBe(row.pending);
  });
});
