import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../paths";
import { acquireDataDirLock, type DataDirLock } from "./lock";
import { createStatementNamer, nameStatementsOf } from "./named-statements";
import { schema } from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle offers the same query API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;
export type DatabaseKind = "pglite" | "postgres";

/** The handles of PGlite databases (not their transactions), for isEmbedded. */
const embeddedDatabases = new WeakSet<object>();

/**
 * Whether a handle is an embedded (PGlite) database. Only for reading the same answer a cheaper way
 * (readOrderedRows): never for deciding what a query answers.
 */
export function isEmbedded(db: DbOrTx): boolean {
  return embeddedDatabases.has(db);
}

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Applies the committed drizzle-kit migrations (safe to call from several processes). */
  migrate: () => Promise<void>;
  /**
   * Subscribes to a PostgreSQL NOTIFY channel (pg_notify from any process on PostgreSQL, from this
   * process on PGlite). Notifications sent inside a transaction arrive only after it commits.
   */
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection URL (pg_dump needs it for backups). */
  url?: string;
  /** PGlite only: a tarball of the data directory, taken between queries (backups). */
  dumpDataDir?: () => Promise<Blob>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  /**
   * In-memory PGlite for tests: no folder, no lock. `template` is a data directory dumped by
   * dumpDataDir (tests/pglite-global-setup.ts: one migrated copy per run), which skips initdb.
   */
  | { kind: "memory"; template?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options.url, options.poolSize ?? 10);
  if (options.kind === "memory") return openPglite(undefined, options.template);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // At least two connections: migrate() holds one for the advisory lock while migrating on another.
  const pool = new pg.Pool({ connectionString: url, max: Math.max(2, poolSize) });
  // numeric stays a string (exact); int8 counts (COUNT(*)) become JS numbers.
  pool.on("error", () => {
    // An idle client died (server restart); the pool replaces it on the next query.
  });
  // Statements with parameters are named: parsed once per connection, their plans kept (0058).
  const nameOf = createStatementNamer();
  pool.on("connect", (client) => nameStatementsOf(client, nameOf));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // One dedicated connection per process carries every LISTEN; idle SSE streams hold nothing.
  let listener: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const connectListener = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
    });
    client.on("error", () => {
      // The connection died: the next listen() reconnects and re-subscribes.
      listener = null;
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`listen "${channel}"`);
    return client;
  };
  return {
    db,
    kind: "postgres",
    url,
    listen: async (channel, handler) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
      const first = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
      if (!listener) listener = connectListener();
      else if (first) await (await listener).query(`listen "${channel}"`);
      await listener;
      return async () => {
        set.delete(handler);
      };
    },
    migrate: async () => {
      // Several app processes may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext('placar:migrations'))");
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query("select pg_advisory_unlock(hashtext('placar:migrations'))").catch(() => {});
        client.release();
      }
    },
    close: async () => {
      const client = listener;
      listener = null;
      if (client) await (await client).end().catch(() => {});
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined, template?: Blob): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (dataDir) lock = acquireDataDirLock(dataDir);
  try {
    const client = dataDir
      ? new PGlite(path.join(path.resolve(dataDir), "pgdata"))
      : new PGlite(template ? { loadDataDir: template } : {});
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    embeddedDatabases.add(db);
    return {
      db,
      kind: "pglite",
      dumpDataDir: async () => {
        // A checkpoint first, so that the copy needs no WAL replay when it is opened again.
        await client.exec("checkpoint");
        // Uncompressed: the backup wraps it with the auth secret and gzips the whole (decision 0070).
        return client.dumpDataDir("none");
      },
      listen: async (channel, handler) => {
        const unlisten = await client.listen(channel, handler);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      migrate: async () => {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
      },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
