import { writeFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../domain/periods";
import { operationAccess } from "../../domain/permissions";
import { createUser } from "../../server/db/factories";
import { rateLimits } from "../../server/db/schema";
import { signInThrottle, signInThrottleKey } from "../../server/sign-in-throttle";
import {
  type Operation,
  openOperationWorld,
  operationCalls,
  readOperations,
  type World,
} from "../api-operations";
import {
  authorizationMatrix,
  type Expectation,
  type GuardCase,
  originCases,
  type Subject,
  subjects,
  type TokenSubject,
  throttleCases,
  tokenMatrix,
  tokenSubjects,
} from "../authorization-matrix";
import type { TestRequestInit } from "../harness";

// Calls every operation of /api/openapi.json as every subject, with real sessions, and compares the
// answer with tests/authorization-matrix.ts. Objects belong to "the buyer", so the other buyer and
// the other team lead probe object-level checks by id. Operations that change or delete their
// target get a fresh one per call (tests/api-operations.ts), so every subject meets the same state.

let world: World;
let operations: Operation[];
const calls = operationCalls;

/** What the matrix calls the answer: "ok" for any 2xx, otherwise the status code. */
function classify(status: number): Expectation {
  return status >= 200 && status < 300 ? "ok" : (status as Expectation);
}

beforeAll(async () => {
  world = await openOperationWorld();
  operations = await readOperations(world.ctx);
});
afterAll(async () => world?.ctx.close());

describe("authorization matrix", () => {
  it("lists every operation of the OpenAPI document, and nothing else", () => {
    const documented = operations.map((operation) => operation.key).sort();
    expect(Object.keys(authorizationMatrix).sort()).toEqual(documented);
    expect(Object.keys(calls).sort()).toEqual(documented);
    expect(Object.keys(operationAccess).sort()).toEqual(documented);
  });

  it("answers every operation, for every subject, as the matrix says", async () => {
    const actual: Record<string, Record<Subject, Expectation>> = {};
    const mismatches: string[] = [];
    for (const operation of operations) {
      const row = {} as Record<Subject, Expectation>;
      for (const subject of subjects) {
        const prepare = calls[operation.key];
        if (!prepare) continue;
        const call = await prepare(world);
        const response = await world.ctx.request(call.path, {
          method: operation.method,
          ...(subject === "anonymous" ? {} : { cookie: world.cookies.get(subject) }),
          ...(call.json !== undefined ? { json: call.json } : {}),
          ...(call.body !== undefined ? { body: call.body } : {}),
        });
        // Release the body (an SSE stream would otherwise stay open).
        await response.body?.cancel();
        row[subject] = classify(response.status);
        const expected = authorizationMatrix[operation.key]?.[subject];
        if (expected !== undefined && expected !== row[subject])
          mismatches.push(`${operation.key} as ${subject}: expected ${expected}, got ${row[subject]}`);
      }
      actual[operation.key] = row;
    }
    // AUTHZ_RECORD=file writes the answers, to review them when the matrix changes on purpose.
    if (process.env.AUTHZ_RECORD) writeFileSync(process.env.AUTHZ_RECORD, JSON.stringify(actual, null, 1));
    expect(mismatches).toEqual([]);
  });

  it("refuses a caller the role rules out before it looks at the input", async () => {
    // A bad body and a bad query string must not turn a 401/403 into a 400.
    const mismatches: string[] = [];
    let checked = 0;
    for (const operation of operations) {
      const call = await calls[operation.key]?.(world);
      if (!call) continue;
      for (const subject of subjects) {
        const expected = authorizationMatrix[operation.key]?.[subject];
        if (expected !== 401 && expected !== 403) continue;
        const separator = call.path.includes("?") ? "&" : "?";
        const response = await world.ctx.request(
          `${call.path}${separator}month=13-2024&page=-1&from=not-a-date&limit=x`,
          {
            method: operation.method,
            ...(subject === "anonymous" ? {} : { cookie: world.cookies.get(subject) }),
            ...(operation.method === "GET" ? {} : { json: { unexpected: ["not", "valid"] } }),
          },
        );
        await response.body?.cancel();
        checked += 1;
        if (response.status !== expected)
          mismatches.push(`${operation.key} as ${subject}: expected ${expected}, got ${response.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

// Issue 27: the Origin rule for calls with cookies and the sign-in throttles, as the tables in
// tests/authorization-matrix.ts (and docs/authorization.md) say.
const foreign = "https://evil.example";

function patchMe(w: World, init: TestRequestInit = {}) {
  return w.ctx.request("/api/me", {
    method: "PATCH",
    cookie: w.cookies.get("buyer"),
    json: { language: "pt-BR" },
    ...init,
  });
}

let mintedToken: string | undefined;
async function bearerToken(w: World): Promise<string> {
  if (mintedToken) return mintedToken;
  const minted = await w.ctx.request("/api/tokens", {
    method: "POST",
    cookie: w.cookies.get("buyer"),
    json: { name: "Origin cases" },
  });
  expect(minted.status).toBe(201);
  mintedToken = ((await minted.json()) as { token: string }).token;
  return mintedToken;
}

let tokenDay = 0;

async function createWithToken(w: World, headers: Record<string, string>) {
  const token = await bearerToken(w);
  // A day of its own per call: one entry per buyer, offer and day (decision 0083).
  tokenDay += 1;
  return w.ctx.request("/api/campaigns", {
    method: "POST",
    origin: null,
    headers: { authorization: `Bearer ${token}`, ...headers },
    json: { date: addDays("2025-03-03", tokenDay), offerId: w.offerId, spent: "1.00" },
  });
}

const originCalls: Record<string, (w: World) => Promise<Response>> = {
  "our-origin": (w) => patchMe(w),
  "same-origin-fetch": (w) => patchMe(w, { origin: null, headers: { "sec-fetch-site": "same-origin" } }),
  "no-origin": (w) => patchMe(w, { origin: null }),
  "foreign-origin-same-origin-fetch": (w) =>
    patchMe(w, { origin: foreign, headers: { "sec-fetch-site": "same-origin" } }),
  "foreign-referer": (w) => patchMe(w, { origin: null, headers: { referer: `${foreign}/page` } }),
  "cross-site-fetch": (w) => patchMe(w, { headers: { "sec-fetch-site": "cross-site" } }),
  "null-origin": (w) => patchMe(w, { origin: "null" }),
  "sign-out-no-origin": async (w) => {
    // A session of its own, so a wrong answer cannot end the one the other cases use.
    const user = await createUser(w.ctx.db);
    const cookie = await w.ctx.signIn(user.email, user.password);
    const response = await w.ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      origin: null,
      json: {},
    });
    expect((await w.ctx.request("/api/me", { cookie })).status).toBe(200);
    return response;
  },
  "bearer-no-origin": (w) => createWithToken(w, {}),
  "bearer-foreign-origin": (w) => createWithToken(w, { origin: foreign, "sec-fetch-site": "cross-site" }),
  "no-cookie-no-origin": (w) =>
    w.ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      origin: null,
      json: { email: `script-${Date.now()}@example.test`, password: "a-script-password", name: "" },
    }),
  "no-cookie-foreign-origin": (w) =>
    w.ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      origin: foreign,
      json: { email: w.users.buyer.email, password: w.users.buyer.password },
    }),
  "read-foreign-origin": (w) => w.ctx.request("/api/me", { cookie: w.cookies.get("buyer"), origin: foreign }),
};

function signIn(w: World, email: string, password: string, ip?: string) {
  return w.ctx.request("/api/auth/sign-in/email", {
    method: "POST",
    ...(ip ? { ip } : {}),
    json: { email, password },
  });
}

/** Ten wrong passwords for the address, each from another address. */
async function tenWrong(w: World, email: string) {
  for (let i = 0; i < signInThrottle.failures; i++) {
    expect((await signIn(w, email, `wrong-password-${i}`)).status).toBe(401);
  }
}

const throttleCalls: Record<string, (w: World) => Promise<Response>> = {
  "right-password-after-10-wrong": async (w) => {
    const user = await createUser(w.ctx.db);
    await tenWrong(w, user.email);
    return signIn(w, user.email, user.password);
  },
  "unknown-address-after-10-wrong": async (w) => {
    const email = `nobody-${Date.now()}@example.test`;
    await tenWrong(w, email);
    return signIn(w, email, "any-password-at-all");
  },
  "right-password-after-cooldown": async (w) => {
    const user = await createUser(w.ctx.db);
    await tenWrong(w, user.email);
    expect((await signIn(w, user.email, user.password)).status).toBe(429);
    // The cooldown passes: the stored moment moves back by it.
    await w.ctx.db
      .update(rateLimits)
      .set({ lastRequest: sql`${rateLimits.lastRequest} - ${signInThrottle.firstCooldownMs}` })
      .where(eq(rateLimits.key, signInThrottleKey(user.email)));
    return signIn(w, user.email, user.password);
  },
  "sixth-attempt-from-one-address": async (w) => {
    const ip = "192.0.2.66";
    for (let i = 0; i < 5; i++) await signIn(w, `someone-${i}@example.test`, "wrong-password", ip);
    return signIn(w, "someone-6@example.test", "wrong-password", ip);
  },
};

async function expectCase(name: string, expected: GuardCase, response: Response) {
  const text = await response.text();
  const label = `${name}: ${text.slice(0, 200)}`;
  expect(classify(response.status), label).toBe(expected.answer);
  if (expected.code) {
    const body = JSON.parse(text) as { code?: string; error?: { code?: string } };
    expect(body.error?.code ?? body.code, label).toBe(expected.code);
  }
  if (expected.retryAfter) expect(Number(response.headers.get("retry-after")), label).toBeGreaterThan(0);
  expect(response.headers.get("x-retry-after"), label).toBeNull();
}

describe("request guards", () => {
  it("has a call for every case of the tables", () => {
    expect(Object.keys(originCalls).sort()).toEqual(Object.keys(originCases).sort());
    expect(Object.keys(throttleCalls).sort()).toEqual(Object.keys(throttleCases).sort());
  });

  it("refuses every state-changing operation with cookies and no Origin, a foreign one, or a foreign Referer alone", async () => {
    const mismatches: string[] = [];
    const variants: TestRequestInit[] = [
      { origin: null },
      { origin: foreign },
      { origin: null, headers: { referer: `${foreign}/page` } },
    ];
    let checked = 0;
    for (const operation of operations) {
      if (operation.method === "GET") continue;
      const path = operation.path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
      for (const variant of variants) {
        const response = await world.ctx.request(path, {
          method: operation.method,
          cookie: world.cookies.get("buyer"),
          json: {},
          ...variant,
        });
        const body = (await response.json()) as { error?: { code?: string } };
        checked += 1;
        if (response.status !== 403 || body.error?.code !== "cross_origin_refused")
          mismatches.push(
            `${operation.key} ${JSON.stringify(variant)}: ${response.status} ${body.error?.code}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(90);
  });

  it("answers each Origin case as the table says", async () => {
    for (const [name, expected] of Object.entries(originCases)) {
      const call = originCalls[name];
      if (call) await expectCase(name, expected, await call(world));
    }
  });

  it("answers each sign-in throttle case as the table says", async () => {
    for (const [name, expected] of Object.entries(throttleCases)) {
      const call = throttleCalls[name];
      if (call) await expectCase(name, expected, await call(world));
    }
  });
});

describe("personal API tokens", () => {
  it("answers every token cell as the table says", async () => {
    const owners: Record<TokenSubject, { subject: Subject; fullAccess?: boolean }> = {
      buyer: { subject: "buyer" },
      adminIntake: { subject: "admin" },
      adminFull: { subject: "admin", fullAccess: true },
      financial: { subject: "financial" },
    };
    const tokens = {} as Record<TokenSubject, string>;
    for (const subject of tokenSubjects) {
      const { subject: owner, fullAccess } = owners[subject];
      const minted = await world.ctx.request("/api/tokens", {
        method: "POST",
        cookie: world.cookies.get(owner),
        json: { name: `matrix ${subject}`, ...(fullAccess ? { fullAccess } : {}) },
      });
      expect(minted.status).toBe(201);
      tokens[subject] = ((await minted.json()) as { token: string }).token;
    }
    const mismatches: string[] = [];
    for (const [key, row] of Object.entries(tokenMatrix)) {
      const [method = "GET"] = key.split(" ");
      for (const subject of tokenSubjects) {
        const call = await calls[key as keyof typeof calls]?.(world);
        expect(call, key).toBeDefined();
        if (!call) continue;
        const response = await world.ctx.request(call.path, {
          method,
          origin: null,
          headers: { authorization: `Bearer ${tokens[subject]}` },
          ...(call.json !== undefined ? { json: call.json } : {}),
        });
        const text = await response.text();
        const actual = classify(response.status);
        if (actual !== row[subject])
          mismatches.push(
            `${key} with ${subject}: expected ${row[subject]}, got ${actual} ${text.slice(0, 120)}`,
          );
        else if (subject === "adminIntake" && actual === 403)
          expect(JSON.parse(text).error.code, key).toBe("token_intake_only");
      }
    }
    expect(mismatches).toEqual([]);
  });
});
