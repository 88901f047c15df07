import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  type CreatedUser,
  createOffer,
  createStatement,
  createUser,
  type OfferRow,
} from "../../db/factories";
import { campaigns, postbackLog, users } from "../../db/schema";
import { refreshWindowMs } from "../notifications/live-refresh";
import { getNotificationHub, type RefreshEvent } from "../notifications/notification-hub";
import { type PostbackWrite, postbackBatcher } from "./postback-batches";
import { postbackLogRetentionDays, prunePostbackLog, receivePostback } from "./postbacks.service";

// Postbacks (issue 26, docs/decisions/0086) on both databases: keys, the endpoint, the log.

let ctx: TestContext;
let admin: CreatedUser;
let lead: CreatedUser;
let buyer: CreatedUser;
let otherBuyer: CreatedUser;
let financial: CreatedUser;
let offer: OfferRow;
let hidden: OfferRow;
const cookies: Record<string, string> = {};
const timeZone = "America/Sao_Paulo";

beforeAll(async () => {
  ctx = await createTestContext({ env: { POSTBACK_RATE_LIMIT: "200" } });
  admin = await createUser(ctx.db, { role: "admin" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
  otherBuyer = await createUser(ctx.db, { role: "user" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, lead, buyer, otherBuyer, financial])
    cookies[user.id] = await ctx.signIn(user.email, user.password);
  offer = await createOffer(ctx.db, { name: "Postback Casino", payoutPerDeposit: "40.00", code: "PBC" });
  hidden = await createOffer(ctx.db, { name: "Hidden", visibleToAll: false, assignTo: [otherBuyer.id] });
});

afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
const tid = () => `tid-${Date.now()}-${++counter}`;

type Key = { id: string; token: string; params: Record<string, string> };

async function newKey(user: CreatedUser, body: object = {}): Promise<Key> {
  const response = await ctx.request("/api/postback-keys", {
    method: "POST",
    cookie: cookies[user.id],
    json: { label: `Network ${++counter}`, ...body },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Key;
}

function send(token: string, params: Record<string, string>, method: "GET" | "POST" = "GET") {
  if (method === "GET")
    return ctx.request(`/api/postback/${token}?${new URLSearchParams(params)}`, { origin: null });
  return ctx.request(`/api/postback/${token}`, {
    method: "POST",
    origin: null,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString(),
  });
}

async function entry(creatorId: string, offerId: string, date: string) {
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.creatorId, creatorId), eq(campaigns.offerId, offerId), eq(campaigns.date, date)));
  return row;
}

const today = () => todayIn(timeZone);

describe("receiving postbacks", () => {
  it("adds each event to the buyer's entry for the day; deposits earn the payout unless an amount is sent", async () => {
    const key = await newKey(buyer);
    const day = "2025-06-03";
    const calls: Record<string, string>[] = [
      { event: "reg", tid: tid(), offer: offer.id, date: day },
      { event: "ftd", tid: tid(), offer: "pbc", date: day },
      { event: "dep", tid: tid(), offer: offer.id, date: day, amount: "12,345" },
      { event: "install", tid: tid(), offer: offer.id, date: day },
      { event: "click", tid: tid(), offer: offer.id, date: day },
    ];
    for (const [i, params] of calls.entries()) {
      const response = await send(key.token, params, i % 2 ? "POST" : "GET");
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ outcome: "counted", date: day });
    }
    const row = await entry(buyer.id, offer.id, day);
    expect(row).toMatchObject({
      registrations: 1,
      deposits: 2,
      installations: 1,
      clicks: 1,
      // 40.00 (payout per deposit) + 12.35 (12.345 half up)
      depositPayment: "52.35",
      managerId: lead.id,
    });
    // JSON bodies too, with the key's own names.
    const mapped = await newKey(buyer, {
      preset: "keitaro",
      events: { lead: "registration", sale: "deposit" },
    });
    expect(mapped.params).toMatchObject({ event: "status", amount: "payout", tid: "tid" });
    const json = await ctx.request(`/api/postback/${mapped.token}`, {
      method: "POST",
      origin: null,
      json: { status: "Sale", payout: "7.5", tid: tid(), offer: offer.id, date: day },
    });
    expect(json.status, await json.clone().text()).toBe(200);
    expect((await entry(buyer.id, offer.id, day))?.depositPayment).toBe("59.85");
  });

  it("counts 50 parallel deliveries of one transaction id once", async () => {
    const key = await newKey(buyer);
    const day = "2025-06-10";
    const params = { event: "ftd", tid: tid(), offer: offer.id, date: day, amount: "10.00" };
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(key.token, params)));
    const outcomes = await Promise.all(answers.map(async (a) => [a.status, (await a.json()).outcome]));
    expect(outcomes.every(([status]) => status === 200)).toBe(true);
    expect(outcomes.filter(([, outcome]) => outcome === "counted")).toHaveLength(1);
    expect(outcomes.filter(([, outcome]) => outcome === "duplicate")).toHaveLength(49);
    const row = await entry(buyer.id, offer.id, day);
    expect(row).toMatchObject({ deposits: 1, depositPayment: "10.00" });
    // The same tid on another key is another transaction.
    const second = await newKey(buyer);
    expect((await (await send(second.token, params)).json()).outcome).toBe("counted");
    expect((await entry(buyer.id, offer.id, day))?.deposits).toBe(2);
  });

  it("writes the postbacks that wait together in one batch, and one whose sum overflows alone", async () => {
    const key = await newKey(buyer);
    const day = "2025-05-20";
    const write = (tidText: string, revenue: string): PostbackWrite => ({
      keyId: key.id,
      buyerId: buyer.id,
      offerId: offer.id,
      event: "deposit",
      tid: tidText,
      date: day,
      amount: revenue,
      revenue,
      clicks: 0,
      installations: 0,
      registrations: 0,
      deposits: 1,
      params: {},
      receivedAt: new Date(),
    });
    const batcher = postbackBatcher(ctx.db);
    // The first starts a statement; the next six wait for it and go together in the next one: two
    // of them repeat a tid, and two huge amounts fit numeric(14,2) alone but not summed.
    const first = batcher.write(write(tid(), "1.00"));
    const repeated = tid();
    const waiting = [
      batcher.write(write(repeated, "2.00")),
      batcher.write(write(repeated, "2.00")),
      batcher.write(write(tid(), "600000000000.00")),
      batcher.write(write(tid(), "600000000000.00")),
      batcher.write(write(tid(), "3.00")),
    ];
    expect(await first).toMatchObject({ open: true, counted: true });
    const settled = await Promise.allSettled(waiting);
    const counted = settled.map((r) => (r.status === "fulfilled" ? r.value.counted : "refused"));
    expect(counted.slice(0, 2).sort()).toEqual([false, true]);
    expect(counted.filter((c) => c === "refused")).toHaveLength(1);
    expect(counted[4]).toBe(true);
    // 1 + 2 + one huge + 3, each counted once.
    expect(await entry(buyer.id, offer.id, day)).toMatchObject({
      deposits: 4,
      depositPayment: "600000000006.00",
    });
  });

  it("lands a postback at 23:30 in São Paulo on that local day", async () => {
    const key = await newKey(buyer);
    // 2025-07-15 23:30 in São Paulo (UTC−3) is 2025-07-16 02:30 UTC.
    const now = new Date("2025-07-16T02:30:00Z");
    const result = await receivePostback({
      db: ctx.db,
      token: key.token,
      params: { event: "reg", tid: tid(), offer: offer.id },
      fallbackTimezone: timeZone,
      limiter: { hit: () => ({ allowed: true }) },
      now,
    });
    expect(result).toMatchObject({ outcome: "counted", date: "2025-07-15" });
    expect((await entry(buyer.id, offer.id, "2025-07-15"))?.registrations).toBe(1);
    expect(await entry(buyer.id, offer.id, "2025-07-16")).toBeUndefined();
  });

  it("answers 404 with no detail for unknown and revoked keys", async () => {
    const key = await newKey(buyer);
    const params = { event: "reg", tid: tid(), offer: offer.id };
    expect((await send(key.token, params)).status).toBe(200);
    const revoke = await ctx.request(`/api/postback-keys/${key.id}`, {
      method: "DELETE",
      cookie: cookies[buyer.id],
    });
    expect(revoke.status).toBe(204);
    for (const token of [key.token, "pbk_unknown", "anything"]) {
      const response = await send(token, { ...params, tid: tid() });
      expect(response.status).toBe(404);
      expect((await response.json()).error).toEqual({ code: "not_found", message: "Not found." });
    }
  });

  it("treats a deactivated owner's key as unknown (404), and counts again once reactivated", async () => {
    const owner = await createUser(ctx.db, { role: "user" });
    cookies[owner.id] = await ctx.signIn(owner.email, owner.password);
    const key = await newKey(owner);
    const params = () => ({ event: "reg", tid: tid(), offer: offer.id });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await send(key.token, params())).status).toBe(404);
    await ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, owner.id));
    expect((await send(key.token, params())).status).toBe(200);
  });

  it("refuses bad parameters with 400 and a reason, and logs them", async () => {
    const key = await newKey(buyer);
    const cases: [Record<string, string>, string, string][] = [
      [{ tid: tid(), offer: offer.id }, "event", "missing_event"],
      [{ event: "chargeback", tid: tid(), offer: offer.id }, "event", "unknown_event"],
      [{ event: "reg", offer: offer.id }, "tid", "missing_tid"],
      [{ event: "ftd", tid: tid(), offer: offer.id, amount: "-3" }, "amount", "invalid_amount"],
      [{ event: "ftd", tid: tid(), offer: offer.id, currency: "EUR" }, "currency", "invalid_currency"],
      [{ event: "reg", tid: tid(), offer: offer.id, date: "2025-02-30" }, "date", "invalid_date"],
      [{ event: "reg", tid: tid(), offer: offer.id, date: "2999-01-01" }, "date", "future_date"],
      [{ event: "reg", tid: tid() }, "offer", "missing_offer"],
      [{ event: "reg", tid: tid(), offer: hidden.id }, "offer", "unknown_offer"],
    ];
    for (const [params, field, reason] of cases) {
      const response = await send(key.token, params);
      expect(response.status, reason).toBe(400);
      expect((await response.json()).error).toMatchObject({
        code: "invalid_postback",
        fields: { [field]: reason },
      });
    }
    const logged = await ctx.db.select().from(postbackLog).where(eq(postbackLog.keyId, key.id));
    expect(logged.map((row) => row.reason).sort()).toEqual(cases.map(([, , reason]) => reason).sort());
    expect(logged.every((row) => row.outcome === "refused" && row.status === 400)).toBe(true);
  });

  it("refuses a closed month with 409 and logs it", async () => {
    const key = await newKey(buyer);
    await createStatement(ctx.db, { userId: buyer.id, periodStart: "2025-04-01", status: "processing" });
    const response = await send(key.token, { event: "ftd", tid: tid(), offer: offer.id, date: "2025-04-20" });
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe("month_closed");
    expect(await entry(buyer.id, offer.id, "2025-04-20")).toBeUndefined();
    const [logged] = await ctx.db.select().from(postbackLog).where(eq(postbackLog.keyId, key.id));
    expect(logged).toMatchObject({ outcome: "refused", reason: "month_closed", status: 409 });
  });

  it("reads the buyer of an offer key from their code", async () => {
    const key = await newKey(admin, { offerId: offer.id, params: { buyer: "sub1" } });
    const [{ code }] = (await ctx.db
      .select({ code: users.code })
      .from(users)
      .where(eq(users.id, otherBuyer.id))) as [{ code: string }];
    expect(code).toMatch(/^[0-9A-F]{8}$/);
    const day = "2025-06-20";
    const ok = await send(key.token, { event: "reg", tid: tid(), sub1: code.toLowerCase(), date: day });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await entry(otherBuyer.id, offer.id, day))?.registrations).toBe(1);
    // Missing, unknown, or a user who logs no campaigns of their own.
    const [{ code: adminCode }] = (await ctx.db
      .select({ code: users.code })
      .from(users)
      .where(eq(users.id, admin.id))) as [{ code: string }];
    for (const [sub1, reason] of [
      [undefined, "missing_buyer"],
      ["NOPE0000", "unknown_buyer"],
      [adminCode, "unknown_buyer"],
    ] as const) {
      const response = await send(key.token, {
        event: "reg",
        tid: tid(),
        date: day,
        ...(sub1 ? { sub1 } : {}),
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({ sub1: reason });
    }
    // An offer key for an offer the buyer cannot see names no buyer.
    const hiddenKey = await newKey(admin, { offerId: hidden.id });
    const [{ code: buyerCode }] = (await ctx.db
      .select({ code: users.code })
      .from(users)
      .where(eq(users.id, buyer.id))) as [{ code: string }];
    const refused = await send(hiddenKey.token, { event: "reg", tid: tid(), buyer: buyerCode });
    expect(refused.status).toBe(400);
  });

  it("limits each key's rate with 429 and logs it", async () => {
    const key = await newKey(buyer);
    const statuses: number[] = [];
    for (let i = 0; i < 205; i++)
      statuses.push(
        (await send(key.token, { event: "click", tid: tid(), offer: offer.id, date: "2025-06-25" })).status,
      );
    expect(statuses.slice(0, 200).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(200)).toEqual([429, 429, 429, 429, 429]);
    const limited = await ctx.db
      .select()
      .from(postbackLog)
      .where(and(eq(postbackLog.keyId, key.id), eq(postbackLog.reason, "rate_limited")));
    expect(limited).toHaveLength(5);
    // Another key is not held up.
    const other = await newKey(buyer);
    expect((await send(other.token, { event: "click", tid: tid(), offer: offer.id })).status).toBe(200);
  });

  it("refreshes the buyer's and their lead's open screens once for a burst", async () => {
    const hub = getNotificationHub(ctx.database, ctx.deps.logger);
    const seen: Record<string, RefreshEvent[]> = { buyer: [], lead: [], other: [] };
    const unsubscribe = await Promise.all([
      hub.subscribe(buyer.id, (event) => "kind" in event && seen.buyer!.push(event)),
      hub.subscribe(lead.id, (event) => "kind" in event && seen.lead!.push(event)),
      hub.subscribe(otherBuyer.id, (event) => "kind" in event && seen.other!.push(event)),
    ]);
    try {
      const key = await newKey(buyer);
      // Whatever earlier tests asked for has gone out before the burst starts.
      await new Promise((resolve) => setTimeout(resolve, refreshWindowMs + 300));
      for (const list of Object.values(seen)) list.length = 0;
      await Promise.all(
        Array.from({ length: 20 }, () => send(key.token, { event: "click", tid: tid(), offer: offer.id })),
      );
      await new Promise((resolve) => setTimeout(resolve, refreshWindowMs + 600));
      expect(seen.buyer).toHaveLength(1);
      expect(seen.lead).toHaveLength(1);
      expect(seen.other).toHaveLength(0);
      expect(seen.buyer![0]).toMatchObject({ kind: "refresh", topic: "campaigns" });
    } finally {
      for (const stop of unsubscribe) stop();
    }
  });
});

