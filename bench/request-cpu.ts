import { readdirSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { addDays, monthOf, monthRange, todayIn } from "../domain/periods";
import { benchPassword, campaignCreateBody } from "./dataset";
import { signIn, startBenchServer, stopBenchServer } from "./server";

// Node CPU per HTTP request of the built server on a kept benchmark database: the server's user+system
// time (from /proc) over a fixed number of requests at one connection, divided by their count. CPU
// time hardly moves with the machine's load, so it compares code versions where latency cannot.
//   npx tsx bench/request-cpu.ts --url postgres://postgres@127.0.0.1:5432/placar_bench_postgres_123 [--requests 2000]

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    /** A kept PGlite folder instead of --url (PostgreSQL), e.g. from `npm run bench -- --db pglite --keep`. */
    "data-dir": { type: "string" },
    requests: { type: "string", default: "2000" },
    only: { type: "string" },
  },
});
if (!args.url && !args["data-dir"])
  throw new Error("--url or --data-dir of a kept benchmark database is required");
const requests = Number(args.requests);

function readCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, 100 ticks/s
}

/** CPU of every PostgreSQL process on this machine (the pool's backends live through the run). */
function readPostgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      total += readCpuMs(Number(entry));
    } catch {
      // the process ended
    }
  }
  return total;
}

const server = await startBenchServer(args.url ? { databaseUrl: args.url } : { dataDir: args["data-dir"] });
try {
  const buyer = await signIn(server.url, "buyer-0@bench.test", benchPassword);
  const lead = await signIn(server.url, "lead-0@bench.test", benchPassword);
  const financial = await signIn(server.url, "financial@bench.test", benchPassword);
  const admin = await signIn(server.url, "admin@bench.test", benchPassword);
  const today = todayIn("America/Sao_Paulo");
  const from30 = addDays(today, -29);
  // The buyer's newest campaign: the update's target, and its offer the create's.
  const listed = await fetch(`${server.url}/api/campaigns?sort=date&order=desc&page=1`, {
    headers: { cookie: buyer },
  });
  const newest = ((await listed.json()) as { items: { id: string; offerId: string }[] }).items[0]!;
  const cases: { name: string; path: string; cookie?: string; method?: string; body?: string }[] = [
    { name: "health, no session", path: "/api/health" },
    { name: "health, session", path: "/api/health", cookie: buyer },
    { name: "me", path: "/api/me", cookie: buyer },
    { name: "dashboard summary", path: "/api/metrics/summary", cookie: buyer },
    { name: "list, team lead, page 1", path: "/api/campaigns?sort=date&order=desc&page=1", cookie: lead },
    { name: "analytics, 30 days", path: `/api/analytics?from=${from30}&to=${today}`, cookie: buyer },
    { name: "analytics, all time, buyer", path: "/api/analytics", cookie: buyer },
    { name: "analytics, all time, lead", path: "/api/analytics", cookie: lead },
    { name: "analytics, all time, admin", path: "/api/analytics", cookie: admin },
    {
      name: "payments month",
      path: `/api/payments?month=${monthOf(addDays(monthRange(monthOf(today)).from, -1))}`,
      cookie: financial,
    },
    { name: "admin dashboard, 30 days", path: "/api/admin/dashboard?period=30d", cookie: admin },
    { name: "financial analytics, 30 d", path: "/api/financial/analytics?period=30d", cookie: financial },
    {
      name: "campaign create",
      path: "/api/campaigns",
      cookie: buyer,
      method: "POST",
      body: campaignCreateBody(today, newest.offerId),
    },
    {
      name: "campaign update",
      path: `/api/campaigns/${newest.id}`,
      cookie: buyer,
      method: "PATCH",
      body: JSON.stringify({ spent: "33.10" }),
    },
  ];
  for (const item of cases) {
    if (args.only && !new RegExp(args.only).test(item.name)) continue;
    const run = (amount: number) =>
      autocannon({
        url: `${server.url}${item.path}`,
        connections: 1,
        amount,
        method: (item.method ?? "GET") as "GET",
        body: item.body,
        headers: {
          // A cookie call that changes something must carry our Origin (server/request-origin.ts).
          ...(item.cookie ? { cookie: item.cookie, origin: server.url } : {}),
          ...(item.body ? { "content-type": "application/json" } : {}),
        },
      });
    await run(200);
    const before = readCpuMs(server.pid);
    const postgresBefore = readPostgresCpuMs();
    const result = await run(requests);
    const ms = readCpuMs(server.pid) - before;
    const postgresMs = readPostgresCpuMs() - postgresBefore;
    console.info(
      `${item.name.padEnd(28)} Node ${(ms / requests).toFixed(2)} ms, PostgreSQL ${(postgresMs / requests).toFixed(2)} ms of CPU per request (${result.non2xx} non-2xx)`,
    );
  }
} finally {
  await stopBenchServer(server);
}
