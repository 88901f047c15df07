import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../domain/csv";
import { addDays, addMonths, todayIn } from "../../domain/periods";
import type { AnalyticsQuery } from "../../domain/schemas/campaigns";
import type { Actor } from "../../server/context";
import {
  type CreatedUser,
  createCampaign as createCampaignRow,
  createOffer,
  createRandom,
  createUser,
  insertCampaignRows,
  type NewCampaignRow,
  type OfferRow,
  onePerDay,
  type Random,
} from "../../server/db/factories";
import { retryOnDeadlock } from "../../server/db/retry";
import { getAnalytics, getMetricsSummary } from "../../server/features/analytics/analytics.service";
import {
  createCampaign,
  deleteCampaign,
  iterateCampaignCsv,
  listCampaigns,
  updateCampaign,
} from "../../server/features/campaigns/campaigns.service";
import { selectRows } from "../../server/read/rows";
import { readTotals, totalsScopeOf } from "../../server/read/totals";
import { createTestContext, type TestContext } from "../harness";

// campaign_totals is kept by triggers (migration 0006, docs/decisions/0042). This proves it exact:
// random creates, updates (of every summed field, the date, the offer), deletes, batch and import
// inserts, multi-row deletes, offer deletions (set null) and user deletions (the buyer's cascade,
// the team lead's set null) run through the services and plain SQL; after each step the whole
// table must equal a recomputation from campaigns, and at checkpoints every aggregate the app reads
// from the totals must equal the same aggregate computed over campaigns, for every kind of viewer
// and range. Runs on PGlite and on PostgreSQL (where concurrent writers are exercised too).

const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const asActor = (user: CreatedUser): Actor => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  managerId: user.managerId,
  language: null,
});

/** Rows of the table as the triggers keep it vs. the same grouping recomputed from campaigns now. */
async function totalsDifference(
  db: TestContext["db"] | Parameters<Parameters<TestContext["db"]["transaction"]>[0]>[0],
) {
  const recomputed = sql`select grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id) as grain,
      coalesce(r.date, r.month, '-infinity'::date)::text as period, r.creator_id, r.manager_id, r.offer_id::text as offer_id,
      sum(r.spent)::text as spent, sum(r.revenue)::text as revenue, sum(r.clicks)::bigint as clicks,
      sum(r.installations)::bigint as installations, sum(r.registrations)::bigint as registrations,
      sum(r.deposits)::bigint as deposits, count(*)::bigint as campaigns
    from (select date, date_trunc('month', date)::date as month, creator_id, manager_id, offer_id, spent,
            deposit_payment as revenue, clicks, installations, registrations, deposits from campaigns) r
    group by grouping sets ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id),
      (r.date), (r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id),
      (r.month, r.offer_id), (r.creator_id, r.manager_id, r.offer_id))`;
  const kept = sql`select grain::int as grain, period::text as period, creator_id, manager_id,
      offer_id::text as offer_id, spent::text as spent, revenue::text as revenue, clicks::bigint as clicks,
      installations::bigint as installations, registrations::bigint as registrations,
      deposits::bigint as deposits, campaigns::bigint as campaigns
    from campaign_totals`;
  const [difference] = await selectRows<{
    missing: number | string;
    extra: number | string;
    rows: number | string;
  }>(
    db,
    sql`select (select count(*) from ((${recomputed}) except all (${kept})) a) as missing,
               (select count(*) from ((${kept}) except all (${recomputed})) b) as extra,
               (select count(*) from campaign_totals) as rows`,
  );
  return {
    missing: Number(difference!.missing),
    extra: Number(difference!.extra),
    rows: Number(difference!.rows),
  };
}

async function expectTotalsTableExact() {
  const { rows, ...difference } = await totalsDifference(ctx.db);
  expect(difference).toEqual({ missing: 0, extra: 0 });
  return rows;
}

/** Every campaign has ROI ≥ −100 (profit ≥ −spent), so minRoi −100 keeps all rows and forces campaigns. */
const overCampaigns = (query: AnalyticsQuery): AnalyticsQuery => ({ ...query, minRoi: -100 });

