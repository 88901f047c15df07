import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { createTestContext, type TestContext } from "../../../tests/harness";
import type { Actor } from "../../context";
import {
  assignOffer,
  type CreatedUser,
  createCampaign,
  createOffer,
  createStatement,
  createUser,
} from "../../db/factories";
import { fetchBcbRates } from "./fx-rates.service";

// Issue 30: daily rates, the conversion of a month mixing BRL and USD rows, a rate changed
// afterwards (the reports follow), a closed month's rates locked, the imports and the PTAX fetcher.

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
let buyer: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  financial = await createUser(ctx.db, { role: "financial" });
  buyer = await createUser(ctx.db, { role: "user" });
  for (const user of [admin, financial, buyer])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

const putRates = (user: CreatedUser, rates: { date: string; rate: string }[]) =>
  ctx.request("/api/fx-rates", { method: "PUT", cookie: as(user), json: { rates } });
const getRates = async (from: string, to: string, user: CreatedUser = buyer) => {
  const response = await ctx.request(`/api/fx-rates?from=${from}&to=${to}`, { cookie: as(user) });
  expect(response.status).toBe(200);
  return response.json();
};
/** The buyer's totals over a range, from the report pivot (campaign_totals and campaigns). */
const totalsOf = async (user: CreatedUser, from: string, to: string) => {
  const query = new URLSearchParams({ groupBy: "buyer", from, to, buyerId: user.id });
  const response = await ctx.request(`/api/reports?${query}`, { cookie: as(financial) });
  expect(response.status).toBe(200);
  const body = await response.json();
  return { spent: body.totals.current.spent as string, revenue: body.totals.current.revenue as string };
};

describe("daily rates", () => {
  it("are read by anyone signed in and written by financial staff and admins only", async () => {
    expect((await ctx.request("/api/fx-rates?from=2026-01-01&to=2026-01-02")).status).toBe(401);
    expect((await putRates(buyer, [{ date: "2026-01-02", rate: "5.1" }])).status).toBe(403);
    expect((await putRates(financial, [{ date: "2026-01-02", rate: "5.1" }])).status).toBe(200);
    expect((await putRates(admin, [{ date: "2026-01-03", rate: "5.2" }])).status).toBe(200);
    expect((await getRates("2026-01-02", "2026-01-03")).days.map((d: { rate: string }) => d.rate)).toEqual([
      "5.1",
      "5.2",
    ]);
  });

  it("refuse a rate that is not a positive decimal with up to six places", async () => {
    for (const rate of ["0", "-5", "5,1", "5.1234567", "abc"]) {
      const response = await putRates(financial, [{ date: "2026-01-04", rate }]);
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields["rates.0.rate"]).toBe("invalid_rate");
    }
  });

  it("list a range with each gap flagged and the earlier day whose rate it uses", async () => {
    await putRates(financial, [
      { date: "2025-06-10", rate: "5.5" },
      { date: "2025-06-13", rate: "5.6" },
    ]);
    const list = await getRates("2025-06-09", "2025-06-14");
    expect(list.days).toEqual([
      { date: "2025-06-09", rate: null, own: false, from: null },
      { date: "2025-06-10", rate: "5.5", own: true },
      { date: "2025-06-11", rate: "5.5", own: false, from: "2025-06-10" },
      { date: "2025-06-12", rate: "5.5", own: false, from: "2025-06-10" },
      { date: "2025-06-13", rate: "5.6", own: true },
      { date: "2025-06-14", rate: "5.6", own: false, from: "2025-06-13" },
    ]);
    expect(list).toMatchObject({ reportingCurrency: "USD", gaps: 4, missing: 1 });
  });
});

