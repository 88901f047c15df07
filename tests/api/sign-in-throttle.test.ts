import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../server/db/factories";
import { auditEvents, rateLimits } from "../../server/db/schema";
import { createUsersService } from "../../server/features/users/users.service";
import {
  signInCooldownMs,
  signInThrottle,
  signInThrottledCode,
  signInThrottleKey,
} from "../../server/sign-in-throttle";
import { createTestContext, type TestContext } from "../harness";

// Issue 27, per-account sign-in throttle: after 10 wrong passwords for one address, from any
// addresses, sign-in for it answers 429 with Retry-After for a cooldown that doubles with each
// further failure (1 min … 1 h); the same for an address with no account; a correct password or a
// completed reset clears it. The state is a rate_limits row (server/sign-in-throttle.ts); "time
// passes" here by moving that row's stored moment back.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

let ipCounter = 0;
/** A fresh address per test block, so the per-address limit (5 a minute) is never what answers. */
const nextIp = () => `10.27.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function signIn(email: string, password: string, ip = nextIp()) {
  return ctx.request("/api/auth/sign-in/email", { method: "POST", ip, json: { email, password } });
}

async function answer(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: response.headers.get("retry-after"),
    legacy: response.headers.get("x-retry-after"),
  };
}

/** 20 wrong passwords from 4 addresses (5 each: the per-address limit allows exactly that). */
async function twentyWrong(email: string) {
  const answers = [];
  for (let a = 0; a < 4; a++) {
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      answers.push(await answer(await signIn(email, `wrong-password-${a}-${i}`, ip)));
  }
  return answers;
}

async function stored(email: string) {
  const [row] = await ctx.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, signInThrottleKey(email)));
  return row;
}

/** Moves the throttle's clock: everything stored happened `ms` earlier. */
async function travel(email: string, ms: number) {
  await ctx.db
    .update(rateLimits)
    .set({ lastRequest: sql`${rateLimits.lastRequest} - ${ms}` })
    .where(eq(rateLimits.key, signInThrottleKey(email)));
}

describe("the per-account sign-in throttle", () => {
  it("answers 429 with Retry-After to the right password from a fifth address after 20 wrong ones", async () => {
    const user = await createUser(ctx.db);
    const answers = await twentyWrong(user.email);
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(answers.slice(10).map((a) => a.status)).toEqual(Array(10).fill(429));
    // Attempts refused by the throttle are not counted: the cooldown is still the first one.
    expect((await stored(user.email))?.count).toBe(10);

    const right = await answer(await signIn(user.email, user.password));
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: signInThrottledCode });
    expect(Number(right.retryAfter)).toBeGreaterThan(50);
    expect(Number(right.retryAfter)).toBeLessThanOrEqual(60);
    expect(right.legacy).toBeNull();
    expect(right.body).not.toHaveProperty("token");

    // Audited as a refused sign-in, with the reason.
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "auth.sign_in"), eq(auditEvents.subjectUserId, user.id)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({ outcome: "failure", details: { reason: signInThrottledCode } });
  });

  it("lets the right password in once the cooldown is over, and that clears the count", async () => {
    const user = await createUser(ctx.db);
    await twentyWrong(user.email);
    await travel(user.email, signInThrottle.firstCooldownMs);
    const right = await signIn(user.email, user.password);
    expect(right.status).toBe(200);
    expect(await stored(user.email)).toBeUndefined();
    // A fresh run: nine more wrong passwords are answered 401, the right one still gets in.
    for (let i = 0; i < 9; i++) expect((await signIn(user.email, "wrong-password")).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("doubles the cooldown with each failure after it, up to an hour", async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) expect((await signIn(user.email, "wrong-password")).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      const refused = await answer(await signIn(user.email, user.password));
      expect(refused.status).toBe(429);
      const wait = Number(refused.retryAfter);
      waits.push(wait);
      // The cooldown ends; one more wrong password starts a longer one.
      await travel(user.email, wait * 1000);
      expect((await signIn(user.email, "wrong-password")).status).toBe(401);
    }
    const minutes = waits.map((seconds) => Math.round(seconds / 60));
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect([10, 11, 12, 16, 17, 100].map((n) => signInCooldownMs(n) / 60_000)).toEqual([1, 2, 4, 60, 60, 60]);
    expect(signInCooldownMs(9)).toBe(0);
  });

  it("forgets failures 15 minutes after the last one (or after the cooldown)", async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 9; i++) await signIn(user.email, "wrong-password");
    await travel(user.email, signInThrottle.forgetAfterMs);
    // The 10th failure starts a new run instead of locking.
    expect((await signIn(user.email, "wrong-password")).status).toBe(401);
    expect((await stored(user.email))?.count).toBe(1);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("treats an address with no account exactly like one with an account", async () => {
    const known = await createUser(ctx.db);
    const unknown = `nobody-${Date.now()}@example.test`;
    const strip = (a: Awaited<ReturnType<typeof answer>>) => ({
      status: a.status,
      body: a.body,
      retryAfter: a.retryAfter === null ? null : "set",
    });
    const forKnown = (await twentyWrong(known.email)).map(strip);
    const forUnknown = (await twentyWrong(unknown)).map(strip);
    expect(forUnknown).toEqual(forKnown);
    const knownRight = await answer(await signIn(known.email, known.password));
    const unknownTry = await answer(await signIn(unknown, known.password));
    expect(strip(unknownTry)).toEqual(strip(knownRight));
    expect(unknownTry.status).toBe(429);
    // Each run started when its own tenth failure happened: the same cooldown, a moment apart.
    for (const a of [knownRight, unknownTry]) expect(Number(a.retryAfter)).toBeGreaterThan(50);
  });

  it("is one count per address, whatever its case", async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) {
      const typed = i % 2 ? user.email.toUpperCase() : user.email;
      expect((await signIn(typed, "wrong-password")).status).toBe(401);
    }
    expect((await stored(user.email))?.count).toBe(10);
    expect((await signIn(user.email.toUpperCase(), user.password)).status).toBe(429);
    expect(signInThrottleKey(` ${user.email.toUpperCase()} `)).toBe(signInThrottleKey(user.email));
  });

  it("counts concurrent failures from many addresses without losing one", async () => {
    const user = await createUser(ctx.db);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await signIn(user.email, "wrong-password")).status),
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect((await stored(user.email))?.count).toBe(statuses.filter((status) => status === 401).length);
    expect((await signIn(user.email, user.password)).status).toBe(429);
  });

  it("is cleared by a completed password reset", async () => {
    const user = await createUser(ctx.db);
    await twentyWrong(user.email);
    expect((await signIn(user.email, user.password)).status).toBe(429);
    const before = ctx.outbox.length;
    const asked = await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: user.email, redirectTo: "/reset-password" },
    });
    expect(asked.status).toBe(200);
    const link = /\/reset-password\?token=([^\s&]+)/.exec(ctx.outbox[before]?.text ?? "");
    const token = decodeURIComponent(link?.[1] ?? "");
    // A reset that fails (too short) clears nothing.
    const failed = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "short", token },
    });
    expect(failed.status).toBe(400);
    expect((await stored(user.email))?.count).toBe(10);
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "a-brand-new-secret", token },
    });
    expect(reset.status).toBe(200);
    expect(await stored(user.email)).toBeUndefined();
    expect((await signIn(user.email, "a-brand-new-secret")).status).toBe(200);
  });

  it("is cleared when an operator sets a new password (npm run user -- set-password)", async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) await signIn(user.email, "wrong-password");
    expect((await signIn(user.email, user.password)).status).toBe(429);
    const service = createUsersService({
      db: ctx.db,
      env: ctx.env,
      mailer: ctx.deps.mailer,
      logger: ctx.deps.logger,
    });
    await service.setUserPassword({ actor: "operator", userId: user.id, password: "an-operator-secret" });
    expect(await stored(user.email)).toBeUndefined();
    expect((await signIn(user.email, "an-operator-secret")).status).toBe(200);
  });

  it("survives Better Auth's pruning of expired per-address rows", async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) await signIn(user.email, "wrong-password");
    // An old per-address window: the next call from that address resets it and prunes every row
    // older than Better Auth's longest window.
    const ip = nextIp();
    await signIn("someone-else@example.test", "wrong-password", ip);
    // A canary row of the kind Better Auth prunes shows that the pruning did run.
    await ctx.db
      .insert(rateLimits)
      .values({ id: "canary", key: "203.0.113.1|/canary", count: 1, lastRequest: Date.now() - 7_200_000 });
    await ctx.db
      .update(rateLimits)
      .set({ lastRequest: sql`${rateLimits.lastRequest} - 3600000` })
      .where(sql`${rateLimits.key} like ${`${ip}|%`}`);
    await signIn("someone-else@example.test", "wrong-password", ip);
    expect(await ctx.db.select().from(rateLimits).where(eq(rateLimits.id, "canary"))).toEqual([]);
    expect((await stored(user.email))?.count).toBe(10);
    expect((await signIn(user.email, user.password)).status).toBe(429);
  });
});
