import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { projectRoot } from "../server/paths";
import { testDatabaseKind } from "./harness";

// The real server as its own process, for tests that need process boundaries (locks, crashes,
// several processes sharing one PostgreSQL). Call cleanupProcesses() in afterAll.

export const startupTimeoutMs = 60_000;

const configKeys = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "APP_URL",
  "AUTH_SECRET",
  "SMTP_URL",
  "MAIL_FROM",
  "CAPTCHA_PROVIDER",
  "TURNSTILE_SITE_KEY",
  "TURNSTILE_SECRET_KEY",
  "WORKSPACE_TIMEZONE",
  "LOG_LEVEL",
  "TRUSTED_PROXIES",
  "WORKERS",
];

export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of configKeys) delete env[key];
  return { ...env, CAPTCHA_PROVIDER: "none", LOG_LEVEL: "warn", HOST: "127.0.0.1", ...overrides };
}

const temporaryDirs: string[] = [];
export function makeDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "placar-process-"));
  temporaryDirs.push(dir);
  return dir;
}

const children = new Set<ChildProcess>();

/** Kills every process still running and removes the temporary folders. */
export function cleanupProcesses(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
}

/**
 * A free port in this project's range (3300-3399), split between the two Vitest projects so their
 * servers, which run at the same time, never pick the same one.
 */
export async function freePort(): Promise<number> {
  const base = testDatabaseKind() === "pglite" ? 3300 : 3350;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = base + Math.floor(Math.random() * 50);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${base}-${base + 49}`);
}

export type Proc = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function launch(script: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  output?: () => string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not happen within ${ms} ms\n${output?.() ?? ""}`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type Server = Proc & { port: number; url: string };

export async function startServer(env: Record<string, string>): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = launch("server/main.ts", [], childEnv({ PORT: String(port), APP_URL: url, ...env }));
    const healthy = (async () => {
      for (;;) {
        if (proc.child.exitCode !== null || proc.child.signalCode !== null) return false;
        try {
          const response = await fetch(`${url}/api/health`);
          if (response.ok) return true;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    if (await withTimeout(healthy, startupTimeoutMs, "server start", proc.output))
      return { ...proc, port, url };
    // Someone took the port between our probe and the server's bind: try another one.
    if (attempt < 3 && proc.output().includes("EADDRINUSE")) continue;
    throw new Error(`The server exited before it answered:\n${proc.output()}`);
  }
}

export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  const { code } = await withTimeout(server.exited, 30_000, "graceful stop", server.output);
  expect(code, server.output()).toBe(0);
}

export type CallInit = {
  method?: string;
  json?: unknown;
  body?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
};

/** A call to a started server as its own page would make it: Origin set, JSON or a form as the body. */
export function callServer(server: Server, pathname: string, init: CallInit = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url, ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  return fetch(`${server.url}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

/**
 * Signs an account up (the first one becomes the admin) and in; returns its session cookie. `call`
 * is the test's own callServer wrapper (e.g. one that sends a fresh X-Forwarded-For each time).
 */
export async function signUpAndSignIn(
  server: Server,
  account: { email: string; password: string; name: string },
  call: (server: Server, pathname: string, init?: CallInit) => Promise<Response> = callServer,
): Promise<string> {
  const up = await call(server, "/api/auth/sign-up/email", { method: "POST", json: account });
  expect(up.status, await up.clone().text()).toBe(200);
  const { email, password } = account;
  const signIn = await call(server, "/api/auth/sign-in/email", { method: "POST", json: { email, password } });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
