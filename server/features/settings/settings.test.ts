import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastNDays, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createCampaign, createUser } from "../../db/factories";

let ctx: TestContext;
let admin: CreatedUser;
let buyer: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

const validSettings = {
  reportingCurrency: "BRL",
  defaultLanguage: "en",
  timezone: "America/New_York",
  notifications: { email: true, daily: true, weekly: false, monthly: true },
  backupFrequency: "weekly",
  retentionDays: 14,
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  buyer = await createUser(ctx.db, { role: "user" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, buyer, financial])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

const put = (user: CreatedUser, json: unknown) =>
  ctx.request("/api/settings", { method: "PUT", cookie: as(user), json });

describe("workspace settings", () => {
  it("answers the defaults before the first save, to any signed-in user but not to strangers", async () => {
    expect((await ctx.request("/api/settings")).status).toBe(401);
    const response = await ctx.request("/api/settings", { cookie: as(buyer) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      reportingCurrency: "USD",
      defaultLanguage: "pt-BR",
      timezone: "America/Sao_Paulo",
      notifications: { email: true, daily: false, weekly: false, monthly: false },
      backupFrequency: "daily",
      retentionDays: 30,
      twoFactorRequiredRoles: [],
      remindMissingDays: true,
      updatedAt: null,
    });
  });

  it("lets only admins change them", async () => {
    for (const user of [buyer, financial]) expect((await put(user, validSettings)).status).toBe(403);
    const anonymous = await ctx.request("/api/settings", { method: "PUT", json: validSettings });
    expect(anonymous.status).toBe(401);
    expect((await (await ctx.request("/api/settings", { cookie: as(admin) })).json()).updatedAt).toBeNull();
  });

  it("rejects bad values field by field and changes nothing", async () => {
    const bad = await put(admin, {
      ...validSettings,
      reportingCurrency: "EUR",
      defaultLanguage: "de",
      timezone: "Mars/Olympus_Mons",
      backupFrequency: "hourly",
      retentionDays: 0,
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields).toMatchObject({
      reportingCurrency: "invalid_option",
      defaultLanguage: "invalid_option",
      timezone: "invalid_timezone",
      backupFrequency: "invalid_option",
      retentionDays: "min_one",
    });
    for (const retentionDays of [1.5, "abc", -3]) {
      expect((await put(admin, { ...validSettings, retentionDays })).status).toBe(400);
    }
    expect((await put(admin, { ...validSettings, notifications: { email: true } })).status).toBe(400);
    expect((await (await ctx.request("/api/settings", { cookie: as(admin) })).json()).updatedAt).toBeNull();
  });

  it("stores a valid change and serves it to every reader and the public configuration", async () => {
    const saved = await put(admin, validSettings);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject(validSettings);
    const read = await (await ctx.request("/api/settings", { cookie: as(buyer) })).json();
    expect(read).toMatchObject(validSettings);
    expect(read.updatedAt).toEqual(expect.any(String));
    const config = await (await ctx.request("/api/config")).json();
    expect(config).toMatchObject({
      reportingCurrency: "BRL",
      defaultLanguage: "en",
      workspaceTimezone: "America/New_York",
    });
    // Any IANA zone, not just the two the old screen offered.
    expect((await put(admin, { ...validSettings, timezone: "Asia/Tokyo" })).status).toBe(200);
  });

  it("moves 'today' of the period cards when the time zone changes, without a restart", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: never on the same date.
    const ahead = "Pacific/Kiritimati";
    const behind = "Pacific/Pago_Pago";
    const aheadToday = todayIn(ahead);
    await createCampaign(ctx.db, { creatorId: buyer.id, offerId: null, date: aheadToday, spent: "12.34" });

    expect((await put(admin, { ...validSettings, timezone: ahead })).status).toBe(200);
    const early = await (await ctx.request("/api/metrics/summary", { cookie: as(buyer) })).json();
    expect(early.today).toBe(aheadToday);
    expect(early.daily.spent).toBe("12.34");

    expect((await put(admin, { ...validSettings, timezone: behind })).status).toBe(200);
    const late = await (await ctx.request("/api/metrics/summary", { cookie: as(buyer) })).json();
    expect(late.today).toBe(todayIn(behind));
    expect(late.today < aheadToday).toBe(true);
    expect(late.daily.spent).toBe("0.00");
  });

  it("moves every report's period with the saved time zone, never the server's default", async () => {
    // Two zones 25 hours apart are never on the same date, so whichever zone the server was started
    // with (the fallback), a report that ignores the saved one is wrong for one of them.
    const worker = await createUser(ctx.db, { role: "user" });
    const aheadToday = todayIn("Pacific/Kiritimati");
    await createCampaign(ctx.db, { creatorId: worker.id, offerId: null, date: aheadToday, spent: "7.77" });
    const read = async (user: CreatedUser, path: string) => {
      const response = await ctx.request(path, { cookie: as(user) });
      expect(response.status, path).toBe(200);
      return response;
    };
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      expect((await put(admin, { ...validSettings, timezone: zone })).status).toBe(200);
      const today = todayIn(zone);
      const spentToday = today === aheadToday ? "7.77" : "0.00";
      const week = lastNDays(7, today);

      const admins = await (await read(admin, "/api/admin/dashboard?period=today")).json();
      expect(admins, zone).toMatchObject({ from: today, to: today });
      const row = admins.byUser.find((r: { userId: string }) => r.userId === worker.id);
      expect(row?.spent ?? "0.00", zone).toBe(spentToday);
      expect(await (await read(financial, "/api/financial/dashboard?period=7d")).json(), zone).toMatchObject(
        week,
      );
      const analytics = await (await read(financial, "/api/financial/analytics?period=7d")).json();
      expect(analytics.current, zone).toMatchObject(week);
      const stats = await (
        await read(financial, `/api/financial/users/${worker.id}/stats?period=today`)
      ).json();
      expect(stats, zone).toMatchObject({ from: today, to: today, totals: { spent: spentToday } });
      const report = await (await read(financial, "/api/reports?period=today")).json();
      expect(report, zone).toMatchObject({ from: today, to: today });
      const csv = await read(financial, "/api/reports.csv?period=today");
      expect(csv.headers.get("content-disposition"), zone).toContain(`_${today}_${today}.csv`);
      await csv.text();
    }
  });
});
