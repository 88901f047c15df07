import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  it("refuses a state-changing call from another origin with 403, on our API and on /api/auth", async () => {
    const ours = await ctx.request("/api/me", {
      method: "PATCH",
      cookie,
      origin: "https://evil.example",
      json: { language: "en" },
    });
    expect(ours.status).toBe(403);
    expect(await ours.json()).toMatchObject({ error: { code: "forbidden" } });

    const auth = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      origin: "https://evil.example",
      json: {},
    });
    expect(auth.status).toBe(403);
    // The session survived.
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
  });

  it("refuses Origin: null and a cross-site fetch without Origin", async () => {
    const nullOrigin = await ctx.request("/api/me", {
      method: "PATCH",
      cookie,
      origin: "null",
      json: { language: "en" },
    });
    expect(nullOrigin.status).toBe(403);
    const crossSite = await ctx.request("/api/me", {
      method: "PATCH",
      cookie,
      origin: null,
      headers: { "sec-fetch-site": "cross-site" },
      json: { language: "en" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("lets same-origin calls and tools without an Origin through", async () => {
    const same = await ctx.request("/api/me", { method: "PATCH", cookie, json: { language: "en" } });
    expect(same.status).toBe(200);
    const tool = await ctx.request("/api/me", {
      method: "PATCH",
      cookie,
      origin: null,
      json: { language: "pt-BR" },
    });
    expect(tool.status).toBe(200);
  });

  it("does not apply to reads", async () => {
    expect((await ctx.request("/api/me", { cookie, origin: "https://evil.example" })).status).toBe(200);
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
