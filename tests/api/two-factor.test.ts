import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../server/db/factories";
import { twoFactors, users } from "../../server/db/schema";
import { CookieJar, challengeCookie, createAuthFlows, sessionCookie, trustCookie } from "../auth-flows";
import { createTestContext, type TestContext } from "../harness";
import { totp, wrongTotp } from "../totp";

// Two-factor sign-in with Better Auth's plugin as wired in server/auth.ts: turning it on (password,
// then a real code computed here from the secret), the second step at sign-in (code, backup code,
// trusted device), the audit trail, backup codes, turning it off, and the limits.

let ctx: TestContext;
let flows: ReturnType<typeof createAuthFlows>;
beforeAll(async () => {
  ctx = await createTestContext();
  flows = createAuthFlows(ctx);
});
afterAll(async () => ctx?.close());

async function flag(userId: string) {
  const [row] = await ctx.db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return row?.enabled;
}

async function me(jar: CookieJar) {
  return ctx.request("/api/me", { cookie: jar.toString() });
}

describe("turning two-factor on", () => {
  it("needs the password, then a valid code from the app; only then is it on", async () => {
    const user = await createUser(ctx.db, { email: "tess@example.com" });
    const jar = await flows.signInFully(user.email, user.password);

    const wrongPassword = await flows.post("/api/auth/two-factor/enable", jar, {
      password: "not-my-password",
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ code: "INVALID_PASSWORD" });

    const enable = await flows.post("/api/auth/two-factor/enable", jar, { password: user.password });
    expect(enable.status).toBe(200);
    const uri = new URL(String(enable.body.totpURI));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Placar");
    expect(decodeURIComponent(uri.pathname)).toContain("tess@example.com");
    const codes = enable.body.backupCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    const secret = uri.searchParams.get("secret") ?? "";

    // Not on yet: the secret waits for a code, and sign-in still has one step.
    expect(await flag(user.id)).toBe(false);
    const [stored] = await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(stored?.verified).toBe(false);
    // Stored encrypted: neither the secret nor a backup code appears in the row.
    expect(stored?.secret).not.toContain(secret);
    expect(stored?.backupCodes).not.toContain(codes[0]);

    const wrong = await flows.verifyTotp(jar, wrongTotp(secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_CODE" });
    expect(await flag(user.id)).toBe(false);

    const right = await flows.verifyTotp(jar, totp(secret));
    expect(right.status).toBe(200);
    expect(await flag(user.id)).toBe(true);
    // The session was renewed with the new state; the user stays signed in.
    expect((await me(jar)).status).toBe(200);
    expect(await (await me(jar)).json()).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false });

    const [event] = await flows.auditOf("auth.two_factor_enabled", user.id);
    expect(event).toMatchObject({ outcome: "success", actorEmail: "tess@example.com" });
    expect(JSON.stringify(event?.details)).not.toContain(secret);

    // Turning it on again is refused while it is on.
    const again = await flows.post("/api/auth/two-factor/enable", jar, { password: user.password });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "TOTP_ALREADY_ENABLED" });
  });

  it("offers no codes by e-mail and never shows the secret again", async () => {
    const user = await createUser(ctx.db);
    const jar = await flows.signInFully(user.email, user.password);
    await flows.enableTwoFactor(jar, user.password);
    for (const path of [
      "/api/auth/two-factor/send-otp",
      "/api/auth/two-factor/verify-otp",
      "/api/auth/two-factor/get-totp-uri",
    ]) {
      const response = await flows.post(path, jar, { password: user.password, code: "123456" });
      expect(response.status, path).toBe(404);
    }
  });
});

