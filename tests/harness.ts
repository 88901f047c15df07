import { randomInt } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { type App, createApp } from "../server/app";
import { createAuth } from "../server/auth";
import type { CaptchaVerifier } from "../server/captcha";
import type { AppDeps } from "../server/context";
import { type Database, type DatabaseKind, type Db, openDatabase } from "../server/db/client";
import { users } from "../server/db/schema";
import { type Env, parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import type { Mailer, MailMessage } from "../server/mail/mailer";
import { createRefusalAudit } from "../server/refusal-audit";
import { createDatabase, databaseUrl, dropDatabase, newTestDatabaseName } from "./postgres";

// One clean database and one app per call: in-memory PGlite, or a fresh PostgreSQL database copied
// from the run's migrated template, as PLACAR_TEST_DB says (set per project in vitest.config.ts).
// Requests go through the whole app (app.fetch), cookies and all, without opening a port.

export const testAppUrl = "http://localhost:3100";
export const testAuthSecret = "placar-test-secret-0123456789-abcdefghijklmnop";

export type TestContextOptions = {
  /** Human verification for sign-in, sign-up and recovery. Default "none". */
  captcha?: "none" | "altcha";
  /** Replaces the verifier (e.g. Turnstile with a fake fetch); wins over `captcha`. */
  captchaVerifier?: CaptchaVerifier;
  /** Extra environment variables for parseEnv. */
  env?: Record<string, string>;
};

export type TestRequestInit = Omit<RequestInit, "body"> & {
  /** Sent as the Cookie header (what signIn returns). */
  cookie?: string;
  /** The client address (X-Forwarded-For; the test app trusts it). Default: a fresh random one. */
  ip?: string;
  /** Origin header; default the app's own origin on state-changing methods. null sends none. */
  origin?: string | null;
  /** JSON body (sets Content-Type). */
  json?: unknown;
  body?: BodyInit | null;
};

export type TestUser = { id: string; email: string; name: string; role: string };

export type TestContext = {
  app: App;
  deps: AppDeps;
  db: Db;
  database: Database;
  kind: DatabaseKind;
  env: Env;
  /** Every mail the app sent, oldest first. */
  outbox: MailMessage[];
  request: (path: string, init?: TestRequestInit) => Promise<Response>;
  /** Registers through the API (solving the captcha when on) and returns the stored user. */
  signUp: (email: string, password: string) => Promise<TestUser>;
  /** Signs in through the API and returns the Cookie header value for later requests. */
  signIn: (email: string, password: string) => Promise<string>;
  /** A fresh solved ALTCHA payload for x-captcha-response (captcha "altcha" only). */
  solveCaptcha: () => Promise<string>;
  close: () => Promise<void>;
};

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** A random address from TEST-NET-2/3-like private space, so rate limits never trip by accident. */
export function randomTestIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** The Cookie header value for the cookies a response sets. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

export function createCapturingMailer(): { mailer: Mailer; outbox: MailMessage[] } {
  const outbox: MailMessage[] = [];
  return {
    outbox,
    mailer: {
      transport: "memory",
      // Synchronous push: a mail sent without awaiting is visible as soon as the request returns.
      send: (message) => {
        outbox.push(message);
        return Promise.resolve();
      },
    },
  };
}

export function testDatabaseKind(): DatabaseKind {
  const kind = process.env.PLACAR_TEST_DB ?? "pglite";
  if (kind !== "pglite" && kind !== "postgres")
    throw new Error(`PLACAR_TEST_DB must be pglite or postgres, not ${kind}`);
  return kind;
}

let pgliteTemplateBlob: Blob | undefined;

/** The run's migrated PGlite data directory (tests/pglite-global-setup.ts), read once per worker. */
function pgliteTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  pgliteTemplateBlob ??= new Blob([readFileSync(file)]);
  return pgliteTemplateBlob;
}

