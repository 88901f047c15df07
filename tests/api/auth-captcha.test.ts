import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaptchaVerifier, createAltchaVerifier } from "../../server/captcha";
import { users } from "../../server/db/schema";
import { createTestContext, type TestContext } from "../harness";

// Human verification (ALTCHA, the default provider) on sign-in, sign-up and password recovery.
// Every solution here is a real proof of work solved with altcha-lib.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ captcha: "altcha" });
  await ctx.signUp("owner@example.com", password);
});
afterAll(async () => {
  await ctx?.close();
});

const password = "correct-horse-42";

const endpoints = [
  {
    name: "sign-in",
    path: "/api/auth/sign-in/email",
    body: () => ({ email: "owner@example.com", password }),
  },
  {
    name: "sign-up",
    path: "/api/auth/sign-up/email",
    body: () => ({ email: `new-${Math.random().toString(36).slice(2)}@example.com`, password, name: "" }),
  },
  {
    name: "recovery",
    path: "/api/auth/request-password-reset",
    body: () => ({ email: "owner@example.com" }),
  },
] as const;

async function post(path: string, body: unknown, captcha?: string) {
  const response = await ctx.request(path, {
    method: "POST",
    json: body,
    ...(captcha !== undefined ? { headers: { "x-captcha-response": captcha } } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> | null };
}

/** A correctly solved challenge signed with another key. */
async function foreignSolution(): Promise<string> {
  const challenge = await createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: 10,
    counter: 5,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + 300,
    hmacSignatureSecret: "not-our-secret-not-our-secret-xx",
    hmacKeySignatureSecret: "not-our-key-not-our-key-not-our-",
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe.each(endpoints)("$name", ({ path, body }) => {
  it("answers 400 CAPTCHA_REQUIRED without a token", async () => {
    const result = await post(path, body());
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: "CAPTCHA_REQUIRED" });
  });

  it("answers 400 CAPTCHA_FAILED for garbage and for a solution signed by someone else", async () => {
    for (const token of ["not-a-token", Buffer.from("{}").toString("base64"), await foreignSolution()]) {
      const result = await post(path, body(), token);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ code: "CAPTCHA_FAILED" });
    }
  });

  it("accepts a solved challenge once and refuses it when reused", async () => {
    const token = await ctx.solveCaptcha();
    const first = await post(path, body(), token);
    expect(first.status).toBe(200);
    const reused = await post(path, body(), token);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: "CAPTCHA_FAILED" });
  });
});

describe("the challenge", () => {
  it("is fresh, signed, expires within minutes and is never cached", async () => {
    const response = await ctx.request("/api/captcha/challenge");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = (await response.json()) as {
      parameters: { algorithm: string; cost: number; expiresAt: number; keySignature?: string };
      signature: string;
    };
    expect(challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toBeTruthy();
    const secondsLeft = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(60);
    expect(secondsLeft).toBeLessThanOrEqual(600);
    const other = await (await ctx.request("/api/captcha/challenge")).json();
    expect(other).not.toEqual(challenge);
  });

  it("is refused once expired", async () => {
    const token = await ctx.solveCaptcha();
    const later = createAltchaVerifier({
      authSecret: ctx.env.authSecret,
      db: ctx.db,
      now: () => Date.now() + 301_000,
    });
    expect(await later.verify(token)).toEqual({ ok: false, reason: "expired" });
    // Still good now, and only once.
    const now = createAltchaVerifier({ authSecret: ctx.env.authSecret, db: ctx.db });
    expect(await now.verify(token)).toEqual({ ok: true });
    expect(await now.verify(token)).toEqual({ ok: false, reason: "reused" });
  });

  it("is refused when another process already used it (shared through the database)", async () => {
    const token = await ctx.solveCaptcha();
    const processA = createAltchaVerifier({ authSecret: ctx.env.authSecret, db: ctx.db });
    const processB = createAltchaVerifier({ authSecret: ctx.env.authSecret, db: ctx.db });
    const results = await Promise.all([processA.verify(token), processB.verify(token)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("a failed verification", () => {
  it("changes nothing: no account, no mail", async () => {
    const mails = ctx.outbox.length;
    await post("/api/auth/sign-up/email", { email: "blocked@example.com", password, name: "" }, "bad");
    await post("/api/auth/request-password-reset", { email: "owner@example.com" }, "bad");
    expect(await ctx.db.select().from(users).where(eq(users.email, "blocked@example.com"))).toHaveLength(0);
    expect(ctx.outbox.length).toBe(mails);
  });
});

describe("Turnstile", () => {
  it("passes the header's token to the verifier and maps its refusal to CAPTCHA_FAILED", async () => {
    const seen: string[] = [];
    const fake: CaptchaVerifier = {
      provider: "turnstile",
      verify: async (token) => {
        seen.push(String(token));
        if (!token) return { ok: false, reason: "missing" };
        return token === "good" ? { ok: true } : { ok: false, reason: "invalid" };
      },
    };
    const turnstile = await createTestContext({ captchaVerifier: fake });
    try {
      const send = (token?: string) =>
        turnstile.request("/api/auth/request-password-reset", {
          method: "POST",
          json: { email: "someone@example.com" },
          ...(token ? { headers: { "x-captcha-response": token } } : {}),
        });
      expect((await send()).status).toBe(400);
      const bad = await send("bad");
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: "CAPTCHA_FAILED" });
      expect((await send("good")).status).toBe(200);
      expect(seen).toEqual(["null", "bad", "good"]);
    } finally {
      await turnstile.close();
    }
  });
});
