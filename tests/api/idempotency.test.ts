import { and, count, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppBindings } from "../../server/context";
import { type CreatedUser, createOffer, createUser, type OfferRow } from "../../server/db/factories";
import { campaigns, idempotencyKeys } from "../../server/db/schema";
import { AppError } from "../../server/errors";
import { honourIdempotencyKeys, purgeExpiredIdempotencyKeys } from "../../server/idempotency";
import { createTestContext, type TestContext } from "../harness";

// Idempotency-Key on every write (docs/decisions/0069), on both databases.

let ctx: TestContext;
let buyer: CreatedUser;
let other: CreatedUser;
let offer: OfferRow;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createUser(ctx.db, { role: "user" });
  other = await createUser(ctx.db, { role: "user" });
  for (const user of [buyer, other]) cookies[user.id] = await ctx.signIn(user.email, user.password);
  offer = await createOffer(ctx.db, { payoutPerDeposit: "10.00" });
});

afterAll(async () => {
  await ctx?.close();
});

let day = 0;
const nextDate = () => `2025-04-${String(++day).padStart(2, "0")}`;

function send(user: CreatedUser, path: string, method: string, key: string | null, json?: unknown) {
  return ctx.request(path, {
    method,
    cookie: cookies[user.id],
    ...(json === undefined ? {} : { json }),
    headers: key === null ? {} : { "idempotency-key": key },
  });
}

async function rowsOn(date: string) {
  const [row] = await ctx.db.select({ n: count() }).from(campaigns).where(eq(campaigns.date, date));
  return Number(row?.n ?? 0);
}

