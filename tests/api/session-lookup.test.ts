import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../domain/periods";
import { createUser } from "../../server/db/factories";
import { sessions, users, workspaceSettings } from "../../server/db/schema";
import {
  lookUpSession,
  parseCookieHeader,
  readSessionCookies,
  verifySignedValue,
} from "../../server/session-lookup";
import { createTestContext, type TestContext, testAuthSecret } from "../harness";

// The API's own session lookup (server/session-lookup.ts) must accept exactly the sessions Better
// Auth accepts: every cookie below is asked of both, Better Auth's /api/auth/get-session and our
// /api/me, and they must agree on whether someone is signed in.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const cookieName = "placar.session_token";
const sign = (token: string, secret = testAuthSecret) =>
  `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;
const tokenOf = (cookie: string) =>
  decodeURIComponent(parseCookieHeader(cookie).get(cookieName) ?? "").split(".")[0] ?? "";

async function signedInUser(role: "user" | "financial" = "user") {
  const user = await createUser(ctx.db, { role });
  const cookie = await ctx.signIn(user.email, user.password);
  return { user, cookie, token: tokenOf(cookie) };
}

/** Whether Better Auth and the API each consider the cookie signed in. */
async function askBoth(cookie: string) {
  const betterAuth = await ctx.request("/api/auth/get-session", { cookie });
  const betterAuthSession = (await betterAuth.json()) as { session?: unknown } | null;
  const api = await ctx.request("/api/me", { cookie });
  return { betterAuth: Boolean(betterAuthSession?.session), api: api.status === 200, apiStatus: api.status };
}

describe("session lookup agrees with Better Auth", () => {
  it("on a real cookie and on every tampered, re-signed or malformed variant of it", async () => {
    const { cookie, token } = await signedInUser();
    const value = parseCookieHeader(cookie).get(cookieName)!;
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const variants: [string, string, boolean][] = [
      ["the real cookie", cookie, true],
      ["the real cookie, URL-encoded", `${cookieName}=${encodeURIComponent(value)}`, true],
      ["the real cookie, quoted", `${cookieName}="${value}"`, true],
      ["the real cookie after another one", `other=1; ${cookieName}=${encodeURIComponent(value)}`, true],
      ["a duplicate whose first copy is forged", `${cookieName}=x.${signature}; ${cookie}`, false],
      ["one character of the signature changed", `${cookieName}=${token}.${flipped}`, false],
      ["no signature", `${cookieName}=${token}`, false],
      ["an empty signature", `${cookieName}=${token}.`, false],
      [
        "a signature with two padding characters",
        `${cookieName}=${token}.${signature.slice(0, 42)}==`,
        false,
      ],
      [
        "signed with another secret",
        `${cookieName}=${encodeURIComponent(sign(token, "another-secret"))}`,
        false,
      ],
      [
        "another token signed with our secret",
        `${cookieName}=${encodeURIComponent(sign("x".repeat(32)))}`,
        false,
      ],
      ["another cookie name", `placar.session_tokenx=${encodeURIComponent(value)}`, false],
      ["a malformed percent escape", `${cookieName}=%E0%A4%A`, false],
      ["nothing", "", false],
    ];
    for (const [label, header, signedIn] of variants) {
      const answers = await askBoth(header);
      expect({ label, ...answers }).toMatchObject({ label, betterAuth: signedIn, api: signedIn });
    }
  });

  it("on a revoked, an expired and a deactivated or banned user's session", async () => {
    const revoked = await signedInUser();
    await ctx.db.delete(sessions).where(eq(sessions.token, revoked.token));
    expect(await askBoth(revoked.cookie)).toMatchObject({ betterAuth: false, api: false, apiStatus: 401 });

    const expired = await signedInUser();
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, expired.token));
    expect((await ctx.request("/api/me", { cookie: expired.cookie })).status).toBe(401);

    const deactivated = await signedInUser();
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.user.id));
    expect((await ctx.request("/api/me", { cookie: deactivated.cookie })).status).toBe(401);

    const banned = await signedInUser();
    await ctx.db.update(users).set({ banned: true }).where(eq(users.id, banned.user.id));
    expect((await ctx.request("/api/me", { cookie: banned.cookie })).status).toBe(401);
  });

  it("reads the two-factor requirement and the time zone with the session, fresh on every request", async () => {
    const { cookie } = await signedInUser("financial");
    const month = "2026-10";
    expect((await ctx.request(`/api/payments?month=${month}`, { cookie })).status).toBe(200);
    await ctx.db
      .insert(workspaceSettings)
      .values({ id: 1, twoFactorRequiredRoles: ["financial"] })
      .onConflictDoUpdate({ target: workspaceSettings.id, set: { twoFactorRequiredRoles: ["financial"] } });
    const refused = await ctx.request(`/api/payments?month=${month}`, { cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("two_factor_required");
    await ctx.db
      .update(workspaceSettings)
      .set({ twoFactorRequiredRoles: [] })
      .where(eq(workspaceSettings.id, 1));
    expect((await ctx.request(`/api/payments?month=${month}`, { cookie })).status).toBe(200);

    // The time zone too: "today" of the summary follows a change on the very next request.
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      await ctx.db.update(workspaceSettings).set({ timezone: zone }).where(eq(workspaceSettings.id, 1));
      const summary = await ctx.request("/api/metrics/summary", { cookie });
      expect((await summary.json()).today).toBe(todayIn(zone));
    }
  });
});

describe("lookUpSession", () => {
  it("answers a live session itself and leaves refresh, expiry and unknown tokens to Better Auth", async () => {
    const cookies = await readSessionCookies(ctx.deps.auth);
    const lookUp = (header: string) => lookUpSession(ctx.db, cookies, header);
    const { user, cookie, token } = await signedInUser();
    const live = await lookUp(cookie);
    expect(live).toMatchObject({ kind: "session", found: { user: { id: user.id, role: "user" } } });

    expect(await lookUp(`${cookieName}=${encodeURIComponent(sign("x".repeat(32)))}`)).toEqual({
      kind: "delegate",
    });
    expect(await lookUp(`${cookieName}=${token}.${"A".repeat(43)}=`)).toEqual({ kind: "anonymous" });
    expect(await lookUp(`${cookie}; ${cookies.dontRemember}=x`)).toEqual({ kind: "delegate" });
    expect(await lookUp(`${cookie}; ${cookies.sessionData}=x`)).toEqual({ kind: "delegate" });

    // Better Auth extends a session once less than (expiresIn - updateAge) is left, and ends an expired one.
    const dueAt = new Date(
      Date.now() + (cookies.expiresInSeconds - cookies.updateAgeSeconds) * 1000 - 60_000,
    );
    await ctx.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.token, token));
    expect(await lookUp(cookie)).toEqual({ kind: "delegate" });
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await lookUp(cookie)).toEqual({ kind: "delegate" });
  });
});

describe("verifySignedValue", () => {
  it("accepts only the HMAC-SHA256 of the token under the secret", () => {
    const token = randomBytes(16).toString("hex");
    expect(verifySignedValue(sign(token), testAuthSecret)).toBe(token);
    expect(verifySignedValue(sign(token), "another")).toBeNull();
    expect(verifySignedValue(`${token}x.${sign(token).split(".")[1]}`, testAuthSecret)).toBeNull();
    expect(verifySignedValue(`.${sign("").split(".")[1]}`, testAuthSecret)).toBeNull();
    expect(verifySignedValue("", testAuthSecret)).toBeNull();
  });
});
