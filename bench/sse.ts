import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { todayIn } from "../domain/periods";
import { openDatabase } from "../server/db/client";
import { createUser } from "../server/db/factories";
import { maxStreamsPerUser } from "../server/features/notifications/notification-hub";
import { projectRoot } from "../server/paths";
import { readRss, sampleRss, signIn, startBenchServer, stopBenchServer } from "./server";
import { formatBytes, summarizeLatencies } from "./stats";

// `npm run bench:sse -- [--streams 500] [--buyers 50]`: issue 5's load check. One server process
// (PGlite), `streams` open notification streams spread over `buyers` buyers; the admin publishes
// an offer every buyer sees, which notifies each of them; every stream must receive its event.
// Reports how long delivery took (from the publishing request's answer), errors and memory.

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "500" },
    buyers: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
  },
});
const streamCount = Number(args.streams);
const buyerCount = Number(args.buyers);
const rounds = Number(args.rounds);
// A user holds at most 10 streams (the 11th closes the oldest, decision 0068).
if (Math.ceil(streamCount / buyerCount) > maxStreamsPerUser)
  throw new Error(
    `--streams ${streamCount} over --buyers ${buyerCount} exceeds ${maxStreamsPerUser} per buyer`,
  );
const password = "bench-sse-password-42";

type Stream = { controller: AbortController; events: string[]; waiters: ((name: string) => void)[] };

/** Opens one SSE stream and parses its events; resolves once the server says "ready". */
async function openStream(url: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const stream: Stream = { controller, events: [], waiters: [] };
  const response = await fetch(`${url}/api/notifications/stream`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ready = new Promise<void>((resolve, reject) => {
    let buffer = "";
    const pump = async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: ?(.*)$/m.exec(block)?.[1]?.trim();
          if (name === "ready") resolve();
          if (name) {
            stream.events.push(name);
            for (const waiter of stream.waiters.splice(0)) waiter(name);
          }
          end = buffer.indexOf("\n\n");
        }
      }
    };
    pump().catch((error: unknown) => {
      if (!controller.signal.aborted) reject(error);
    });
  });
  await ready;
  return stream;
}

function nextNotification(stream: Stream, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no event within the time limit")), timeoutMs);
    const wait = (name: string) => {
      if (name !== "notification") {
        stream.waiters.push(wait);
        return;
      }
      clearTimeout(timer);
      resolve(performance.now());
    };
    stream.waiters.push(wait);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "placar-bench-sse-"));
const database = await openDatabase({ kind: "pglite", dataDir });
await database.migrate();
const admin = await createUser(database.db, { role: "admin", email: "admin@sse.bench", password });
const buyers: Awaited<ReturnType<typeof createUser>>[] = [];
for (let i = 0; i < buyerCount; i++)
  buyers.push(await createUser(database.db, { role: "user", email: `buyer${i}@sse.bench`, password }));
await database.close();

const server = await startBenchServer({ dataDir });
const results: { round: number; delivered: number; p50: number; p95: number; max: number }[] = [];
let errors = 0;
try {
  const adminCookie = await signIn(server.url, admin.email, password);
  const cookies: string[] = [];
  for (const buyer of buyers) cookies.push(await signIn(server.url, buyer.email, password));
  const rssBefore = readRss(server.pid);
  const memory = sampleRss(server.pid);
  const opened = performance.now();
  const settled = await Promise.allSettled(
    Array.from({ length: streamCount }, (_, i) =>
      openStream(server.url, cookies[i % cookies.length] as string),
    ),
  );
  const streams = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  errors += settled.length - streams.length;
  const openMs = performance.now() - opened;
  const rssOpen = readRss(server.pid);

  for (let round = 1; round <= rounds; round++) {
    const arrivals = streams.map((stream) => nextNotification(stream, 10_000));
    const response = await fetch(`${server.url}/api/offers`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({
        name: `SSE bench ${round} ${Date.now()}`,
        casinoBrand: "Bench",
        value: "100.00",
        currency: "USD",
        payoutPerDeposit: "10.00",
      }),
    });
    const answered = performance.now();
    if (response.status !== 201)
      throw new Error(`publishing answered ${response.status}: ${await response.text()}`);
    const times = await Promise.allSettled(arrivals);
    const latencies = times.flatMap((t) =>
      t.status === "fulfilled" ? [Math.max(0, t.value - answered)] : [],
    );
    errors += times.length - latencies.length;
    const { p50, p95 } = summarizeLatencies(latencies);
    results.push({ round, delivered: latencies.length, p50, p95, max: Math.max(...latencies) });
  }
  const peak = memory.stop();
  for (const stream of streams) stream.controller.abort();

  const report = {
    date: todayIn("UTC"),
    database: "pglite",
    streams: streamCount,
    buyers: buyerCount,
    opened: streams.length,
    openMs: Math.round(openMs),
    errors,
    rssBefore,
    rssWithStreams: rssOpen,
    rssPeak: peak,
    rounds: results,
  };
  const lines = [
    `SSE load check: ${streams.length}/${streamCount} streams open (${buyerCount} buyers) in ${Math.round(openMs)} ms; errors: ${errors}`,
    `server memory: ${formatBytes(rssBefore)} before, ${formatBytes(rssOpen)} with the streams open, peak ${formatBytes(peak)}`,
    ...results.map(
      (r) =>
        `round ${r.round}: ${r.delivered}/${streams.length} delivered; after the publishing answer p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, max ${r.max.toFixed(0)} ms`,
    ),
  ];
  console.info(lines.join("\n"));
  const outDir = path.join(projectRoot, "bench", "results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, `${report.date}-sse.json`), `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await stopBenchServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
