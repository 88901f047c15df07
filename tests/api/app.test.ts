import { gunzipSync } from "node:zlib";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOffer } from "../../server/db/factories";
import { auditEvents } from "../../server/db/schema";
import { createTestContext, type TestContext } from "../harness";

// Cross-cutting behaviour of the API: CSRF origin check, health, OpenAPI, errors, public config.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.signUp("owner@example.com", "correct-horse-42");
  cookie = await ctx.signIn("owner@example.com", "correct-horse-42");
});
afterAll(async () => {
  await ctx?.close();
});

describe("origin check", () => {
  // Issue 27: a state-changing call with the session cookie must carry our Origin, or (a browser
  // that sends none) Sec-Fetch-Site: same-origin; a foreign Referer proves nothing.
  const patchMe = (init: Parameters<TestContext["request"]>[1] = {}) =>
    ctx.request("/api/me", { method: "PATCH", cookie, json: { language: "en" }, ...init });

  async function expectRefused(response: Response) {
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "cross_origin_refused" } });
  }

  it("refuses a state-changing call from another origin with 403, on our API and on /api/auth", async () => {
    await expectRefused(await patchMe({ origin: "https://evil.example" }));

    const auth = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      origin: "https://evil.example",
      json: {},
    });
    await expectRefused(auth);
    // The session survived.
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
  });

  it("refuses Origin: null and a cross-site or same-site fetch without Origin", async () => {
    await expectRefused(await patchMe({ origin: "null" }));
    for (const site of ["cross-site", "same-site", "none"]) {
      await expectRefused(await patchMe({ origin: null, headers: { "sec-fetch-site": site } }));
    }
  });

  it("refuses a cookie call without Origin and without Sec-Fetch-Site", async () => {
    await expectRefused(await patchMe({ origin: null }));
    const del = await ctx.request("/api/me/sessions/no-such-session", {
      method: "DELETE",
      cookie,
      origin: null,
    });
    await expectRefused(del);
    const signOut = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      origin: null,
      json: {},
    });
    await expectRefused(signOut);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
  });

  it("refuses a foreign Origin even with Sec-Fetch-Site: same-origin", async () => {
    await expectRefused(
      await patchMe({ origin: "https://evil.example", headers: { "sec-fetch-site": "same-origin" } }),
    );
  });

  it("refuses our Origin when Sec-Fetch-Site says the page is on another site", async () => {
    await expectRefused(await patchMe({ headers: { "sec-fetch-site": "cross-site" } }));
  });

  it("refuses a foreign Referer alone, and even our own Referer without Origin", async () => {
    await expectRefused(await patchMe({ origin: null, headers: { referer: "https://evil.example/page" } }));
    await expectRefused(await patchMe({ origin: null, headers: { referer: `${ctx.env.appUrl}/account` } }));
  });

  it("accepts our Origin, and no Origin with Sec-Fetch-Site: same-origin", async () => {
    expect((await patchMe()).status).toBe(200);
    expect((await patchMe({ headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);
    const noOrigin = await patchMe({ origin: null, headers: { "sec-fetch-site": "same-origin" } });
    expect(noOrigin.status).toBe(200);
  });

  it("lets calls without cookies through without an Origin (tools), so they reach authentication", async () => {
    const anonymous = await ctx.request("/api/me", {
      method: "PATCH",
      origin: null,
      json: { language: "en" },
    });
    expect(anonymous.status).toBe(401);
    const signUp = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      origin: null,
      json: { email: "tool@example.com", password: "correct-horse-43", name: "" },
    });
    expect(signUp.status).toBe(200);
    // A foreign Origin is refused even without cookies (a login CSRF from another site).
    const foreign = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      origin: "https://evil.example",
      json: { email: "tool@example.com", password: "correct-horse-43" },
    });
    await expectRefused(foreign);
  });

  it("exempts bearer-token calls, which a page on another site cannot make a browser send", async () => {
    const minted = await ctx.request("/api/tokens", { method: "POST", cookie, json: { name: "Script" } });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    const offer = await createOffer(ctx.db, { name: "Origin offer" });
    const variants: Record<string, string>[] = [
      {},
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    ];
    // A day each: one entry per buyer, offer and day (decision 0083).
    for (const [index, headers] of variants.entries()) {
      const created = await ctx.request("/api/campaigns", {
        method: "POST",
        origin: null,
        headers: { authorization: `Bearer ${token}`, ...headers },
        json: { date: `2025-03-0${index + 1}`, offerId: offer.id, spent: "1.00", deposits: 0 },
      });
      expect(created.status, await created.clone().text()).toBe(201);
    }
    // Under /api/auth a bearer header authenticates nothing: the cookie rule applies.
    const signOut = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      origin: null,
      headers: { authorization: `Bearer ${token}` },
      json: {},
    });
    await expectRefused(signOut);
  });

  it("audits the refusal", async () => {
    await patchMe({ origin: null });
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "access.denied"))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event?.details).toMatchObject({ method: "PATCH", path: "/api/me", code: "cross_origin_refused" });
  });

  it("does not apply to reads", async () => {
    expect((await ctx.request("/api/me", { cookie, origin: "https://evil.example" })).status).toBe(200);
    const read = await ctx.request("/api/me", {
      cookie,
      origin: null,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(read.status).toBe(200);
  });
});

