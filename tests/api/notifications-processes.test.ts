import { afterAll, describe, expect, it } from "vitest";
import { todayIn } from "../../domain/periods";
import { testDatabaseKind } from "../harness";
import { createProcessDatabase } from "../postgres";
import {
  type CallInit,
  callServer,
  cleanupProcesses,
  makeDataDir,
  type Server,
  signUpAndSignIn,
  startServer,
  startupTimeoutMs,
  stopServer,
  withTimeout,
} from "../server-process";

// Several app processes behind a load balancer share one PostgreSQL: a notification written by
// process A must reach a browser whose event stream is open on process B (LISTEN/NOTIFY).

afterAll(cleanupProcesses);

let ipCounter = 0;
const nextIp = () => `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function call(server: Server, path: string, init: CallInit = {}) {
  return callServer(server, path, { ...init, headers: { "x-forwarded-for": nextIp() } });
}

function signUpAndIn(server: Server, email: string): Promise<string> {
  return signUpAndSignIn(server, { email, password: "two-process-password", name: "" }, call);
}

describe.runIf(testDatabaseKind() === "postgres")("notifications across processes", () => {
  it(
    "delivers an event written by process A to a stream open on process B",
    async () => {
      const database = await createProcessDatabase();
      const env = {
        ...database.env,
        TRUSTED_PROXIES: "true",
      };
      const servers: Server[] = [];
      try {
        // Both start (and migrate) at the same time; the advisory lock serialises the migrations.
        servers.push(
          ...(await Promise.all([
            startServer({ ...env, DATA_DIR: makeDataDir() }),
            startServer({ ...env, DATA_DIR: makeDataDir() }),
          ])),
        );
        const [a, b] = servers as [Server, Server];
        const adminCookieOnB = await signUpAndIn(b, `admin-${database.name}@example.test`); // first account: admin
        const buyerCookieOnA = await signUpAndIn(a, `buyer-${database.name}@example.test`);

        const stream = await call(b, "/api/notifications/stream", { cookie: adminCookieOnB });
        expect(stream.status).toBe(200);
        const reader = stream.body!.getReader();
        const decoder = new TextDecoder();
        let text = "";
        const waitFor = (needle: string) =>
          withTimeout(
            (async () => {
              while (!text.includes(needle)) {
                const { value, done } = await reader.read();
                if (done) throw new Error("stream ended");
                text += decoder.decode(value, { stream: true });
              }
            })(),
            30_000,
            `"${needle}" on process B's stream`,
            () => text,
          );
        await waitFor("event: ready");

        const filed = await call(a, "/api/creative-requests", {
          method: "POST",
          cookie: buyerCookieOnA,
          json: { deadline: todayIn("America/Sao_Paulo"), description: "Across processes" },
        });
        expect(filed.status).toBe(201);
        const request = (await filed.json()) as { id: string };
        await waitFor(request.id);
        expect(text).toContain("event: notification");
        await reader.cancel();
      } finally {
        for (const server of servers) await stopServer(server);
        await database.drop();
      }
    },
    4 * startupTimeoutMs,
  );
});
