import { afterAll, describe, expect, it } from "vitest";
import { todayIn } from "../../domain/periods";
import { testDatabaseKind } from "../harness";
import { createProcessDatabase } from "../postgres";
import {
  cleanupProcesses,
  makeDataDir,
  type Server,
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

async function call(
  server: Server,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string } = {},
) {
  const headers: Record<string, string> = { origin: server.url, "x-forwarded-for": nextIp() };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  return fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
}

async function signUpAndIn(server: Server, email: string): Promise<string> {
  const password = "two-process-password";
  const up = await call(server, "/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password, name: "" },
  });
  expect(up.status, await up.clone().text()).toBe(200);
  const signIn = await call(server, "/api/auth/sign-in/email", { method: "POST", json: { email, password } });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
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
