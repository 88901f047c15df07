import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKind } from "../../tests/harness";
import type { Database } from "./client";

// On PostgreSQL a query with parameters runs as a named statement, parsed once per connection
// (decision 0058); without parameters it keeps the simple protocol. PGlite runs queries as before.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe.runIf(testDatabaseKind() === "postgres")("named statements", () => {
  it("prepares a query with parameters once on its connection, and answers it alike each time", async () => {
    const statements = await database.db.transaction(async (tx) => {
      // A transaction holds one connection, so its prepared statements are the ones listed.
      const answers: unknown[] = [];
      for (const value of [7, 8, 7]) {
        const rows = await tx.execute(sql`select ${value}::int * 6 as answer`);
        answers.push((rows as unknown as { rows: { answer: number }[] }).rows[0]!.answer);
      }
      expect(answers).toEqual([42, 48, 42]);
      const listed = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      return (listed as unknown as { rows: { name: string; statement: string }[] }).rows;
    });
    const ours = statements.filter((row) => row.statement.includes("* 6 as answer"));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.name).toMatch(/^placar_\d+$/);
  });

  it("leaves statements without parameters unnamed, so one text may hold several", async () => {
    await database.db.execute(sql.raw("select 1; select 2"));
  });
});
