import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../server/db/factories";
import { auditEvents, sessions, users } from "../../server/db/schema";
import { CookieJar, createAuthFlows, sessionCookie } from "../auth-flows";
import { createTestContext, type TestContext } from "../harness";
import { totp } from "../totp";

// Issue 10, "Sign-in protection": the role requirement (403 two_factor_required until two-factor
// is on), the user's own sessions, the admin's session and two-factor actions, password reset and
// change with or without ending the other sessions, and the session basics (a new token at
// sign-in, sign-out ends it on the server, a foreign Origin is refused).

let ctx: TestContext;
let flows: ReturnType<typeof createAuthFlows>;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminJar: CookieJar;
beforeAll(async () => {
  ctx = await createTestContext();
  flows = createAuthFlows(ctx);
  admin = await createUser(ctx.db, { role: "admin", email: "root@example.com" });
  adminJar = await flows.signInFully(admin.email, admin.password);
  // This admin signs in with two factors, so requiring it for admins does not lock them out.
  await flows.enableTwoFactor(adminJar, admin.password);
});
afterAll(async () => ctx?.close());

const settingsBody = (twoFactorRequiredRoles?: string[]) => ({
  reportingCurrency: "USD",
  defaultLanguage: "pt-BR",
  timezone: "America/Sao_Paulo",
  notifications: { email: true, daily: false, weekly: false, monthly: false },
  backupFrequency: "daily",
  retentionDays: 30,
  ...(twoFactorRequiredRoles ? { twoFactorRequiredRoles } : {}),
});

function call(jar: CookieJar, path: string, init: { method?: string; json?: unknown } = {}) {
  return ctx.request(path, { cookie: jar.toString(), ...init });
}

async function requireFor(roles: string[] | undefined) {
  const response = await call(adminJar, "/api/settings", { method: "PUT", json: settingsBody(roles) });
  expect(response.status).toBe(200);
  return (await response.json()) as { twoFactorRequiredRoles: string[] };
}

describe("requiring two-factor for a role", () => {
  afterAll(async () => {
    await requireFor([]);
  });

  it("is an admin setting, audited with old and new values, kept when a save leaves it out", async () => {
    expect((await requireFor(["financial"])).twoFactorRequiredRoles).toEqual(["financial"]);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.updated"))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({
      actorId: admin.id,
      targetType: "settings",
      details: { changes: { twoFactorRequiredRoles: { from: [], to: ["financial"] } } },
    });
    // An older client that does not know the field does not clear it.
    expect((await requireFor(undefined)).twoFactorRequiredRoles).toEqual(["financial"]);
    // Only admin and financial can be required; duplicates collapse.
    const bad = await call(adminJar, "/api/settings", { method: "PUT", json: settingsBody(["user"]) });
    expect(bad.status).toBe(400);
    expect(
      (await requireFor(["financial", "admin", "financial"].slice(0, 2))).twoFactorRequiredRoles,
    ).toEqual(["admin", "financial"]);
    await requireFor(["financial"]);
  });

  it("sends a financial user without two-factor away from everything but setup, then lets them in", async () => {
    const fin = await createUser(ctx.db, { role: "financial", email: "fin@example.com" });
    const jar = await flows.signInFully(fin.email, fin.password);

    const meBefore = await call(jar, "/api/me");
    expect(meBefore.status).toBe(200);
    expect(await meBefore.json()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    for (const path of ["/api/financial/dashboard", "/api/settings", "/api/users", "/api/notifications"]) {
      const refused = await call(jar, path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toMatchObject({ error: { code: "two_factor_required" } });
    }
    const write = await call(jar, "/api/tokens", { method: "POST", json: { name: "script" } });
    expect(write.status).toBe(403);

    // What they need to turn it on, and to leave, still works.
    expect((await call(jar, "/api/config")).status).toBe(200);
    expect((await call(jar, "/api/me", { method: "PATCH", json: { language: "en" } })).status).toBe(200);
    expect((await call(jar, "/api/me/sessions")).status).toBe(200);
    expect((await call(jar, "/api/auth/get-session")).status).toBe(200);
    const { secret } = await flows.enableTwoFactor(jar, fin.password);

    expect(await (await call(jar, "/api/me")).json()).toMatchObject({
      twoFactorEnabled: true,
      twoFactorRequired: true,
    });
    expect((await call(jar, "/api/financial/dashboard")).status).toBe(200);

    // While the role requires it, the user cannot turn it off themself.
    const off = await flows.post("/api/auth/two-factor/disable", jar, { password: fin.password });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ code: "TWO_FACTOR_REQUIRED_FOR_ROLE" });
    // Signing in now takes both steps.
    const later = await flows.signInFully(fin.email, fin.password, secret);
    expect((await call(later, "/api/financial/dashboard")).status).toBe(200);
  });

  it("leaves other roles alone, and an API token of a blocked user is blocked too", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    const buyerJar = await flows.signInFully(buyer.email, buyer.password);
    expect(await (await call(buyerJar, "/api/me")).json()).toMatchObject({ twoFactorRequired: false });
    expect((await call(buyerJar, "/api/campaigns")).status).toBe(200);

    // An admin is not blocked while only financial is required.
    expect((await call(adminJar, "/api/users")).status).toBe(200);

    const fin = await createUser(ctx.db, { role: "financial" });
    await requireFor([]);
    const jar = await flows.signInFully(fin.email, fin.password);
    const created = await call(jar, "/api/tokens", { method: "POST", json: { name: "reader" } });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const withToken = () => ctx.request("/api/campaigns", { headers: { authorization: `Bearer ${token}` } });
    expect((await withToken()).status).toBe(200);
    await requireFor(["financial"]);
    const blocked = await withToken();
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ error: { code: "two_factor_required" } });
    await requireFor(["financial"]);
  });

  it("applies to admins too when required, on their very next request", async () => {
    const other = await createUser(ctx.db, { role: "admin" });
    const jar = await flows.signInFully(other.email, other.password);
    expect((await call(jar, "/api/users")).status).toBe(200);
    await requireFor(["admin", "financial"]);
    const refused = await call(jar, "/api/users");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "two_factor_required" } });
    await requireFor(["financial"]);
    expect((await call(jar, "/api/users")).status).toBe(200);
  });
});

