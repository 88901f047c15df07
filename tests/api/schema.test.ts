import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeMetrics } from "../../domain/metrics";
import { addDays } from "../../domain/periods";
import type { Db } from "../../server/db/client";
import {
  createCampaign,
  createCreativeRequest,
  createNote,
  createNotification,
  createOffer,
  createPayout,
  createStatement,
  createUser,
  insertCampaignRows,
  type NewCampaignRow,
} from "../../server/db/factories";
import {
  campaigns,
  creativeRequests,
  notifications,
  offerAssignments,
  offers,
  paymentStatements,
  userNotes,
  users,
} from "../../server/db/schema";
import { createTestContext } from "../harness";

// Property tests have an explicit, generous time budget and a bounded number of runs, so a loaded
// machine never meets Vitest's 5 s default while a hang still fails.
const propertyTimeoutMs = 180_000;

// The database itself guards the data: derived campaign fields are computed by PostgreSQL exactly as
// decisions.md defines them, constraints refuse impossible values, and foreign keys decide what a
// delete takes with it. Runs on PGlite and on PostgreSQL.

type Context = Awaited<ReturnType<typeof createTestContext>>;
let ctx: Context;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
});
afterAll(async () => {
  await ctx?.close();
});

/** The PostgreSQL error under drizzle's wrapper: SQLSTATE code and constraint name. */
function databaseError(error: unknown): { code?: string; constraint?: string; message: string } {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === "string" ? { constraint: candidate.constraint } : {}),
        message: String(candidate.message),
      };
    }
    current = candidate.cause;
  }
  return { message: String(error) };
}

async function expectRejected(promise: Promise<unknown>, code: string | string[], constraint?: string) {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, "the database accepted what it must refuse").toBeDefined();
  const found = databaseError(caught);
  expect(Array.isArray(code) ? code : [code]).toContain(found.code);
  if (constraint) expect(found.constraint ?? found.message).toContain(constraint);
}

const checkViolation = "23514";
const foreignKeyViolation = "23503";
/** ON DELETE RESTRICT: restrict_violation on PGlite (PostgreSQL 18), foreign_key_violation on PostgreSQL 15. */
const restrictViolation = ["23001", "23503"];