describe("a month mixing BRL and USD rows", () => {
  it("converts each row at its own day's rate before summing, and follows a rate changed afterwards", async () => {
    const mixed = await createUser(ctx.db, { role: "user" });
    await putRates(financial, [{ date: "2026-03-01", rate: "5" }]);
    // US$ 100 + R$ 510 at 5 (US$ 102) + R$ 0.01 at 5 (0.002 → 0.00) + R$ 0.03 at 5 (0.006 → 0.01)
    await createCampaign(ctx.db, { creatorId: mixed.id, offerId: null, date: "2026-03-02", spent: "100.00" });
    const brl = await createCampaign(ctx.db, {
      creatorId: mixed.id,
      offerId: null,
      date: "2026-03-03",
      spent: "510.00",
      spentCurrency: "BRL",
      depositPayment: "300.00",
      revenueCurrency: "USD",
    });
    await createCampaign(ctx.db, {
      creatorId: mixed.id,
      offerId: null,
      date: "2026-03-10",
      spent: "0.01",
      spentCurrency: "BRL",
    });
    await createCampaign(ctx.db, {
      creatorId: mixed.id,
      offerId: null,
      date: "2026-03-11",
      spent: "0.03",
      spentCurrency: "BRL",
    });
    expect(await totalsOf(mixed, "2026-03-01", "2026-03-31")).toEqual({ spent: "202.01", revenue: "300.00" });
    // The stored row keeps its amount and currency; profit and ROI are in the reporting currency.
    expect(brl).toMatchObject({
      spent: "510.00",
      spentCurrency: "BRL",
      spentConverted: "102.00",
      profit: "198.00",
    });

    // A rate of its own for 3 March (5.10): that row is US$ 100.00 now; 10–11 March use it too.
    const changed = await putRates(financial, [{ date: "2026-03-03", rate: "5.10" }]);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ saved: 1, converted: 3 });
    expect(await totalsOf(mixed, "2026-03-01", "2026-03-31")).toEqual({ spent: "200.01", revenue: "300.00" });
    // The month grain and a day range inside it agree (the totals table and the rows it sums).
    expect(await totalsOf(mixed, "2026-03-03", "2026-03-03")).toEqual({ spent: "100.00", revenue: "300.00" });
    const row = await ctx.request(`/api/campaigns/${brl.id}`, { cookie: as(admin) });
    expect(await row.json()).toMatchObject({ spent: "510.00", profit: "200.00" });

    // The same rate again changes nothing and converts nothing.
    expect(await (await putRates(financial, [{ date: "2026-03-03", rate: "5.100" }])).json()).toMatchObject({
      saved: 0,
      unchanged: 1,
      converted: 0,
    });
  });

  it("refuses a row in another currency on a day with no rate on or before it, naming the day", async () => {
    await expect(
      createCampaign(ctx.db, {
        creatorId: buyer.id,
        offerId: null,
        date: "2020-01-15",
        spent: "1.00",
        spentCurrency: "BRL",
      }),
    ).rejects.toMatchObject({ cause: { code: "FX001", detail: "2020-01-15" } });
    // Zero needs no rate; the reporting currency needs none either.
    await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: null,
      date: "2020-01-15",
      spentCurrency: "BRL",
    });
    await createCampaign(ctx.db, { creatorId: buyer.id, offerId: null, date: "2020-01-16", spent: "1.00" });
  });

  it("locks the rates of a month a statement closed, naming the statements", async () => {
    const closed = await createUser(ctx.db, { role: "user" });
    await putRates(financial, [
      { date: "2026-05-01", rate: "5.3" },
      { date: "2026-06-01", rate: "5.4" },
    ]);
    await createCampaign(ctx.db, {
      creatorId: closed.id,
      offerId: null,
      date: "2026-05-20",
      spent: "530.00",
      spentCurrency: "BRL",
    });
    const statement = await createStatement(ctx.db, {
      userId: closed.id,
      periodStart: "2026-05-01",
      status: "processing",
    });
    for (const date of ["2026-05-15", "2026-05-01"]) {
      const refused = await putRates(financial, [{ date, rate: "9" }]);
      expect(refused.status).toBe(409);
      const body = await refused.json();
      expect(body.error).toMatchObject({ code: "rates_locked", day: date });
      expect(body.error.statements).toEqual([
        { id: statement.id, userId: closed.id, periodStart: "2026-05-01" },
      ]);
    }
    // Nothing was written, and the month's figures did not move.
    expect((await getRates("2026-05-15", "2026-05-15")).days[0]).toMatchObject({ rate: "5.3", own: false });
    expect(await totalsOf(closed, "2026-05-01", "2026-05-31")).toMatchObject({ spent: "100.00" });
    // A rate the closed month does not use (after its last day's rate window) is accepted.
    expect((await putRates(financial, [{ date: "2026-06-02", rate: "5.45" }])).status).toBe(200);
  });
});