async function expectAggregatesExact(viewers: Actor[], userIds: string[], random: Random) {
  const ranges: AnalyticsQuery[] = [
    {},
    { from: addDays(today, -29), to: today },
    { from: addDays(today, -6), to: today },
    { to: today },
    { from: `${addMonths(today, -3).slice(0, 7)}-01`, to: addDays(`${today.slice(0, 7)}-01`, -1) },
  ];
  for (let i = 0; i < 3; i++) {
    const from = addDays(today, -random.int(0, 150));
    ranges.push({ from, to: addDays(from, random.int(0, 90)) });
  }
  for (const actor of viewers) {
    for (const query of ranges) {
      const queries = [query, { ...query, userId: random.pick(userIds) }];
      for (const q of queries) {
        const fromTotals = await getAnalytics({ db: ctx.db, actor, query: q, timeZone });
        const fromCampaigns = await getAnalytics({ db: ctx.db, actor, query: overCampaigns(q), timeZone });
        expect(fromTotals, `${actor.role} ${JSON.stringify(q)}`).toEqual(fromCampaigns);
      }
    }
    const summary = await getMetricsSummary({ db: ctx.db, actor, timeZone });
    for (const [period, from] of [
      ["daily", today],
      ["weekly", addDays(today, -6)],
      ["monthly", addDays(today, -29)],
      ["total", undefined],
    ] as const) {
      const expected = await getAnalytics({
        db: ctx.db,
        actor,
        query: overCampaigns({ ...(from ? { from } : {}), to: today }),
        timeZone,
      });
      expect(summary[period], `${actor.role} summary ${period}`).toEqual(expected.totals);
    }
    const totals = await readTotals(ctx.db, totalsScopeOf(actor), { from: null, to: "9999-12-31" });
    const [all] = await selectRows<{ n: number | string }>(
      ctx.db,
      sql`select count(*) as n from campaigns where ${
        actor.role === "admin"
          ? sql`true`
          : actor.role === "manager"
            ? sql`(creator_id = ${actor.id} or manager_id = ${actor.id})`
            : sql`creator_id = ${actor.id}`
      }`,
    );
    // Future-dated campaigns count too when the range reaches them.
    expect(totals.campaigns).toBe(Number(all!.n));
  }
}

/** A create or an edit that lands on a day the buyer already logged is refused (409); others pass. */
async function refusedOnLoggedDay(write: Promise<unknown>): Promise<void> {
  await write.catch((error: unknown) => {
    if ((error as { reason?: string }).reason !== "day_already_logged") throw error;
  });
}

