import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, desc, eq, lt, ne, sql } from "drizzle-orm";
import pg from "pg";
import type { Backup } from "../../../domain/schemas/settings";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Database, Db } from "../../db/client";
import { acquireDataDirLock } from "../../db/lock";
import { backups, twoFactors, users } from "../../db/schema";
import { authSecretFileName, type Env } from "../../env";
import { AppError, conflict, notFound } from "../../errors";
import type { Logger } from "../../logger";
import { assertCan } from "../../permissions";
import { readFirstEntryName, readTar, type TarEntry, tarChunks } from "./archive";

// Whole-database backups (docs/decisions/0021). PGlite: a gzipped tar holding a manifest, the
// auth secret and the data directory's own tar (decision 0070), taken inside the app process that
// holds the folder's lock. PostgreSQL: a `pg_dump -Fc` archive (needs the PostgreSQL client
// tools; AUTH_SECRET is kept by the operator). Files live in env.backupDir; every run leaves a row.

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

/** The embedded backup's entries, in this order (the manifest first identifies the format). */
export const embeddedBackup = {
  manifest: "placar-backup.json",
  secret: authSecretFileName,
  pgdata: "pgdata.tar",
  format: "placar-embedded-backup",
  version: 2,
} as const;

async function writeDump(database: Database, env: Env, file: string): Promise<void> {
  if (database.kind === "pglite") {
    if (!database.dumpDataDir) throw new Error("this PGlite database cannot be dumped");
    const pgdata = new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
    const manifest = {
      format: embeddedBackup.format,
      version: embeddedBackup.version,
      createdAt: new Date().toISOString(),
      contents: {
        [embeddedBackup.secret]: "AUTH secret: signs sessions, encrypts two-factor keys and backup codes",
        [embeddedBackup.pgdata]: "the PGlite data directory",
      },
    };
    const entries: TarEntry[] = [
      {
        name: embeddedBackup.manifest,
        data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
        mode: 0o600,
      },
      { name: embeddedBackup.secret, data: Buffer.from(`${env.authSecret}\n`), mode: 0o600 },
      { name: embeddedBackup.pgdata, data: pgdata, mode: 0o600 },
    ];
    await pipeline(Readable.from(tarChunks(entries)), createGzip(), createWriteStream(file, { mode: 0o600 }));
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
  if (actor) assertCan(actor, "settings:manage");
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
    await writeDump(database, env, file);
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
  assertCan(input.actor, "settings:manage");
  const rows = await input.db.select().from(backups).orderBy(desc(backups.startedAt)).limit(200);
  return rows.map(toBackup);
}

/** The file of a successful backup, for download. */
export async function openBackupFile(input: { db: Db; env: Env; actor: Actor; id: string }) {
  assertCan(input.actor, "settings:manage");
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
  assertCan(input.actor, "settings:manage");
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

export type RestoreResult = {
  kind: Database["kind"];
  /**
   * The auth secret the restored data will be read with: "restored" from the archive into
   * DATA_DIR/auth-secret, "kept" (AUTH_SECRET or DATA_DIR/auth-secret, already the right one or
   * the operator's choice for an archive without a secret), or "new" (--new-secret).
   */
  secret: "restored" | "kept" | "new";
  /** Two-factor keys checked against that secret, and how many it could decrypt. */
  twoFactor: { checked: number; readable: number };
};

/** The archive's parts: the PGlite data directory's tar and, since decision 0070, the secret. */
function unpackEmbeddedBackup(file: string, bytes: Buffer): { pgdata: Uint8Array; secret: string | null } {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new RestoreError(`${file} is damaged: it is not a complete gzip file.`);
  }
  if (readFirstEntryName(tar) !== embeddedBackup.manifest) return { pgdata: tar, secret: null };
  let entries: Map<string, Uint8Array>;
  let manifest: { format?: string; version?: number };
  try {
    entries = new Map(readTar(tar).map((entry) => [entry.name, entry.data]));
    manifest = JSON.parse(Buffer.from(entries.get(embeddedBackup.manifest)!).toString("utf8"));
  } catch (error) {
    throw new RestoreError(`${file} is damaged: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (manifest.format !== embeddedBackup.format || (manifest.version ?? 0) > embeddedBackup.version)
    throw new RestoreError(
      `${file} was made by a newer Placar (format ${manifest.format} ${manifest.version}): update Placar first.`,
    );
  const secret = entries.get(embeddedBackup.secret);
  const pgdata = entries.get(embeddedBackup.pgdata);
  if (!secret || !pgdata) throw new RestoreError(`${file} is damaged: an entry is missing.`);
  return { pgdata, secret: Buffer.from(secret).toString("utf8").trim() };
}

async function readSecretFile(file: string): Promise<string | null> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Restores a backup file into the configured (empty) database; never over existing data. An
 * embedded backup brings its auth secret back (DATA_DIR/auth-secret, 0600), so sessions, two-factor
 * keys and backup codes keep working; one made before that is refused unless a secret is at hand
 * (AUTH_SECRET or the old DATA_DIR/auth-secret) or `newSecret` accepts losing them.
 */
export async function restoreBackup(input: {
  env: Env;
  file: string;
  newSecret?: boolean;
}): Promise<RestoreResult> {
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
    // AUTH_SECRET is required with DATABASE_URL (env.ts): it is the only secret there is.
    return { kind: "postgres", secret: "kept", twoFactor: await finishRestore(env, env.authSecret) };
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
  const archive = unpackEmbeddedBackup(file, await readFile(file));
  const secretFile = path.join(env.dataDir, authSecretFileName);
  const fileSecret = await readSecretFile(secretFile);
  const envSecret = env.authSecretSource === "env" ? env.authSecret : null;
  let secret: string;
  let outcome: RestoreResult["secret"];
  if (archive.secret) {
    if (envSecret !== null && envSecret !== archive.secret)
      throw new RestoreError(
        "AUTH_SECRET is not the secret this backup was made with: unset it (the backup's own secret is restored into DATA_DIR/auth-secret) or set it to that secret.",
      );
    if (fileSecret !== null && fileSecret !== archive.secret)
      throw new RestoreError(
        `${secretFile} holds another secret than this backup: restore into a new, empty DATA_DIR (or move that file away).`,
      );
    secret = archive.secret;
    outcome = fileSecret === null ? "restored" : "kept";
  } else if (envSecret !== null || fileSecret !== null) {
    secret = envSecret ?? fileSecret!;
    outcome = "kept";
  } else if (input.newSecret) {
    secret = env.authSecret; // freshly generated by parseEnv, written below
    outcome = "new";
  } else {
    throw new RestoreError(
      `${file} does not carry the auth secret (a backup made before Placar kept it in the archive). ` +
        "Without the secret it was made with, every session ends and two-factor keys and backup codes cannot be read. " +
        `Copy the old workspace's DATA_DIR/auth-secret to ${secretFile} (or set AUTH_SECRET to it) and run again, ` +
        "or add --new-secret to restore with a new secret (users with two-factor then need `npm run user -- disable-two-factor --email …`).",
    );
  }
  const lock = acquireDataDirLock(env.dataDir);
  try {
    const client = new PGlite(pgdata, { loadDataDir: new Blob([archive.pgdata as Uint8Array<ArrayBuffer>]) });
    await client.waitReady;
    await client.close();
    if (fileSecret === null && (archive.secret !== null || outcome === "new"))
      await writeFile(secretFile, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } finally {
    lock.release();
  }
  return { kind: "pglite", secret: outcome, twoFactor: await finishRestore(env, secret) };
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
// can never finish. Then: can the secret the server will use read the two-factor keys?
async function finishRestore(env: Env, secret: string): Promise<RestoreResult["twoFactor"]> {
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
    return await checkTwoFactorKeys(database.db, secret);
  } finally {
    await database.close();
  }
}

/** Tries the secret on up to 20 stored two-factor keys (a wrong key fails authentication). */
export async function checkTwoFactorKeys(db: Db, secret: string): Promise<RestoreResult["twoFactor"]> {
  const rows = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(eq(users.twoFactorEnabled, true))
    .limit(20);
  let readable = 0;
  for (const row of rows) {
    try {
      await symmetricDecrypt({ key: secret, data: row.secret });
      readable += 1;
    } catch {
      // not this secret
    }
  }
  return { checked: rows.length, readable };
}
