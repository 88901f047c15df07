import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { PGlite } from "@electric-sql/pglite";
import { and, desc, eq, lt, ne, sql } from "drizzle-orm";
import pg from "pg";
import { can } from "../../../domain/permissions";
import type { Backup } from "../../../domain/schemas/settings";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Database, Db } from "../../db/client";
import { acquireDataDirLock } from "../../db/lock";
import { backups } from "../../db/schema";
import type { Env } from "../../env";
import { AppError, conflict, forbidden, notFound } from "../../errors";
import type { Logger } from "../../logger";

// Whole-database backups (docs/decisions/0021). PGlite: a gzipped tarball of the data directory,
// taken inside the app process that holds the folder's lock. PostgreSQL: a `pg_dump -Fc` archive
// (needs the PostgreSQL client tools). Files live in env.backupDir; every run leaves a row.

type BackupRow = typeof backups.$inferSelect;
export type BackupTrigger = BackupRow["trigger"];

const pgliteExtension = ".tar.gz";
const postgresExtension = ".dump";

function toBackup(row: BackupRow): Backup {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    status: row.status,
    trigger: row.trigger,
    databaseKind: row.databaseKind,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    durationMs: row.durationMs,
    reason: row.reason,
  };
}

function assertCanManage(actor: Actor) {
  if (!can(actor.role, "settings:manage")) throw forbidden();
}

function buildFileName(kind: Database["kind"], id: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `placar-${kind}-${stamp}-${id.slice(0, 8)}${kind === "pglite" ? pgliteExtension : postgresExtension}`;
}

/** Runs a command and resolves with its stderr; rejects with a readable reason. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4000);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === "ENOENT"
            ? `${command} is not installed: install the PostgreSQL client tools (same major version as the server)`
            : `${command} failed to start: ${error.message}`,
        ),
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${command} exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" ")}`));
    });
  });
}

async function writeDump(database: Database, file: string): Promise<void> {
  if (database.kind === "pglite") {
    if (!database.dumpDataDir) throw new Error("this PGlite database cannot be dumped");
    const tarball = await database.dumpDataDir();
    await pipeline(
      Readable.fromWeb(tarball.stream() as unknown as WebReadableStream),
      createWriteStream(file, { mode: 0o600 }),
    );
    return;
  }
  if (!database.url) throw new Error("the PostgreSQL connection URL is unknown");
  await runTool("pg_dump", [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    `--file=${file}`,
    database.url,
  ]);
}

/** Backs the whole database up into env.backupDir and records the run, successful or not. */
export async function runBackup(input: {
  database: Database;
  env: Env;
  logger: Logger;
  trigger: BackupTrigger;
  actor?: Actor;
}): Promise<Backup> {
  const { database, env, logger, trigger, actor } = input;
  if (actor) assertCanManage(actor);
  const db = database.db;
  const startedAt = new Date();
  const [created] = await db
    .insert(backups)
    .values({ trigger, databaseKind: database.kind, startedAt, createdBy: actor?.id ?? null })
    .returning();
  if (!created) throw new Error("the backup row was not written");
  const fileName = buildFileName(database.kind, created.id, startedAt);
  const file = path.join(env.backupDir, fileName);
  const started = performance.now();
  let values: Partial<typeof backups.$inferInsert>;
  try {
    await mkdir(env.backupDir, { recursive: true, mode: 0o700 });
    await writeDump(database, file);
    const { size } = await stat(file);
    values = { status: "success", fileName, sizeBytes: size };
    logger.info("backup written", { file, size, trigger });
  } catch (error) {
    await rm(file, { force: true }).catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    values = { status: "failed", reason: reason.slice(0, 1000) };
    logger.error("backup failed", { err: error, trigger });
  }
  const [row] = await db
    .update(backups)
    .set({ ...values, finishedAt: new Date(), durationMs: Math.round(performance.now() - started) })
    .where(eq(backups.id, created.id))
    .returning();
  if (!row) throw new Error("the backup row disappeared");
  // Scheduled runs are the system's; a run someone started is theirs.
  if (actor) {
    await recordAuditEvent(db, {
      action: "backup.created",
      outcome: row.status === "success" ? "success" : "failure",
      ...auditSourceOf(actor),
      target: { type: "backup", id: row.id },
      details: { fileName: row.fileName, sizeBytes: row.sizeBytes, reason: row.reason },
    });
  }
  return toBackup(row);
}

export async function listBackups(input: { db: Db; actor: Actor }): Promise<Backup[]> {
  assertCanManage(input.actor);
  const rows = await input.db.select().from(backups).orderBy(desc(backups.startedAt)).limit(200);
  return rows.map(toBackup);
}

/** The file of a successful backup, for download. */
export async function openBackupFile(input: { db: Db; env: Env; actor: Actor; id: string }) {
  assertCanManage(input.actor);
  const [row] = await input.db.select().from(backups).where(eq(backups.id, input.id));
  if (!row?.fileName || row.status !== "success") throw notFound("Backup");
  const file = path.join(input.env.backupDir, row.fileName);
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null)
    throw new AppError("not_found", "The backup file is gone.", undefined, "backup_file_missing");
  return { fileName: row.fileName, size, stream: () => createReadStream(file) };
}