describe("campaign totals", () => {
  it("equal the sums of campaigns after every kind of write, for every viewer and range", async () => {
    const random = createRandom(4242);
    const db = ctx.db;
    const admin = await createUser(db, { role: "admin" });
    const leads = [await createUser(db, { role: "manager" }), await createUser(db, { role: "manager" })];
    const buyers: CreatedUser[] = [];
    for (let i = 0; i < 6; i++)
      buyers.push(await createUser(db, { role: "user", managerId: leads[i % 2]!.id }));
    const offers: OfferRow[] = [];
    for (let i = 0; i < 5; i++)
      offers.push(await createOffer(db, { payoutPerDeposit: `${random.int(5, 90)}.50` }));
    const alive = () => offers.filter((offer) => offer !== undefined);
    const money = () => `${random.int(0, 900)}.${String(random.int(0, 99)).padStart(2, "0")}`;
    const someDate = () => addDays(today, random.chance(0.05) ? random.int(1, 20) : -random.int(0, 200));
    const newRow = (creator: CreatedUser): NewCampaignRow => ({
      date: someDate(),
      offerId: random.chance(0.1) ? null : random.pick(alive()).id,
      creatorId: creator.id,
      managerId: creator.managerId,
      spent: money(),
      clicks: random.int(0, 5000),
      installations: random.int(0, 500),
      registrations: random.int(0, 100),
      deposits: random.int(0, 20),
      depositPayment: money(),
    });
    const campaignIds = async () =>
      (
        await selectRows<{ id: string; creator_id: string }>(db, sql`select id, creator_id from campaigns`)
      ).map((row) => ({ id: row.id, creatorId: row.creator_id }));

    // A lead who logs campaigns too, managed by nobody.
    // One entry per buyer, offer and day (decision 0083): a random day already taken is left out.
    await insertCampaignRows(db, onePerDay(Array.from({ length: 20 }, () => newRow(leads[0]!))));
    await insertCampaignRows(
      db,
      onePerDay(Array.from({ length: 300 }, () => newRow(random.pick(buyers)))),
      120,
    );
    await expectTotalsTableExact();
    // The comparison sees a single cent out of place (changed in a transaction rolled back after).
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`update campaign_totals set spent = spent + 0.01 where ctid = (select ctid from campaign_totals limit 1)`,
        );
        const { missing, extra } = await totalsDifference(tx);
        throw new Error(`difference ${missing}/${extra}`);
      }),
    ).rejects.toThrow("difference 1/1");
    await expectTotalsTableExact();

    for (let step = 0; step < 60; step++) {
      const action = random.int(0, 9);
      const existing = await campaignIds();
      if (action <= 2 || existing.length === 0) {
        const buyer = random.pick(buyers);
        const row = newRow(buyer);
        await refusedOnLoggedDay(
          createCampaign({
            db,
            actor: asActor(buyer),
            input: {
              // The form refuses a day after today (decision 0084); future rows come from the SQL paths.
              date: [row.date!, today].sort()[0]!,
              offerId: random.pick(alive()).id,
              spent: row.spent!,
              clicks: row.clicks!,
              installations: row.installations!,
              registrations: row.registrations!,
              deposits: row.deposits!,
              ...(random.chance(0.5) ? { depositPayment: money() } : {}),
              // Random figures: the guardrails' warnings are confirmed (docs/decisions/0084).
              acknowledgeWarnings: true,
            },
            timeZone,
          }),
        );
      } else if (action <= 4) {
        const target = random.pick(existing);
        await refusedOnLoggedDay(
          updateCampaign({
            db,
            actor: asActor(admin),
            id: target.id,
            patch: {
              ...(random.chance(0.5) ? { spent: money() } : {}),
              ...(random.chance(0.4) ? { date: addDays(today, -random.int(0, 200)) } : {}),
              ...(random.chance(0.3) ? { offerId: random.pick(alive()).id } : {}),
              ...(random.chance(0.4) ? { deposits: random.int(0, 30) } : {}),
              ...(random.chance(0.3) ? { clicks: random.int(0, 9000) } : {}),
              ...(random.chance(0.2) ? { depositPayment: money() } : {}),
              acknowledgeWarnings: true,
            },
            timeZone,
          }),
        );
      } else if (action === 5) {
        await deleteCampaign({ db, actor: asActor(admin), id: random.pick(existing).id });
      } else if (action === 6) {
        // A batch or an import: one multi-row statement, maybe replacing days (a multi-row delete).
        const buyer = random.pick(buyers);
        const mine = existing.filter((c) => c.creatorId === buyer.id);
        const replaced = random.sample(mine, Math.min(mine.length, random.int(0, 5))).map((c) => c.id);
        await db.transaction(async (tx) => {
          if (replaced.length > 0)
            await tx.execute(
              sql`delete from campaigns where id in (${sql.join(
                replaced.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
            );
          await tx.execute(sql`insert into campaigns (date, offer_id, creator_id, manager_id, spent, clicks,
              installations, registrations, deposits, deposit_payment)
            select r.date, r.offer_id, ${buyer.id}, ${buyer.managerId}, r.spent, r.clicks, r.installations,
              r.registrations, r.deposits, r.deposit_payment
            from jsonb_to_recordset(${JSON.stringify(
              Array.from({ length: random.int(1, 40) }, () => {
                const row = newRow(buyer);
                return {
                  date: row.date,
                  offer_id: row.offerId,
                  spent: row.spent,
                  clicks: row.clicks,
                  installations: row.installations,
                  registrations: row.registrations,
                  deposits: row.deposits,
                  deposit_payment: row.depositPayment,
                };
              }),
            )}::jsonb) as r(date date, offer_id uuid, spent numeric(14,2), clicks integer,
              installations integer, registrations integer, deposits integer, deposit_payment numeric(14,2))
            on conflict (creator_id, offer_id, date) do nothing`);
        });
      } else if (action === 7) {
        // A bulk update across buyers (moves days and managers at once).
        // Rows whose new day is already taken stay (the unique key): no two rows meet on one day.
        const shift = random.int(1, 40);
        await db.execute(
          sql`update campaigns c set date = date - ${shift}::int, manager_id = ${random.pick(leads).id}
              where creator_id = ${random.pick(buyers).id} and clicks % 3 = 0
                and not exists (select 1 from campaigns o where o.creator_id = c.creator_id
                  and o.offer_id = c.offer_id and o.date = c.date - ${shift}::int)`,
        );
      } else if (action === 8 && offers.length > 3) {
        // Deleting an offer keeps its campaigns (offer_id set null, decision 0005). The service
        // refuses an offer in use (docs/decisions/0098), so the database's own rule is exercised here.
        const offer = offers.splice(random.int(0, offers.length - 1), 1)[0]!;
        await db.execute(sql`delete from offers where id = ${offer.id}`);
      } else if (action === 9 && buyers.length > 3) {
        // Deleting a buyer deletes their campaigns (cascade, without the service's explicit delete).
        const buyer = buyers.splice(random.int(0, buyers.length - 1), 1)[0]!;
        await db.execute(sql`delete from users where id = ${buyer.id}`);
      }
      await expectTotalsTableExact();
      if (step % 20 === 19)
        await expectAggregatesExact(
          [asActor(admin), ...leads.map(asActor), ...buyers.slice(0, 2).map(asActor)],
          [...buyers, leads[0]!].map((u) => u.id),
          random,
        );
    }

    // A team lead deleted: their buyers' campaigns lose the lead (set null) and move to "no lead".
    const lead = leads[1]!;
    await db.execute(sql`delete from users where id = ${lead.id}`);
    await expectTotalsTableExact();
    await expectAggregatesExact(
      [asActor(admin), asActor(leads[0]!)],
      buyers.map((u) => u.id),
      random,
    );

    // TRUNCATE empties the totals with the campaigns.
    await db.execute(sql`truncate campaigns`);
    expect(await expectTotalsTableExact()).toBe(0);
  }, 240_000);

  it("stays exact with concurrent writers on the same totals rows; deadlock victims are retried", async () => {
    const db = ctx.db;
    const lead = await createUser(db, { role: "manager" });
    // One buyer per transaction (one entry per buyer, offer and day), all under one lead, on the
    // same days and offers: the totals rows (day, offer, lead) are the ones they all share.
    const buyers: CreatedUser[] = [];
    for (let i = 0; i < 12; i++) buyers.push(await createUser(db, { role: "user", managerId: lead.id }));
    const offers = [
      await createOffer(db, { payoutPerDeposit: "10.00" }),
      await createOffer(db, { payoutPerDeposit: "10.00" }),
      await createOffer(db, { payoutPerDeposit: "10.00" }),
    ];
    const offer = await createOffer(db, { payoutPerDeposit: "10.00" });
    const rows = (buyer: CreatedUser, reverse: boolean) => {
      const list = Array.from({ length: 30 }, (_, i) => ({
        date: addDays(today, -(i % 10)),
        offerId: offers[Math.floor(i / 10)]!.id,
        creatorId: buyer.id,
        managerId: lead.id,
        spent: `${i + 1}.25`,
        clicks: i,
        deposits: i % 4,
        depositPayment: `${(i % 4) * 10}.00`,
      }));
      return reverse ? list.reverse() : list;
    };
    // On PostgreSQL these run on several pool connections at once, each locking totals rows shared
    // with the others (same days, same offer, same lead) in opposite row orders, over several
    // statements: PostgreSQL may pick a deadlock victim, which retryOnDeadlock runs again (as the
    // import does). Every transaction must end up committed exactly once.
    let deadlocks = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        retryOnDeadlock(
          () =>
            db
              .transaction(async (tx) => {
                await insertCampaignRows(tx, rows(buyers[i]!, i % 3 === 0), 10);
                await tx.execute(
                  sql`update campaigns set spent = spent + 1 where creator_id = ${buyers[(i + 1) % 12]!.id} and clicks = ${i}`,
                );
              })
              .catch((error) => {
                if (JSON.stringify(error.cause?.code ?? error.code) === '"40P01"') deadlocks += 1;
                throw error;
              }),
          10,
        ),
      ),
    );
    const [inserted] = await selectRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from campaigns c join users u on u.id = c.creator_id where u.manager_id = ${lead.id}`,
    );
    expect(Number(inserted!.n)).toBe(12 * 30);
    expect(deadlocks).toBeLessThan(12 * 9);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createCampaign({
          db,
          actor: asActor(buyers[i]!),
          input: {
            date: today,
            offerId: offer.id,
            spent: "3.00",
            clicks: 10,
            installations: 1,
            registrations: 1,
            deposits: 1,
          },
          timeZone,
        }),
      ),
    );
    await expectTotalsTableExact();
  }, 120_000);

  it("pages a team lead's list (team and own campaigns) exactly, from either end, for every sort", async () => {
    const db = ctx.db;
    const random = createRandom(77);
    const otherLead = await createUser(db, { role: "manager" });
    const lead = await createUser(db, { role: "manager", managerId: null });
    const team = [
      await createUser(db, { role: "user", managerId: lead.id }),
      await createUser(db, { role: "user", managerId: lead.id }),
    ];
    const outsider = await createUser(db, { role: "user", managerId: otherLead.id });
    const offers = [
      await createOffer(db, { name: "Paging Slots", payoutPerDeposit: "7.00" }),
      await createOffer(db, { name: "Paging Slots Two", payoutPerDeposit: "7.00" }),
      await createOffer(db, { name: "Paging Slots Three", payoutPerDeposit: "7.00" }),
    ];
    const row = (creator: CreatedUser, managerId: string | null): NewCampaignRow => ({
      date: addDays(today, -random.int(0, 12)),
      offerId: random.pick(offers).id,
      creatorId: creator.id,
      managerId,
      // Few distinct values: many ties, so the tie-breakers (date, created_at, id) decide.
      spent: `${random.int(0, 4)}.00`,
      clicks: random.int(0, 3) * 10,
      deposits: random.int(0, 2),
      depositPayment: `${random.int(0, 3) * 5}.00`,
    });
    // One entry per buyer, offer and day (decision 0083): a random day already taken is left out.
    await insertCampaignRows(
      db,
      onePerDay([
        ...Array.from({ length: 37 }, () => row(random.pick(team), lead.id)),
        // The lead's own campaigns, managed by another lead and by nobody: the creator branch.
        ...Array.from({ length: 6 }, () => row(lead, otherLead.id)),
        ...Array.from({ length: 5 }, () => row(lead, null)),
        ...Array.from({ length: 9 }, () => row(outsider, otherLead.id)),
      ]),
    );
    const column = {
      date: "date",
      spent: "spent",
      revenue: "deposit_payment",
      profit: "profit",
      roi: "roi",
      epc: "epc",
    };
    const actor = asActor(lead);
    for (const sort of ["date", "spent", "revenue", "profit", "roi", "epc"] as const) {
      for (const order of ["desc", "asc"] as const) {
        for (const filter of [
          {},
          { creatorId: team[0]!.id },
          { from: addDays(today, -5) },
          { q: "paging" },
        ]) {
          const direction = sql.raw(order);
          const expected = (
            await selectRows<{ id: string }>(
              db,
              sql`select c.id from campaigns c join offers o on o.id = c.offer_id
                  where (c.creator_id = ${lead.id} or c.manager_id = ${lead.id})
                    ${"creatorId" in filter ? sql`and c.creator_id = ${filter.creatorId}` : sql``}
                    ${"from" in filter ? sql`and c.date >= ${filter.from}::date` : sql``}
                  order by ${sql.raw(`c.${column[sort]}`)} ${direction}, c.date ${direction},
                    c.created_at ${direction}, c.id ${direction}`,
            )
          ).map((r) => r.id);
          const pageSize = random.int(3, 7);
          const seen: string[] = [];
          for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page++) {
            const result = await listCampaigns({
              db,
              actor,
              query: { sort, order, page, pageSize, ...filter },
            });
            expect(result.total, `${sort} ${order} ${JSON.stringify(filter)}`).toBe(expected.length);
            seen.push(...result.items.map((item) => item.id));
          }
          expect(seen, `${sort} ${order} ${JSON.stringify(filter)}`).toEqual(expected);
        }
      }
    }
  }, 240_000);

  it("exports every campaign once across chunks, rows of one bulk insert sharing created_at included", async () => {
    const db = ctx.db;
    const buyer = await createUser(db, { role: "user" });
    const offers: OfferRow[] = [];
    for (let i = 0; i < 20; i++) offers.push(await createOffer(db));
    const day = addDays(today, -400);
    // One statement: every row gets the same created_at (to the microsecond), most the same date
    // (each of those its own offer: one entry per buyer, offer and day).
    await insertCampaignRows(
      db,
      Array.from({ length: 23 }, (_, i) => ({
        date: i < 20 ? day : addDays(day, -1),
        offerId: offers[i % 20]!.id,
        creatorId: buyer.id,
        managerId: null,
        spent: `${i}.00`,
      })),
    );
    // Each row's spent is unique: the exported lines' spent column names the rows.
    const exported: string[] = [];
    for await (const text of iterateCampaignCsv({ db, actor: asActor(buyer), filter: {}, chunkSize: 4 }))
      exported.push(...parseCsv(text).map((cells) => cells[5]!));
    const expected = (
      await selectRows<{ spent: string }>(
        db,
        sql`select spent::text from campaigns where creator_id = ${buyer.id} order by date desc, created_at desc, id desc`,
      )
    ).map((row) => row.spent);
    expect(exported).toHaveLength(23);
    expect(exported).toEqual(expected);
  });

  it("leave out a buyer and an offer whose only campaigns in an edge month lie outside the range", async () => {
    // coverByMonths reads such a month whole and subtracts its days outside the range; the buyer and
    // the offer below net to zero campaigns there and must not appear at all.
    const db = ctx.db;
    const admin = await createUser(db, { role: "admin" });
    const lead = await createUser(db, { role: "manager" });
    const inside = await createUser(db, { role: "user", managerId: lead.id });
    const outside = await createUser(db, { role: "user", managerId: lead.id });
    const [shared, onlyOutside] = [await createOffer(db), await createOffer(db)];
    const month = `${addMonths(today, -14).slice(0, 7)}`;
    for (const [creator, offer, day, fields] of [
      [inside, shared, "03", { spent: "5.00" }],
      [inside, shared, "20", { deposits: 2 }],
      [outside, onlyOutside, "27", { spent: "7.00" }],
      [outside, onlyOutside, "01", { clicks: 3 }],
    ] as const)
      await createCampaignRow(db, {
        creatorId: creator.id,
        offerId: offer.id,
        date: `${month}-${day}`,
        ...fields,
      });
    const query = { from: `${month}-02`, to: `${month}-24` };
    for (const viewer of [admin, lead]) {
      const fromTotals = await getAnalytics({ db, actor: asActor(viewer), query, timeZone });
      expect(fromTotals).toEqual(
        await getAnalytics({ db, actor: asActor(viewer), query: overCampaigns(query), timeZone }),
      );
      expect(fromTotals.byUser.map((user) => user.userId)).toContain(inside.id);
      expect(fromTotals.byUser.map((user) => user.userId)).not.toContain(outside.id);
      expect(fromTotals.byOffer.map((offer) => offer.offerId)).toContain(shared.id);
      expect(fromTotals.byOffer.map((offer) => offer.offerId)).not.toContain(onlyOutside.id);
    }
  });
});
