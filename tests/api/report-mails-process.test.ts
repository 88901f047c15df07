import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { todayIn } from "../../domain/periods";
import { type Database, openDatabase } from "../../server/db/client";
import { jobRuns } from "../../server/db/schema";
import { testDatabaseKind } from "../harness";
import { createProcessDatabase } from "../postgres";
import {
  callServer,
  cleanupProcesses,
  makeDataDir,
  type Server,
  signUpAndSignIn,
  startServer,
  stopServer,
} from "../server-process";

// Issue 27: report e-mails never left the running app (its scheduler passed an empty runner and
// skipped every report job; the tests called runDueJobs directly). Here the real server runs as
// its own process with the outbox transport (no SMTP_URL: mails become DATA_DIR/outbox/*.eml) and
// a short scheduler tick (SCHEDULER_TICK_MS). The workspace clock is moved to the report hour by
// saving a workspace time zone in which it is 07:xx now (Etc/GMT±N): the scheduler must read the
// saved zone, find the daily report due, claim it and mail it. On PostgreSQL two processes share
// the database and the mail still goes out once; "Send a test report now" too.

afterAll(cleanupProcesses);

const deadlineMs = 90_000;

/** An Etc/GMT zone in which `at` falls in the 07:00 hour (Etc/GMT-3 is UTC+3). */
function zoneAtHour(hour: number, at: Date): string {
  let offset = hour - at.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  if (offset === 0) return "Etc/GMT";
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const call = callServer;

async function signUpFirstAdmin(server: Server, email: string): Promise<string> {
  return signUpAndSignIn(server, { email, password: "report-process-password", name: "Rita Reports" });
}

/** How many mails came before the reports: the first admin's welcome mail (decision 0101). */
let mailsBefore = 0;

/** The .eml files of every outbox since the welcome mail, oldest first. */
function readOutboxes(dataDirs: string[]): string[] {
  return readAllOutboxes(dataDirs).slice(mailsBefore);
}

function readAllOutboxes(dataDirs: string[]): string[] {
  return dataDirs.flatMap((dir) => {
    const outbox = path.join(dir, "outbox");
    if (!existsSync(outbox)) return [];
    return readdirSync(outbox)
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .map((name) => readFileSync(path.join(outbox, name), "utf8"));
  });
}

async function waitUntil<T>(what: string, read: () => T | undefined, output: () => string): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${deadlineMs} ms\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits past an hour that is about to end, so that "07:xx now" stays true for the test. */
async function awayFromTheHoursEnd(): Promise<Date> {
  const now = new Date();
  const left = 3_600_000 - (now.getTime() % 3_600_000);
  if (left > 45_000) return now;
  await new Promise((resolve) => setTimeout(resolve, left + 1000));
  return new Date();
}

describe("report e-mails from the running server", () => {
  it(
    "go out at 07:xx in the saved workspace time zone, once, with a report: run recorded; a test report too",
    async () => {
      const postgres = testDatabaseKind() === "postgres" ? await createProcessDatabase() : null;
      const dataDirs = postgres ? [makeDataDir(), makeDataDir()] : [makeDataDir()];
      const servers: Server[] = [];
      let database: Database | null = null;
      try {
        const env = { ...(postgres?.env ?? {}), SCHEDULER_TICK_MS: "250", LOG_LEVEL: "warn" };
        servers.push(...(await Promise.all(dataDirs.map((dir) => startServer({ ...env, DATA_DIR: dir })))));
        const output = () => servers.map((s) => s.output()).join("\n");
        const [first] = servers as [Server];
        const email = `reports-${randomUUID().slice(0, 8)}@example.test`;
        const cookie = await signUpFirstAdmin(first, email);
        // Sign-up mails every new account (not awaited by the answer): wait for it, then count after it.
        mailsBefore = await waitUntil(
          "the welcome mail",
          () => readAllOutboxes(dataDirs).length || undefined,
          output,
        );

        // Ticks before the save found nothing due (reports off by default): no mail yet.
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(readOutboxes(dataDirs)).toEqual([]);

        const now = await awayFromTheHoursEnd();
        const timezone = zoneAtHour(7, now);
        const saved = await call(first, "/api/settings", {
          method: "PUT",
          cookie,
          json: {
            reportingCurrency: "USD",
            defaultLanguage: "en",
            timezone,
            notifications: { email: true, daily: true, weekly: false, monthly: false },
            backupFrequency: "monthly",
            retentionDays: 30,
          },
        });
        expect(saved.status, await saved.clone().text()).toBe(200);
        const localDay = todayIn(timezone, now);

        const [mail] = await waitUntil(
          "the scheduled report mail",
          () => {
            const mails = readOutboxes(dataDirs);
            return mails.length > 0 ? mails : undefined;
          },
          output,
        );
        expect(mail).toMatch(/^Subject: Placar: daily summary/m);
        expect(mail).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, "\\.")}$`, "m"));
        // More ticks (every 250 ms, in every process) send nothing more.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(readOutboxes(dataDirs)).toHaveLength(1);

        // "Send a test report now": the same key pressed twice (or reaching both processes) sends once.
        const key = randomUUID();
        const targets = postgres ? servers : [first, first];
        const answers = await Promise.all(
          targets.map((server) =>
            call(server, "/api/settings/test-report", { method: "POST", cookie, json: { key } }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        const ok = answers.find((a) => a.status === 200)!;
        expect(await ok.json()).toEqual({ recipients: 1, sent: 1, failed: 0, outbox: true });
        expect(readOutboxes(dataDirs)).toHaveLength(2);

        // The runs are recorded: read them from the database (PGlite only after the server stopped).
        if (!postgres) {
          await stopServer(first);
          database = await openDatabase({ kind: "pglite", dataDir: dataDirs[0]! });
        } else {
          database = await openDatabase({ kind: "postgres", url: postgres.url, poolSize: 1 });
        }
        const runs = await database.db.select().from(jobRuns).where(like(jobRuns.key, "report:%"));
        expect(runs.map((r) => r.key).sort()).toEqual([`report:daily:${localDay}`, `report:test:${key}`]);
        const [daily] = await database.db
          .select()
          .from(jobRuns)
          .where(eq(jobRuns.key, `report:daily:${localDay}`));
        expect(daily?.outcome).toMatch(/^daily report .*: 1 sent$/);
        expect(daily?.finishedAt).not.toBeNull();
      } finally {
        await database?.close();
        for (const server of servers) await stopServer(server).catch(() => {});
        await postgres?.drop().catch(() => {});
      }
    },
    deadlineMs * 2 + 60_000,
  );
});