describe("keys and the log", () => {
  it("keeps keys per owner: buyers their own, admins all; offer keys are for admins", async () => {
    const mine = await newKey(buyer);
    const list = async (user: CreatedUser) =>
      ((await (await ctx.request("/api/postback-keys", { cookie: cookies[user.id] })).json()) as Key[]).map(
        (key) => key.id,
      );
    expect(await list(buyer)).toContain(mine.id);
    expect(await list(otherBuyer)).not.toContain(mine.id);
    expect(await list(admin)).toContain(mine.id);
    expect((await ctx.request("/api/postback-keys", { cookie: cookies[financial.id] })).status).toBe(403);
    // A buyer cannot make an offer key; an admin cannot make a buyer key for themself.
    const offerKey = await ctx.request("/api/postback-keys", {
      method: "POST",
      cookie: cookies[buyer.id],
      json: { label: "x", offerId: offer.id },
    });
    expect(offerKey.status).toBe(403);
    const adminOwn = await ctx.request("/api/postback-keys", {
      method: "POST",
      cookie: cookies[admin.id],
      json: { label: "x" },
    });
    expect(adminOwn.status).toBe(422);
    expect((await adminOwn.json()).error.code).toBe("offer_required");
    // Another buyer cannot revoke it; an admin can.
    expect(
      (
        await ctx.request(`/api/postback-keys/${mine.id}`, {
          method: "DELETE",
          cookie: cookies[otherBuyer.id],
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.request(`/api/postback-keys/${mine.id}`, { method: "DELETE", cookie: cookies[admin.id] }))
        .status,
    ).toBe(204);
    // Parameter names must be distinct.
    const clash = await ctx.request("/api/postback-keys", {
      method: "POST",
      cookie: cookies[buyer.id],
      json: { label: "x", params: { amount: "event" } },
    });
    expect(clash.status).toBe(400);
  });

  it("lists the log filtered by key, outcome and date, within the reader's scope", async () => {
    const a = await newKey(buyer);
    const b = await newKey(otherBuyer);
    const dup = { event: "reg", tid: tid(), offer: offer.id };
    await send(a.token, dup);
    await send(a.token, dup);
    await send(a.token, { event: "bogus", tid: tid(), offer: offer.id });
    await send(b.token, { event: "reg", tid: tid(), offer: offer.id });
    const page = async (user: CreatedUser, query: string) => {
      const response = await ctx.request(`/api/postbacks?${query}`, { cookie: cookies[user.id] });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as {
        total: number;
        items: { keyId: string; outcome: string; reason: string | null }[];
      };
    };
    const all = await page(buyer, `keyId=${a.id}`);
    expect(all.items.map((item) => item.outcome).sort()).toEqual(["counted", "duplicate", "refused"]);
    expect((await page(buyer, `keyId=${a.id}&outcome=duplicate`)).items).toEqual([
      expect.objectContaining({ outcome: "duplicate", reason: "duplicate_tid" }),
    ]);
    expect((await page(buyer, `keyId=${a.id}&from=${today()}&to=${today()}`)).total).toBe(3);
    expect((await page(buyer, `keyId=${a.id}&to=2020-01-01`)).total).toBe(0);
    // Scope: another buyer's key is not in a buyer's log; admins read it.
    expect((await page(buyer, `keyId=${b.id}`)).total).toBe(0);
    expect((await page(admin, `keyId=${b.id}`)).total).toBe(1);
    const paged = await page(buyer, `keyId=${a.id}&pageSize=2&page=2`);
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.items).toHaveLength(1);
    expect((await ctx.request("/api/postbacks", { cookie: cookies[financial.id] })).status).toBe(403);
  });

  it("shows each buyer their code", async () => {
    const me = await (await ctx.request("/api/me", { cookie: cookies[buyer.id] })).json();
    expect(me.code).toMatch(/^[0-9A-F]{8}$/);
  });

  it("prunes log entries past the retention, oldest first, a batch at a time", async () => {
    const key = await newKey(buyer);
    const now = new Date("2027-06-01T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const entry = (receivedAt: Date, n: number) => ({
      keyId: key.id,
      outcome: "counted" as const,
      status: 200,
      tid: `prune-${n}`,
      receivedAt,
    });
    await ctx.db
      .insert(postbackLog)
      .values([
        entry(daysAgo(postbackLogRetentionDays + 30), 1),
        entry(daysAgo(postbackLogRetentionDays + 1), 2),
        entry(daysAgo(postbackLogRetentionDays - 1), 3),
        entry(daysAgo(1), 4),
      ]);
    const left = async () =>
      (await ctx.db.select({ tid: postbackLog.tid }).from(postbackLog).where(eq(postbackLog.keyId, key.id)))
        .map((row) => row.tid)
        .sort();
    // Other tests here log postbacks with past clocks too: at least this key's two old entries go.
    expect(await prunePostbackLog({ db: ctx.db, now })).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual(["prune-3", "prune-4"]);
    expect(await prunePostbackLog({ db: ctx.db, now })).toBe(0);
  });
});
