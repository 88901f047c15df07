import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CreatedUser, createCampaign, createOffer, createUser } from "../../server/db/factories";
import { auditEvents } from "../../server/db/schema";
import { createRefusalAudit, type Refusal } from "../../server/refusal-audit";
import { createTestContext, type TestContext } from "../harness";

// Issue 27: every refused call is audited, 404s included (an object outside the caller's scope), and
// aggregated per caller and minute so a scan cannot flood the append-only table
// (server/refusal-audit.ts, docs/decisions/0068).

let ctx: TestContext;
let owner: CreatedUser;
let prober: CreatedUser;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx.db);
  prober = await createUser(ctx.db);
  cookie = await ctx.signIn(prober.email, prober.password);
});
afterAll(async () => ctx?.close());

async function deniedRows(where: ReturnType<typeof eq>) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "access.denied"), where))
    .orderBy(asc(auditEvents.id));
}

const countOf = (row: { details: unknown }) => Number((row.details as { count?: unknown }).count);

describe("refused calls in the audit trail", () => {
  it("records a 404 for another buyer's campaign, with the caller, the call and its address", async () => {
    const offer = await createOffer(ctx.db);
    const theirs = await createCampaign(ctx.db, { creatorId: owner.id, offerId: offer.id });
    const probe = await createUser(ctx.db);
    const probeCookie = await ctx.signIn(probe.email, probe.password);
    const response = await ctx.request(`/api/campaigns/${theirs.id}`, {
      cookie: probeCookie,
      ip: "192.0.2.80",
    });
    expect(response.status).toBe(404);
    const rows = await deniedRows(eq(auditEvents.actorId, probe.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: "failure",
      ipAddress: "192.0.2.80",
      details: {
        method: "GET",
        path: `/api/campaigns/${theirs.id}`,
        status: 404,
        code: "not_found",
        count: 1,
      },
    });
  });

  it("records a guessed bearer token (401) and an anonymous caller's unknown paths by address", async () => {
    const ip = "192.0.2.81";
    const token = await ctx.request("/api/campaigns", {
      ip,
      headers: { authorization: "Bearer plc_guessed" },
    });
    expect(token.status).toBe(401);
    expect((await ctx.request("/api/does-not-exist", { ip })).status).toBe(404);
    await ctx.deps.refusals?.flush();
    const rows = await deniedRows(eq(auditEvents.ipAddress, ip));
    expect(rows.map((row) => row.actorId)).toEqual([null, null]);
    expect(rows.map(countOf)).toEqual([1, 1]);
    expect(rows[0]?.details).toMatchObject({ status: 401, code: "invalid_token" });
    expect(rows[1]?.details).toMatchObject({ status: 404, path: "/api/does-not-exist" });
  });

  it("writes 500 refusals of one caller in a minute as a bounded number of rows carrying the count", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const calls = 500;
    const startedMinute = Math.floor(Date.now() / 60_000);
    for (let i = 0; i < calls; i++) {
      const path = i % 2 === 0 ? "/api/audit" : `/api/campaigns/${missing}`;
      const response = await ctx.request(path, { cookie });
      expect(response.status).toBe(i % 2 === 0 ? 403 : 404);
      await response.body?.cancel();
    }
    // A loaded machine may take more than a minute for the burst: count the minutes it touched.
    const minutes = Math.floor(Date.now() / 60_000) - startedMinute + 1;
    // Before the minute is written: only the first refusal of each minute the burst touched.
    expect((await deniedRows(eq(auditEvents.actorId, prober.id))).length).toBeLessThanOrEqual(minutes);
    await ctx.deps.refusals?.flush();
    const rows = await deniedRows(eq(auditEvents.actorId, prober.id));
    // One row at once and one with the rest, per minute the burst touched.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.length).toBeLessThanOrEqual(2 * minutes);
    expect(rows.reduce((sum, row) => sum + countOf(row), 0)).toBe(calls);
    const aggregated = rows.find((row) => countOf(row) > 1);
    expect(aggregated?.details).toMatchObject({
      calls: expect.arrayContaining([expect.stringMatching(/^GET \/api\/audit 403 forbidden ×\d+$/)]),
    });
  });
});

describe("the per-minute aggregation", () => {
  it("writes a minute's count when the minute ends, and starts the next minute with a row at once", async () => {
    let now = Date.UTC(2026, 10, 27, 12, 0, 5);
    const audit = createRefusalAudit({ db: ctx.db, logger: ctx.deps.logger, now: () => now, intervalMs: 0 });
    const user = await createUser(ctx.db);
    const refusal: Refusal = {
      actor: { id: user.id, email: user.email, role: "user" },
      client: { ip: "192.0.2.90", userAgent: null },
      method: "GET",
      path: "/api/audit",
      status: 403,
      code: "forbidden",
    };
    const rows = () => deniedRows(eq(auditEvents.actorId, user.id));
    for (let i = 0; i < 7; i++) await audit.record(refusal);
    expect((await rows()).map(countOf)).toEqual([1]);
    await audit.flushEnded(); // the minute is still running
    expect((await rows()).map(countOf)).toEqual([1]);
    now += 60_000;
    await audit.flushEnded();
    expect((await rows()).map(countOf)).toEqual([1, 6]);
    await audit.record(refusal);
    await audit.record(refusal);
    expect((await rows()).map(countOf)).toEqual([1, 6, 1]);
    await audit.stop();
    expect((await rows()).map(countOf)).toEqual([1, 6, 1, 1]);
    // Nothing left to write: a second stop adds nothing.
    await audit.stop();
    const [total] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, user.id));
    expect(total?.n).toBe(4);
  });
});
