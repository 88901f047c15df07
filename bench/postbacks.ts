import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { todayIn } from "../domain/periods";
import { defaultPostbackEvents, defaultPostbackParams } from "../domain/postbacks";
import { openDatabase } from "../server/db/client";
import { createOffer, createUser } from "../server/db/factories";
import { postbackKeys } from "../server/db/schema";
import { projectRoot } from "../server/paths";
import { startBenchServer, stopBenchServer } from "./server";
import { formatMs, summarizeLatencies } from "./stats";

// `npm run bench:postbacks -- [--rate 1000] [--duration 30] [--keys 20] [--duplicates 0.05]
//   [--workers 1]`: issue 26's postback load check on PostgreSQL (run `npm run build` first).
// A fresh database, `keys` buyers with a key each; postbacks are sent open-loop at `rate` a second
// for `duration` seconds, spread over the keys, a share of them repeating an earlier transaction id.
// Reports p50/p95/p99 and checks that every distinct transaction id was counted exactly once: the
// buyers' campaign counts, the counted log rows and the 200 answers must all agree.

const { values: args } = parseArgs({
  options: {
    rate: { type: "string", default: "1000" },
    duration: { type: "string", default: "30" },
    keys: { type: "string", default: "20" },
    duplicates: { type: "string", default: "0.05" },
    workers: { type: "string", default: "1" },
    /** Write the server's CPU profile (--cpu-prof) into this folder. */
    profile: { type: "string" },
    /** Keep the database afterwards (its name is printed), to look into it. */
    keep: { type: "boolean", default: false },
    "postgres-url": {
      type: "string",
      default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    },
  },
});
const rate = Number(args.rate);
const durationSeconds = Number(args.duration);
const keyCount = Number(args.keys);
const duplicateShare = Number(args.duplicates);
const workers = Number(args.workers);
const tickMs = 10;
const events = ["reg", "ftd", "install", "click"] as const;
const log = (line: string) => console.info(line);

type Sent = { key: number; tid: string; event: (typeof events)[number] };

