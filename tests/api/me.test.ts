import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { createTestContext, type TestContext, type TestUser } from "../harness";

let ctx: TestContext;
let owner: TestUser;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.signUp("owner@example.com", "correct-horse-42");
  cookie = await ctx.signIn("owner@example.com", "correct-horse-42");
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/session", () => {
  it("answers 200 with no user without a session, or with a forged or ended one", async () => {
    for (const sessionCookie of [undefined, "placar.session_token=forged.value"]) {
      const response = await ctx.request("/api/session", sessionCookie ? { cookie: sessionCookie } : {});
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ user: null });
    }
  });

  it("answers the signed-in user as GET /api/me does", async () => {
    const session = await ctx.request("/api/session", { cookie });
    const me = await ctx.request("/api/me", { cookie });
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ user: await me.json() });
  });

  it("gives a deactivated user no user (the session no longer counts)", async () => {
    await ctx.signUp("gone@example.com", "correct-horse-42");
    const goneCookie = await ctx.signIn("gone@example.com", "correct-horse-42");
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, "gone@example.com"));
    const response = await ctx.request("/api/session", { cookie: goneCookie });
    expect(await response.json()).toEqual({ user: null });
  });
});

describe("GET /api/me", () => {
  it("answers 401 with the error shape without a session", async () => {
    const response = await ctx.request("/api/me");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: "unauthenticated", message: expect.any(String) },
    });
  });

  it("answers 401 for a forged or stale cookie", async () => {
    const response = await ctx.request("/api/me", { cookie: "placar.session_token=forged.value" });
    expect(response.status).toBe(401);
  });

  it("answers the signed-in user, read fresh (a role change applies on the next request)", async () => {
    const response = await ctx.request("/api/me", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      id: owner.id,
      email: "owner@example.com",
      name: "Owner",
      role: "admin",
      language: null,
      managerId: null,
      twoFactorEnabled: false,
      // The buyer code for offer postbacks (docs/decisions/0086): generated, never empty.
      code: expect.stringMatching(/^[0-9A-F]{8}$/),
      twoFactorRequired: false,
      // Issue 30: the workspace's reporting currency when the user was created (USD here).
      adAccountCurrency: "USD",
    });
    await ctx.db.update(users).set({ role: "financial" }).where(eq(users.id, owner.id));
    expect(await (await ctx.request("/api/me", { cookie })).json()).toMatchObject({ role: "financial" });
    await ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, owner.id));
  });
});

describe("session refresh", () => {
  it("extends an ageing session on an API call and sends the refreshed cookie", async () => {
    const own = await ctx.signIn("owner@example.com", "correct-horse-42");
    const token = decodeURIComponent(own.split("=")[1] ?? "").split(".")[0] ?? "";
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await ctx.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.token, token));

    const response = await ctx.request("/api/me", { cookie: own });
    expect(response.status).toBe(200);
    const refreshed = response.headers.getSetCookie().find((c) => c.startsWith("placar.session_token="));
    expect(refreshed).toMatch(/Max-Age=\d+/);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, token));
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6 * 86_400_000);
  });
});

describe("PATCH /api/me", () => {
  it("keeps the language in the profile", async () => {
    const response = await ctx.request("/api/me", { method: "PATCH", cookie, json: { language: "ru" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: owner.id, language: "ru" });
    const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, owner.id));
    expect(row?.language).toBe("ru");
  });

  it.each([
    [{ language: "fr" }],
    [{ language: null }],
    [{}],
    [{ language: "en", role: "admin" }],
    [{ language: "en", name: "Someone else" }],
  ])("refuses %j with 400 and changes nothing", async (body) => {
    const response = await ctx.request("/api/me", { method: "PATCH", cookie, json: body });
    expect(response.status).toBe(400);
    const payload = (await response.json()) as {
      error: { code: string; message: string; fields?: Record<string, string> };
    };
    expect(payload.error.code).toBe("validation_failed");
    expect(payload.error.fields).toBeDefined();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ language: "ru", role: "admin", name: "Owner" });
  });

  it("refuses malformed JSON with the error shape", async () => {
    const response = await ctx.request("/api/me", {
      method: "PATCH",
      cookie,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "validation_failed" } });
  });

  it("answers 401 before looking at the body when nobody is signed in", async () => {
    const response = await ctx.request("/api/me", { method: "PATCH", json: { language: "xx" } });
    expect(response.status).toBe(401);
  });
});
