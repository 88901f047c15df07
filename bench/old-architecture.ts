import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../server/db/client";

// The architecture Placar replaces, replayed on the same data: the browser pulled every row a
// screen needed through a table API (pages of 1,000 rows, the old backend's cap) as JSON and
// summed them in JavaScript. Per screen we time the reads, the JSON round trip (serialize on the
// "server", parse in the "browser") and the aggregation, and count the bytes that crossed the wire.
// Keyset pagination on (date, id) is kinder than the old offset paging, so these times flatter it.

export type OldScreen = {
  name: string;
  /** Row filter of the screen (a SQL condition on campaigns). */
  where: SQL;
  /** Which breakdowns the screen shows. */
  groups: ("date" | "offer" | "user")[];
  /** A list screen: sort everything in the browser and slice one page. */
  list?: { sort: "date" | "spent" | "profit"; offset: number };
};

export type OldResult = { screen: string; rows: number; pages: number; bytes: number; ms: number };

type Totals = { spent: number; revenue: number; clicks: number; deposits: number; rows: number };

function addTo(map: Map<string, Totals>, key: string, row: Record<string, unknown>): void {
  let totals = map.get(key);
  if (!totals) {
    totals = { spent: 0, revenue: 0, clicks: 0, deposits: 0, rows: 0 };
    map.set(key, totals);
  }
  // The old client summed money as binary floats.
  totals.spent += Number(row.spent);
  totals.revenue += Number(row.deposit_payment);
  totals.clicks += Number(row.clicks);
  totals.deposits += Number(row.deposits);
  totals.rows += 1;
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function runOldScreen(db: Db, screen: OldScreen, pageSize = 1000): Promise<OldResult> {
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  let pages = 0;
  let last: { date: string; id: string } | null = null;
  const total = new Map<string, Totals>();
  const groups = new Map<string, Map<string, Totals>>(screen.groups.map((group) => [group, new Map()]));
  const kept: Record<string, unknown>[] = [];
  for (;;) {
    const after: SQL = last
      ? sql`and (campaigns.date, campaigns.id) > (${last.date}::date, ${last.id}::uuid)`
      : sql``;
    const page = await selectRows<Record<string, unknown>>(
      db,
      sql`select *, date::text as day from campaigns where ${screen.where} ${after} order by campaigns.date, campaigns.id limit ${pageSize}`,
    );
    pages += 1;
    // What the table API sent and the browser parsed.
    const json = JSON.stringify(page);
    bytes += Buffer.byteLength(json);
    const parsed = JSON.parse(json) as Record<string, unknown>[];
    for (const row of parsed) {
      addTo(total, "all", row);
      groups.get("date") && addTo(groups.get("date")!, String(row.day), row);
      groups.get("offer") && addTo(groups.get("offer")!, String(row.offer_id), row);
      groups.get("user") && addTo(groups.get("user")!, String(row.creator_id), row);
      if (screen.list) kept.push(row);
    }
    rows += parsed.length;
    if (parsed.length < pageSize) break;
    const tail = parsed[parsed.length - 1]!;
    last = { date: String(tail.day), id: String(tail.id) };
  }
  if (screen.list) {
    const key = screen.list.sort === "date" ? "date" : screen.list.sort === "spent" ? "spent" : "profit";
    kept.sort((a, b) =>
      key === "date" ? String(b.day).localeCompare(String(a.day)) : Number(b[key]) - Number(a[key]),
    );
    kept.slice(screen.list.offset, screen.list.offset + 10);
  }
  return { screen: screen.name, rows, pages, bytes, ms: performance.now() - started };
}
