import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "../../domain/money";
import { addDays, todayIn } from "../../domain/periods";
import type { Db } from "../../server/db/client";
import { createUser, generateCampaignRows } from "../../server/db/factories";
import {
  campaigns,
  creativeRequests,
  offerAssignments,
  offers,
  paymentStatements,
  paymentStatusChanges,
  payouts,
  userNotes,
  users,
} from "../../server/db/schema";
import {
  type DemoSummary,
  demoDays,
  demoPassword,
  formatDemoSummary,
  runSeed,
  SeedRefusedError,
  seedDemo,
} from "../../server/db/seed";
import { parseEnv } from "../../server/env";
import { createTestContext, testDatabaseKind } from "../harness";
import { createDatabase, databaseUrl, dropDatabase, newTestDatabaseName } from "../postgres";

// The demo seed fills an empty database with the team the README promises, built from the same
// factories as the tests, and its people (and any factory-made user) sign in through the real API.

type Context = Awaited<ReturnType<typeof createTestContext>>;
let ctx: Context;
let db: Db;
let summary: DemoSummary;
const today = "2025-06-30";

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
  summary = await seedDemo(db, { today });
});
afterAll(async () => {
  await ctx?.close();
});

/** Raw rows of a query; both drivers answer { rows }. */
async function queryRows<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const countRows = async (query: SQL) => Number((await queryRows<{ n: number }>(query))[0]?.n);

