import { like, sql } from "drizzle-orm";
import { addDays } from "../domain/periods";
import { defaultLanguage } from "../domain/roles";
import type { Db } from "../server/db/client";
import {
  assignOffer,
  type CreatedUser,
  createOffer,
  createUser,
  type GeneratorBuyer,
  generateOfferInputs,
  iterateCampaignRows,
  type NewCampaignRow,
  type OfferRow,
} from "../server/db/factories";
import { campaigns, offers as offerTable, users } from "../server/db/schema";

// The benchmark's dataset: the factories' users, offers and campaign generator, with the campaign
// rows written in bulk (one `insert ... select from unnest(arrays)` per chunk, ten parameters for
// thousands of rows) because a million single-row inserts would take many minutes.

export const benchPassword = "bench-password-42";
export const datasetDays = 730;

/** The body of the benchmark's campaign create (bench/main.ts, bench/request-cpu.ts). */
export function campaignCreateBody(date: string, offerId: string): string {
  return JSON.stringify({
    date,
    offerId,
    spent: "12.50",
    clicks: 120,
    installations: 30,
    registrations: 9,
    deposits: 2,
  });
}

export type Dataset = {
  buyers: CreatedUser[];
  leads: CreatedUser[];
  admin: CreatedUser;
  financial: CreatedUser;
  offers: OfferRow[];
  rows: number;
  endDate: string;
  firstDate: string;
  timings: {
    usersMs: number;
    offersMs: number;
    /** Inserting the campaign rows (and campaign_totals, by trigger) plus building the indexes. */
    campaignsMs: number;
    indexesMs: number;
    analyzeMs: number;
    totalMs: number;
  };
};

/** Takes the first `limit` items of an iterable. */
export function* takeFirst<T>(items: Iterable<T>, limit: number): Generator<T> {
  if (limit <= 0) return;
  let taken = 0;
  for (const item of items) {
    yield item;
    taken += 1;
    if (taken >= limit) return;
  }
}

/** A PostgreSQL array literal ('{a,b,NULL}') of plain tokens (dates, uuids, numbers: no quoting needed). */
export function toArrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  return `{${values.map((value) => (value === null || value === undefined ? "NULL" : String(value))).join(",")}}`;
}

async function insertCampaignChunk(db: Db, chunk: NewCampaignRow[]): Promise<void> {
  const column = <K extends keyof NewCampaignRow>(key: K) =>
    toArrayLiteral(chunk.map((row) => row[key] as string | number | null | undefined));
  await db.execute(sql`
    insert into campaigns (date, offer_id, creator_id, manager_id, spent, clicks, installations,
                           registrations, deposits, deposit_payment)
    select * from unnest(
      ${column("date")}::date[], ${column("offerId")}::uuid[], ${column("creatorId")}::text[],
      ${column("managerId")}::text[], ${column("spent")}::numeric[], ${column("clicks")}::int[],
      ${column("installations")}::int[], ${column("registrations")}::int[], ${column("deposits")}::int[],
      ${column("depositPayment")}::numeric[])`);
}

