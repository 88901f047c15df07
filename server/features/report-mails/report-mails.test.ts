import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq, like } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../domain/periods";
import { createTestContext, createTestEnv, type TestContext } from "../../../tests/harness";
import type { AppDeps } from "../../context";
import { type CreatedUser, createCampaign, createOffer, createUser } from "../../db/factories";
import { auditEvents, fxRates, jobRuns } from "../../db/schema";
import { createLogger } from "../../logger";
import { createMailer } from "../../mail/mailer";
import { runDueJobs, startScheduler } from "../schedule/scheduler";
import { buildReportAnalytics } from "./report-mails.service";
import { buildReportFormatters } from "./report-mails.templates";

// A scheduled daily report goes through the real SMTP transport to a test SMTP server; its numbers
// must be the analytics service's, formatted in each recipient's language and the workspace currency.

type Caught = { to: string[]; raw: string };

let ctx: TestContext;
let smtp: SMTPServer;
const caught: Caught[] = [];
let deps: AppDeps;
let admin: CreatedUser;
let financial: CreatedUser;
let buyer: CreatedUser;
const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);
const yesterday = addDays(today, -1);

/** The decoded text/plain part of a raw message (nodemailer: quoted-printable or base64). */
function readTextPart(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  if (!match) throw new Error(`no text part in:\n${raw.slice(0, 2000)}`);
  const [, encoding, body] = match as unknown as [string, string, string];
  if (encoding.toLowerCase() === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding.toLowerCase() === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        caught.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  ctx = await createTestContext();
  const env = createTestEnv({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Placar <placar@test>" },
  });
  deps = { ...ctx.deps, env, mailer: createMailer(env, createLogger("silent")) };

  admin = await createUser(ctx.db, { role: "admin", language: "en", name: "Ana Admin" });
  financial = await createUser(ctx.db, { role: "financial", name: "Fábio Finanças" });
  buyer = await createUser(ctx.db, { role: "user", name: "Bruno Buyer" });
  const other = await createUser(ctx.db, { role: "user", name: "Olga Other" });
  await createUser(ctx.db, { role: "admin", deactivatedAt: new Date() });
  const offer = await createOffer(ctx.db, { name: "Fortuna Bet", payoutPerDeposit: "37.50" });
  await createCampaign(ctx.db, {
    creatorId: buyer.id,
    offerId: offer.id,
    date: yesterday,
    spent: "100.10",
    deposits: 7,
  });
  await createCampaign(ctx.db, {
    creatorId: other.id,
    offerId: offer.id,
    date: yesterday,
    spent: "300.00",
    deposits: 2,
  });
  await createCampaign(ctx.db, {
    creatorId: buyer.id,
    offerId: offer.id,
    date: today,
    spent: "999.99",
    deposits: 1,
  });

  // Switching to reais converts every figure (issue 30): one rate, 5 BRL per USD, covers every day.
  await ctx.db.insert(fxRates).values({ date: addDays(yesterday, -30), rate: "5.000000" });
  const cookie = await ctx.signIn(admin.email, admin.password);
  const saved = await ctx.request("/api/settings", {
    method: "PUT",
    cookie,
    json: {
      reportingCurrency: "BRL",
      defaultLanguage: "ru",
      timezone: timeZone,
      notifications: { email: true, daily: true, weekly: false, monthly: false },
      backupFrequency: "monthly",
      retentionDays: 30,
    },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe("scheduled report e-mails", () => {
  it("mails yesterday's summary at 07:00 to admins and financial staff, in each one's language", async () => {
    // 10:30 UTC is 07:30 in São Paulo.
    const now = new Date(`${today}T10:30:00Z`);
    expect(await runDueJobs(deps, new Date(`${today}T09:30:00Z`))).toEqual([]);
    expect(await runDueJobs(deps, now)).toEqual([`report:daily:${today}`]);
    expect(await runDueJobs(deps, now)).toEqual([]);

    expect(caught.flatMap((m) => m.to).sort()).toEqual([admin.email, financial.email].sort());
    const { analytics } = await buildReportAnalytics({ db: ctx.db, frequency: "daily", today, timeZone });
    expect(analytics.totals.campaigns).toBe(2);
    // 9 deposits × 37.50 = US$ 337.50, in reais at 5.
    expect(analytics.totals.revenue).toBe("1687.50");

    const toAdmin = caught.find((m) => m.to.includes(admin.email))!;
    const en = buildReportFormatters("en", "BRL");
    const adminText = readTextPart(toAdmin.raw);
    expect(toAdmin.raw).toContain("Subject: Placar: daily summary");
    expect(adminText).toContain(`Spend: ${en.money(analytics.totals.spent)}`);
    expect(adminText).toContain(`Revenue: ${en.money(analytics.totals.revenue)}`);
    expect(adminText).toContain(`Profit: ${en.money(analytics.totals.profit)}`);
    expect(adminText).toContain(`ROI: ${en.percent(analytics.totals.roi)}`);
    expect(adminText).toContain(`Deposits: ${en.count(analytics.totals.deposits)}`);
    const [first] = analytics.byUser;
    expect(first?.name).toBe("Bruno Buyer");
    expect(adminText).toContain(`1. Bruno Buyer: ${en.money(first!.profit)}`);
    expect(adminText).toContain("Fortuna Bet");
    expect(adminText).toContain(`${ctx.env.appUrl}/admin/analytics`);
    expect(en.money(analytics.totals.revenue)).toContain("R$");

    // No language of their own: the workspace default (ru).
    const ru = buildReportFormatters("ru", "BRL");
    const financialText = readTextPart(caught.find((m) => m.to.includes(financial.email))!.raw);
    expect(financialText).toContain(`Доход: ${ru.money(analytics.totals.revenue)}`);
    expect(financialText).toContain(`${ctx.env.appUrl}/financial/analytics`);
  });
});

describe("the scheduler a server process starts", () => {
  it("sends the report e-mails itself (no runner passed: the real jobs run)", async () => {
    // Tomorrow 07:30 in São Paulo: an occurrence the test above did not claim.
    const tomorrow = addDays(today, 1);
    const before = caught.length;
    const stop = startScheduler(deps, { intervalMs: 20, now: () => new Date(`${tomorrow}T10:30:00Z`) });
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [run] = await ctx.db
          .select()
          .from(jobRuns)
          .where(eq(jobRuns.key, `report:daily:${tomorrow}`));
        if (run?.finishedAt) {
          expect(run.outcome).toMatch(/^daily report .*: 2 sent$/);
          break;
        }
        if (Date.now() > deadline) throw new Error("no report:daily run within 60 s");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await stop();
    }
    expect(
      caught
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([admin.email, financial.email].sort());
  });
});

describe("POST /api/settings/test-report", () => {
  it("mails today's daily report now, answers how many went out, and sends each key once", async () => {
    const cookie = await ctx.signIn(admin.email, admin.password);
    const key = randomUUID();
    const before = ctx.outbox.length;
    // A double click, or the same request reaching two processes: the claim lets one through.
    const [first, second] = await Promise.all(
      [1, 2].map(() => ctx.request("/api/settings/test-report", { method: "POST", cookie, json: { key } })),
    );
    const statuses = [first!.status, second!.status].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = first!.status === 200 ? first! : second!;
    const refused = first!.status === 200 ? second! : first!;
    expect(await ok.json()).toEqual({ recipients: 2, sent: 2, failed: 0, outbox: false });
    expect(await refused.json()).toMatchObject({ error: { code: "test_report_already_sent" } });
    const mails = ctx.outbox.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([admin.email, financial.email].sort());
    expect(mails.find((m) => m.to === admin.email)?.subject).toMatch(/^Placar: daily summary \(/);

    const [run] = await ctx.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.key, `report:test:${key}`));
    expect(run?.outcome).toMatch(/^test: daily report .*: 2 sent$/);
    expect(run?.finishedAt).not.toBeNull();
    const audited = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, "report.test_sent"));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: admin.id, outcome: "success" });

    // A new press (a new key) sends again.
    const again = await ctx.request("/api/settings/test-report", {
      method: "POST",
      cookie,
      json: { key: randomUUID() },
    });
    expect(again.status).toBe(200);
    expect(ctx.outbox.length).toBe(before + 4);
    expect(await ctx.db.select().from(jobRuns).where(like(jobRuns.key, "report:test:%"))).toHaveLength(2);
  });

  it("refuses a missing or malformed key, and anyone but an admin", async () => {
    const cookie = await ctx.signIn(admin.email, admin.password);
    for (const json of [{}, { key: "not-a-uuid" }]) {
      const response = await ctx.request("/api/settings/test-report", { method: "POST", cookie, json });
      expect(response.status).toBe(400);
    }
    const financialCookie = await ctx.signIn(financial.email, financial.password);
    const refused = await ctx.request("/api/settings/test-report", {
      method: "POST",
      cookie: financialCookie,
      json: { key: randomUUID() },
    });
    expect(refused.status).toBe(403);
  });
});
