import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, createTestEnv, type TestContext } from "../../../tests/harness";
import { createDatabase, databaseUrl, dropDatabase, newTestDatabaseName } from "../../../tests/postgres";
import { type Database, type Db, openDatabase } from "../../db/client";
import {
  type CreatedUser,
  createCampaign,
  createCreativeRequest,
  createNote,
  createNotification,
  createOffer,
  createPayout,
  createStatement,
  createUser,
} from "../../db/factories";
import { backups, schema } from "../../db/schema";
import { createLogger } from "../../logger";
import { applyBackupRetention, restoreBackup, runBackup } from "./backups.service";

let ctx: TestContext;
let admin: CreatedUser;
let buyer: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;
const backupDir = mkdtempSync(path.join(os.tmpdir(), "placar-backups-"));
const scratch: string[] = [backupDir];

beforeAll(async () => {
  ctx = await createTestContext({ env: { BACKUP_DIR: backupDir } });
  admin = await createUser(ctx.db, { role: "admin" });
  buyer = await createUser(ctx.db, { role: "user", language: "ru" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, buyer, financial])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
  // Some of every kind of row.
  const offer = await createOffer(ctx.db, { assignTo: [buyer.id], currency: "BRL" });
  await createCampaign(ctx.db, { creatorId: buyer.id, offerId: offer.id, spent: "10.50", deposits: 3 });
  await createCampaign(ctx.db, { creatorId: buyer.id, offerId: null, spent: "0.01" });
  await createCreativeRequest(ctx.db, { userId: buyer.id });
  await createNote(ctx.db, { userId: buyer.id, createdBy: admin.id, content: "Olá, мир" });
  await createNotification(ctx.db, { userId: buyer.id });
  const statement = await createStatement(ctx.db, { userId: buyer.id });
  await createPayout(ctx.db, { statementId: statement.id, amount: "1.23" });
  await ctx.request("/api/settings", {
    method: "PUT",
    cookie: as(admin),
    json: {
      reportingCurrency: "BRL",
      defaultLanguage: "ru",
      timezone: "Asia/Tokyo",
      notifications: { email: true, daily: true, weekly: true, monthly: false },
      backupFrequency: "monthly",
      retentionDays: 7,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

/** Every row of every table except the backup history, in a stable order. */
async function readAllRows(db: Db): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(schema)) {
    // The trail goes on after the dump (the backup's own event is written when it ends).
    if (table === backups || table === schema.auditEvents) continue;
    const rows = await db.select().from(table as typeof schema.users);
    result[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

describe("backups", () => {
  it("lets only admins list, run, download and delete backups", async () => {
    for (const user of [buyer, financial]) {
      expect((await ctx.request("/api/backups", { cookie: as(user) })).status).toBe(403);
      expect((await ctx.request("/api/backups", { method: "POST", cookie: as(user) })).status).toBe(403);
    }
    expect((await ctx.request("/api/backups")).status).toBe(401);
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await ctx.request(`/api/backups/${id}/download`, { cookie: as(buyer) })).status).toBe(403);
    expect((await ctx.request(`/api/backups/${id}`, { method: "DELETE", cookie: as(buyer) })).status).toBe(
      403,
    );
    expect((await ctx.request(`/api/backups/${id}/download`, { cookie: as(admin) })).status).toBe(404);
    expect((await ctx.request(`/api/backups/${id}`, { method: "DELETE", cookie: as(admin) })).status).toBe(
      404,
    );
    expect(
      (await ctx.request("/api/backups/not-an-id", { method: "DELETE", cookie: as(admin) })).status,
    ).toBe(400);
  });

  it("backs up, restores into a fresh database and finds every row again", async () => {
    const response = await ctx.request("/api/backups", { method: "POST", cookie: as(admin) });
    expect(response.status).toBe(201);
    const backup = await response.json();
    expect(backup).toMatchObject({
      status: "success",
      trigger: "manual",
      databaseKind: ctx.kind,
      reason: null,
    });
    expect(backup.sizeBytes).toBeGreaterThan(0);
    expect(backup.durationMs).toEqual(expect.any(Number));
    const file = path.join(backupDir, backup.fileName);
    expect((await stat(file)).size).toBe(backup.sizeBytes);

    const history = await (await ctx.request("/api/backups", { cookie: as(admin) })).json();
    expect(history[0]).toMatchObject({ id: backup.id, status: "success" });

    const download = await ctx.request(`/api/backups/${backup.id}/download`, { cookie: as(admin) });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain(backup.fileName);
    const downloaded = Buffer.from(await download.arrayBuffer());
    expect(downloaded.equals(readFileSync(file))).toBe(true);

    const expected = await readAllRows(ctx.db);
    expect(expected.campaigns).toHaveLength(2);
    let restored: Database;
    let cleanup: () => Promise<void>;
    if (ctx.kind === "pglite") {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "placar-restore-"));
      scratch.push(dataDir);
      await restoreBackup({ env: createTestEnv({ env: { DATA_DIR: dataDir } }), file });
      restored = await openDatabase({ kind: "pglite", dataDir });
      cleanup = () => restored.close();
    } else {
      const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
      const name = newTestDatabaseName("db");
      await createDatabase(baseUrl, name);
      const url = databaseUrl(baseUrl, name);
      await restoreBackup({ env: createTestEnv({ env: { DATABASE_URL: url } }), file });
      restored = await openDatabase({ kind: "postgres", url, poolSize: 2 });
      cleanup = async () => {
        await restored.close();
        await dropDatabase(baseUrl, name);
      };
    }
    try {
      // The restored database is already migrated: migrating again is a no-op.
      await restored.migrate();
      expect(await readAllRows(restored.db)).toEqual(expected);
      // The audit trail up to the backup: every restored event is one of today's, unchanged.
      const trail = new Set(
        (await ctx.db.select().from(schema.auditEvents)).map((row) => JSON.stringify(row)),
      );
      const restoredTrail = await restored.db.select().from(schema.auditEvents);
      expect(restoredTrail.length).toBeGreaterThan(0);
      expect(restoredTrail.filter((row) => !trail.has(JSON.stringify(row)))).toEqual([]);
      const [copy] = await restored.db.select().from(backups).where(eq(backups.id, backup.id));
      expect(copy?.status).toBe("failed");
      expect(copy?.reason).toContain("interrupted");
    } finally {
      await cleanup();
    }
  });

  it("refuses to restore over existing data", async () => {
    const [latest] = await ctx.db.select().from(backups).where(eq(backups.status, "success"));
    const file = path.join(backupDir, latest!.fileName!);
    if (ctx.kind === "pglite") {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "placar-restore-"));
      scratch.push(dataDir);
      const env = createTestEnv({ env: { DATA_DIR: dataDir } });
      await restoreBackup({ env, file });
      await expect(restoreBackup({ env, file })).rejects.toThrow(/not empty/);
    } else {
      const env = createTestEnv({ env: { DATABASE_URL: ctx.database.url! } });
      await expect(restoreBackup({ env, file })).rejects.toThrow(/not empty/);
    }
  });

  it("records a failed run with its reason, and deletes a backup with its file", async () => {
    const blocker = path.join(backupDir, "not-a-folder");
    writeFileSync(blocker, "x");
    const env = createTestEnv({ env: { BACKUP_DIR: blocker } });
    const failed = await runBackup({
      database: ctx.database,
      env,
      logger: createLogger("silent"),
      trigger: "cli",
    });
    expect(failed).toMatchObject({ status: "failed", fileName: null, trigger: "cli" });
    expect(failed.reason).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/i);

    const made = await (await ctx.request("/api/backups", { method: "POST", cookie: as(admin) })).json();
    const file = path.join(backupDir, made.fileName);
    expect((await stat(file)).size).toBeGreaterThan(0);
    expect(
      (await ctx.request(`/api/backups/${made.id}`, { method: "DELETE", cookie: as(admin) })).status,
    ).toBe(204);
    await expect(stat(file)).rejects.toThrow();
    const history = await (await ctx.request("/api/backups", { cookie: as(admin) })).json();
    expect(history.map((b: { id: string }) => b.id)).not.toContain(made.id);
    expect(history.map((b: { id: string }) => b.id)).toContain(failed.id);
  });

  it("refuses to delete a backup that is still running", async () => {
    const [running] = await ctx.db
      .insert(backups)
      .values({ trigger: "manual", databaseKind: ctx.kind })
      .returning();
    const response = await ctx.request(`/api/backups/${running!.id}`, {
      method: "DELETE",
      cookie: as(admin),
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe("backup_running");
    await ctx.db.update(backups).set({ status: "failed", reason: "test" }).where(eq(backups.id, running!.id));
  });

  it("deletes backups past the retention, but never the newest successful one", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 40 * 86_400_000);
    await ctx.db.update(backups).set({ startedAt: old });
    const before = await ctx.db.select().from(backups);
    const newestSuccess = before
      .filter((b) => b.status === "success")
      .sort((a, b) => +b.startedAt - +a.startedAt)[0];
    const removed = await applyBackupRetention({ db: ctx.db, env: ctx.env, retentionDays: 30, now });
    expect(removed).toBe(before.length - 1);
    const after = await ctx.db.select().from(backups);
    expect(after.map((b) => b.id)).toEqual([newestSuccess!.id]);
    expect((await stat(path.join(backupDir, newestSuccess!.fileName!))).size).toBeGreaterThan(0);
  });
});
