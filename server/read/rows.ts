import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, isEmbedded } from "../db/client";
import type { Totals } from "./grains";

// Typed rows (docs/decisions/0075): every reader names the row it expects and maps each raw row to it
// by hand (a mapper per row type), so a column renamed in SQL fails loudly instead of reaching the
// API as undefined. Mappers copy fields one by one: no spread, no schema library per row.

/** A row as the driver hands it over. */
export type RawRow = Record<string, unknown>;

function rowsOf(result: unknown): RawRow[] {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows))
    return result.rows;
  throw new TypeError("The database answered without rows");
}

/** The rows of `query`, each mapped by `parse`. */
export async function readRows<Row>(db: DbOrTx, query: SQL, parse: (row: RawRow) => Row): Promise<Row[]> {
  const rows = rowsOf(await db.execute(query));
  const parsed: Row[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) parsed[i] = parse(rows[i]!);
  return parsed;
}

/** The one row of `query` (an aggregate without GROUP BY), mapped by `parse`. */
export async function readRow<Row>(db: DbOrTx, query: SQL, parse: (row: RawRow) => Row): Promise<Row> {
  const [row] = await readRows(db, query, parse);
  if (row === undefined) throw new Error("Expected one row, got none");
  return row;
}

/**
 * The rows of `query` (no ORDER BY of its own) in the order of `orderBy` (its output columns, by
 * name). PGlite gets them as one JSON value: its protocol reader copies every field value into a
 * new ArrayBuffer before decoding it, which made a few hundred rows of a dozen columns the largest
 * cost of a request there (docs/performance.md, seventh pass). PostgreSQL reads the rows as they
 * are: there the JSON costs more than it saves (decision 0075 keeps this one PGlite-only branch).
 * Money must be text in `query` (a JSON number would be a float); counts may arrive as numbers or
 * as text, which the field readers below accept either way.
 */
export async function readOrderedRows<Row>(
  db: DbOrTx,
  query: SQL,
  orderBy: SQL,
  parse: (row: RawRow) => Row,
): Promise<Row[]> {
  if (!isEmbedded(db)) return readRows(db, sql`${query} order by ${orderBy}`, parse);
  const { rows } = await readRow(
    db,
    sql`select coalesce(json_agg(q order by ${orderBy}), '[]'::json) as rows from (${query}) q`,
    (row) => ({ rows: list(row, "rows") }),
  );
  return rows.map((row) => parse(asRecord(row, "rows")));
}

/**
 * Rows taken as `Row` without a mapper: only for statements whose every column the caller casts in
 * SQL and reads field by field itself (tests, the benchmark, the payment statements' wide rows).
 */
export function asRow<Row extends object>(row: RawRow): Row {
  return row as Row;
}

// Field readers: each checks what the drivers send for the column's SQL type.

function fail(key: string, expected: string, value: unknown): never {
  throw new TypeError(`Column ${key}: expected ${expected}, got ${value === null ? "null" : typeof value}`);
}

/** text (money is always cast to text in SQL: never a binary float). */
export function text(row: RawRow, key: string): string {
  const value = row[key];
  return typeof value === "string" ? value : fail(key, "text", value);
}

export function textOrNull(row: RawRow, key: string): string | null {
  const value = row[key];
  return value === null || value === undefined ? null : text(row, key);
}

/** A count: bigint arrives as text from node-postgres and as a number from PGlite or JSON. */
export function count(row: RawRow, key: string): number {
  const value = row[key];
  if (typeof value === "number") return value;
  if (typeof value === "string" || typeof value === "bigint") return Number(value);
  return fail(key, "a count", value);
}

function asRecord(value: unknown, key: string): RawRow {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as RawRow;
  return fail(key, "a record", value);
}

/** A nested record (row_to_json). */
export function record(row: RawRow, key: string): RawRow {
  return asRecord(row[key], key);
}

export function recordOrNull(row: RawRow, key: string): RawRow | null {
  return row[key] === null ? null : record(row, key);
}

function list(row: RawRow, key: string): unknown[] {
  const value = row[key];
  return Array.isArray(value) ? value : fail(key, "a list", value);
}

/** The sums of a totals row, their columns optionally prefixed (`daily_spent`…). */
export function totalsOf(row: RawRow, prefix = ""): Totals {
  return {
    spent: text(row, `${prefix}spent`),
    revenue: text(row, `${prefix}revenue`),
    clicks: count(row, `${prefix}clicks`),
    installations: count(row, `${prefix}installations`),
    registrations: count(row, `${prefix}registrations`),
    deposits: count(row, `${prefix}deposits`),
    campaigns: count(row, `${prefix}campaigns`),
  };
}

/**
 * Rows taken as `Row` without a mapper (see asRow): for tests, the benchmark and statements outside
 * the read layer whose columns are all cast in SQL.
 */
export function selectRows<Row extends object>(db: DbOrTx, query: SQL): Promise<Row[]> {
  return readRows(db, query, asRow<Row>);
}
