import { and, count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  type CreatedUser,
  createCampaign,
  createOffer,
  createStatement,
  createUser,
  type OfferRow,
} from "../../db/factories";
import { campaigns, paymentStatements, users } from "../../db/schema";

// A statement in processing, paid or cancelled closes its buyer's month: every path that creates,
// changes or deletes a campaign dated in it answers 409 month_closed, until the statement is back to
// pending (decisions.md, "Month close and the payout ledger"; docs/decisions/0062). Statuses are set
// directly in the database: this feature reads payment_statements, not the payments API.

let ctx: TestContext;
let admin: CreatedUser;
let offer: OfferRow;
const cookies: Record<string, string> = {};

const closing = ["processing", "paid", "cancelled"] as const;
type Status = "pending" | (typeof closing)[number];

// Past months (the tests never depend on today), one per concern so none leaks into another.
const september = (day: number) => `2026-09-${String(day).padStart(2, "0")}`;
const october = (day: number) => `2026-10-${String(day).padStart(2, "0")}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  cookies[admin.id] = await ctx.signIn(admin.email, admin.password);
  offer = await createOffer(ctx.db, { name: "Fortuna BR", payoutPerDeposit: "30.00" });
});

afterAll(async () => {
  await ctx?.close();
});

async function newBuyer(): Promise<CreatedUser> {
  const buyer = await createUser(ctx.db, { role: "user" });
  cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
  return buyer;
}

/** A campaign of the buyer's on the shared offer, dated `date`. */
function campaignOf(buyer: CreatedUser, date: string, spent?: string) {
  return createCampaign(ctx.db, { creatorId: buyer.id, offerId: offer.id, date, spent });
}

/** The buyer's statement for the month of `day` in `status`, created if missing. */
async function setStatement(userId: string, day: string, status: Status) {
  const periodStart = `${day.slice(0, 7)}-01`;
  const [existing] = await ctx.db
    .update(paymentStatements)
    .set({ status })
    .where(and(eq(paymentStatements.userId, userId), eq(paymentStatements.periodStart, periodStart)))
    .returning({ id: paymentStatements.id });
  if (!existing) await createStatement(ctx.db, { userId, periodStart, status });
}

function call(user: CreatedUser, path: string, method: string, json?: unknown) {
  return ctx.request(path, { method, cookie: cookies[user.id]!, ...(json === undefined ? {} : { json }) });
}

async function rowsOf(userId: string) {
  return ctx.db
    .select({ id: campaigns.id, date: campaigns.date, spent: campaigns.spent })
    .from(campaigns)
    .where(eq(campaigns.creatorId, userId))
    .orderBy(campaigns.date, campaigns.spent);
}

async function expectMonthClosed(response: Response, month: string, fields?: Record<string, string>) {
  expect(response.status, await response.clone().text()).toBe(409);
  const { error } = await response.json();
  expect(error.code).toBe("month_closed");
  expect(error.message).toContain(month);
  expect(error.fields).toEqual(fields);
}

const day = (date: string, spent = "10") => ({ date, offerId: offer.id, spent, clicks: 10, deposits: 1 });

describe("POST /api/campaigns (the form)", () => {
  it.each(closing)(
    "is refused in a month whose statement is %s, and accepted once it is pending",
    async (status) => {
      const buyer = await newBuyer();
      await setStatement(buyer.id, september(1), status);
      await expectMonthClosed(
        await call(buyer, "/api/campaigns", "POST", day(september(14))),
        "September 2026",
        {
          date: "month_closed",
        },
      );
      expect(await rowsOf(buyer.id)).toEqual([]);
      // Another month, with or without a statement, is open.
      await setStatement(buyer.id, october(1), "pending");
      expect((await call(buyer, "/api/campaigns", "POST", day(october(14)))).status).toBe(201);
      expect((await call(buyer, "/api/campaigns", "POST", day("2026-08-14"))).status).toBe(201);

      await setStatement(buyer.id, september(1), "pending");
      expect((await call(buyer, "/api/campaigns", "POST", day(september(14)))).status).toBe(201);
      expect((await rowsOf(buyer.id)).map((row) => row.date)).toEqual([
        "2026-08-14",
        september(14),
        october(14),
      ]);
    },
  );

  it("counts only the buyer's own statement", async () => {
    const buyer = await newBuyer();
    const other = await newBuyer();
    await setStatement(other.id, september(1), "paid");
    expect((await call(buyer, "/api/campaigns", "POST", day(september(3)))).status).toBe(201);
  });
});

describe("PATCH /api/campaigns/{id}", () => {
  it.each(closing)(
    "refuses edits in, into and out of a %s month, the buyer's and an admin's",
    async (status) => {
      const buyer = await newBuyer();
      const inSeptember = await campaignOf(buyer, september(10), "10.00");
      const inOctober = await campaignOf(buyer, october(10), "20.00");
      await setStatement(buyer.id, september(1), status);
      const before = await rowsOf(buyer.id);

      // In: the saved date is the closed one; the form's date is not at fault.
      await expectMonthClosed(
        await call(buyer, `/api/campaigns/${inSeptember.id}`, "PATCH", { spent: "11" }),
        "September 2026",
      );
      // Out: moving a row out of a closed month changes that month.
      await expectMonthClosed(
        await call(buyer, `/api/campaigns/${inSeptember.id}`, "PATCH", { date: october(11) }),
        "September 2026",
      );
      // Into: the new date is the closed one.
      await expectMonthClosed(
        await call(buyer, `/api/campaigns/${inOctober.id}`, "PATCH", { date: september(11), spent: "21" }),
        "September 2026",
        { date: "month_closed" },
      );
      // An admin editing the buyer's campaign: the creator's month counts.
      await expectMonthClosed(
        await call(admin, `/api/campaigns/${inSeptember.id}`, "PATCH", { spent: "12" }),
        "September 2026",
      );
      expect(await rowsOf(buyer.id)).toEqual(before);
      // Within the open month, edits go on.
      expect(
        (await call(buyer, `/api/campaigns/${inOctober.id}`, "PATCH", { date: october(12) })).status,
      ).toBe(200);

      await setStatement(buyer.id, september(1), "pending");
      expect((await call(buyer, `/api/campaigns/${inSeptember.id}`, "PATCH", { spent: "11" })).status).toBe(
        200,
      );
      expect(
        (await call(buyer, `/api/campaigns/${inOctober.id}`, "PATCH", { date: september(11) })).status,
      ).toBe(200);
      expect(
        (await call(admin, `/api/campaigns/${inSeptember.id}`, "PATCH", { date: october(9) })).status,
      ).toBe(200);
      expect((await rowsOf(buyer.id)).map((row) => [row.date, row.spent])).toEqual([
        [september(11), "20.00"],
        [october(9), "11.00"],
      ]);
    },
  );

  it("checks the creator's month, not the admin's", async () => {
    const buyer = await newBuyer();
    const row = await campaignOf(buyer, september(5));
    await setStatement(admin.id, september(1), "processing");
    expect((await call(admin, `/api/campaigns/${row.id}`, "PATCH", { spent: "3" })).status).toBe(200);
    await setStatement(admin.id, september(1), "pending");
  });

  it("answers 404, not 409, for another buyer's campaign in a closed month", async () => {
    const buyer = await newBuyer();
    const stranger = await newBuyer();
    const row = await campaignOf(buyer, september(5));
    await setStatement(buyer.id, september(1), "paid");
    expect((await call(stranger, `/api/campaigns/${row.id}`, "PATCH", { spent: "3" })).status).toBe(404);
    expect((await call(stranger, `/api/campaigns/${row.id}`, "DELETE")).status).toBe(404);
  });
});

describe("DELETE /api/campaigns/{id}", () => {
  it.each(closing)(
    "is refused in a %s month, for the buyer and an admin, until it is pending",
    async (status) => {
      const buyer = await newBuyer();
      const row = await campaignOf(buyer, september(20));
      await setStatement(buyer.id, september(1), status);
      await expectMonthClosed(await call(buyer, `/api/campaigns/${row.id}`, "DELETE"), "September 2026");
      await expectMonthClosed(await call(admin, `/api/campaigns/${row.id}`, "DELETE"), "September 2026");
      expect(await rowsOf(buyer.id)).toHaveLength(1);

      await setStatement(buyer.id, september(1), "pending");
      expect((await call(buyer, `/api/campaigns/${row.id}`, "DELETE")).status).toBe(204);
      expect(await rowsOf(buyer.id)).toEqual([]);
    },
  );
});

describe("POST /api/campaigns/batch", () => {
  it.each(closing)(
    "refuses the whole batch when one row is in a %s month, naming that row",
    async (status) => {
      const buyer = await newBuyer();
      await setStatement(buyer.id, september(1), status);
      const rows = [day(october(1)), day(september(2)), day(october(3))];
      await expectMonthClosed(await call(buyer, "/api/campaigns/batch", "POST", { rows }), "September 2026", {
        "rows.1.date": "month_closed",
      });
      expect(await rowsOf(buyer.id)).toEqual([]);

      await setStatement(buyer.id, september(1), "pending");
      const saved = await call(buyer, "/api/campaigns/batch", "POST", { rows });
      expect(await saved.json()).toEqual({ added: 3, replaced: 0, skipped: 0 });
    },
  );

  it("names every refused row and every closed month; an admin's batch for a buyer counts the buyer's", async () => {
    const buyer = await newBuyer();
    await setStatement(buyer.id, september(1), "paid");
    await setStatement(buyer.id, october(1), "processing");
    const rows = [day("2026-08-01"), day(september(2)), day(october(3)), day(september(4))];
    await expectMonthClosed(
      await call(admin, "/api/campaigns/batch", "POST", { rows, userId: buyer.id }),
      "September 2026, October 2026",
      { "rows.1.date": "month_closed", "rows.2.date": "month_closed", "rows.3.date": "month_closed" },
    );
    expect(await rowsOf(buyer.id)).toEqual([]);
  });

  it("refuses replacing a logged day in a closed month, and skipping it too", async () => {
    const buyer = await newBuyer();
    await campaignOf(buyer, september(7), "5.00");
    await setStatement(buyer.id, september(1), "processing");
    for (const duplicates of ["replace", "skip"]) {
      const response = await call(buyer, "/api/campaigns/batch", "POST", {
        rows: [day(september(7), "50")],
        duplicates,
      });
      await expectMonthClosed(response, "September 2026", { "rows.0.date": "month_closed" });
    }
    expect((await rowsOf(buyer.id)).map((row) => row.spent)).toEqual(["5.00"]);
  });
});

describe("the import", () => {
  const csv = (...lines: string[]) => `date,offer,spent,clicks,deposits\n${lines.join("\n")}\n`;

  async function preview(user: CreatedUser, text: string, userId?: string) {
    const form = new FormData();
    form.set("file", new File([new TextEncoder().encode(text)], "results.csv", { type: "text/csv" }));
    if (userId) form.set("userId", userId);
    const response = await ctx.request("/api/imports/preview", {
      method: "POST",
      cookie: cookies[user.id]!,
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  const commit = (user: CreatedUser, token: string, duplicates = "skip") =>
    call(user, "/api/imports", "POST", { token, duplicates });

  it.each(closing)(
    "marks rows of a %s month as errors in the preview and skips them at commit",
    async (status) => {
      const buyer = await newBuyer();
      await setStatement(buyer.id, september(1), status);
      const body = await preview(
        buyer,
        csv(
          `${september(3)},Fortuna BR,10,100,1`,
          `${october(3)},Fortuna BR,20,100,1`,
          `${september(4)},Nope,1,1,1`,
        ),
      );
      expect(body.counts).toEqual({ ok: 1, duplicate: 0, error: 2 });
      expect(
        body.rows.map((row: { line: number; status: string; problems: unknown[] }) => row.problems),
      ).toEqual([
        [{ code: "month_closed", field: "date" }],
        [],
        // A row that could not be read has no date to check; it is an error already.
        [{ code: "unknown_offer", field: "offer" }],
      ]);
      expect(await (await commit(buyer, body.token)).json()).toEqual({ added: 1, replaced: 0, skipped: 2 });
      expect((await rowsOf(buyer.id)).map((row) => row.date)).toEqual([october(3)]);
    },
  );

  it("marks a day already logged in a closed month as an error, not a duplicate to replace", async () => {
    const buyer = await newBuyer();
    await campaignOf(buyer, september(7), "5.00");
    await setStatement(buyer.id, september(1), "paid");
    const body = await preview(buyer, csv(`${september(7)},Fortuna BR,50,100,1`));
    expect(body.rows[0]).toMatchObject({
      status: "error",
      problems: [{ code: "duplicate_existing" }, { code: "month_closed", field: "date" }],
    });
    expect(await (await commit(buyer, body.token, "replace")).json()).toEqual({
      added: 0,
      replaced: 0,
      skipped: 1,
    });
    expect((await rowsOf(buyer.id)).map((row) => row.spent)).toEqual(["5.00"]);
  });

  it("checks again at commit: a month closed since the preview refuses the commit, which works once it is reopened", async () => {
    const buyer = await newBuyer();
    const body = await preview(
      buyer,
      csv(`${september(3)},Fortuna BR,10,100,1`, `${october(3)},Fortuna BR,20,100,1`),
    );
    expect(body.counts).toEqual({ ok: 2, duplicate: 0, error: 0 });
    await setStatement(buyer.id, october(1), "processing");
    await expectMonthClosed(await commit(buyer, body.token), "October 2026");
    expect(await rowsOf(buyer.id)).toEqual([]);
    // The preview was not used up: reopened, the same commit saves both rows.
    await setStatement(buyer.id, october(1), "pending");
    expect(await (await commit(buyer, body.token)).json()).toEqual({ added: 2, replaced: 0, skipped: 0 });
  });

  it("uses the target buyer's months when an admin imports for them", async () => {
    const buyer = await newBuyer();
    await setStatement(buyer.id, september(1), "cancelled");
    const body = await preview(admin, csv(`${september(3)},Fortuna BR,10,100,1`), buyer.id);
    expect(body.rows[0].problems).toEqual([{ code: "month_closed", field: "date" }]);
    const own = await preview(admin, csv(`${september(3)},Fortuna BR,10,100,1`));
    expect(own.counts.ok).toBe(1);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("keeps a user whose campaigns lie in a closed month (409 month_closed), and deletes them once it is reopened", async () => {
    const buyer = await newBuyer();
    await campaignOf(buyer, september(9));
    await setStatement(buyer.id, september(1), "processing");
    await expectMonthClosed(await call(admin, `/api/users/${buyer.id}`, "DELETE"), "September 2026");
    expect(await rowsOf(buyer.id)).toHaveLength(1);

    await setStatement(buyer.id, september(1), "pending");
    expect((await call(admin, `/api/users/${buyer.id}`, "DELETE")).status).toBe(204);
    const [left] = await ctx.db.select({ n: count() }).from(users).where(eq(users.id, buyer.id));
    expect(Number(left?.n)).toBe(0);
  });

  it("deletes a user whose closed month has no campaigns", async () => {
    const buyer = await newBuyer();
    await campaignOf(buyer, october(9));
    await setStatement(buyer.id, september(1), "cancelled");
    expect((await call(admin, `/api/users/${buyer.id}`, "DELETE")).status).toBe(204);
  });
});

// The race the shared lock closes. Another transaction closes the month the way the payments service
// does: it locks the statement, reads the month's campaigns (the totals it freezes), sets the status
// and commits a moment later. A campaign write that arrives in between must not be acknowledged and
// leave the month different from what the closing transaction read. Without the lock the write reads
// "pending" and commits at once, and the final check fails. Needs real concurrent connections.
describe.runIf(process.env.PLACAR_TEST_DB === "postgres")("racing a close", () => {
  type Close = "select for update" | "plain update";

  async function monthFingerprint(client: pg.Client, userId: string, month: string) {
    const { rows } = await client.query(
      `select coalesce(string_agg(id::text || ':' || date::text || ':' || spent::text, ',' order by id), '') as f
       from campaigns where creator_id = $1 and date >= $2::date and date < ($2::date + interval '1 month')`,
      [userId, `${month}-01`],
    );
    return rows[0].f as string;
  }

  async function lockWaiters(): Promise<number> {
    const result = (await ctx.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * Closes `month` of `userId` in another connection while `write` runs; answers the write's status
   * and whether the month still holds exactly what the closing transaction read.
   */
  async function raceClose(userId: string, month: string, close: Close, write: () => Promise<Response>) {
    const client = new pg.Client({ connectionString: ctx.database.url });
    await client.connect();
    try {
      await client.query("begin");
      if (close === "select for update")
        await client.query(
          "select id from payment_statements where user_id = $1 and period_start = $2 for update",
          [userId, `${month}-01`],
        );
      const frozen = await monthFingerprint(client, userId, month);
      // A plain UPDATE takes FOR NO KEY UPDATE on the row: a FOR KEY SHARE reader would not wait for it.
      await client.query(
        "update payment_statements set status = 'processing' where user_id = $1 and period_start = $2",
        [userId, `${month}-01`],
      );
      let settled = false;
      const answer = write().finally(() => {
        settled = true;
      });
      // Until the write waits for the lock, or (without the lock) has been answered.
      for (let i = 0; i < 250 && !settled && (await lockWaiters()) === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await client.query("commit");
      const response = await answer;
      const after = await monthFingerprint(client, userId, month);
      return { status: response.status, body: await response.text(), unchanged: after === frozen };
    } finally {
      await client.end();
    }
  }

  const closes: Close[] = ["select for update", "plain update"];

  it.each(closes)("a create waits for a close done by %s, then is refused", async (close) => {
    const buyer = await newBuyer();
    await setStatement(buyer.id, september(1), "pending");
    const result = await raceClose(buyer.id, "2026-09", close, () =>
      call(buyer, "/api/campaigns", "POST", day(september(15))),
    );
    expect(result.unchanged).toBe(true);
    expect(result.status, result.body).toBe(409);
  });

  it.each(closes)("an edit into the month waits for a close done by %s, then is refused", async (close) => {
    const buyer = await newBuyer();
    const row = await campaignOf(buyer, october(2));
    await setStatement(buyer.id, september(1), "pending");
    const result = await raceClose(buyer.id, "2026-09", close, () =>
      call(buyer, `/api/campaigns/${row.id}`, "PATCH", { date: september(2) }),
    );
    expect(result.unchanged).toBe(true);
    expect(result.status, result.body).toBe(409);
  });

  it.each(closes)("a deletion waits for a close done by %s, then is refused", async (close) => {
    const buyer = await newBuyer();
    const row = await campaignOf(buyer, september(2));
    await setStatement(buyer.id, september(1), "pending");
    const result = await raceClose(buyer.id, "2026-09", close, () =>
      call(buyer, `/api/campaigns/${row.id}`, "DELETE"),
    );
    expect(result.unchanged).toBe(true);
    expect(result.status, result.body).toBe(409);
  });

  it("a batch waits for a close, then is refused whole", async () => {
    const buyer = await newBuyer();
    await setStatement(buyer.id, september(1), "pending");
    const result = await raceClose(buyer.id, "2026-09", "plain update", () =>
      call(buyer, "/api/campaigns/batch", "POST", { rows: [day(october(1)), day(september(2))] }),
    );
    expect(result.unchanged).toBe(true);
    expect(result.status, result.body).toBe(409);
    expect(await rowsOf(buyer.id)).toEqual([]);
  });
});
