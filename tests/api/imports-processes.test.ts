import { afterAll, describe, expect, it } from "vitest";
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
} from "../server-process";

// Behind a load balancer the calls of one import reach different app processes, and a process may
// restart between them: the preview lives in PostgreSQL, not in the memory of whoever parsed it
// (docs/decisions/0038).

afterAll(cleanupProcesses);

let ipCounter = 0;
const nextIp = () => `10.78.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function call(server: Server, path: string, init: CallInit = {}) {
  return callServer(server, path, { ...init, headers: { "x-forwarded-for": nextIp() } });
}

function signUpAndIn(server: Server, email: string): Promise<string> {
  return signUpAndSignIn(server, { email, password: "two-process-password", name: "" }, call);
}

describe.runIf(testDatabaseKind() === "postgres")("imports across processes", () => {
  it(
    "pages a preview on a restarted process and commits it on another one",
    async () => {
      const database = await createProcessDatabase();
      const env = {
        ...database.env,
        TRUSTED_PROXIES: "true",
      };
      const servers: Server[] = [];
      try {
        servers.push(
          ...(await Promise.all([
            startServer({ ...env, DATA_DIR: makeDataDir() }),
            startServer({ ...env, DATA_DIR: makeDataDir() }),
          ])),
        );
        const [a, b] = servers as [Server, Server];
        const adminCookie = await signUpAndIn(b, `admin-${database.name}@example.test`); // first account: admin
        const buyerOnA = await signUpAndIn(a, `buyer-${database.name}@example.test`);
        const offer = await call(b, "/api/offers", {
          method: "POST",
          cookie: adminCookie,
          json: {
            name: "Across Casino",
            casinoBrand: "Brand",
            value: "100.00",
            currency: "BRL",
            payoutPerDeposit: "10.00",
          },
        });
        expect(offer.status, await offer.clone().text()).toBe(201);

        const form = new FormData();
        const lines = Array.from(
          { length: 60 },
          (_, i) =>
            `${String((i % 28) + 1).padStart(2, "0")}/${i < 28 ? "09" : i < 56 ? "10" : "11"}/2025;Across Casino;1,50;10;2;1;${i % 3}`,
        );
        form.set(
          "file",
          new Blob([
            `Data;Oferta;Gasto;Cliques;Instalações;Cadastros;Depósitos\r\n${lines.join("\r\n")}\r\n`,
          ]),
          "dias.csv",
        );
        const previewed = await call(a, "/api/imports/preview", {
          method: "POST",
          cookie: buyerOnA,
          body: form,
        });
        expect(previewed.status, await previewed.clone().text()).toBe(200);
        const preview = (await previewed.json()) as { token: string; counts: Record<string, number> };
        expect(preview.counts).toEqual({ ok: 60, duplicate: 0, error: 0 });

        // Process A restarts: nothing of the preview was in its memory.
        await stopServer(a);
        servers[0] = await startServer({ ...env, DATA_DIR: makeDataDir() });
        const restarted = servers[0];
        const buyerCookie = await (async () => {
          const signIn = await call(restarted, "/api/auth/sign-in/email", {
            method: "POST",
            json: { email: `buyer-${database.name}@example.test`, password: "two-process-password" },
          });
          return signIn.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; ");
        })();
        const page = await call(restarted, `/api/imports/preview/${preview.token}?page=2&pageSize=50`, {
          cookie: buyerCookie,
        });
        expect(page.status).toBe(200);
        expect(((await page.json()) as { rows: unknown[] }).rows).toHaveLength(10);

        // Another user cannot see it, on any process.
        const stolen = await call(b, `/api/imports/preview/${preview.token}`, { cookie: adminCookie });
        expect(stolen.status).toBe(404);

        const committed = await call(b, "/api/imports", {
          method: "POST",
          cookie: buyerCookie,
          // The file's random funnels run backwards at times: confirmed (decision 0084).
          json: { token: preview.token, acknowledgeWarnings: true },
        });
        expect(committed.status, await committed.clone().text()).toBe(200);
        expect(await committed.json()).toEqual({ added: 60, replaced: 0, skipped: 0 });
        const again = await call(restarted, "/api/imports", {
          method: "POST",
          cookie: buyerCookie,
          json: { token: preview.token },
        });
        expect(again.status).toBe(404);
        const list = await call(restarted, "/api/campaigns?from=2025-09-01&to=2025-11-30", {
          cookie: buyerCookie,
        });
        expect(((await list.json()) as { total: number }).total).toBe(60);
      } finally {
        for (const server of servers) await stopServer(server);
        await database.drop();
      }
    },
    6 * startupTimeoutMs,
  );
});