async function main() {
  const databaseName = `placar_bench_postbacks_${process.pid}`;
  const admin = new pg.Client({ connectionString: args["postgres-url"] });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName}`);
  await admin.query(`create database ${databaseName}`);
  const url = new URL(String(args["postgres-url"]));
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  try {
    const database = await openDatabase({ kind: "postgres", url: databaseUrl });
    await database.migrate();
    const offer = await createOffer(database.db, { name: "Bench offer", payoutPerDeposit: "25.00" });
    const tokens: string[] = [];
    const buyerIds: string[] = [];
    for (let i = 0; i < keyCount; i++) {
      const buyer = await createUser(database.db, { role: "user", email: `pb-buyer-${i}@bench.test` });
      const token = `pbk_${randomBytes(24).toString("base64url")}`;
      await database.db.insert(postbackKeys).values({
        token,
        label: `Bench ${i}`,
        userId: buyer.id,
        createdBy: buyer.id,
        params: defaultPostbackParams,
        events: defaultPostbackEvents,
      });
      tokens.push(token);
      buyerIds.push(buyer.id);
    }
    // The per-key limit would answer 429 at this rate (a network sends far less per key).
    process.env.POSTBACK_RATE_LIMIT = "0";
    server = await startBenchServer({
      databaseUrl,
      workers,
      ...(args.profile ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] } : {}),
    });
    log(
      `Postbacks: ${rate}/s for ${durationSeconds}s over ${keyCount} keys, ${(duplicateShare * 100).toFixed(0)} % repeated tids, ${workers} process(es), server ${server.url}`,
    );

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const answers = { counted: 0, duplicate: 0 };
    const sent: Sent[] = [];
    const inflight = new Set<Promise<void>>();
    let errors = 0;
    let sequence = 0;
    const send = (item: Sent) => {
      const started = performance.now();
      const query = new URLSearchParams({ event: item.event, tid: item.tid, offer: offer.id });
      const request = fetch(`${server!.url}/api/postback/${tokens[item.key]}?${query}`)
        .then(async (response) => {
          latencies.push(performance.now() - started);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.ok) {
            const body = (await response.json()) as { outcome: "counted" | "duplicate" };
            answers[body.outcome] += 1;
          } else await response.arrayBuffer();
        })
        .catch(() => {
          errors += 1;
        })
        .finally(() => inflight.delete(request));
      inflight.add(request);
    };

    // Open loop: every tick sends its share of the rate, whatever the answers take.
    const total = Math.round(rate * durationSeconds);
    const began = performance.now();
    while (sequence < total) {
      const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * rate));
      while (sequence < due) {
        sequence += 1;
        const repeat = sent.length > 0 && Math.random() < duplicateShare;
        const item: Sent = repeat
          ? sent[Math.floor(Math.random() * sent.length)]!
          : {
              key: sequence % keyCount,
              tid: `t${sequence}-${randomBytes(4).toString("hex")}`,
              event: events[sequence % events.length]!,
            };
        if (!repeat) sent.push(item);
        send(item);
      }
      await new Promise((resolve) => setTimeout(resolve, tickMs));
    }
    const sendingSeconds = (performance.now() - began) / 1000;
    while (inflight.size > 0) await Promise.all([...inflight]);
    const elapsed = (performance.now() - began) / 1000;

    // Exactly once: every distinct tid is one event in its buyer's campaign counts and one counted log row.
    const [counts] = (
      (await database.db.execute(sql`select
        coalesce(sum(clicks + installations + registrations + deposits), 0)::int as events,
        coalesce(sum(deposits), 0)::int as deposits,
        coalesce(sum(deposit_payment), 0)::text as revenue
        from campaigns where offer_id = ${offer.id}`)) as unknown as { rows: unknown[] }
    ).rows as { events: number; deposits: number; revenue: string }[];
    const [logged] = (
      (await database.db.execute(
        sql`select count(*) filter (where outcome = 'counted')::int as counted, count(*)::int as total from postback_log`,
      )) as unknown as { rows: unknown[] }
    ).rows as { counted: number; total: number }[];
    await database.close();
    const expectedDeposits = sent.filter((item) => item.event === "ftd").length;
    const summary = summarizeLatencies(latencies);
    const ok =
      errors === 0 &&
      counts!.events === sent.length &&
      logged!.counted === sent.length &&
      answers.counted === sent.length &&
      counts!.deposits === expectedDeposits &&
      counts!.revenue === `${(expectedDeposits * 25).toFixed(2)}`;
    const result = {
      date: new Date().toISOString(),
      database: "postgres",
      workers,
      rateAsked: rate,
      rateSent: total / sendingSeconds,
      durationSeconds,
      elapsedSeconds: elapsed,
      requests: total,
      distinctTids: sent.length,
      latencyMs: summary,
      statuses: Object.fromEntries(statuses),
      answers,
      errors,
      campaignEvents: counts!.events,
      countedLogRows: logged!.counted,
      logRows: logged!.total,
      revenue: counts!.revenue,
      exactlyOnce: ok,
      today: todayIn("America/Sao_Paulo"),
    };
    log(
      `  sent ${total} (${result.rateSent.toFixed(0)}/s), ${sent.length} distinct tids; p50 ${formatMs(summary.p50)}  p95 ${formatMs(summary.p95)}  p99 ${formatMs(summary.p99)}; statuses ${JSON.stringify(result.statuses)}; errors ${errors}`,
    );
    log(
      `  counted answers ${answers.counted}, duplicates ${answers.duplicate}; campaign events ${counts!.events}, counted log rows ${logged!.counted}, revenue ${counts!.revenue}: ${ok ? "every event counted exactly once" : "MISMATCH"}`,
    );
    const dir = path.join(projectRoot, "bench", "results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `${result.today}-postbacks-${rate}x${durationSeconds}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    if (server) await stopBenchServer(server);
    if (args.keep) log(`  kept database ${databaseName}`);
    else await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
