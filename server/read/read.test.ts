import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { todayIn } from "../../domain/periods";
import { createTestContext, type TestContext } from "../../tests/harness";
import type { Actor } from "../context";
import { createCampaign, createOffer, createUser } from "../db/factories";
import { getAnalytics, getDashboard, getMetricsSummary } from "../features/analytics/analytics.service";
import { readGrains, readGroupingSql, storedGrains, storedKeyColumns } from "./grains";
import { readRow, readRows, selectRows, totalsOf } from "./rows";
import { readTotals, totalsScopeOf } from "./totals";

// The read layer's rules (docs/decisions/0075): grain numbers derived from their columns agree with
// PostgreSQL's GROUPING() and with what the triggers write; rows are mapped and checked; dates and
// ids never appear in a statement's text.

const timeZone = "America/Sao_Paulo";
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

/** The fixed column names of a grouping set (test-only SQL from constants). */
const columns = (names: readonly string[]) => sql.raw(names.map((name) => `r.${name}`).join(", "));

describe("named grains", () => {
  it("derive the number PostgreSQL's GROUPING() gives their columns", async () => {
    const all = columns(storedKeyColumns);
    for (const [name, grain] of Object.entries(storedGrains)) {
      const { mask } = await readRow(
        ctx.db,
        // GROUPING() names only grouped columns: the full set is there too, its mask 0.
        sql`select max(g.mask) as mask from (select grouping(${all})::int as mask
            from (select 1 as date, 1 as month, 1 as creator_id, 1 as manager_id, 1 as offer_id) r
            group by grouping sets ((${columns(grain.columns)}), (${all}))) g`,
        (row) => ({ mask: Number(row.mask) }),
      );
      expect({ name, mask }).toEqual({ name, mask: grain.mask });
    }
    const keys = ["date", "month", "offer_id", "creator_id", "manager_id"] as const;
    for (const grain of Object.keys(readGrains) as (keyof typeof readGrains)[]) {
      const set = readGrains[grain];
      const { mask } = await readRow(
        ctx.db,
        sql`select max(g.mask) as mask from (select grouping(${columns(keys)})::int as mask
            from (select 1 as date, 1 as month, 1 as offer_id, 1 as creator_id, 1 as manager_id) r
            group by grouping sets ((${set.length > 0 ? columns(set) : sql``}), (${columns(keys)}))) g`,
        (row) => ({ mask: Number(row.mask) }),
      );
      expect({ grain, mask }).toEqual({
        grain,
        mask: Number(new PgDialect().sqlToQuery(readGroupingSql(keys, grain)).sql),
      });
    }
  });

  it("are the grains the triggers write, each row keyed by exactly the grain's columns", async () => {
    const lead = await createUser(ctx.db, { role: "manager" });
    const buyer = await createUser(ctx.db, { managerId: lead.id });
    const offer = await createOffer(ctx.db);
    await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: offer.id,
      date: "2031-03-14",
      spent: "12.34",
    });
    const rows = await selectRows<{
      grain: number;
      creator_id: string | null;
      manager_id: string | null;
      offer_id: string | null;
      spent: string;
      period: "day" | "month" | "all";
    }>(
      ctx.db,
      sql`select grain::int as grain, creator_id, manager_id, offer_id::text as offer_id, spent::text as spent,
                 case period when date '2031-03-01' then 'month' when '-infinity'::date then 'all' else 'day' end
                   as period
          from campaign_totals
          where period in (date '2031-03-14', date '2031-03-01')
             or (period = '-infinity'::date and creator_id = ${buyer.id})`,
    );
    const expected = Object.values(storedGrains).map((grain) => {
      const has = (column: string) => (grain.columns as readonly string[]).includes(column);
      return {
        grain: grain.mask,
        creator_id: has("creator_id") ? buyer.id : null,
        manager_id: has("manager_id") ? lead.id : null,
        offer_id: has("offer_id") ? offer.id : null,
        spent: "12.34",
        period: has("date") ? "day" : has("month") ? "month" : "all",
      };
    });
    const byGrain = (a: { grain: number }, b: { grain: number }) => a.grain - b.grain;
    expect(rows.map((row) => ({ ...row, grain: Number(row.grain) })).sort(byGrain)).toEqual(
      expected.sort(byGrain),
    );
  });
});

describe("typed rows", () => {
  it("refuse a row whose column is missing or of the wrong type", async () => {
    await expect(readRows(ctx.db, sql`select 1 as spent`, (row) => totalsOf(row))).rejects.toThrow(/spent/);
    await expect(
      readRows(ctx.db, sql`select '1.00'::text as spent, '2.00'::text as revenue`, (row) => totalsOf(row)),
    ).rejects.toThrow(/clicks/);
  });
});

describe("statements", () => {
  it("carry dates and ids as parameters, never in their text", async () => {
    const lead = await createUser(ctx.db, { role: "manager" });
    const buyer = await createUser(ctx.db, { managerId: lead.id });
    const admin = await createUser(ctx.db, { role: "admin" });
    const offer = await createOffer(ctx.db);
    await createCampaign(ctx.db, { creatorId: buyer.id, offerId: offer.id, date: todayIn(timeZone) });
    const actor = (user: typeof buyer): Actor => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      managerId: user.managerId,
      language: null,
    });
    const dialect = new PgDialect();
    const texts: string[] = [];
    const original = ctx.db.execute.bind(ctx.db);
    const execute = vi.spyOn(ctx.db, "execute").mockImplementation(((query: SQL) => {
      texts.push(dialect.sqlToQuery(query).sql);
      return original(query);
    }) as typeof ctx.db.execute);
    try {
      for (const user of [buyer, lead, admin]) {
        await getMetricsSummary({ db: ctx.db, actor: actor(user), timeZone });
        await getAnalytics({
          db: ctx.db,
          actor: actor(user),
          timeZone,
          query: { from: "2030-01-10", to: "2031-02-20" },
        });
        await getAnalytics({
          db: ctx.db,
          actor: actor(user),
          timeZone,
          query: { from: "2030-01-10", to: "2031-02-20", offerId: offer.id },
        });
        await getDashboard({
          db: ctx.db,
          actor: actor(user),
          timeZone,
          query: { from: "2030-01-10", to: "2031-02-20" },
        });
        await readTotals(ctx.db, totalsScopeOf(actor(user), buyer.id), { from: null, to: "2031-02-20" });
      }
    } finally {
      execute.mockRestore();
    }
    expect(texts.length).toBeGreaterThanOrEqual(15);
    for (const text of texts) {
      // The one date constant: the day numbering's origin.
      expect(text).not.toMatch(/'(?!0001-01-01')\d{4}-\d{2}-\d{2}'/);
      for (const id of [buyer.id, lead.id, admin.id, offer.id]) expect(text).not.toContain(id);
    }
  });
});
