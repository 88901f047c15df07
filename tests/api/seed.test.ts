import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../domain/periods";
import type { Db } from "../../server/db/client";
import { createUser, generateCampaignRows } from "../../server/db/factories";
import {
  campaigns,
  creativeRequests,
  offerAssignments,
  offers,
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