/** A migrated, empty database of the kind the project runs on; close() also drops it. */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === "pglite") {
    const database = await openDatabase({ kind: "memory", template: pgliteTemplate() });
    // Already migrated when it starts from the run's template; checked (and caught up) either way.
    await database.migrate();
    return database;
  }
  const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const template = inject("postgresTemplate");
  if (!template) throw new Error("the api-postgres globalSetup did not provide a template database");
  const name = newTestDatabaseName("db");
  await createDatabase(baseUrl, name, template);
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(baseUrl, name), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        await dropDatabase(baseUrl, name);
      }
    },
  };
}

export function createTestEnv(options: TestContextOptions = {}): Env {
  return parseEnv(
    {
      APP_URL: testAppUrl,
      AUTH_SECRET: testAuthSecret,
      DATA_DIR: path.join(os.tmpdir(), `placar-test-${process.pid}`),
      CAPTCHA_PROVIDER: options.captcha ?? "none",
      LOG_LEVEL: "silent",
      TRUSTED_PROXIES: "true",
      WORKSPACE_TIMEZONE: "America/Sao_Paulo",
      ...options.env,
    },
    { persistSecret: false },
  );
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const env = createTestEnv(options);
  const database = await openTestDatabase();
  const logger = createLogger("silent");
  const { mailer, outbox } = createCapturingMailer();
  const auth = createAuth({
    env,
    db: database.db,
    mailer,
    logger,
    ...(options.captchaVerifier ? { captcha: options.captchaVerifier } : {}),
  });
  // Refusals are written by the tests' own calls to flush/flushEnded, not by a timer.
  const refusals = createRefusalAudit({ db: database.db, logger, intervalMs: 0 });
  const deps: AppDeps = { env, database, logger, mailer, auth, refusals };
  // An empty folder for static files: API tests need no built web app.
  const webRoot = path.join(env.dataDir, "web");
  mkdirSync(webRoot, { recursive: true });
  const app = createApp(deps, { webRoot });
  const appOrigin = new URL(env.appUrl).origin;

  const request = async (pathname: string, init: TestRequestInit = {}): Promise<Response> => {
    const { cookie, ip, origin, json, headers: initHeaders, body, ...rest } = init;
    const method = (rest.method ?? "GET").toUpperCase();
    const headers = new Headers(initHeaders);
    if (cookie) headers.set("cookie", cookie);
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", ip ?? randomTestIp());
    if (origin !== null && !headers.has("origin")) {
      const value = origin ?? (safeMethods.has(method) ? undefined : appOrigin);
      if (value) headers.set("origin", value);
    }
    let requestBody = body ?? null;
    if (json !== undefined) {
      headers.set("content-type", "application/json");
      requestBody = JSON.stringify(json);
    }
    return app.fetch(
      new Request(new URL(pathname, env.appUrl), { ...rest, method, headers, body: requestBody }),
    );
  };

  const solveCaptcha = async () => {
    const response = await request("/api/captcha/challenge");
    if (!response.ok) throw new Error(`challenge: ${response.status} ${await response.text()}`);
    const challenge = await response.json();
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("could not solve the ALTCHA challenge");
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };

  const captchaHeaders = async (): Promise<Record<string, string>> =>
    env.captcha.provider === "altcha" && !options.captchaVerifier
      ? { "x-captcha-response": await solveCaptcha() }
      : {};

  const signUp = async (email: string, password: string): Promise<TestUser> => {
    const response = await request("/api/auth/sign-up/email", {
      method: "POST",
      headers: await captchaHeaders(),
      json: { email, password, name: "" },
    });
    if (!response.ok) throw new Error(`sign-up of ${email}: ${response.status} ${await response.text()}`);
    const [user] = await database.db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!user) throw new Error(`sign-up of ${email} answered ${response.status} but stored no user`);
    return user;
  };

  const signIn = async (email: string, password: string): Promise<string> => {
    const response = await request("/api/auth/sign-in/email", {
      method: "POST",
      headers: await captchaHeaders(),
      json: { email, password },
    });
    if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
    const cookie = cookieFrom(response);
    if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
    return cookie;
  };

  return {
    app,
    deps,
    db: database.db,
    database,
    kind: database.kind,
    env,
    outbox,
    request,
    signUp,
    signIn,
    solveCaptcha,
    close: async () => {
      await refusals.stop();
      await database.close();
    },
  };
}
