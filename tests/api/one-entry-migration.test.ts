import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../../server/paths";
import { testDatabaseKind } from "../harness";
import { createDatabase, databaseUrl, dropDatabase, newTestDatabaseName } from "../postgres";

// Migration 0013 (issue 26, docs/decisions/0083) on a database that already holds duplicates: each
// buyer, offer and day becomes one row holding the sums, each merge is in the audit trail, the totals
// tables are unchanged, and afterwards the database refuses a second row for the same day.

const lastBefore = "0012_campaigns_follow_current_team";
const merging = "0013_one_entry_per_offer_and_day";

/** The committed migrations up to and including `tag`, in a folder of their own. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "placar-migrations-"));
  cpSync(migrationsDir, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { tag: string; idx: number }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

type Runner = {
  run: (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
};

async function openRunner(): Promise<Runner> {
  if (testDatabaseKind() === "pglite") {
    const client = new PGlite();
    const db = drizzlePglite(client);
    return {
      run: async (query) => (await db.execute(query)).rows as Record<string, unknown>[],
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = newTestDatabaseName("db");
  await createDatabase(baseUrl, name);
  const pool = new pg.Pool({ connectionString: databaseUrl(baseUrl, name), max: 2 });
  const db = drizzlePg(pool);
  return {
    run: async (query) => (await db.execute(query)).rows as Record<string, unknown>[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await dropDatabase(baseUrl, name);
    },
  };
}

describe("migration 0013: one entry per buyer, offer and day", () => {
  let runner: Runner;
  let folder: string;
  let mergingFolder: string | undefined;
  const offerA = "00000000-0000-4000-8000-00000000000a";
  const offerB = "00000000-0000-4000-8000-00000000000b";

  // Every grain's sums, per grain and key (the row counts aside: merged rows are fewer rows).
  const totals = () =>
    runner.run(sql`select grain, period::text, creator_id, manager_id, offer_id::text, spent::text,
      revenue::text, clicks::text, installations::text, registrations::text, deposits::text
      from campaign_totals order by 1, 2, 3, 4, 5`);

  beforeAll(async () => {
    runner = await openRunner();
    folder = migrationsUpTo(lastBefore);
    await runner.migrate(folder);
    await runner.run(sql`insert into users (id, name, email, role) values
      ('lead', 'Lead', 'lead@x.test', 'manager'), ('ana', 'Ana', 'ana@x.test', 'user'), ('bia', 'Bia', 'bia@x.test', 'user')`);
    await runner.run(sql`update users set manager_id = 'lead' where id = 'ana'`);
    await runner.run(sql`insert into offers (id, name, casino_brand, value, payout_per_deposit) values
      (${offerA}, 'A', 'Brand', '10', '10'), (${offerB}, 'B', 'Brand', '10', '10')`);
    // Ana: three rows for A on 2026-10-01 (one with revenue entered directly), two for B on 10-02,
    // one single row; Bia: the same offer and day as Ana's triple, once (not a duplicate of hers);
    // a row whose offer was deleted, twice for one day (left apart).
    await runner.run(sql`insert into campaigns (date, offer_id, creator_id, manager_id, spent, clicks,
      installations, registrations, deposits, deposit_payment, created_at) values
      ('2026-10-01', ${offerA}, 'ana', 'lead', '10.10', 100, 50, 20, 3, '30.00', '2026-10-01T10:00:00Z'),
      ('2026-10-01', ${offerA}, 'ana', 'lead', '5.05', 40, 10, 5, 1, '10.00', '2026-10-01T11:00:00Z'),
      ('2026-10-01', ${offerA}, 'ana', 'lead', '0.01', 1, 0, 0, 0, '99.99', '2026-10-01T12:00:00Z'),
      ('2026-10-02', ${offerB}, 'ana', 'lead', '1.00', 10, 1, 1, 1, '10.00', '2026-10-02T10:00:00Z'),
      ('2026-10-02', ${offerB}, 'ana', 'lead', '2.00', 20, 2, 2, 2, '20.00', '2026-10-02T09:00:00Z'),
      ('2026-10-03', ${offerA}, 'ana', 'lead', '7.00', 70, 7, 7, 7, '70.00', '2026-10-03T09:00:00Z'),
      ('2026-10-01', ${offerA}, 'bia', null, '4.00', 4, 4, 4, 4, '40.00', '2026-10-01T09:00:00Z'),
      ('2026-10-04', null, 'bia', null, '1.00', 1, 1, 1, 1, '1.00', '2026-10-04T09:00:00Z'),
      ('2026-10-04', null, 'bia', null, '2.00', 2, 2, 2, 2, '2.00', '2026-10-04T09:00:00Z')`);
  }, 120_000);

  afterAll(async () => {
    await runner?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (mergingFolder) rmSync(mergingFolder, { recursive: true, force: true });
  });

  it("adds each day's rows into the earliest, records the merge, keeps every total, and enforces the key", async () => {
    const before = await totals();
    const earliestA = await runner.run(
      sql`select id::text from campaigns where creator_id = 'ana' and offer_id = ${offerA} and date = '2026-10-01' order by created_at limit 1`,
    );
    const earliestB = await runner.run(
      sql`select id::text from campaigns where creator_id = 'ana' and offer_id = ${offerB} order by created_at limit 1`,
    );
    // 0013 alone: later migrations may add grains of their own (0016), which this comparison is not about.
    mergingFolder = migrationsUpTo(merging);
    await runner.migrate(mergingFolder);

    const rows = await runner.run(sql`select id::text, creator_id, offer_id::text, date::text, spent::text,
      clicks, installations, registrations, deposits, deposit_payment::text as revenue
      from campaigns order by creator_id, date, offer_id`);
    expect(
      rows.map((r) => [
        r.creator_id,
        r.date,
        r.spent,
        r.clicks,
        r.installations,
        r.registrations,
        r.deposits,
        r.revenue,
      ]),
    ).toEqual([
      ["ana", "2026-10-01", "15.16", 141, 60, 25, 4, "139.99"],
      ["ana", "2026-10-02", "3.00", 30, 3, 3, 3, "30.00"],
      ["ana", "2026-10-03", "7.00", 70, 7, 7, 7, "70.00"],
      ["bia", "2026-10-01", "4.00", 4, 4, 4, 4, "40.00"],
      ["bia", "2026-10-04", "1.00", 1, 1, 1, 1, "1.00"],
      ["bia", "2026-10-04", "2.00", 2, 2, 2, 2, "2.00"],
    ]);
    // The kept row is the earliest logged one.
    expect(rows[0]!.id).toBe(earliestA[0]!.id);
    expect(rows[1]!.id).toBe(earliestB[0]!.id);

    const audit = await runner.run(sql`select target_id, subject_user_id, details from audit_events
      where action = 'campaigns.merged' order by target_id`);
    expect(audit).toHaveLength(2);
    const byKept = new Map(audit.map((event) => [event.target_id, event.details as Record<string, unknown>]));
    const mergedA = byKept.get(earliestA[0]!.id as string)!;
    expect(mergedA).toMatchObject({ offerId: offerA, date: "2026-10-01", keptId: earliestA[0]!.id });
    expect(mergedA.mergedIds).toHaveLength(2);
    expect(mergedA.rows).toHaveLength(3);
    expect(mergedA.sum).toMatchObject({ spent: "15.16", clicks: 141, deposits: 4, depositPayment: "139.99" });
    expect(audit.every((event) => event.subject_user_id === "ana")).toBe(true);

    expect(before.length).toBeGreaterThan(0);
    expect(await totals()).toEqual(before);
    const counted = await runner.run(
      sql`select sum(campaigns)::int as n from campaign_totals where grain = (select max(grain) from campaign_totals)`,
    );
    expect(counted[0]!.n).toBe(rows.length);

    await expect(
      runner.run(
        sql`insert into campaigns (date, offer_id, creator_id, spent) values ('2026-10-03', ${offerA}, 'ana', '1')`,
      ),
    ).rejects.toThrow();
  });

  it("then migration 0016 fills the all-time buyer × team lead × offer grain from the campaigns there", async () => {
    await runner.migrate(migrationsDir);
    const keyed = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) => JSON.stringify([r.creator_id, r.manager_id, r.offer_id, r.spent, r.revenue, r.n]))
        .sort();
    const kept = await runner.run(sql`select creator_id, manager_id, offer_id::text, spent::text,
      revenue::text, campaigns::int as n from campaign_totals where grain = 24 and period = '-infinity'::date`);
    const recomputed = await runner.run(sql`select creator_id, manager_id, offer_id::text,
      sum(spent)::text as spent, sum(deposit_payment)::text as revenue, count(*)::int as n
      from campaigns group by creator_id, manager_id, offer_id`);
    expect(kept.length).toBeGreaterThan(0);
    expect(keyed(kept)).toEqual(keyed(recomputed));
  });
});