describe("signing in with two-factor on", () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  let secret: string;
  let backupCodes: string[];
  beforeAll(async () => {
    user = await createUser(ctx.db, { email: "uma@example.com" });
    const jar = await flows.signInFully(user.email, user.password);
    ({ secret, backupCodes } = await flows.enableTwoFactor(jar, user.password));
  });

  it("asks for the second step and gives no session until it is done", async () => {
    const jar = new CookieJar();
    const first = await flows.signIn(jar, user.email, user.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(jar.has(sessionCookie)).toBe(false);
    expect(jar.has(challengeCookie)).toBe(true);
    expect((await me(jar)).status).toBe(401);

    const second = await flows.verifyTotp(jar, totp(secret));
    expect(second.status).toBe(200);
    expect(jar.has(sessionCookie)).toBe(true);
    expect(jar.has(challengeCookie)).toBe(false);
    expect((await me(jar)).status).toBe(200);

    const [event] = await flows.auditOf("auth.sign_in", user.id);
    expect(event).toMatchObject({ outcome: "success", details: { factor: "totp", trustDevice: false } });
    expect(event?.ipAddress).toMatch(/^10\./);
  });

  it("refuses a wrong code, records the failure, and still takes the right one", async () => {
    const jar = new CookieJar();
    await flows.signIn(jar, user.email, user.password);
    const wrong = await flows.verifyTotp(jar, wrongTotp(secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_CODE" });
    expect(jar.has(sessionCookie)).toBe(false);

    const [failure] = await flows.auditOf("auth.sign_in", user.id);
    expect(failure).toMatchObject({
      outcome: "failure",
      actorEmail: "uma@example.com",
      details: { factor: "totp", reason: "INVALID_CODE" },
    });

    expect((await flows.verifyTotp(jar, totp(secret))).status).toBe(200);
    expect((await me(jar)).status).toBe(200);
  });

  it("without the first step, the second does nothing", async () => {
    const response = await flows.verifyTotp(new CookieJar(), totp(secret));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: "INVALID_TWO_FACTOR_COOKIE" });
  });

  it("ends the challenge after 5 wrong codes: sign in again", async () => {
    const jar = new CookieJar();
    await flows.signIn(jar, user.email, user.password);
    // Spread over addresses: this is the per-challenge limit, not the per-address one.
    for (let i = 0; i < 5; i++) {
      expect((await flows.verifyTotp(jar, wrongTotp(secret))).status).toBe(401);
    }
    const sixth = await flows.verifyTotp(jar, totp(secret));
    expect(sixth.status).toBe(400);
    expect(sixth.body).toMatchObject({ code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" });
    expect(jar.has(sessionCookie)).toBe(false);
    // A fresh sign-in works (the account counter was reset by the earlier successes and stays
    // under its lock-out threshold of 10).
    const again = await flows.signInFully(user.email, user.password, secret);
    expect((await me(again)).status).toBe(200);
  });

  it("takes a backup code instead, once", async () => {
    const code = backupCodes[0] ?? "";
    const jar = new CookieJar();
    await flows.signIn(jar, user.email, user.password);
    const used = await flows.verifyBackupCode(jar, code);
    expect(used.status).toBe(200);
    expect((await me(jar)).status).toBe(200);
    const [event] = await flows.auditOf("auth.sign_in", user.id);
    expect(event).toMatchObject({ outcome: "success", details: { factor: "backup_code" } });

    const later = new CookieJar();
    await flows.signIn(later, user.email, user.password);
    const reused = await flows.verifyBackupCode(later, code);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: "INVALID_BACKUP_CODE" });
    const [failure] = await flows.auditOf("auth.sign_in", user.id);
    expect(failure).toMatchObject({ outcome: "failure", details: { factor: "backup_code" } });
    // Another of the codes still works.
    expect((await flows.verifyBackupCode(later, backupCodes[1] ?? "")).status).toBe(200);
  });

  it("skips the second step for 30 days on a device the user trusted", async () => {
    const jar = new CookieJar();
    await flows.signIn(jar, user.email, user.password);
    const second = await flows.verifyTotp(jar, totp(secret), { trustDevice: true });
    expect(second.status).toBe(200);
    expect(jar.has(trustCookie)).toBe(true);
    const [event] = await flows.auditOf("auth.sign_in", user.id);
    expect(event).toMatchObject({ details: { factor: "totp", trustDevice: true } });

    // The same browser, later: the password alone signs in.
    const sameBrowser = new CookieJar();
    sameBrowser.take(
      new Response(null, { headers: { "set-cookie": `${trustCookie}=${jar.get(trustCookie)}; Path=/` } }),
    );
    const direct = await flows.signIn(sameBrowser, user.email, user.password);
    expect(direct.status).toBe(200);
    expect(direct.body.twoFactorRedirect).toBeUndefined();
    expect(sameBrowser.has(sessionCookie)).toBe(true);
    expect((await me(sameBrowser)).status).toBe(200);

    // Another browser still gets the second step.
    const other = new CookieJar();
    expect((await flows.signIn(other, user.email, user.password)).body).toMatchObject({
      twoFactorRedirect: true,
    });
    // A forged trust cookie is worth nothing.
    const forged = new CookieJar();
    forged.take(
      new Response(null, {
        headers: { "set-cookie": `${trustCookie}=forged!trust-device-x.c2lnbmF0dXJl; Path=/` },
      }),
    );
    expect((await flows.signIn(forged, user.email, user.password)).body).toMatchObject({
      twoFactorRedirect: true,
    });
  });

  it("refuses the second step to a user deactivated in between", async () => {
    const vera = await createUser(ctx.db);
    const setup = await flows.signInFully(vera.email, vera.password);
    const { secret: veraSecret } = await flows.enableTwoFactor(setup, vera.password);
    const jar = new CookieJar();
    await flows.signIn(jar, vera.email, vera.password);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, vera.id));
    const second = await flows.verifyTotp(jar, totp(veraSecret));
    expect(second.status).toBe(403);
    expect(jar.has(sessionCookie)).toBe(false);
  });

  it("limits second-step attempts to 5 a minute per address", async () => {
    const ip = "198.51.100.44";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const jar = new CookieJar();
      await flows.signIn(jar, user.email, user.password);
      statuses.push((await flows.verifyTotp(jar, totp(secret), { ip })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe("the account's second-factor lock", () => {
  it("answers 429 with Retry-After, the lock's remaining seconds, after 10 wrong codes", async () => {
    const user = await createUser(ctx.db);
    const setup = await flows.signInFully(user.email, user.password);
    const { secret } = await flows.enableTwoFactor(setup, user.password);
    // Two challenges of 5 wrong codes each (a challenge ends after 5): 10 for the account.
    for (let round = 0; round < 2; round++) {
      const jar = new CookieJar();
      await flows.signIn(jar, user.email, user.password);
      for (let i = 0; i < 5; i++) expect((await flows.verifyTotp(jar, wrongTotp(secret))).status).toBe(401);
    }
    const jar = new CookieJar();
    await flows.signIn(jar, user.email, user.password);
    const locked = await ctx.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      cookie: jar.toString(),
      json: { code: totp(secret) },
    });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
    const wait = Number(locked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    const [failure] = await flows.auditOf("auth.sign_in", user.id);
    expect(failure).toMatchObject({ outcome: "failure", details: { reason: "ACCOUNT_TEMPORARILY_LOCKED" } });
  });
});

describe("backup codes and turning it off", () => {
  it("regenerates the backup codes with the password: the old ones stop working", async () => {
    const user = await createUser(ctx.db);
    const jar = await flows.signInFully(user.email, user.password);
    const { secret, backupCodes: old } = await flows.enableTwoFactor(jar, user.password);

    const refused = await flows.post("/api/auth/two-factor/generate-backup-codes", jar, {
      password: "nope-nope",
    });
    expect(refused.status).toBe(400);
    const fresh = await flows.post("/api/auth/two-factor/generate-backup-codes", jar, {
      password: user.password,
    });
    expect(fresh.status).toBe(200);
    const codes = fresh.body.backupCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(old[0]);
    const [event] = await flows.auditOf("auth.backup_codes_regenerated", user.id);
    expect(event).toMatchObject({ outcome: "success" });

    const signIn = new CookieJar();
    await flows.signIn(signIn, user.email, user.password);
    expect((await flows.verifyBackupCode(signIn, old[0] ?? "")).status).toBe(401);
    expect((await flows.verifyBackupCode(signIn, codes[0] ?? "")).status).toBe(200);
    void secret;
  });

  it("turns off with the password; sign-in is one step again", async () => {
    const user = await createUser(ctx.db);
    const jar = await flows.signInFully(user.email, user.password);
    const { secret } = await flows.enableTwoFactor(jar, user.password);

    expect((await flows.post("/api/auth/two-factor/disable", jar, { password: "wrong-one-x" })).status).toBe(
      400,
    );
    expect(await flag(user.id)).toBe(true);
    const off = await flows.post("/api/auth/two-factor/disable", jar, { password: user.password });
    expect(off.status).toBe(200);
    expect(await flag(user.id)).toBe(false);
    expect(await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);
    expect((await me(jar)).status).toBe(200);
    const [event] = await flows.auditOf("auth.two_factor_disabled", user.id);
    expect(event).toMatchObject({ details: { by: "self" } });

    const again = new CookieJar();
    const first = await flows.signIn(again, user.email, user.password);
    expect(first.body.twoFactorRedirect).toBeUndefined();
    expect((await me(again)).status).toBe(200);
    void secret;
  });
});
