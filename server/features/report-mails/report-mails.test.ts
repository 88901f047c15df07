import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../domain/periods";
import { type CreatedUser, createCampaign, createOffer, createUser } from "../../../tests/factories";
import { createTestContext, createTestEnv, type TestContext } from "../../../tests/harness";
import type { AppDeps } from "../../context";
import { createLogger } from "../../logger";
import { createMailer } from "../../mail/mailer";
import { runDueJobs } from "../schedule/scheduler";
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
    expect(analytics.totals.revenue).toBe("337.50");

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
