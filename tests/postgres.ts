import { randomBytes } from "node:crypto";
import pg from "pg";

// PostgreSQL test databases: one migrated template per run (tests/postgres-global-setup.ts), and a
// fresh copy of it for each test file (CREATE DATABASE ... TEMPLATE, a file copy: fast).

export const testDatabasePrefix = "placar_test_";

/** The server's URL with another database name. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A unique name that carries its creation time, so that stale ones can be found and dropped. */
export function newTestDatabaseName(kind: "tpl" | "db"): string {
  const seconds = Math.floor(Date.now() / 1000).toString(36);
  return `${testDatabasePrefix}${kind}_${seconds}_${randomBytes(5).toString("hex")}`;
}

export function createdAtFromName(name: string): number | null {
  const match = new RegExp(`^${testDatabasePrefix}(?:tpl|db)_([0-9a-z]+)_[0-9a-f]+$`).exec(name);
  return match?.[1] ? Number.parseInt(match[1], 36) * 1000 : null;
}

const quote = (identifier: string) => {
  if (!/^[a-z0-9_]+$/.test(identifier)) throw new Error(`unsafe database name ${identifier}`);
  return `"${identifier}"`;
};

async function withAdmin<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(baseUrl: string, name: string, template?: string): Promise<void> {
  await withAdmin(baseUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quote(name)}${template ? ` template ${quote(template)}` : ""}`);
        return;
      } catch (error) {
        // 55006: the template is briefly in use by another copy; try again.
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdmin(baseUrl, async (client) => {
    await client.query(`drop database if exists ${quote(name)} with (force)`);
  });
}

/** Drops test databases left behind by killed runs (older than `olderThanMs`). */
export async function dropStaleTestDatabases(baseUrl: string, olderThanMs: number): Promise<string[]> {
  return withAdmin(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${testDatabasePrefix}%`],
    );
    const dropped: string[] = [];
    for (const { datname } of rows) {
      const created = createdAtFromName(datname);
      if (created !== null && Date.now() - created > olderThanMs) {
        await client.query(`drop database if exists ${quote(datname)} with (force)`);
        dropped.push(datname);
      }
    }
    return dropped;
  });
}

/**
 * An empty database for tests that start server processes (each migrates it), the configuration
 * every process on it shares (DATABASE_URL, AUTH_SECRET), and `drop` to remove it.
 */
export async function createProcessDatabase(): Promise<{
  name: string;
  url: string;
  env: { DATABASE_URL: string; AUTH_SECRET: string };
  drop: () => Promise<void>;
}> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = newTestDatabaseName("db");
  await createDatabase(baseUrl, name);
  const url = databaseUrl(baseUrl, name);
  return {
    name,
    url,
    env: { DATABASE_URL: url, AUTH_SECRET: randomBytes(32).toString("base64url") },
    drop: () => dropDatabase(baseUrl, name),
  };
}