describe("system endpoints", () => {
  it("health answers ok with the database kind", async () => {
    const response = await ctx.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: ctx.kind });
  });

  it("publishes an OpenAPI 3.1 document listing the operations", async () => {
    const response = await ctx.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths["/api/me"] ?? {}).sort()).toEqual(["get", "patch"]);
    for (const path of [
      "/api/health",
      "/api/config",
      "/api/captcha/challenge",
      "/api/password-reset/validate",
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });

  it("renders a readable reference at /api/docs", async () => {
    const response = await ctx.request("/api/docs");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("/api/me");
  });

  it("answers an unknown API path with 404 and the error shape", async () => {
    for (const [method, path] of [
      ["GET", "/api/x"],
      ["POST", "/api/nothing/here"],
    ] as const) {
      const response = await ctx.request(path, {
        method,
        cookie,
        ...(method === "POST" ? { json: {} } : {}),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    }
  });

  it("compresses an answer for a client that accepts gzip, and only for it", async () => {
    const plain = await ctx.request("/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const document = await plain.json();

    const gzipped = await ctx.request("/api/openapi.json", { headers: { "accept-encoding": "gzip, br" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(document);

    // q=0 refuses an encoding: the answer stays plain.
    const refused = await ctx.request("/api/openapi.json", {
      headers: { "accept-encoding": "gzip;q=0, identity" },
    });
    expect(refused.headers.get("content-encoding")).toBeNull();
    await refused.body?.cancel();

    // A small JSON answer goes out as it is, with its length: gzip would cost more than it saves.
    const small = await ctx.request("/api/health", { headers: { "accept-encoding": "gzip, br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBe("Accept-Encoding");
    expect(Number(small.headers.get("content-length"))).toBeLessThan(1024);
    expect(await small.json()).toMatchObject({ status: expect.any(String) });
  });

  it("tags every answer with a request id", async () => {
    const response = await ctx.request("/api/health", { headers: { "x-request-id": "abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
  });
});

describe("public configuration", () => {
  it("tells the web which verification to show, the default language and the time zone", async () => {
    const response = await ctx.request("/api/config");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      captcha: { provider: "none", challengeUrl: "/api/captcha/challenge" },
      defaultLanguage: "pt-BR",
      workspaceTimezone: "America/Sao_Paulo",
      reportingCurrency: "USD",
    });
  });

  it("serves no ALTCHA challenge when ALTCHA is not the provider", async () => {
    const response = await ctx.request("/api/captcha/challenge");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("gives Turnstile's site key (never its secret) when Turnstile is configured", async () => {
    const turnstile = await createTestContext({
      env: {
        CAPTCHA_PROVIDER: "turnstile",
        TURNSTILE_SITE_KEY: "site-key-1",
        TURNSTILE_SECRET_KEY: "secret-key-1",
      },
    });
    try {
      const response = await turnstile.request("/api/config");
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ captcha: { provider: "turnstile", siteKey: "site-key-1" } });
      expect(text).not.toContain("secret-key-1");
      // The CSP lets Cloudflare's widget in.
      expect(response.headers.get("content-security-policy")).toContain("https://challenges.cloudflare.com");
    } finally {
      await turnstile.close();
    }
  });
});