describe("demo seed", () => {
  it("creates 1 admin, 1 financial, 2 team leads and 8 buyers, each buyer with a team lead", async () => {
    const rows = await db.select().from(users);
    const byRole = (role: string) => rows.filter((u) => u.role === role);
    expect(byRole("admin")).toHaveLength(1);
    expect(byRole("financial")).toHaveLength(1);
    expect(byRole("manager")).toHaveLength(2);
    expect(byRole("user")).toHaveLength(8);
    const leadIds = new Set(byRole("manager").map((u) => u.id));
    for (const buyer of byRole("user")) expect(leadIds.has(buyer.managerId ?? "")).toBe(true);
    // Both leads have a team.
    expect(new Set(byRole("user").map((u) => u.managerId)).size).toBe(2);
    expect(summary.logins.map((l) => l.email).sort()).toEqual(rows.map((u) => u.email).sort());
  });

  it("creates 15 offers, some assigned to specific buyers only", async () => {
    const offerRows = await db.select().from(offers);
    expect(offerRows).toHaveLength(15);
    const restricted = offerRows.filter((o) => !o.visibleToAll);
    expect(restricted.length).toBeGreaterThanOrEqual(3);
    expect(restricted.length).toBeLessThan(15);
    const assignments = await db.select().from(offerAssignments);
    const restrictedIds = new Set(restricted.map((o) => o.id));
    for (const offer of restricted) expect(assignments.some((a) => a.offerId === offer.id)).toBe(true);
    for (const assignment of assignments) expect(restrictedIds.has(assignment.offerId)).toBe(true);
    expect(new Set(offerRows.map((o) => o.currency))).toEqual(new Set(["USD", "BRL"]));
  });

  it("logs 180 days of campaigns ending today, not every buyer every offer every day", async () => {
    const [range] = await queryRows<{ first: string; last: string; n: number; buyers: number; days: number }>(
      sql`select min(date)::text as first, max(date)::text as last, count(*)::int as n,
              count(distinct creator_id)::int as buyers, count(distinct date)::int as days from campaigns`,
    );
    expect(range?.first).toBe(addDays(today, -(demoDays - 1)));
    expect(range?.last).toBe(today);
    expect(range?.buyers).toBe(8);
    expect(range?.days).toBe(demoDays);
    expect(range?.n).toBe(summary.counts.campaigns);
    expect(range?.n).toBeGreaterThan(1000);
    expect(range?.n).toBeLessThan(8 * 15 * demoDays * 0.5);
  });

  it("only logs campaigns for offers the buyer may see, with the buyer's team lead", async () => {
    const invisible = await countRows(sql`
      select count(*)::int as n from ${campaigns} c
      join ${offers} o on o.id = c.offer_id
      where not o.visible_to_all
        and not exists (select 1 from ${offerAssignments} a where a.offer_id = o.id and a.user_id = c.creator_id)`);
    expect(invisible).toBe(0);
    const wrongLead = await countRows(sql`
      select count(*)::int as n from ${campaigns} c join ${users} u on u.id = c.creator_id
      where c.manager_id is distinct from u.manager_id or u.role <> 'user'`);
    expect(wrongLead).toBe(0);
    const withoutOffer = await countRows(
      sql`select count(*)::int as n from ${campaigns} where offer_id is null`,
    );
    expect(withoutOffer).toBe(0);
  });

  it("has plausible funnels: revenue = deposits × payout, counts narrowing, some loss days", async () => {
    const wrongRevenue = await countRows(sql`
      select count(*)::int as n from ${campaigns} c join ${offers} o on o.id = c.offer_id
      where c.deposit_payment <> c.deposits * o.payout_per_deposit`);
    expect(wrongRevenue).toBe(0);
    const widening = await countRows(sql`
      select count(*)::int as n from ${campaigns}
      where installations > clicks or registrations > installations or deposits > registrations`);
    expect(widening).toBe(0);
    const [shape] = await queryRows<{ losses: number; wins: number; roi: string }>(
      sql`select count(*) filter (where profit < 0)::int as losses, count(*) filter (where profit > 0)::int as wins,
              round(sum(profit) * 100 / sum(spent), 2)::text as roi from campaigns`,
    );
    expect(shape?.losses).toBeGreaterThan(0);
    expect(shape?.wins).toBeGreaterThan(shape?.losses ?? 0);
    expect(Number(shape?.roi)).toBeGreaterThan(0);
    expect(Number(shape?.roi)).toBeLessThan(150);
  });

  it("adds creative requests in several states and notes by the admin", async () => {
    const requests = await db.select().from(creativeRequests);
    expect(requests.length).toBe(summary.counts.creativeRequests);
    expect(new Set(requests.map((r) => r.status))).toEqual(
      new Set(["pending", "in_progress", "completed", "rejected"]),
    );
    const notes = await db.select().from(userNotes);
    expect(notes.length).toBe(summary.counts.notes);
    const [admin] = await db.select().from(users).where(sql`${users.role} = 'admin'`);
    for (const note of notes) expect(note.createdBy).toBe(admin?.id);
  });

  it("tells the payments story: closed and paid months, payouts, a reversal and adjustments", async () => {
    // today is 2025-06-30: April closed and paid for all, May paid for some, closed for one, open for the rest.
    const financial = summary.logins.find((l) => l.role === "financial");
    if (!financial) throw new Error("no demo financial");
    const cookie = await ctx.signIn(financial.email, demoPassword);
    type Row = { status: string; amountDue: string; adjustments: string; paid: string; pending: string };
    const month = async (value: string) => {
      const response = await ctx.request(`/api/payments?month=${value}`, { cookie });
      expect(response.status).toBe(200);
      return ((await response.json()) as { items: Row[] }).items;
    };
    const april = await month("2025-04");
    // Every buyer who worked April (one started later).
    expect(april.length).toBeGreaterThanOrEqual(7);
    for (const row of april) expect(row).toMatchObject({ status: "paid", pending: "0.00" });
    const dueOf = () =>
      queryRows<{ user_id: string; amount_due: string }>(
        sql`select user_id, amount_due::text from ${paymentStatements} where period_start = '2025-05-01' order by user_id`,
      );
    const seededDue = await dueOf();
    const may = await month("2025-05");
    // Loading May refreshed its pending statements from the campaigns and changed no amount: the
    // seed's amounts are the ones the payments screen computes.
    expect(await dueOf()).toEqual(seededDue);
    expect(may.map((row) => row.status).sort()).toEqual([
      "paid",
      "paid",
      "paid",
      "paid",
      "pending",
      "pending",
      "pending",
      "processing",
    ]);
    // What was paid is what was owed (due + adjustments): nothing left over, nothing missing.
    for (const row of may.filter((r) => r.status === "paid"))
      expect(toCents(row.paid)).toBe(toCents(row.amountDue) + toCents(row.adjustments));
    expect(may.some((row) => toCents(row.adjustments) > 0n)).toBe(true);
    expect(may.some((row) => row.status === "processing" && toCents(row.adjustments) < 0n)).toBe(true);
    const reversed = await db.select().from(payouts).where(sql`${payouts.reversedAt} is not null`);
    expect(reversed).toHaveLength(1);
    expect(reversed[0]?.reversalReason).toBe("Pix devolvido: chave Pix de outra pessoa.");
    const history = await countRows(
      sql`select count(*)::int as n from ${paymentStatusChanges} where action = 'reverse-payout'`,
    );
    expect(history).toBe(1);
    expect(summary.counts.payouts).toBe(await countRows(sql`select count(*)::int as n from ${payouts}`));
  });

  it("speaks the workspace language: pt-BR by default, English or Russian when asked", async () => {
    const [request] = await db.select().from(creativeRequests).limit(1);
    expect(request?.description).toMatch(/[ãçéê]|banners estáticos|Vídeo|GIF/);
    const offerNames = (await db.select({ name: offers.name }).from(offers)).map((o) => o.name).join(" ");
    expect(offerNames).toMatch(/Rodadas Grátis|Bônus de Boas-vindas|Cashback de Fim de Semana/);
    expect(offerNames).not.toMatch(/Free Spins|Welcome Bonus/);
    for (const [language, word] of [
      ["en", /Free Spins|Welcome Bonus/],
      ["ru", /Бесплатные вращения|Приветственный бонус/],
    ] as const) {
      const other = await createTestContext();
      try {
        await seedDemo(other.db, { today, language });
        const names = (await other.db.select({ name: offers.name }).from(offers))
          .map((o) => o.name)
          .join(" ");
        expect(names).toMatch(word);
        const [note] = await other.db.select().from(userNotes).limit(1);
        expect(note?.content).not.toMatch(/ã|ç|Ótimo/);
      } finally {
        await other.close();
      }
    }
  });

  it("refuses a database that already has users, and adds nothing", async () => {
    const before = await countRows(sql`select count(*)::int as n from ${campaigns}`);
    await expect(seedDemo(db, { today })).rejects.toThrow(SeedRefusedError);
    await expect(seedDemo(db, { today })).rejects.toThrow(/only fills an empty database/);
    expect(await countRows(sql`select count(*)::int as n from ${campaigns}`)).toBe(before);
    expect(await countRows(sql`select count(*)::int as n from ${users}`)).toBe(12);
  });

  it("prints every login and the shared password", () => {
    const text = formatDemoSummary(summary);
    for (const login of summary.logins) expect(text).toContain(login.email);
    expect(text).toContain(demoPassword);
  });
});

