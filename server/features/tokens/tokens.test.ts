import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxActiveTokensPerUser } from "../../../domain/schemas/tokens";
import {
  type CreatedUser,
  createCampaign,
  createOffer,
  createUser,
  type OfferRow,
} from "../../../tests/factories";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { apiTokens, auditEvents, campaigns, users } from "../../db/schema";

let ctx: TestContext;
let admin: CreatedUser;
let buyerA: CreatedUser;
let buyerB: CreatedUser;
let financial: CreatedUser;
let offer: OfferRow;
let hidden: OfferRow;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  buyerA = await createUser(ctx.db, { role: "user" });
  buyerB = await createUser(ctx.db, { role: "user" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, buyerA, buyerB, financial]) {
    cookies[user.id] = await ctx.signIn(user.email, user.password);
  }
  offer = await createOffer(ctx.db, { name: "Token Offer", payoutPerDeposit: "10.00" });
  hidden = await createOffer(ctx.db, { name: "Hidden", visibleToAll: false, assignTo: [buyerB.id] });
});

afterAll(async () => {
  await ctx?.close();
});

async function newToken(user: CreatedUser, body: object = { name: "Tracker" }) {
  const response = await ctx.request("/api/tokens", { method: "POST", cookie: cookies[user.id], json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; token: string; prefix: string };
}

function withToken(
  token: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  return ctx.request(path, {
    ...init,
    origin: null,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
}

const day = (n: number) => `2025-03-${String(n).padStart(2, "0")}`;

describe("managing tokens", () => {
  it("shows the secret once, lists without it, and keeps each user's tokens apart", async () => {
    const created = await newToken(buyerA, { name: "Keitaro sync", expiresInDays: 30 });
    expect(created.token).toMatch(/^plc_/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const [stored] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored?.tokenHash).not.toContain(created.token);
    expect(stored?.tokenHash).toHaveLength(64);

    const list = await (await ctx.request("/api/tokens", { cookie: cookies[buyerA.id] })).json();
    expect(list).toEqual([
      expect.objectContaining({ id: created.id, name: "Keitaro sync", lastUsedAt: null, revokedAt: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.token);
    expect(await (await ctx.request("/api/tokens", { cookie: cookies[buyerB.id] })).json()).toEqual([]);
    // Another user cannot revoke it.
    const foreign = await ctx.request(`/api/tokens/${created.id}`, {
      method: "DELETE",
      cookie: cookies[buyerB.id],
    });
    expect(foreign.status).toBe(404);
  });

  it("cannot manage tokens with a token", async () => {
    const { token } = await newToken(buyerA);
    expect((await withToken(token, "/api/tokens")).status).toBe(401);
    expect((await withToken(token, "/api/tokens", { method: "POST", json: { name: "x" } })).status).toBe(401);
  });
});

describe("bearer tokens on the campaign endpoints", () => {
  it("act as the owner and never reveal another user's data", async () => {
    const mine = await createCampaign(ctx.db, { creatorId: buyerA.id, offerId: offer.id, date: day(1) });
    const theirs = await createCampaign(ctx.db, { creatorId: buyerB.id, offerId: offer.id, date: day(1) });
    const { id, token } = await newToken(buyerA);

    const list = await withToken(token, "/api/campaigns?pageSize=100");
    expect(list.status).toBe(200);
    const ids = (await list.json()).items.map((c: { id: string }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await withToken(token, `/api/campaigns/${theirs.id}`)).status).toBe(404);
    const patch = await withToken(token, `/api/campaigns/${theirs.id}`, {
      method: "PATCH",
      json: { spent: "1" },
    });
    expect(patch.status).toBe(404);
    const csv = await (await withToken(token, "/api/campaigns/export.csv")).text();
    expect(csv).not.toContain(buyerB.email);

    const created = await withToken(token, "/api/campaigns", {
      method: "POST",
      json: { date: day(2), offerId: offer.id, spent: "5", deposits: 1 },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ creatorId: buyerA.id, depositPayment: "10.00" });

    const [used] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("reach nothing outside the campaign endpoints, admin's included", async () => {
    const buyerToken = (await newToken(buyerA)).token;
    const adminToken = (await newToken(admin)).token;
    for (const token of [buyerToken, adminToken]) {
      for (const path of ["/api/users", "/api/me", "/api/admin/dashboard", "/api/offers"]) {
        const response = await withToken(token, path);
        expect(response.status, path).toBe(401);
        expect((await response.json()).error.code).toBe("token_not_allowed_here");
      }
    }
  });

  it("carry the owner's role: admin operations only for an admin's token", async () => {
    const theirs = await createCampaign(ctx.db, { creatorId: buyerB.id, offerId: offer.id, date: day(3) });
    const buyerToken = (await newToken(buyerA)).token;
    const adminToken = (await newToken(admin, { name: "Full", fullAccess: true })).token;
    const financialToken = (await newToken(financial, { name: "Reader" })).token;
    const path = `/api/campaigns/${theirs.id}`;
    expect((await withToken(buyerToken, path, { method: "DELETE" })).status).toBe(404);
    expect((await withToken(financialToken, path, { method: "DELETE" })).status).toBe(403);
    expect((await withToken(adminToken, path, { method: "PATCH", json: { spent: "2" } })).status).toBe(200);
    // Batch on behalf of someone else: admins only.
    const batch = { rows: [{ date: day(4), offerId: offer.id, spent: "1" }], userId: buyerB.id };
    expect(
      (await withToken(buyerToken, "/api/campaigns/batch", { method: "POST", json: batch })).status,
    ).toBe(403);
    const asAdmin = await withToken(adminToken, "/api/campaigns/batch", { method: "POST", json: batch });
    expect(await asAdmin.json()).toEqual({ added: 1, replaced: 0, skipped: 0 });
  });

  it("stop working at once when revoked, expired, or the owner is deactivated", async () => {
    const revoked = await newToken(buyerA);
    expect((await withToken(revoked.token, "/api/campaigns")).status).toBe(200);
    const response = await ctx.request(`/api/tokens/${revoked.id}`, {
      method: "DELETE",
      cookie: cookies[buyerA.id],
    });
    expect(response.status).toBe(204);
    const after = await withToken(revoked.token, "/api/campaigns");
    expect(after.status).toBe(401);
    expect((await after.json()).error.code).toBe("invalid_token");

    const expired = await newToken(buyerA, { name: "Short", expiresInDays: 1 });
    await ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    expect((await withToken(expired.token, "/api/campaigns")).status).toBe(401);

    const leaver = await createUser(ctx.db, { role: "user" });
    cookies[leaver.id] = await ctx.signIn(leaver.email, leaver.password);
    const leaverToken = await newToken(leaver);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaver.id));
    expect((await withToken(leaverToken.token, "/api/campaigns")).status).toBe(401);

    expect((await withToken("plc_not-a-real-token", "/api/campaigns")).status).toBe(401);
  });
});

describe("token hygiene (issue 27)", () => {
  const dayMs = 86_400_000;

  it("expire in 90 days unless another expiry is chosen, never 'never', and the list shows it", async () => {
    const user = await createUser(ctx.db, { role: "user" });
    cookies[user.id] = await ctx.signIn(user.email, user.password);
    const before = Date.now();
    const plain = await newToken(user, { name: "Default" });
    const expires = new Date((plain as unknown as { expiresAt: string }).expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(90 * dayMs - 5_000);
    expect(expires - before).toBeLessThanOrEqual(90 * dayMs + 60_000);
    const year = await newToken(user, { name: "Year", expiresInDays: 365 });
    const list = (await (await ctx.request("/api/tokens", { cookie: cookies[user.id] })).json()) as {
      id: string;
      expiresAt: string;
      fullAccess: boolean;
    }[];
    const listed = list.find((token) => token.id === year.id)!;
    expect(new Date(listed.expiresAt).getTime() - before).toBeGreaterThanOrEqual(365 * dayMs - 5_000);
    expect(listed.fullAccess).toBe(false);
    for (const [expiresInDays, code] of [
      [null, "expiry_required"],
      [0, "min_one"],
      [366, "too_large"],
      [3650, "too_large"],
    ] as const) {
      const response = await ctx.request("/api/tokens", {
        method: "POST",
        cookie: cookies[user.id],
        json: { name: "Forever", expiresInDays },
      });
      expect(response.status, String(expiresInDays)).toBe(400);
      expect((await response.json()).error.fields).toEqual({ expiresInDays: code });
    }
  });

  it(`hold at most ${maxActiveTokensPerUser} live tokens per user; revoked and expired ones do not count`, async () => {
    const user = await createUser(ctx.db, { role: "user" });
    cookies[user.id] = await ctx.signIn(user.email, user.password);
    const made = [];
    for (let i = 0; i < maxActiveTokensPerUser; i++) made.push(await newToken(user, { name: `T${i}` }));
    const create = () =>
      ctx.request("/api/tokens", { method: "POST", cookie: cookies[user.id], json: { name: "One more" } });
    const refused = await create();
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("too_many_tokens");
    // Two at once when one slot is free: exactly one wins.
    await ctx.request(`/api/tokens/${made[0]!.id}`, { method: "DELETE", cookie: cookies[user.id] });
    const statuses = (await Promise.all([create(), create()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    // An expired token frees its slot.
    await ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made[1]!.id));
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(409);
  });

  it("are revoked for good when the owner is deactivated: reactivation does not bring them back", async () => {
    const leaver = await createUser(ctx.db, { role: "user" });
    cookies[leaver.id] = await ctx.signIn(leaver.email, leaver.password);
    const { id, token } = await newToken(leaver);
    expect((await withToken(token, "/api/campaigns")).status).toBe(200);
    const adminCookie = cookies[admin.id];
    const off = await ctx.request(`/api/users/${leaver.id}/deactivate`, {
      method: "POST",
      cookie: adminCookie,
    });
    expect(off.status, await off.clone().text()).toBe(200);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const on = await ctx.request(`/api/users/${leaver.id}/reactivate`, {
      method: "POST",
      cookie: adminCookie,
    });
    expect(on.status).toBe(200);
    const after = await withToken(token, "/api/campaigns");
    expect(after.status).toBe(401);
    expect((await after.json()).error.code).toBe("invalid_token");
  });

  it("offer full campaign access only where it matters: admins choose, financial must, buyers cannot", async () => {
    const post = (user: CreatedUser, fullAccess?: boolean) =>
      ctx.request("/api/tokens", {
        method: "POST",
        cookie: cookies[user.id],
        json: { name: "Choice", ...(fullAccess === undefined ? {} : { fullAccess }) },
      });
    const buyerFull = await post(buyerA, true);
    expect(buyerFull.status).toBe(400);
    expect((await buyerFull.json()).error.fields).toEqual({ fullAccess: "full_access_not_applicable" });
    const financialIntake = await post(financial, false);
    expect(financialIntake.status).toBe(400);
    expect((await financialIntake.json()).error.fields).toEqual({ fullAccess: "full_access_required" });
    expect((await post(financial, true)).status).toBe(201);
    const financialDefault = await post(financial);
    expect((await financialDefault.json()).fullAccess).toBe(true);
    const buyerDefault = await post(buyerA, false);
    expect((await buyerDefault.json()).fullAccess).toBe(false);
    const adminDefault = await post(admin);
    expect(adminDefault.status).toBe(201);
    expect((await adminDefault.json()).fullAccess).toBe(false);
    const adminFull = await post(admin, true);
    expect((await adminFull.json()).fullAccess).toBe(true);
  });

  it("limit an admin's token to intake unless it has full access: 403 on every other campaign call", async () => {
    const theirs = await createCampaign(ctx.db, { creatorId: buyerB.id, offerId: offer.id, date: day(5) });
    const intake = (await newToken(admin, { name: "Intake" })).token;
    const full = (await newToken(admin, { name: "Everything", fullAccess: true })).token;

    // Intake works: one campaign, a batch for a buyer.
    const created = await withToken(intake, "/api/campaigns", {
      method: "POST",
      json: { date: day(6), offerId: offer.id, spent: "5", deposits: 1 },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const batch = await withToken(intake, "/api/campaigns/batch", {
      method: "POST",
      json: { rows: [{ date: day(7), offerId: offer.id, spent: "1" }], userId: buyerB.id },
    });
    expect(batch.status).toBe(200);

    // Everything else: 403 token_intake_only, the same for a campaign that exists and one that does not.
    const missing = "00000000-0000-4000-8000-000000000000";
    const refusedCalls: [string, string, unknown?][] = [
      ["GET", "/api/campaigns"],
      ["GET", "/api/campaigns/export.csv"],
      ["GET", `/api/campaigns/${theirs.id}`],
      ["GET", `/api/campaigns/${missing}`],
      ["PATCH", `/api/campaigns/${theirs.id}`, { spent: "9" }],
      ["PATCH", `/api/campaigns/${missing}`, { spent: "9" }],
      ["DELETE", `/api/campaigns/${theirs.id}`],
      ["DELETE", `/api/campaigns/${missing}`],
    ];
    const deniedBefore = await countDenials(admin.id);
    for (const [method, path, json] of refusedCalls) {
      const response = await withToken(intake, path, { method, ...(json ? { json } : {}) });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await response.json()).error.code).toBe("token_intake_only");
    }
    // Refusals are audited (aggregated per caller and minute: at least one row, counting them all).
    expect(await countDenials(admin.id)).toBeGreaterThan(deniedBefore);
    const [unchanged] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, theirs.id));
    expect(unchanged?.spent).toBe(theirs.spent);

    // The full-access token can do all of it.
    expect((await withToken(full, "/api/campaigns")).status).toBe(200);
    expect((await withToken(full, "/api/campaigns/export.csv")).status).toBe(200);
    expect((await withToken(full, `/api/campaigns/${theirs.id}`)).status).toBe(200);
    const patch = await withToken(full, `/api/campaigns/${theirs.id}`, {
      method: "PATCH",
      json: { spent: "9" },
    });
    expect(patch.status).toBe(200);
    expect((await withToken(full, `/api/campaigns/${theirs.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("follow the owner's current role: a buyer's token is intake-only once the buyer is made admin", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const { token } = await newToken(buyer);
    expect((await withToken(token, "/api/campaigns")).status).toBe(200);
    await ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, buyer.id));
    const response = await withToken(token, "/api/campaigns");
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("token_intake_only");
  });
});

async function countDenials(actorId: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "access.denied"), eq(auditEvents.actorId, actorId)));
  return Number(row?.n ?? 0);
}

describe("POST /api/campaigns/batch", () => {
  async function countFor(userId: string) {
    const [row] = await ctx.db.select({ n: count() }).from(campaigns).where(eq(campaigns.creatorId, userId));
    return Number(row?.n ?? 0);
  }

  it("saves all rows, with the import's duplicate rule, or none", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const { token } = await newToken(buyer);
    await createCampaign(ctx.db, { creatorId: buyer.id, offerId: offer.id, date: day(10), spent: "1.00" });
    const rows = [
      { date: day(10), offerId: offer.id, spent: "9,50", deposits: 2 },
      { date: day(11), offerId: offer.id, spent: "3", clicks: 10 },
    ];
    const post = (body: unknown, headers?: Record<string, string>) =>
      withToken(token, "/api/campaigns/batch", {
        method: "POST",
        json: body,
        ...(headers ? { headers } : {}),
      });

    expect(await (await post({ rows })).json()).toEqual({ added: 1, replaced: 0, skipped: 1 });
    expect(await (await post({ rows, duplicates: "replace" })).json()).toEqual({
      added: 0,
      replaced: 2,
      skipped: 0,
    });
    const [replaced] = await ctx.db
      .select({ spent: campaigns.spent, depositPayment: campaigns.depositPayment })
      .from(campaigns)
      .where(eq(campaigns.creatorId, buyer.id))
      .orderBy(campaigns.date);
    expect(replaced).toEqual({ spent: "9.50", depositPayment: "20.00" });
    expect(await countFor(buyer.id)).toBe(2);

    // Invalid rows: 400 with the row's field, nothing saved.
    const invalid = await post({
      rows: [
        { date: day(12), offerId: offer.id, spent: "1" },
        { date: day(13), offerId: offer.id, spent: "-1" },
      ],
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.fields).toEqual({ "rows.1.spent": "not_negative" });
    // An offer the owner may not use, and a day twice: 422, nothing saved.
    const refused = await post({
      rows: [
        { date: day(12), offerId: offer.id, spent: "1" },
        { date: day(13), offerId: hidden.id, spent: "1" },
        { date: day(12), offerId: offer.id, spent: "2" },
      ],
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toMatchObject({
      code: "batch_rows_refused",
      fields: { "rows.1.offerId": "offer_not_visible", "rows.2": "duplicate_in_file" },
    });
    const tooMany = await post({
      rows: Array.from({ length: 1001 }, (_, i) => ({ date: day((i % 28) + 1), offerId: offer.id })),
    });
    expect(tooMany.status).toBe(400);
    expect(await countFor(buyer.id)).toBe(2);
  });

  it("is idempotent with an Idempotency-Key", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const { token } = await newToken(buyer);
    const body = { rows: [{ date: day(20), offerId: offer.id, spent: "4" }] };
    const post = (json: unknown) =>
      withToken(token, "/api/campaigns/batch", {
        method: "POST",
        json,
        headers: { "idempotency-key": "sync-2025-03-20" },
      });
    const first = await post(body);
    expect(await first.json()).toEqual({ added: 1, replaced: 0, skipped: 0 });
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual({ added: 1, replaced: 0, skipped: 0 });
    expect(await countFor(buyer.id)).toBe(1);
    const other = await post({ rows: [{ date: day(21), offerId: offer.id, spent: "4" }] });
    expect(other.status).toBe(422);
    expect((await other.json()).error.code).toBe("idempotency_key_reused");
    expect(await countFor(buyer.id)).toBe(1);
  });
});

describe("OpenAPI", () => {
  it("describes the bearer token scheme", async () => {
    const document = await (await ctx.request("/api/openapi.json")).json();
    expect(document.components.securitySchemes.bearerToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/api/campaigns/batch"].post.security).toEqual([
      { sessionCookie: [] },
      { bearerToken: [] },
    ]);
  });
});