describe("campaign derived columns", () => {
  it("computes profit, ROI, EPC, the four costs and the three rates", async () => {
    const campaign = await createCampaign(db, {
      spent: "100.00",
      clicks: 1000,
      installations: 250,
      registrations: 75,
      deposits: 15,
      depositPayment: "450.00",
    });
    expect({
      profit: campaign.profit,
      roi: campaign.roi,
      epc: campaign.epc,
      clickPrice: campaign.clickPrice,
      installPrice: campaign.installPrice,
      regPrice: campaign.regPrice,
      depPrice: campaign.depPrice,
      clickToInst: campaign.clickToInst,
      instToReg: campaign.instToReg,
      regToDep: campaign.regToDep,
    }).toEqual({
      profit: "350.00",
      roi: "350.0000",
      epc: "0.4500",
      clickPrice: "0.1000",
      installPrice: "0.4000",
      regPrice: "1.3333",
      depPrice: "6.6667",
      clickToInst: "25.0000",
      instToReg: "30.0000",
      regToDep: "20.0000",
    });
  });

  it("gives a negative profit and ROI on a loss day", async () => {
    const campaign = await createCampaign(db, { spent: "80.00", clicks: 400, depositPayment: "20.00" });
    expect(campaign.profit).toBe("-60.00");
    expect(campaign.roi).toBe("-75.0000");
  });

  it("does not integer-divide counts", async () => {
    const campaign = await createCampaign(db, {
      spent: "10.00",
      clicks: 3,
      installations: 1,
      registrations: 3,
      deposits: 2,
      depositPayment: "0.00",
    });
    expect(campaign.clickToInst).toBe("33.3333");
    expect(campaign.instToReg).toBe("300.0000");
    expect(campaign.regToDep).toBe("66.6667");
    expect(campaign.clickPrice).toBe("3.3333");
  });

  it("answers 0 for every ratio whose denominator is 0", async () => {
    const campaign = await createCampaign(db, {
      spent: "0.00",
      clicks: 0,
      installations: 0,
      registrations: 0,
      deposits: 0,
      depositPayment: "25.00",
    });
    for (const field of [
      "roi",
      "epc",
      "clickPrice",
      "installPrice",
      "regPrice",
      "depPrice",
      "clickToInst",
      "instToReg",
      "regToDep",
    ] as const) {
      expect(Number(campaign[field]), field).toBe(0);
    }
    expect(campaign.profit).toBe("25.00");
  });

  it("keeps 4 decimals for small EPC values", async () => {
    const campaign = await createCampaign(db, { spent: "5.00", clicks: 29, depositPayment: "1.00" });
    expect(campaign.epc).toBe("0.0345");
    const tiny = await createCampaign(db, { spent: "5.00", clicks: 20_000, depositPayment: "1.00" });
    expect(tiny.epc).toBe("0.0001");
  });

  it("holds the extremes of numeric(14,2) money without overflow", async () => {
    const campaign = await createCampaign(db, {
      spent: "0.01",
      clicks: 1,
      depositPayment: "999999999999.99",
    });
    expect(campaign.profit).toBe("999999999999.98");
    expect(campaign.roi).toBe("9999999999999800.0000");
    expect(campaign.epc).toBe("999999999999.9900");
  });

  it("recomputes on update and refuses a direct write to a derived column", async () => {
    const campaign = await createCampaign(db, { spent: "10.00", clicks: 10, depositPayment: "10.00" });
    const [updated] = await db
      .update(campaigns)
      .set({ depositPayment: "30.00" })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    expect(updated?.profit).toBe("20.00");
    expect(updated?.roi).toBe("200.0000");
    await expectRejected(db.execute(sql`update campaigns set profit = 1 where id = ${campaign.id}`), "428C9");
  });

  it("matches the shared domain formulas for any campaign", { timeout: propertyTimeoutMs }, async () => {
    const buyer = await createUser(db);
    const offer = await createOffer(db);
    const cents = fc.bigInt({ min: 0n, max: 10_000_000_00n });
    const count = fc.integer({ min: 0, max: 2_000_000 });
    const inputs = fc.sample(
      fc.record({
        spent: cents,
        revenue: cents,
        clicks: count,
        installations: count,
        registrations: count,
        deposits: count,
      }),
      { numRuns: 300, seed: 42 },
    );
    // Edge cases the sampler may miss.
    inputs.push(
      { spent: 0n, revenue: 0n, clicks: 0, installations: 0, registrations: 0, deposits: 0 },
      { spent: 1n, revenue: 0n, clicks: 7, installations: 3, registrations: 1, deposits: 0 },
      { spent: 3n, revenue: 1n, clicks: 3, installations: 2, registrations: 2, deposits: 1 },
    );
    const toMoney = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, "0")}`;
    const rows: NewCampaignRow[] = inputs.map((input, index) => ({
      // A day each: one entry per buyer, offer and day (decision 0083).
      date: addDays("2024-01-01", index),
      offerId: offer.id,
      creatorId: buyer.id,
      managerId: null,
      spent: toMoney(input.spent),
      clicks: input.clicks,
      installations: input.installations,
      registrations: input.registrations,
      deposits: input.deposits,
      depositPayment: toMoney(input.revenue),
      // keep the order for the comparison below
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, index)),
    }));
    await insertCampaignRows(db, rows, 200);
    const stored = await db
      .select()
      .from(campaigns)
      .where(eq(campaigns.creatorId, buyer.id))
      .orderBy(campaigns.createdAt);
    expect(stored).toHaveLength(rows.length);
    for (const [index, row] of stored.entries()) {
      const expected = computeMetrics({
        spent: row.spent,
        revenue: row.depositPayment,
        clicks: row.clicks,
        installations: row.installations,
        registrations: row.registrations,
        deposits: row.deposits,
      });
      const actual = {
        profit: row.profit,
        // numeric(20,4) text, compared digit for digit with the domain's ratio strings.
        roi: row.roi,
        epc: row.epc,
        costPerClick: row.clickPrice,
        costPerInstall: row.installPrice,
        costPerRegistration: row.regPrice,
        costPerDeposit: row.depPrice,
        clickToInstall: row.clickToInst,
        installToRegistration: row.instToReg,
        registrationToDeposit: row.regToDep,
      };
      expect(
        actual,
        `row ${index}: ${JSON.stringify(inputs[index], (_k, v) => (typeof v === "bigint" ? String(v) : v))}`,
      ).toEqual({
        profit: expected.profit,
        roi: expected.roi,
        epc: expected.epc,
        costPerClick: expected.costPerClick,
        costPerInstall: expected.costPerInstall,
        costPerRegistration: expected.costPerRegistration,
        costPerDeposit: expected.costPerDeposit,
        clickToInstall: expected.clickToInstall,
        installToRegistration: expected.installToRegistration,
        registrationToDeposit: expected.registrationToDeposit,
      });
    }
  });
});

describe("check constraints", () => {
  it("refuse negative money and counts on campaigns", async () => {
    const buyer = await createUser(db);
    const offer = await createOffer(db);
    const base = { creatorId: buyer.id, offerId: offer.id };
    await expectRejected(
      createCampaign(db, { ...base, spent: "-0.01" }),
      checkViolation,
      "campaigns_spent_nonnegative",
    );
    await expectRejected(
      createCampaign(db, { ...base, depositPayment: "-5.00" }),
      checkViolation,
      "campaigns_deposit_payment_nonnegative",
    );
    for (const field of ["clicks", "installations", "registrations", "deposits"] as const) {
      await expectRejected(
        createCampaign(db, { ...base, [field]: -1, depositPayment: "0.00" }),
        checkViolation,
        "campaigns_counts_nonnegative",
      );
    }
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(eq(campaigns.creatorId, buyer.id));
    expect(left?.n).toBe(0);
  });

  it("refuse negative offer amounts and unknown currencies", async () => {
    await expectRejected(
      createOffer(db, { payoutPerDeposit: "-1.00" }),
      checkViolation,
      "offers_payout_nonnegative",
    );
    await expectRejected(createOffer(db, { value: "-1.00" }), checkViolation, "offers_value_nonnegative");
    await expectRejected(
      db.execute(
        sql`insert into offers (name, casino_brand, value, currency, payout_per_deposit) values ('X', 'Y', 1, 'EUR', 1)`,
      ),
      checkViolation,
      "offers_currency_check",
    );
    await expectRejected(createOffer(db, { name: "   " }), checkViolation, "offers_name_not_blank");
  });

  it("refuse values outside each enum", async () => {
    await expectRejected(
      db.execute(
        sql`insert into users (id, name, email, role) values ('u-bad-role', 'X', 'bad-role@example.test', 'owner')`,
      ),
      checkViolation,
      "users_role_check",
    );
    await expectRejected(
      db.execute(
        sql`insert into users (id, name, email, language) values ('u-bad-lang', 'X', 'bad-lang@example.test', 'de')`,
      ),
      checkViolation,
      "users_language_check",
    );
    const buyer = await createUser(db);
    await expectRejected(
      db.execute(
        sql`insert into creative_requests (user_id, type, deadline, description) values (${buyer.id}, 'Audio', '2025-01-01', 'x')`,
      ),
      checkViolation,
      "creative_requests_type_check",
    );
    await expectRejected(
      db.execute(
        sql`insert into creative_requests (user_id, format, deadline, description) values (${buyer.id}, 'Round', '2025-01-01', 'x')`,
      ),
      checkViolation,
      "creative_requests_format_check",
    );
    await expectRejected(
      db.execute(
        sql`insert into creative_requests (user_id, status, deadline, description) values (${buyer.id}, 'done', '2025-01-01', 'x')`,
      ),
      checkViolation,
      "creative_requests_status_check",
    );
    await expectRejected(
      db.execute(sql`insert into notifications (user_id, type) values (${buyer.id}, 'birthday')`),
      checkViolation,
      "notifications_type_check",
    );
    await expectRejected(
      db.execute(
        sql`insert into payment_statements (user_id, period_start, period_end, status) values (${buyer.id}, '2025-01-01', '2025-01-31', 'refunded')`,
      ),
      checkViolation,
      "payment_statements_status_check",
    );
  });

  it("refuse blank notes, negative payouts, a reversal without a reason and a self team lead", async () => {
    const buyer = await createUser(db);
    await expectRejected(
      createNote(db, { userId: buyer.id, content: "   " }),
      checkViolation,
      "user_notes_content_not_blank",
    );
    await expectRejected(
      createCreativeRequest(db, { userId: buyer.id, description: "  " }),
      checkViolation,
      "creative_requests_description_not_blank",
    );
    await expectRejected(
      createPayout(db, { amount: "-10.00" }),
      checkViolation,
      "payouts_amount_nonnegative",
    );
    const payout = await createPayout(db);
    await expectRejected(
      db.execute(sql`update payouts set reversed_at = now() where id = ${payout.id}`),
      checkViolation,
      "payouts_reversal_has_reason",
    );
    await expectRejected(
      db.update(users).set({ managerId: buyer.id }).where(eq(users.id, buyer.id)),
      checkViolation,
      "users_manager_not_self",
    );
  });

  it("refuse two users with the same e-mail in any letter case", async () => {
    await createUser(db, { email: "same@example.test" });
    await expectRejected(createUser(db, { email: "SAME@example.test" }), "23505");
  });
});

describe("foreign keys", () => {
  it("refuse to delete a user who has recorded payouts, and keep everything", async () => {
    const buyer = await createUser(db);
    const statement = await createStatement(db, { userId: buyer.id, amountDue: "300.00" });
    await createPayout(db, { statementId: statement.id, amount: "300.00" });
    await createCampaign(db, { creatorId: buyer.id });
    await expectRejected(db.delete(users).where(eq(users.id, buyer.id)), restrictViolation, "payouts");
    expect(await db.select().from(users).where(eq(users.id, buyer.id))).toHaveLength(1);
    expect(await db.select().from(campaigns).where(eq(campaigns.creatorId, buyer.id))).toHaveLength(1);
    expect(
      await db.select().from(paymentStatements).where(eq(paymentStatements.userId, buyer.id)),
    ).toHaveLength(1);
  });

  it("delete a user's own rows with the user when there are no payouts", async () => {
    const lead = await createUser(db, { role: "manager" });
    const buyer = await createUser(db, { managerId: lead.id });
    const admin = await createUser(db, { role: "admin" });
    const offer = await createOffer(db, { visibleToAll: false, assignTo: [buyer.id] });
    await createCampaign(db, { creatorId: buyer.id, offerId: offer.id });
    await createNote(db, { userId: buyer.id, createdBy: admin.id });
    await createNotification(db, { userId: buyer.id });
    await createCreativeRequest(db, { userId: buyer.id });
    await createStatement(db, { userId: buyer.id });

    await db.delete(users).where(eq(users.id, buyer.id));

    const remaining = await Promise.all([
      db.select().from(campaigns).where(eq(campaigns.creatorId, buyer.id)),
      db.select().from(userNotes).where(eq(userNotes.userId, buyer.id)),
      db.select().from(notifications).where(eq(notifications.userId, buyer.id)),
      db.select().from(creativeRequests).where(eq(creativeRequests.userId, buyer.id)),
      db.select().from(offerAssignments).where(eq(offerAssignments.userId, buyer.id)),
      db.select().from(paymentStatements).where(eq(paymentStatements.userId, buyer.id)),
    ]);
    expect(remaining.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await db.select().from(offers).where(eq(offers.id, offer.id))).toHaveLength(1);
  });

  it("keep a deleted offer's campaigns with no offer, and drop its assignments", async () => {
    const buyer = await createUser(db);
    const offer = await createOffer(db, {
      visibleToAll: false,
      assignTo: [buyer.id],
      payoutPerDeposit: "40.00",
    });
    const campaign = await createCampaign(db, {
      creatorId: buyer.id,
      offerId: offer.id,
      deposits: 3,
      spent: "50.00",
    });
    expect(campaign.depositPayment).toBe("120.00");

    await db.delete(offers).where(eq(offers.id, offer.id));

    const [kept] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(kept?.offerId).toBeNull();
    expect(kept?.depositPayment).toBe("120.00");
    expect(kept?.profit).toBe("70.00");
    expect(
      await db.select().from(offerAssignments).where(eq(offerAssignments.offerId, offer.id)),
    ).toHaveLength(0);
  });

  it("clear the team lead from buyers and campaigns when the lead is deleted", async () => {
    const lead = await createUser(db, { role: "manager" });
    const buyer = await createUser(db, { managerId: lead.id });
    const campaign = await createCampaign(db, { creatorId: buyer.id });
    expect(campaign.managerId).toBe(lead.id);

    await db.delete(users).where(eq(users.id, lead.id));

    const [buyerAfter] = await db.select().from(users).where(eq(users.id, buyer.id));
    const [campaignAfter] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(buyerAfter?.managerId).toBeNull();
    expect(campaignAfter?.managerId).toBeNull();
  });

  it("refuse a campaign for a user or an offer that does not exist", async () => {
    const offer = await createOffer(db);
    await expectRejected(
      createCampaign(db, { creatorId: "nobody", offerId: offer.id, managerId: null }),
      foreignKeyViolation,
    );
    const buyer = await createUser(db);
    await expectRejected(
      createCampaign(db, {
        creatorId: buyer.id,
        offerId: "00000000-0000-4000-8000-000000000000",
        depositPayment: "0.00",
      }),
      foreignKeyViolation,
    );
  });
});

describe("sums over numeric", () => {
  it("stay exact over 10,000 rows of 0.10", async () => {
    const buyer = await createUser(db);
    const offer = await createOffer(db);
    // 10,000 days (1990 to 2017): one entry per buyer, offer and day (decision 0083).
    const rows: NewCampaignRow[] = Array.from({ length: 10_000 }, (_, index) => ({
      date: addDays("1990-01-01", index),
      offerId: offer.id,
      creatorId: buyer.id,
      managerId: null,
      spent: "0.10",
      clicks: 3,
      installations: 1,
      registrations: 1,
      deposits: 0,
      depositPayment: "0.30",
    }));
    expect(await insertCampaignRows(db, rows)).toBe(10_000);

    const [totals] = await db
      .select({
        rows: sql<number>`count(*)::int`,
        spent: sql<string>`sum(${campaigns.spent})`,
        revenue: sql<string>`sum(${campaigns.depositPayment})`,
        profit: sql<string>`sum(${campaigns.profit})`,
        clicks: sql<number>`sum(${campaigns.clicks})::int`,
        roi: sql<string>`round(sum(${campaigns.profit}) * 100 / nullif(sum(${campaigns.spent}), 0), 4)`,
      })
      .from(campaigns)
      .where(eq(campaigns.creatorId, buyer.id));
    expect(totals).toEqual({
      rows: 10_000,
      spent: "1000.00",
      revenue: "3000.00",
      profit: "2000.00",
      clicks: 30_000,
      roi: "200.0000",
    });
    // What a binary float would have said instead.
    let float = 0;
    for (let i = 0; i < 10_000; i++) float += 0.1;
    expect(float).not.toBe(1000);
  });
});