describe("my sessions", () => {
  it("lists them by id (never a token), this one first and marked", async () => {
    const user = await createUser(ctx.db);
    const laptop = await flows.signInFully(user.email, user.password);
    const phone = await flows.signInFully(user.email, user.password);
    const response = await call(laptop, "/api/me/sessions");
    expect(response.status).toBe(200);
    const list = (await response.json()) as { id: string; current: boolean; ipAddress: string | null }[];
    expect(list).toHaveLength(2);
    expect(list[0]?.current).toBe(true);
    expect(list[1]?.current).toBe(false);
    expect(list[0]?.ipAddress).toMatch(/^10\./);
    const tokens = (
      await ctx.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id))
    ).map((row) => row.token);
    const text = JSON.stringify(list);
    for (const token of tokens) expect(text).not.toContain(token);
    // The phone sees itself as current.
    const fromPhone = (await (await call(phone, "/api/me/sessions")).json()) as {
      id: string;
      current: boolean;
    }[];
    expect(fromPhone.find((s) => s.current)?.id).toBe(list[1]?.id);
  });

  it("ends one other session (audited), not this one, and not someone else's", async () => {
    const user = await createUser(ctx.db);
    const laptop = await flows.signInFully(user.email, user.password);
    const phone = await flows.signInFully(user.email, user.password);
    const list = (await (await call(laptop, "/api/me/sessions")).json()) as {
      id: string;
      current: boolean;
    }[];
    const phoneId = list.find((s) => !s.current)?.id ?? "";
    const currentId = list.find((s) => s.current)?.id ?? "";

    const self = await call(laptop, `/api/me/sessions/${currentId}`, { method: "DELETE" });
    expect(self.status).toBe(422);
    expect(await self.json()).toMatchObject({ error: { code: "cannot_end_current_session" } });

    const stranger = await createUser(ctx.db);
    const strangerJar = await flows.signInFully(stranger.email, stranger.password);
    expect((await call(strangerJar, `/api/me/sessions/${phoneId}`, { method: "DELETE" })).status).toBe(404);
    expect((await call(phone, "/api/me")).status).toBe(200);

    expect((await call(laptop, `/api/me/sessions/${phoneId}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(phone, "/api/me")).status).toBe(401);
    expect((await call(laptop, "/api/me")).status).toBe(200);
    const [event] = await flows.auditOf("auth.sessions_revoked", user.id);
    expect(event).toMatchObject({
      targetType: "session",
      targetId: phoneId,
      details: { scope: "one", by: "self" },
    });
  });

  it("ends every other session at once", async () => {
    const user = await createUser(ctx.db);
    const here = await flows.signInFully(user.email, user.password);
    const others = [
      await flows.signInFully(user.email, user.password),
      await flows.signInFully(user.email, user.password),
    ];
    const response = await call(here, "/api/me/sessions/revoke-others", { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: 2 });
    for (const jar of others) expect((await call(jar, "/api/me")).status).toBe(401);
    expect((await call(here, "/api/me")).status).toBe(200);
    const [event] = await flows.auditOf("auth.sessions_revoked", user.id);
    expect(event).toMatchObject({ details: { scope: "others", count: 2 } });
  });

  it("keeps a last-active time that moves with use", async () => {
    const user = await createUser(ctx.db);
    const jar = await flows.signInFully(user.email, user.password);
    const old = new Date(Date.now() - 60 * 60_000);
    await ctx.db.update(sessions).set({ updatedAt: old }).where(eq(sessions.userId, user.id));
    // A refused request is no activity; a successful one is.
    expect((await call(jar, "/api/users/nobody")).status).toBe(404);
    const [row] = await ctx.db
      .select({ at: sessions.updatedAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row?.at.getTime()).toBe(old.getTime());
    expect((await call(jar, "/api/me")).status).toBe(200);
    const [listed] = (await (await call(jar, "/api/me/sessions")).json()) as { lastActiveAt: string }[];
    expect(Date.parse(listed?.lastActiveAt ?? "")).toBeGreaterThan(old.getTime() + 30 * 60_000);
  });
});

describe("admin actions on another user's sign-in", () => {
  it("ends all of a user's sessions: their next request is 401 (audited)", async () => {
    const buyer = await createUser(ctx.db, { email: "ned@example.com" });
    const a = await flows.signInFully(buyer.email, buyer.password);
    const b = await flows.signInFully(buyer.email, buyer.password);
    const response = await call(adminJar, `/api/users/${buyer.id}/sessions/revoke`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: 2 });
    expect((await call(a, "/api/me")).status).toBe(401);
    expect((await call(b, "/api/campaigns")).status).toBe(401);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "auth.sessions_revoked"), eq(auditEvents.subjectUserId, buyer.id)));
    expect(event).toMatchObject({ actorId: admin.id, details: { scope: "all", count: 2, by: "admin" } });
    // They can sign in again.
    expect((await call(await flows.signInFully(buyer.email, buyer.password), "/api/me")).status).toBe(200);
    expect((await call(adminJar, "/api/users/nobody-here/sessions/revoke", { method: "POST" })).status).toBe(
      404,
    );
  });

  it("turns off a user's two-factor after a lost phone: trusted devices forget it too (audited)", async () => {
    const user = await createUser(ctx.db, { email: "lost.phone@example.com" });
    const setup = await flows.signInFully(user.email, user.password);
    const { secret } = await flows.enableTwoFactor(setup, user.password);
    // A trusted browser (say, on the lost phone).
    const phone = new CookieJar();
    await flows.signIn(phone, user.email, user.password);
    await flows.verifyTotp(phone, totp(secret), { trustDevice: true });

    const listed = (await (await call(adminJar, "/api/users")).json()) as {
      email: string;
      twoFactorEnabled: boolean | null;
    }[];
    expect(listed.find((u) => u.email === user.email)?.twoFactorEnabled).toBe(true);

    const response = await call(adminJar, `/api/users/${user.id}/two-factor/disable`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, twoFactorEnabled: false });
    const [row] = await ctx.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.on).toBe(false);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "auth.two_factor_disabled"), eq(auditEvents.subjectUserId, user.id)));
    expect(event).toMatchObject({ actorId: admin.id, details: { by: "admin" } });

    // Sign-in is one step; after turning it on again, the old trusted browser must do the second step.
    const plain = new CookieJar();
    expect((await flows.signIn(plain, user.email, user.password)).body.twoFactorRedirect).toBeUndefined();
    const { secret: fresh } = await flows.enableTwoFactor(plain, user.password);
    phone.drop(sessionCookie);
    expect((await flows.signIn(phone, user.email, user.password)).body).toMatchObject({
      twoFactorRedirect: true,
    });
    expect(fresh).not.toBe(secret);
    // Again on a user without two-factor: nothing to do, still 200.
    const none = await createUser(ctx.db);
    expect(
      (await call(adminJar, `/api/users/${none.id}/two-factor/disable`, { method: "POST" })).status,
    ).toBe(200);
  });

  it("is refused to everyone but admins (403), and the others do not see who has two-factor", async () => {
    const target = await createUser(ctx.db);
    for (const role of ["user", "manager", "financial"] as const) {
      const someone = await createUser(ctx.db, { role });
      const jar = await flows.signInFully(someone.email, someone.password);
      for (const path of [
        `/api/users/${target.id}/sessions/revoke`,
        `/api/users/${target.id}/two-factor/disable`,
      ]) {
        expect((await call(jar, path, { method: "POST" })).status, `${role} ${path}`).toBe(403);
      }
      const self = (await (await call(jar, `/api/users/${someone.id}`)).json()) as {
        twoFactorEnabled: unknown;
      };
      expect(self.twoFactorEnabled).toBeNull();
    }
  });
});

describe("passwords and sessions", () => {
  async function resetToken(email: string): Promise<string> {
    const before = ctx.outbox.length;
    await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: "/reset-password" },
    });
    const mail = ctx.outbox.slice(before).find((m) => m.to === email);
    return decodeURIComponent(/\/reset-password\?token=([^\s&]+)/.exec(mail?.text ?? "")?.[1] ?? "");
  }

  it("a reset ends the other sessions when asked (the default)", async () => {
    const user = await createUser(ctx.db);
    const old = await flows.signInFully(user.email, user.password);
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: {
        newPassword: "violet-harbour-73",
        token: await resetToken(user.email),
        revokeOtherSessions: true,
      },
    });
    expect(reset.status).toBe(200);
    expect((await call(old, "/api/me")).status).toBe(401);
  });

  it("a reset keeps the other sessions when the box is unticked", async () => {
    const user = await createUser(ctx.db);
    const old = await flows.signInFully(user.email, user.password);
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: {
        newPassword: "amber-lantern-58",
        token: await resetToken(user.email),
        revokeOtherSessions: false,
      },
    });
    expect(reset.status).toBe(200);
    expect((await call(old, "/api/me")).status).toBe(200);
    await expect(ctx.signIn(user.email, user.password)).rejects.toThrow(/401/);
    await expect(ctx.signIn(user.email, "amber-lantern-58")).resolves.toContain(sessionCookie);
  });

  it("a change of password can end the other sessions, keeps this one, and is audited", async () => {
    const user = await createUser(ctx.db);
    const here = await flows.signInFully(user.email, user.password);
    const there = await flows.signInFully(user.email, user.password);
    const wrong = await flows.post("/api/auth/change-password", here, {
      currentPassword: "not-the-password",
      newPassword: "quiet-meadow-91",
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "INVALID_PASSWORD" });
    const [failure] = await flows.auditOf("auth.password_changed", user.id);
    expect(failure).toMatchObject({ outcome: "failure" });

    const changed = await flows.post("/api/auth/change-password", here, {
      currentPassword: user.password,
      newPassword: "quiet-meadow-91",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await call(here, "/api/me")).status).toBe(200);
    expect((await call(there, "/api/me")).status).toBe(401);
    const [event] = await flows.auditOf("auth.password_changed", user.id);
    expect(event).toMatchObject({ outcome: "success", details: { revokedOtherSessions: true } });

    // Without the box, the other sessions stay.
    const third = await flows.signInFully(user.email, "quiet-meadow-91");
    expect(
      (
        await flows.post("/api/auth/change-password", here, {
          currentPassword: "quiet-meadow-91",
          newPassword: "silver-orchard-27",
          revokeOtherSessions: false,
        })
      ).status,
    ).toBe(200);
    expect((await call(third, "/api/me")).status).toBe(200);
  });
});

describe("session basics", () => {
  it("gives a new session token at every sign-in, even when the browser sends an old one", async () => {
    const user = await createUser(ctx.db);
    const jar = await flows.signInFully(user.email, user.password);
    const first = jar.get(sessionCookie);
    await flows.signIn(jar, user.email, user.password);
    const second = jar.get(sessionCookie);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // A token planted before sign-in (session fixation) is not the one the server hands out.
    const planted = new CookieJar();
    planted.take(new Response(null, { headers: { "set-cookie": `${sessionCookie}=${first}; Path=/` } }));
    await flows.signIn(planted, user.email, user.password);
    expect(planted.get(sessionCookie)).not.toBe(first);
  });

  it("sign-out deletes the session on the server, so a copied cookie is worthless", async () => {
    const user = await createUser(ctx.db);
    const jar = await flows.signInFully(user.email, user.password);
    const copy = jar.clone();
    const token = decodeURIComponent(jar.get(sessionCookie) ?? "").split(".")[0] ?? "";
    expect(await ctx.db.select().from(sessions).where(eq(sessions.token, token))).toHaveLength(1);
    expect((await flows.post("/api/auth/sign-out", jar, {})).status).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.token, token))).toHaveLength(0);
    expect((await call(copy, "/api/me")).status).toBe(401);
  });

  it("refuses a state-changing call from a foreign Origin on the new operations", async () => {
    const user = await createUser(ctx.db);
    const jar = await flows.signInFully(user.email, user.password);
    for (const [path, method] of [
      ["/api/me/sessions/revoke-others", "POST"],
      ["/api/me/sessions/anything", "DELETE"],
      ["/api/auth/two-factor/enable", "POST"],
      ["/api/auth/change-password", "POST"],
      [`/api/users/${user.id}/sessions/revoke`, "POST"],
    ] as const) {
      const response = await ctx.request(path, {
        method,
        cookie: jar.toString(),
        origin: "https://evil.example",
        json: { password: user.password },
      });
      expect(response.status, path).toBe(403);
    }
    expect((await call(jar, "/api/me")).status).toBe(200);
  });
});