describe("Idempotency-Key", () => {
  it("replays the stored answer for the same key and body, and saves once", async () => {
    const body = { date: nextDate(), offerId: offer.id, spent: "5", deposits: 1 };
    const first = await send(buyer, "/api/campaigns", "POST", "add-1", body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const created = await first.json();
    const again = await send(buyer, "/api/campaigns", "POST", "add-1", body);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(await again.json()).toEqual(created);
    expect(await rowsOn(body.date)).toBe(1);
    // Without a key, the same body is a second action (the API decides nothing for the caller):
    // a second entry for that offer and day, refused by one entry per day (decision 0083).
    const second = await send(buyer, "/api/campaigns", "POST", null, body);
    expect(second.status).toBe(409);
    expect((await second.json()).error).toMatchObject({ code: "day_already_logged", existingId: created.id });
    expect(await rowsOn(body.date)).toBe(1);
  });

  it("keeps keys per user: another user's same key is their own action", async () => {
    const body = { date: nextDate(), offerId: offer.id, spent: "1" };
    expect((await send(buyer, "/api/campaigns", "POST", "shared", body)).status).toBe(201);
    const theirs = await send(other, "/api/campaigns", "POST", "shared", body);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await rowsOn(body.date)).toBe(2);
  });

  it("refuses the same key with another body or another operation, saving nothing", async () => {
    const date = nextDate();
    const body = { date, offerId: offer.id, spent: "5" };
    expect((await send(buyer, "/api/campaigns", "POST", "add-2", body)).status).toBe(201);
    const otherBody = await send(buyer, "/api/campaigns", "POST", "add-2", { ...body, spent: "6" });
    expect(otherBody.status).toBe(422);
    const error = (await otherBody.json()).error;
    expect(error.code).toBe("idempotency_key_reused");
    const [campaign] = await ctx.db.select().from(campaigns).where(eq(campaigns.date, date));
    const otherPath = await send(buyer, `/api/campaigns/${campaign!.id}`, "PATCH", "add-2", body);
    expect(otherPath.status).toBe(422);
    expect(await rowsOn(date)).toBe(1);
    expect(campaign!.spent).toBe("5.00");
  });

  it("replays PATCH and DELETE (a retried delete answers 204, not 404)", async () => {
    const date = nextDate();
    const created = await (
      await send(buyer, "/api/campaigns", "POST", null, { date, offerId: offer.id, spent: "5" })
    ).json();
    const path = `/api/campaigns/${created.id}`;
    const edited = await send(buyer, path, "PATCH", "edit-1", { spent: "7" });
    expect(edited.status).toBe(200);
    const editedAgain = await send(buyer, path, "PATCH", "edit-1", { spent: "7" });
    expect(editedAgain.headers.get("idempotent-replayed")).toBe("true");
    expect(await editedAgain.json()).toEqual(await edited.json());
    expect((await send(buyer, path, "DELETE", "delete-1")).status).toBe(204);
    const deletedAgain = await send(buyer, path, "DELETE", "delete-1");
    expect(deletedAgain.status).toBe(204);
    expect(deletedAgain.headers.get("idempotent-replayed")).toBe("true");
    expect((await send(buyer, path, "DELETE", "delete-2")).status).toBe(404);
  });

  it("releases the key of a refused call, so the corrected action may use it", async () => {
    const date = nextDate();
    const refused = await send(buyer, "/api/campaigns", "POST", "fix-1", {
      date,
      offerId: offer.id,
      spent: "-1",
    });
    expect(refused.status).toBe(400);
    const fixed = await send(buyer, "/api/campaigns", "POST", "fix-1", {
      date,
      offerId: offer.id,
      spent: "1",
    });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect(await rowsOn(date)).toBe(1);
  });

  it("saves once when the same key arrives twice at the same time", async () => {
    for (let round = 0; round < 3; round++) {
      const body = { date: nextDate(), offerId: offer.id, spent: "3" };
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => send(buyer, "/api/campaigns", "POST", `parallel-${round}`, body)),
      );
      const statuses = answers.map((answer) => answer.status);
      // One wins; the others waited and got its answer, or were told it is still running.
      expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      expect(
        answers.filter(
          (answer) => answer.headers.get("idempotent-replayed") === null && answer.status === 201,
        ),
      ).toHaveLength(1);
      expect(await rowsOn(body.date)).toBe(1);
    }
  });

  it("answers a bad key with a translated 400 and forgets keys after 24 hours", async () => {
    const bad = await send(buyer, "/api/campaigns", "POST", "has space", {
      date: nextDate(),
      offerId: offer.id,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("idempotency_key_invalid");

    const date = nextDate();
    const body = { date, offerId: offer.id, spent: "2" };
    const old = await send(buyer, "/api/campaigns", "POST", "old-1", body);
    expect(old.status).toBe(201);
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, buyer.id), eq(idempotencyKeys.key, "old-1")));
    // The day's entry deleted since (one entry per day, decision 0083): the same call saves anew.
    await ctx.db.delete(campaigns).where(eq(campaigns.id, (await old.json()).id));
    const later = await send(buyer, "/api/campaigns", "POST", "old-1", body);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await rowsOn(date)).toBe(1);
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, "old-1"));
    expect(await purgeExpiredIdempotencyKeys(ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "old-1"));
    expect(left).toHaveLength(0);
  });

  it("says 409 idempotency_key_in_use while the first call with the key is still running", async () => {
    // A small app around the middleware: the first handler waits until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const app = new Hono<AppBindings>();
    app.use("*", async (c, next) => {
      c.set("actor", { id: buyer.id } as AppBindings["Variables"]["actor"]);
      await next();
    });
    app.use("*", honourIdempotencyKeys(ctx.db, { waitMs: 300 }));
    app.post("/slow", async (c) => {
      calls++;
      await gate;
      return c.json({ calls }, 201);
    });
    app.onError((error, c) =>
      error instanceof AppError
        ? c.json(error.toBody(), error.status)
        : c.json({ error: String(error) }, 500),
    );
    const request = () =>
      app.request("/slow", {
        method: "POST",
        headers: { "idempotency-key": "slow-1", "content-type": "application/json" },
        body: "{}",
      });
    const first = request();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await request();
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe("idempotency_key_in_use");
    release();
    expect((await first).status).toBe(201);
    const third = await request();
    expect(third.headers.get("idempotent-replayed")).toBe("true");
    expect(await third.json()).toEqual({ calls: 1 });
    expect(calls).toBe(1);
  });
});