describe("importing and fetching rates", () => {
  it("reads the Central Bank's PTAX closing-quotes CSV as published (sell quote, USD only)", async () => {
    const file = "01072025;220;A;USD;5,4000;5,4006;1,0000;1,0000\r\n01072025;978;B;EUR;6,3;6,4;1,1;1,1\r\n";
    const form = new FormData();
    form.set("file", new File([file], "ptax.csv", { type: "text/csv" }));
    const response = await ctx.request("/api/fx-rates/import", {
      method: "POST",
      cookie: as(financial),
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ saved: 1 });
    expect((await getRates("2025-07-01", "2025-07-01")).days[0]).toMatchObject({ rate: "5.4006", own: true });
  });

  it("reads an XLSX of dates and rates, and refuses a file without any", async () => {
    const xlsx = await writeXlsxFile([
      [
        { value: "Date", type: String },
        { value: "Rate", type: String },
      ],
      [
        { value: new Date("2025-08-01T00:00:00Z"), type: Date, format: "yyyy-mm-dd" },
        { value: 5.25, type: Number },
      ],
    ]).toBuffer();
    const form = new FormData();
    form.set("file", new File([new Uint8Array(xlsx)], "rates.xlsx"));
    const response = await ctx.request("/api/fx-rates/import", {
      method: "POST",
      cookie: as(admin),
      body: form,
    });
    expect(response.status).toBe(200);
    expect((await getRates("2025-08-01", "2025-08-01")).days[0]).toMatchObject({ rate: "5.25", own: true });

    const empty = new FormData();
    empty.set("file", new File(["name,amount\nx,1\n"], "other.csv"));
    const refused = await ctx.request("/api/fx-rates/import", {
      method: "POST",
      cookie: as(admin),
      body: empty,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe("import_unreadable_file");
    const buyerForm = new FormData();
    buyerForm.set("file", new File([""], "x.csv"));
    expect(
      (await ctx.request("/api/fx-rates/import", { method: "POST", cookie: as(buyer), body: buyerForm }))
        .status,
    ).toBe(403);
  });

  it("fetches PTAX from a server answering as the Central Bank's OData service does", async () => {
    const requested: string[] = [];
    const server: Server = createServer((request, response) => {
      requested.push(decodeURIComponent(request.url ?? ""));
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          "@odata.context": "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata$metadata",
          value: [
            { cotacaoCompra: 5.4272, cotacaoVenda: 5.4278, dataHoraCotacao: "2025-09-08 13:09:40.608" },
            { cotacaoCompra: 5.4117, cotacaoVenda: 5.4123, dataHoraCotacao: "2025-09-09 13:07:27.786" },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/odata`;
      const actor: Actor = { ...financial, role: "financial", managerId: null, language: null };
      const saved = await fetchBcbRates({ db: ctx.db, actor, baseUrl, from: "2025-09-08", to: "2025-09-09" });
      expect(saved).toMatchObject({ saved: 2 });
      expect(requested[0]).toContain(
        "/odata/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)?@dataInicial='09-08-2025'&@dataFinalCotacao='09-09-2025'&$format=json",
      );
      const days = (await getRates("2025-09-08", "2025-09-09")).days;
      expect(days.map((d: { rate: string }) => d.rate)).toEqual(["5.4278", "5.4123"]);
      // Without FX_SOURCE=bcb the fetcher is off.
      const off = await ctx.request("/api/fx-rates/fetch", {
        method: "POST",
        cookie: as(financial),
        json: { from: "2025-09-08", to: "2025-09-09" },
      });
      expect(off.status).toBe(409);
      expect((await off.json()).error.code).toBe("fx_source_off");
    } finally {
      server.close();
    }
  });
});

describe("every write path names the currencies and refuses a day without a rate", () => {
  it("logs spend in the buyer's ad account currency and revenue in the offer's payout currency", async () => {
    const brlBuyer = await createUser(ctx.db, { role: "user" });
    cookies.set(brlBuyer.id, await ctx.signIn(brlBuyer.email, brlBuyer.password));
    const profile = await ctx.request("/api/me", {
      method: "PATCH",
      cookie: as(brlBuyer),
      json: { adAccountCurrency: "BRL" },
    });
    expect((await profile.json()).adAccountCurrency).toBe("BRL");
    const offer = await createOffer(ctx.db, { payoutPerDeposit: "30.00" });
    await assignOffer(ctx.db, offer.id, brlBuyer.id);
    await putRates(financial, [{ date: "2026-07-01", rate: "5" }]);

    // The form: R$ 250 of spend (US$ 50) and 2 deposits at the offer's US$ 30.
    const created = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: as(brlBuyer),
      json: {
        date: "2026-07-02",
        offerId: offer.id,
        spent: "250.00",
        clicks: 10,
        installations: 0,
        registrations: 0,
        deposits: 2,
      },
    });
    expect(created.status).toBe(201);
    const saved = await created.json();
    expect(saved).toMatchObject({
      spent: "250.00",
      spentCurrency: "BRL",
      spentConverted: "50.00",
      revenue: "60.00",
      revenueCurrency: "USD",
      profit: "10.00",
    });

    // The day grid's batch: a row in dollars on purpose, the other in the profile's reais.
    const batch = await ctx.request("/api/campaigns/batch", {
      method: "POST",
      cookie: as(brlBuyer),
      json: {
        rows: [
          { date: "2026-07-03", offerId: offer.id, spent: "100.00", spentCurrency: "USD" },
          { date: "2026-07-04", offerId: offer.id, spent: "100.00" },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(await totalsOf(brlBuyer, "2026-07-01", "2026-07-31")).toEqual({
      spent: "170.00",
      revenue: "60.00",
    });

    // A day before any rate: 400 missing_rate naming it, from the form and from the batch.
    for (const [path, json] of [
      [
        "/api/campaigns",
        {
          date: "2019-05-06",
          offerId: offer.id,
          spent: "1.00",
          clicks: 0,
          installations: 0,
          registrations: 0,
          deposits: 0,
        },
      ],
      ["/api/campaigns/batch", { rows: [{ date: "2019-05-07", offerId: offer.id, spent: "1.00" }] }],
    ] as const) {
      const refused = await ctx.request(path, { method: "POST", cookie: as(brlBuyer), json });
      expect(refused.status).toBe(400);
      const body = await refused.json();
      expect(body.error).toMatchObject({
        code: "missing_rate",
        day: expect.stringMatching(/^2019-05-0[67]$/),
      });
    }

    // An edit moving a row to such a day is refused alike; moving the spend to dollars is fine.
    const id = saved.id as string;
    const moved = await ctx.request(`/api/campaigns/${id}`, {
      method: "PATCH",
      cookie: as(brlBuyer),
      json: { date: "2019-05-08" },
    });
    expect(moved.status).toBe(400);
    expect((await moved.json()).error).toMatchObject({ code: "missing_rate", day: "2019-05-08" });
    const dollars = await ctx.request(`/api/campaigns/${id}`, {
      method: "PATCH",
      cookie: as(brlBuyer),
      json: { spentCurrency: "USD" },
    });
    expect(await dollars.json()).toMatchObject({
      spent: "250.00",
      spentCurrency: "USD",
      spentConverted: "250.00",
    });
  });
});
