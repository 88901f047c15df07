import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../domain/periods";
import { testDatabaseKind } from "../harness";
import { createProcessDatabase } from "../postgres";
import {
  cleanupProcesses,
  makeDataDir,
  type Server,
  startServer,
  startupTimeoutMs,
  withTimeout,
} from "../server-process";

// The real server as a child process. kill -9 in the middle of a stream of campaign writes loses
// none that were acknowledged, and the app starts cleanly on the same data (PGlite: the dead
// process's lock is taken over). SIGTERM lets an in-flight request finish, ends SSE streams and
// closes the database, exiting 0. Every wait is bounded; nothing asserts on timing.

afterAll(cleanupProcesses);
const kind = testDatabaseKind();

type Session = { cookie: string; offerId: string };

/** Signs up the first account (it becomes the admin), signs in and creates an offer. */
async function prepareAdmin(server: Server): Promise<Session> {
  const email = `admin-${randomBytes(3).toString("hex")}@example.test`;
  const password = "crash-safety-password";
  const headers = { "content-type": "application/json", origin: server.url };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "Admin" }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const offer = await fetch(`${server.url}/api/offers`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({
      name: "Crash offer",
      value: "100",
      casinoBrand: "Casino",
      payoutPerDeposit: "50",
    }),
  });
  expect(offer.status, await offer.clone().text()).toBe(201);
  return { cookie, offerId: ((await offer.json()) as { id: string }).id };
}

function postCampaign(server: Server, session: Session, clicks: number) {
  return fetch(`${server.url}/api/campaigns`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie: session.cookie },
    // One entry per offer and day (decision 0083): each write is a day of its own, counted back
    // from today in the workspace's time zone (never a future day); unusual figures confirmed.
    body: JSON.stringify({
      date: addDays(todayIn("America/Sao_Paulo"), -clicks),
      offerId: session.offerId,
      spent: "1.50",
      clicks,
      acknowledgeWarnings: true,
    }),
  });
}

/** Writes campaigns, 4 in flight, until `target` were acknowledged, then SIGKILLs mid-stream. */
async function writeUntilKilled(server: Server, session: Session, target: number) {
  const acknowledged: { id: string; clicks: number }[] = [];
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (!killed) {
      const clicks = next++;
      try {
        const response = await postCampaign(server, session, clicks);
        if (response.status === 201)
          acknowledged.push({ id: ((await response.json()) as { id: string }).id, clicks });
        else if (!killed) throw new Error(`write answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (!killed) throw error;
      }
      if (!killed && acknowledged.length >= target) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    }
  };
  await withTimeout(Promise.all([worker(), worker(), worker(), worker()]), 120_000, "writes", server.output);
  const { signal } = await withTimeout(server.exited, 10_000, "the killed server's exit");
  expect(signal).toBe("SIGKILL");
  return acknowledged;
}

/** Every acknowledged campaign, read back through the restarted app. */
async function expectAllThere(
  server: Server,
  session: Session,
  acknowledged: { id: string; clicks: number }[],
) {
  const missing: string[] = [];
  for (const { id, clicks } of acknowledged) {
    const response = await fetch(`${server.url}/api/campaigns/${id}`, {
      headers: { cookie: session.cookie },
    });
    if (response.status !== 200 || ((await response.json()) as { clicks: number }).clicks !== clicks)
      missing.push(id);
  }
  expect(missing).toEqual([]);
}

async function stopGracefully(server: Server) {
  server.child.kill("SIGTERM");
  const { code } = await withTimeout(server.exited, 30_000, "graceful stop", server.output);
  expect(code, server.output()).toBe(0);
}

async function crashAndRestart(env: Record<string, string>) {
  const server = await startServer(env);
  const session = await prepareAdmin(server);
  const acknowledged = await writeUntilKilled(server, session, 60);
  expect(acknowledged.length).toBeGreaterThanOrEqual(60);

  const restarted = await startServer(env);
  // The session survived too; the app answers and still writes.
  await expectAllThere(restarted, session, acknowledged);
  expect((await postCampaign(restarted, session, 9999)).status).toBe(201);
  process.stdout.write(`crash safety (${kind}): ${acknowledged.length} acknowledged writes, none lost\n`);
  return { restarted, session };
}

describe.runIf(kind === "pglite")("crash safety and shutdown on PGlite", () => {
  it(
    "keeps every acknowledged campaign through kill -9 and takes over the dead process's lock",
    async () => {
      const dataDir = makeDataDir();
      const env = { DATA_DIR: dataDir };
      const { restarted } = await crashAndRestart(env);
      expect(readFileSync(path.join(dataDir, "placar.lock"), "utf8").trim()).toBe(
        String(restarted.child.pid),
      );
      await stopGracefully(restarted);
    },
    5 * startupTimeoutMs,
  );

  it(
    "on SIGTERM finishes the request in flight, ends SSE streams and closes the database",
    async () => {
      const dataDir = makeDataDir();
      // LOG_LEVEL info: the test waits for the "stopping" line.
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
      const session = await prepareAdmin(server);

      const events = await fetch(`${server.url}/api/notifications/stream`, {
        headers: { cookie: session.cookie },
      });
      expect(events.status).toBe(200);
      const reader = (events.body as ReadableStream<Uint8Array>).getReader();
      await reader.read(); // the "ready" event: the stream is open

      // A write whose body is still arriving when SIGTERM comes.
      let sendRest: (() => void) | undefined;
      const body = JSON.stringify({
        date: todayIn("America/Sao_Paulo"),
        offerId: session.offerId,
        clicks: 4242,
      });
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
          sendRest = () => {
            controller.enqueue(new TextEncoder().encode(body.slice(10)));
            controller.close();
          };
        },
      });
      const inFlight = fetch(`${server.url}/api/campaigns`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, cookie: session.cookie },
        body: stream,
        duplex: "half",
      } as RequestInit);
      // The request has reached the server once its first bytes are there; give the socket a beat.
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill("SIGTERM");
      await withTimeout(
        (async () => {
          while (!server.output().includes('"stopping"')) await new Promise((r) => setTimeout(r, 50));
        })(),
        10_000,
        "the stop to begin",
        server.output,
      );
      sendRest?.();

      const response = await withTimeout(inFlight, 10_000, "the in-flight answer", server.output);
      expect(response.status).toBe(201);
      const created = (await response.json()) as { id: string };

      // The SSE stream ends (the server closed it) instead of holding the stop.
      const drained = (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })();
      expect(await withTimeout(drained, 10_000, "the SSE stream's end", server.output)).toBe(true);

      const { code } = await withTimeout(server.exited, 30_000, "graceful stop", server.output);
      expect(code, server.output()).toBe(0);

      // Closed cleanly: the next start opens the same folder and finds the write.
      const restarted = await startServer({ DATA_DIR: dataDir });
      const read = await fetch(`${restarted.url}/api/campaigns/${created.id}`, {
        headers: { cookie: session.cookie },
      });
      expect(read.status).toBe(200);
      await stopGracefully(restarted);
    },
    5 * startupTimeoutMs,
  );
});

describe.runIf(kind === "postgres")("crash safety on PostgreSQL", () => {
  it(
    "keeps every acknowledged campaign through kill -9",
    async () => {
      const database = await createProcessDatabase();
      const env = {
        ...database.env,
        DATA_DIR: makeDataDir(),
      };
      try {
        const { restarted } = await crashAndRestart(env);
        await stopGracefully(restarted);
      } finally {
        await database.drop();
      }
    },
    5 * startupTimeoutMs,
  );
});
