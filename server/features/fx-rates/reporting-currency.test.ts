import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createCampaign, createStatement, createUser } from "../../db/factories";
import { paymentStatements } from "../../db/schema";

// Issue 30: switching the reporting currency converts every figure (nothing is relabelled), is
// refused while a statement is processing, and a statement leaving pending records its rates.

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, financial]) cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

const settingsWith = (reportingCurrency: "USD" | "BRL") => ({
  reportingCurrency,
  defaultLanguage: "en",
  timezone: "America/Sao_Paulo",
  notifications: { email: false, daily: false, weekly: false, monthly: false },
  backupFrequency: "daily",
  retentionDays: 30,
});
const switchTo = (currency: "USD" | "BRL") =>
  ctx.request("/api/settings", { method: "PUT", cookie: as(admin), json: settingsWith(currency) });
const totalsOf = async (user: CreatedUser) => {
  const query = new URLSearchParams({
    groupBy: "buyer",
    from: "2026-02-01",
    to: "2026-02-28",
    buyerId: user.id,
  });
  const body = await (await ctx.request(`/api/reports?${query}`, { cookie: as(financial) })).json();
  return { spent: body.totals.current.spent as string, revenue: body.totals.current.revenue as string };
};

describe("the reporting currency", () => {
  it("converts every figure when it changes, and back, leaving the stored rows as they were", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    const putRates = await ctx.request("/api/fx-rates", {
      method: "PUT",
      cookie: as(financial),
      json: {
        rates: [
          { date: "2026-02-01", rate: "5" },
          { date: "2026-02-10", rate: "5.5" },
        ],
      },
    });
    expect(putRates.status, await putRates.clone().text()).toBe(200);
    const usd = await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: null,
      date: "2026-02-05",
      spent: "100.00",
      depositPayment: "300.00",
    });
    await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: null,
      date: "2026-02-12",
      spent: "550.00",
      spentCurrency: "BRL",
    });
    // In dollars: 100 + 550 ÷ 5.5 = 200.00 spent, 300.00 revenue.
    expect(await totalsOf(buyer)).toEqual({ spent: "200.00", revenue: "300.00" });

    expect((await switchTo("BRL")).status).toBe(200);
    // In reais: 100 × 5 + 550 = 1,050.00 spent, 300 × 5 = 1,500.00 revenue (not 200.00 relabelled).
    expect(await totalsOf(buyer)).toEqual({ spent: "1050.00", revenue: "1500.00" });
    const row = await (await ctx.request(`/api/campaigns/${usd.id}`, { cookie: as(admin) })).json();
    expect(row).toMatchObject({
      spent: "100.00",
      spentCurrency: "USD",
      spentConverted: "500.00",
      profit: "1000.00",
    });

    expect((await switchTo("USD")).status).toBe(200);
    expect(await totalsOf(buyer)).toEqual({ spent: "200.00", revenue: "300.00" });
  });

  it("is refused while a statement is processing, and when a day has no rate", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    const statement = await createStatement(ctx.db, {
      userId: buyer.id,
      periodStart: "2026-02-01",
      status: "processing",
    });
    const refused = await switchTo("BRL");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("statements_processing");
    await ctx.db
      .update(paymentStatements)
      .set({ status: "paid" })
      .where(eq(paymentStatements.id, statement.id));

    await createCampaign(ctx.db, { creatorId: buyer.id, offerId: null, date: "2018-03-03", spent: "1.00" });
    const missing = await switchTo("BRL");
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ code: "missing_rate", day: "2018-03-03" });
    const settings = await (await ctx.request("/api/settings", { cookie: as(admin) })).json();
    expect(settings.reportingCurrency).toBe("USD");
  });

  it("records the currency and each day's rate in a statement leaving pending", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: null,
      date: "2026-02-12",
      spent: "110.00",
      spentCurrency: "BRL",
    });
    const statement = await createStatement(ctx.db, { userId: buyer.id, periodStart: "2026-02-01" });
    const processed = await ctx.request(`/api/payments/${statement.id}/process`, {
      method: "POST",
      cookie: as(financial),
      json: {},
    });
    expect(processed.status).toBe(200);
    const [row] = await ctx.db.select().from(paymentStatements).where(eq(paymentStatements.id, statement.id));
    expect(row?.currency).toBe("USD");
    expect(row?.totalSpent).toBe("20.00");
    expect(row?.ratesUsed).toHaveLength(28);
    expect(row?.ratesUsed?.[0]).toEqual({ date: "2026-02-01", rate: "5" });
    expect(row?.ratesUsed?.[27]).toEqual({ date: "2026-02-28", rate: "5.5" });
    // Its days' rates are locked now.
    const locked = await ctx.request("/api/fx-rates", {
      method: "PUT",
      cookie: as(financial),
      json: { rates: [{ date: "2026-02-20", rate: "6" }] },
    });
    expect(locked.status).toBe(409);
    expect((await locked.json()).error.statements).toContainEqual(
      expect.objectContaining({ id: statement.id }),
    );
    // Days before the first rate had none: a rate for them changes no closed month, so it is taken,
    // even over a month closed before any rate was entered.
    await createStatement(ctx.db, { userId: buyer.id, periodStart: "2025-06-01", status: "paid" });
    const earlier = await ctx.request("/api/fx-rates", {
      method: "PUT",
      cookie: as(financial),
      json: { rates: [{ date: "2010-01-04", rate: "1.75" }] },
    });
    expect(earlier.status, await earlier.clone().text()).toBe(200);
  });
});