async function removeBackupFile(env: Env, fileName: string | null) {
  if (fileName) await rm(path.join(env.backupDir, path.basename(fileName)), { force: true });
}

export async function deleteBackup(input: { db: Db; env: Env; actor: Actor; id: string }): Promise<void> {
  assertCanManage(input.actor);
  const row = await input.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(backups)
      .where(and(eq(backups.id, input.id), ne(backups.status, "running")))
      .returning();
    if (!deleted) {
      const [running] = await tx.select({ id: backups.id }).from(backups).where(eq(backups.id, input.id));
      if (running) throw conflict("backup_running", "The backup is still running.");
      throw notFound("Backup");
    }
    await recordAuditEvent(tx, {
      action: "backup.deleted",
      ...auditSourceOf(input.actor),
      target: { type: "backup", id: deleted.id },
      details: { fileName: deleted.fileName, startedAt: deleted.startedAt },
    });
    return deleted;
  });
  await removeBackupFile(input.env, row.fileName);
}

/**
 * Deletes backups older than the retention, rows and files, but never the newest successful one
 * (a workspace that stopped backing up keeps its last good copy).
 */
export async function applyBackupRetention(input: {
  db: Db;
  env: Env;
  retentionDays: number;
  now?: Date;
}): Promise<number> {
  const now = input.now ?? new Date();
  const cutoff = new Date(now.getTime() - input.retentionDays * 86_400_000);
  const [newest] = await input.db
    .select({ id: backups.id })
    .from(backups)
    .where(eq(backups.status, "success"))
    .orderBy(desc(backups.startedAt))
    .limit(1);
  const old = await input.db
    .delete(backups)
    .where(
      and(
        lt(backups.startedAt, cutoff),
        ne(backups.status, "running"),
        newest ? ne(backups.id, newest.id) : undefined,
      ),
    )
    .returning({ fileName: backups.fileName });
  for (const row of old) await removeBackupFile(input.env, row.fileName);
  return old.length;
}

/**
 * A run still "running" at start-up died with its process. With PGlite no other process can be
 * running one; with PostgreSQL another process may be, so only runs older than 6 hours count.
 */
export async function failStaleBackups(database: Database, now = new Date()): Promise<void> {
  const stale =
    database.kind === "pglite"
      ? eq(backups.status, "running")
      : and(eq(backups.status, "running"), lt(backups.startedAt, new Date(now.getTime() - 6 * 3_600_000)));
  await database.db
    .update(backups)
    .set({ status: "failed", reason: "interrupted: the process stopped during the backup", finishedAt: now })
    .where(stale);
}

// ---------------------------------------------------------------------------------------------
// Restore (CLI only): into an empty data directory or an empty PostgreSQL database.
// ---------------------------------------------------------------------------------------------

async function readMagic(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(5);
    await handle.read(buffer, 0, 5, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

export class RestoreError extends Error {
  override name = "RestoreError";
}

/** Restores a backup file into the configured (empty) database; never over existing data. */
export async function restoreBackup(input: { env: Env; file: string }): Promise<{ kind: Database["kind"] }> {
  const { env } = input;
  const file = path.resolve(input.file);
  const magic = await readMagic(file).catch(() => {
    throw new RestoreError(`Cannot read ${file}.`);
  });
  const isTarball = magic[0] === 0x1f && magic[1] === 0x8b;
  const isPgDump = magic.toString("latin1") === "PGDMP";
  if (env.databaseUrl) {
    if (!isPgDump)
      throw new RestoreError(
        `${file} is not a pg_dump archive (DATABASE_URL is set: expected a .dump file).`,
      );
    await assertEmptyPostgres(env.databaseUrl);
    await runTool("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      `--dbname=${env.databaseUrl}`,
      file,
    ]);
    await markInterruptedBackups(env);
    return { kind: "postgres" };
  }
  if (!isTarball)
    throw new RestoreError(
      `${file} is not a PGlite backup (expected a .tar.gz made by Placar's embedded mode).`,
    );
  const pgdata = path.join(env.dataDir, "pgdata");
  if (!(await isEmptyDir(pgdata)))
    throw new RestoreError(
      `${pgdata} is not empty: restore only into an empty DATA_DIR (or move the old one away).`,
    );
  const lock = acquireDataDirLock(env.dataDir);
  try {
    const { readFile } = await import("node:fs/promises");
    const client = new PGlite(pgdata, { loadDataDir: new Blob([await readFile(file)]) });
    await client.waitReady;
    await client.close();
  } finally {
    lock.release();
  }
  await markInterruptedBackups(env);
  return { kind: "pglite" };
}

async function assertEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if ((rows[0]?.count ?? 0) > 0)
      throw new RestoreError(
        "The database in DATABASE_URL is not empty: restore only into a new, empty database.",
      );
  } finally {
    await client.end();
  }
}

// The copy was taken while its own backup row said "running"; in the restored database that run
// can never finish.
async function markInterruptedBackups(env: Env) {
  const { openConfiguredDatabase } = await import("../../bootstrap");
  const database = await openConfiguredDatabase(env);
  try {
    await database.db
      .update(backups)
      .set({
        status: "failed",
        reason: "interrupted: running when this copy was taken",
        finishedAt: sql`now()`,
      })
      .where(eq(backups.status, "running"));
  } finally {
    await database.close();
  }
}