describe("factories", () => {
  it("generate the same campaign rows from the same seed, and different ones from another", () => {
    const input = {
      buyers: [
        { id: "b1", managerId: "l1" },
        { id: "b2", managerId: null },
      ],
      offers: [
        { id: "o1", payoutPerDeposit: "40.00" },
        { id: "o2", payoutPerDeposit: "25.50" },
        { id: "o3", payoutPerDeposit: "60.00" },
      ],
      days: 30,
      endDate: "2025-01-31",
      seed: 7,
    };
    const first = generateCampaignRows(input);
    expect(first.length).toBeGreaterThan(0);
    expect(generateCampaignRows(input)).toEqual(first);
    expect(generateCampaignRows({ ...input, seed: 8 })).not.toEqual(first);
    for (const row of first) {
      expect(row.date >= "2025-01-02" && row.date <= "2025-01-31").toBe(true);
      expect(row.managerId).toBe(row.creatorId === "b1" ? "l1" : null);
    }
  });
});

describe("signing in", () => {
  it("works for demo users and factory users with their passwords, through the real API", async () => {
    const buyerLogin = summary.logins.find((l) => l.role === "user");
    if (!buyerLogin) throw new Error("no demo buyer");
    const buyerCookie = await ctx.signIn(buyerLogin.email, demoPassword);
    const me = await ctx.request("/api/me", { cookie: buyerCookie });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { email: string; role: string; managerId: string | null };
    expect(body.email).toBe(buyerLogin.email);
    expect(body.role).toBe("user");
    expect(body.managerId).not.toBeNull();

    const lead = await createUser(db, { role: "manager", password: "a-lead-password" });
    const leadCookie = await ctx.signIn(lead.email, "a-lead-password");
    const leadMe = await ctx.request("/api/me", { cookie: leadCookie });
    expect(((await leadMe.json()) as { role: string }).role).toBe("manager");
  });

  it("refuses a factory user's wrong password", async () => {
    const buyer = await createUser(db, { password: "the-right-password" });
    await expect(ctx.signIn(buyer.email, "a-wrong-password")).rejects.toThrow();
  });
});

describe("runSeed (the CLI's seed command)", () => {
  it("migrates, fills the configured empty database once, then refuses; nothing else changes it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "placar-seed-"));
    const kind = testDatabaseKind();
    const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const name = newTestDatabaseName("db");
    if (kind === "postgres") await createDatabase(baseUrl, name);
    const env = parseEnv(
      {
        DATA_DIR: dataDir,
        CAPTCHA_PROVIDER: "none",
        WORKSPACE_TIMEZONE: "Asia/Tokyo",
        ...(kind === "postgres"
          ? { DATABASE_URL: databaseUrl(baseUrl, name), AUTH_SECRET: "s".repeat(40) }
          : {}),
      },
      { persistSecret: false },
    );
    const output: string[] = [];
    const write = (text: string) => {
      output.push(text);
    };
    try {
      await expect(runSeed(["--bogus"], { env, write })).rejects.toThrow(/Unknown option --bogus/);

      expect(await runSeed([], { env, write })).toBeUndefined();
      expect(output.join("")).toContain("Migrations applied");

      const summary = await runSeed(["--demo"], { env, write });
      expect(summary?.counts.users).toBe(12);
      expect(summary?.lastDate).toBe(todayIn("Asia/Tokyo"));
      expect(output.join("")).toContain("admin@placar.demo");
      if (kind === "pglite") expect(existsSync(path.join(dataDir, "placar.lock"))).toBe(false);

      await expect(runSeed(["--demo"], { env, write })).rejects.toThrow(SeedRefusedError);
      if (kind === "pglite") expect(existsSync(path.join(dataDir, "placar.lock"))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === "postgres") await dropDatabase(baseUrl, name);
    }
  }, 120_000);
});
