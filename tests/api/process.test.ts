import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { testDatabaseKind } from "../harness";
import { createProcessDatabase } from "../postgres";
import {
  childEnv,
  cleanupProcesses,
  freePort,
  launch,
  makeDataDir,
  type Server,
  startServer,
  startupTimeoutMs,
  stopServer,
  withTimeout,
} from "../server-process";

// The real server as its own process: the DATA_DIR lock keeps a second process (server or CLI) away
// from an embedded database in use, a lock left by a killed process is taken over, and `kill -9`
// in the middle of a stream of writes loses none of the writes that were acknowledged.
// Every wait is bounded; nothing asserts on timing.

const lockMessage = /is in use by another Placar process \(pid (\d+)\)/;

afterAll(cleanupProcesses);

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One request on its own connection: with several workers, each connection may reach another. */
function requestOnNewConnection(
  baseUrl: string,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(pathname, baseUrl),
      { method: init.method ?? "GET", headers: init.headers, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            cookies: (response.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

/** Every file under a folder with its size and modification time. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      const stat = statSync(full);
      if (stat.isDirectory()) visit(full);
      else files[path.relative(dir, full)] = `${stat.size}:${stat.mtimeMs}`;
    }
  };
  visit(dir);
  return files;
}

/**
 * Signs up users with `concurrency` requests in flight (each from its own address, so the sign-up
 * rate limit does not interfere) until `target` were acknowledged, then kills the server with
 * SIGKILL while the last requests are still running. Returns the acknowledged e-mails.
 */
async function signUpUntilKilled(server: Server, target: number, concurrency = 4): Promise<string[]> {
  const acknowledged: string[] = [];
  const run = randomBytes(3).toString("hex");
  let next = 0;
  let killed = false;
  let failures = 0;
  const worker = async () => {
    while (!killed) {
      const index = next++;
      const email = `crash-${run}-${index}@example.test`;
      try {
        const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: server.url,
            "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          },
          body: JSON.stringify({ email, password: "crash-test-password", name: "x" }),
        });
        if (response.ok) {
          acknowledged.push(email);
        } else if (!killed) {
          failures++;
          if (failures > 5) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
        }
      } catch (error) {
        if (!killed) throw error;
      }
      if (!killed && acknowledged.length >= target) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    }
  };
  await withTimeout(
    Promise.all(Array.from({ length: concurrency }, worker)),
    120_000,
    `${target} acknowledged sign-ups`,
    server.output,
  );
  const { signal } = await withTimeout(server.exited, 10_000, "the killed server's exit");
  expect(signal).toBe("SIGKILL");
  return acknowledged;
}

// Each half runs in the project of its database (PLACAR_TEST_DB), so neither runs twice.
const kind = testDatabaseKind();

describe.runIf(kind === "pglite")("embedded database (PGlite) process safety", () => {
  it(
    "keeps a second server and the CLI away from a DATA_DIR in use, without touching its files",
    async () => {
      const dataDir = makeDataDir();
      const first = await startServer({ DATA_DIR: dataDir });
      try {
        const lockFile = path.join(dataDir, "placar.lock");
        expect(readFileSync(lockFile, "utf8").trim()).toBe(String(first.child.pid));
        const before = snapshot(dataDir);

        const second = launch(
          "server/main.ts",
          [],
          childEnv({ DATA_DIR: dataDir, PORT: String(await freePort()) }),
        );
        const secondExit = await withTimeout(
          second.exited,
          startupTimeoutMs,
          "the second server's exit",
          second.output,
        );
        expect(secondExit.code).toBe(1);
        expect(second.output()).toMatch(lockMessage);
        expect(second.output().match(lockMessage)?.[1]).toBe(String(first.child.pid));

        const cli = launch("server/cli/index.ts", ["seed"], childEnv({ DATA_DIR: dataDir }));
        const cliExit = await withTimeout(cli.exited, startupTimeoutMs, "the CLI's exit", cli.output);
        expect(cliExit.code).not.toBe(0);
        expect(cli.output()).toMatch(lockMessage);

        expect(snapshot(dataDir)).toEqual(before);
        const health = await fetch(`${first.url}/api/health`);
        expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
      } finally {
        await stopServer(first);
      }
      expect(existsSync(path.join(dataDir, "placar.lock"))).toBe(false);
    },
    3 * startupTimeoutMs,
  );

  it(
    "loses no acknowledged sign-up to kill -9, and takes over the stale lock on restart",
    async () => {
      const dataDir = makeDataDir();
      const server = await startServer({ DATA_DIR: dataDir, TRUSTED_PROXIES: "true" });
      const acknowledged = await signUpUntilKilled(server, 40);
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);

      // The killed process could not clean up: its lock stays, naming a dead pid.
      const lockFile = path.join(dataDir, "placar.lock");
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(server.child.pid));

      const restarted = await startServer({ DATA_DIR: dataDir, TRUSTED_PROXIES: "true" });
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(restarted.child.pid));
      // Still writable after the crash.
      const after = await fetch(`${restarted.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: restarted.url,
          "x-forwarded-for": "10.200.0.1",
        },
        body: JSON.stringify({
          email: "after-restart@example.test",
          password: "crash-test-password",
          name: "x",
        }),
      });
      expect(after.status).toBe(200);
      await stopServer(restarted);

      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        const result = (await database.db.execute("select email from users")) as unknown as {
          rows: { email: string }[];
        };
        const stored = new Set(result.rows.map((row) => row.email));
        const lost = acknowledged.filter((email) => !stored.has(email));
        expect(lost).toEqual([]);
        expect(stored.has("after-restart@example.test")).toBe(true);
      } finally {
        await database.close();
      }
    },
    5 * startupTimeoutMs,
  );
});

describe.runIf(kind === "postgres")("PostgreSQL process safety", () => {
  it(
    "serves one port from several workers, replaces a worker that dies, and stops them all",
    async () => {
      const database = await createProcessDatabase();
      const env = {
        ...database.env,
        DATA_DIR: makeDataDir(),
        WORKERS: "2",
        LOG_LEVEL: "info",
      };
      try {
        const server = await startServer(env);
        const primary = server.child.pid!;
        const listeningPids = () =>
          [
            ...server.output().matchAll(/"msg":"listening".*?"pid":(\d+)|"pid":(\d+).*?"msg":"listening"/g),
          ].map((match) => Number(match[1] ?? match[2]));
        await withTimeout(
          waitFor(() => listeningPids().length >= 2),
          startupTimeoutMs,
          "two workers listening",
          server.output,
        );
        const [first, second] = listeningPids();
        expect(new Set([first, second, primary]).size).toBe(3);
        expect(childrenOf(primary).sort()).toEqual([first, second].sort());

        // A session made through one worker is valid in the other: each request on a new connection.
        const email = `workers-${randomBytes(3).toString("hex")}@example.test`;
        const signUp = await requestOnNewConnection(server.url, "/api/auth/sign-up/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email, password: "workers-test-password", name: "Workers" }),
        });
        expect(signUp.status, signUp.body).toBe(200);
        const signIn = await requestOnNewConnection(server.url, "/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email, password: "workers-test-password" }),
        });
        expect(signIn.status, signIn.body).toBe(200);
        const cookie = signIn.cookies.join("; ");
        for (let i = 0; i < 6; i++) {
          const me = await requestOnNewConnection(server.url, "/api/me", { headers: { cookie } });
          expect(me.status, me.body).toBe(200);
          expect(JSON.parse(me.body)).toMatchObject({ email, role: "admin" });
        }

        // A worker that dies is replaced; the port keeps answering meanwhile.
        process.kill(first!, "SIGKILL");
        await withTimeout(
          waitFor(() => listeningPids().length >= 3),
          startupTimeoutMs,
          "a replacement worker",
          server.output,
        );
        expect(server.output()).toContain("a worker exited: starting another");
        const replacement = listeningPids()[2]!;
        expect(childrenOf(primary).sort()).toEqual([second, replacement].sort());
        const health = await requestOnNewConnection(server.url, "/api/health", {});
        expect(health.status).toBe(200);

        await stopServer(server);
        expect(isAlive(second!) || isAlive(replacement)).toBe(false);
      } finally {
        await database.drop();
      }
    },
    5 * startupTimeoutMs,
  );

  it(
    "loses no acknowledged sign-up to kill -9",
    async () => {
      const database = await createProcessDatabase();
      const url = database.url;
      const env = {
        ...database.env,
        DATA_DIR: makeDataDir(),
        TRUSTED_PROXIES: "true",
      };
      try {
        const server = await startServer(env);
        const acknowledged = await signUpUntilKilled(server, 40);
        expect(acknowledged.length).toBeGreaterThanOrEqual(40);

        const restarted = await startServer(env);
        const health = await fetch(`${restarted.url}/api/health`);
        expect(await health.json()).toEqual({ status: "ok", database: "postgres" });
        await stopServer(restarted);

        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const result = await client.query<{ email: string }>("select email from users");
          const stored = new Set(result.rows.map((row) => row.email));
          expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
        } finally {
          await client.end();
        }
      } finally {
        await database.drop();
      }
    },
    5 * startupTimeoutMs,
  );
});