/** The secondary indexes of campaigns (not the primary key), with the SQL that creates each. */
async function selectIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  const result = (await db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = 'campaigns' and indexname <> 'campaigns_pkey'`,
  )) as unknown as { rows: { name: string; definition: string }[] };
  return result.rows;
}

function countRows(input: Parameters<typeof iterateCampaignRows>[0]): number {
  let n = 0;
  for (const _ of iterateCampaignRows(input)) n += 1;
  return n;
}

/** Fills an empty, migrated database. `rows` is the number of campaign rows wanted. */
export async function generateDataset(
  db: Db,
  options: { rows: number; endDate: string; seed?: number; chunkSize?: number; log?: (line: string) => void },
): Promise<Dataset> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 9;
  const started = performance.now();

  const admin = await createUser(db, { role: "admin", email: "admin@bench.test", password: benchPassword });
  const financial = await createUser(db, {
    role: "financial",
    email: "financial@bench.test",
    password: benchPassword,
  });
  const leads: CreatedUser[] = [];
  for (let i = 0; i < 10; i++)
    leads.push(
      await createUser(db, { role: "manager", email: `lead-${i}@bench.test`, password: benchPassword }),
    );
  const buyers: CreatedUser[] = [];
  for (let i = 0; i < 200; i++)
    buyers.push(
      await createUser(db, {
        role: "user",
        email: `buyer-${i}@bench.test`,
        password: benchPassword,
        managerId: leads[i % leads.length]!.id,
        // As after a sign-in through the screen (bench/web-seed.ts says why it matters to Lighthouse).
        language: defaultLanguage,
      }),
    );
  const usersDone = performance.now();

  // 40 offers for everybody and 10 private ones, each assigned to five buyers.
  const offers: OfferRow[] = [];
  const privateTo = new Map<string, string[]>();
  for (const [i, input] of generateOfferInputs(50, seed).entries()) {
    const isPrivate = i >= 40;
    const offer = await createOffer(db, { ...input, visibleToAll: !isPrivate });
    if (isPrivate) {
      const assignees = Array.from({ length: 5 }, (_, k) => buyers[(i * 7 + k * 13) % buyers.length]!.id);
      await assignOffer(db, offer.id, assignees);
      privateTo.set(offer.id, assignees);
    }
    offers.push(offer);
  }
  const offersDone = performance.now();

  const generatorBuyers: GeneratorBuyer[] = buyers.map((buyer) => ({
    id: buyer.id,
    managerId: buyer.managerId,
    offerIds: offers
      .filter((offer) => offer.visibleToAll || privateTo.get(offer.id)?.includes(buyer.id))
      .map((offer) => offer.id),
  }));
  const base = {
    buyers: generatorBuyers,
    offers: offers.map((offer) => ({ id: offer.id, payoutPerDeposit: offer.payoutPerDeposit })),
    days: datasetDays,
    endDate: options.endDate,
    seed,
  };
  // The generator's row count depends on how many offers each buyer works: scale that to the target.
  const sample = countRows({ ...base, offersPerBuyer: [3, 6] });
  const factor = options.rows / Math.max(1, sample);
  const low = Math.min(40, Math.max(1, Math.round(3 * factor * 1.07)));
  const high = Math.min(40, Math.max(low, Math.round(6 * factor * 1.07)));
  log(`  generator: ${sample} rows with 3-6 offers per buyer, using ${low}-${high}`);

  // A bulk load's usual order: the secondary indexes of campaigns are dropped and built again after
  // the rows are in (a sorted build instead of a million random insertions into ten B-trees; with
  // 128 MB of shared buffers the per-metric indexes made every insert read index pages). The totals
  // triggers stay on: campaign_totals is filled by the same statements as in production.
  const indexes = await selectIndexes(db);
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  // Two statements in flight on PostgreSQL (two cores: one inserts while the other's rows are
  // generated and sent); the totals triggers upsert in key order, so the two never deadlock. PGlite
  // has one connection and runs them one after the other anyway.
  const chunkSize = options.chunkSize ?? 20_000;
  const inFlight = new Set<Promise<void>>();
  let chunk: NewCampaignRow[] = [];
  let rows = 0;
  const send = async (rowsOfChunk: NewCampaignRow[]) => {
    const insert = insertCampaignChunk(db, rowsOfChunk).then(() => {
      inFlight.delete(insert);
      const before = rows;
      rows += rowsOfChunk.length;
      if (Math.floor(rows / 100_000) > Math.floor(before / 100_000))
        log(`  ${Math.floor(rows / 100_000) * 100_000} campaign rows`);
    });
    inFlight.add(insert);
    if (inFlight.size >= 2) await Promise.race(inFlight);
  };
  for (const row of takeFirst(iterateCampaignRows({ ...base, offersPerBuyer: [low, high] }), options.rows)) {
    chunk.push(row);
    if (chunk.length >= chunkSize) {
      await send(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await send(chunk);
  await Promise.all(inFlight);
  const inserted = performance.now();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  const campaignsDone = performance.now();
  // Fresh statistics and visibility map, as autovacuum leaves them some minutes after a bulk load
  // (without the visibility map, index-only scans still visit every heap page).
  await db.execute(sql`vacuum analyze`);
  const analyzed = performance.now();

  return {
    buyers,
    leads,
    admin,
    financial,
    offers,
    rows,
    endDate: options.endDate,
    firstDate: addDays(options.endDate, -(datasetDays - 1)),
    timings: {
      usersMs: usersDone - started,
      offersMs: offersDone - usersDone,
      campaignsMs: campaignsDone - offersDone,
      indexesMs: campaignsDone - inserted,
      analyzeMs: analyzed - campaignsDone,
      totalMs: analyzed - started,
    },
  };
}

/**
 * The dataset of a database an earlier run kept (`--keep`), read back instead of generated
 * (`--reuse`), so code versions can be compared on the same rows without waiting for generation.
 */
export async function loadDataset(db: Db): Promise<Dataset> {
  const people = await db.select().from(users).where(like(users.email, "%@bench.test"));
  const withPassword = (user: (typeof people)[number]) => ({ ...user, password: benchPassword });
  const numbered = (prefix: string) =>
    people
      .filter((user) => user.email.startsWith(prefix))
      .sort(
        (a, b) =>
          Number(a.email.slice(prefix.length).split("@")[0]) -
          Number(b.email.slice(prefix.length).split("@")[0]),
      )
      .map(withPassword);
  const find = (email: string) => {
    const user = people.find((p) => p.email === email);
    if (!user)
      throw new Error(`${email} is not in this database: was it kept by \`npm run bench -- --keep\`?`);
    return withPassword(user);
  };
  const [span] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      first: sql<string>`min(${campaigns.date})::text`,
      last: sql<string>`max(${campaigns.date})::text`,
    })
    .from(campaigns);
  return {
    admin: find("admin@bench.test"),
    financial: find("financial@bench.test"),
    leads: numbered("lead-"),
    buyers: numbered("buyer-"),
    offers: await db.select().from(offerTable).orderBy(offerTable.createdAt, offerTable.id),
    rows: span?.rows ?? 0,
    firstDate: span?.first ?? "",
    endDate: span?.last ?? "",
    timings: { usersMs: 0, offersMs: 0, campaignsMs: 0, indexesMs: 0, analyzeMs: 0, totalMs: 0 },
  };
}
