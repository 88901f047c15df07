import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { addDays, todayIn } from "../domain/periods";
import { pivotQuerySchema } from "../domain/schemas/pivot";
import type { Actor } from "../server/context";
import type { Db } from "../server/db/client";
import { schema, users } from "../server/db/schema";
import { getAnalytics, getMetricsSummary } from "../server/features/analytics/analytics.service";
import { listCampaigns } from "../server/features/campaigns/campaigns.service";
import { getPivot } from "../server/features/reports/pivot.service";
import { getFinancialAnalytics } from "../server/features/reports/reports.service";
import { selectRows } from "../server/read/rows";

// CPU time per service call, on a database the benchmark kept (`npm run bench -- --db postgres
// --keep`): the PostgreSQL backend's CPU (from /proc, one connection, no parallel workers, so all
// of a query's work is in that process) and this Node process's CPU. Unlike latency, CPU time hardly
// moves with the machine's load, so it compares code versions on a busy shared machine.
//   npx tsx bench/cpu.ts --url postgres://postgres@127.0.0.1:5432/placar_bench_postgres_123 [--calls 20] [--only regex]

const { values: args } = parseArgs({
  options: { url: { type: "string" }, calls: { type: "string", default: "20" }, only: { type: "string" } },
});
if (!args.url) throw new Error("--url of a kept benchmark database is required");
const calls = Number(args.calls);
const only = args.only ? new RegExp(args.only) : null;

const pool = new pg.Pool({
  connectionString: args.url,
  max: 1,
  options: "-c max_parallel_workers_per_gather=0",
});
const db = drizzle(pool, { schema }) as unknown as Db;
const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);
const from30 = addDays(today, -29);

const people = await db
  .select()
  .from(users)
  .where(
    inArray(users.email, [
      "buyer-0@bench.test",
      "lead-0@bench.test",
      "admin@bench.test",
      "financial@bench.test",
    ]),
  );
const actorOf = (email: string): Actor => {
  const user = people.find((p) => p.email === email);
  if (!user) throw new Error(`${email} is not in this database`);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    managerId: user.managerId,
    language: null,
  };
};
const buyer = actorOf("buyer-0@bench.test");
const lead = actorOf("lead-0@bench.test");
const admin = actorOf("admin@bench.test");
const financial = actorOf("financial@bench.test");
const [offer] = await selectRows<{ id: string }>(db, sql`select id from offers order by created_at limit 1`);
const { total } = await listCampaigns({
  db,
  actor: lead,
  query: { sort: "date", order: "desc", page: 1, pageSize: 10 },
});
const lastPage = Math.max(1, Math.ceil(total / 10));

const cases: [string, () => Promise<unknown>][] = [
  ["dashboard summary (buyer)", () => getMetricsSummary({ db, actor: buyer, timeZone })],
  [
    "analytics 30 days (buyer)",
    () => getAnalytics({ db, actor: buyer, timeZone, query: { from: from30, to: today } }),
  ],
  ["analytics all time (buyer)", () => getAnalytics({ db, actor: buyer, timeZone, query: {} })],
  [
    "analytics 30 days (team lead)",
    () => getAnalytics({ db, actor: lead, timeZone, query: { from: from30, to: today } }),
  ],
  ["analytics all time (team lead)", () => getAnalytics({ db, actor: lead, timeZone, query: {} })],
  [
    "analytics 30 days (admin)",
    () => getAnalytics({ db, actor: admin, timeZone, query: { from: from30, to: today } }),
  ],
  ["analytics all time (admin)", () => getAnalytics({ db, actor: admin, timeZone, query: {} })],
  [
    "financial analytics 30 days",
    () => getFinancialAnalytics({ db, actor: financial, period: "30d", timeZone }),
  ],
  [
    "financial analytics all time",
    () => getFinancialAnalytics({ db, actor: financial, period: "all", timeZone }),
  ],
  [
    "pivot 30 days by buyer, offer + ROI",
    () =>
      getPivot({
        db,
        actor: financial,
        timeZone,
        query: pivotQuerySchema.parse({ period: "30d", offerId: offer?.id, minRoi: "0" }),
      }),
  ],
  ...(["date", "profit", "epc"] as const).flatMap((sort) =>
    [1, Math.ceil(lastPage / 2), lastPage].map(
      (page) =>
        [
          `list ${sort}, page ${page} (team lead)`,
          () => listCampaigns({ db, actor: lead, query: { sort, order: "desc", page, pageSize: 10 } }),
        ] as [string, () => Promise<unknown>],
    ),
  ),
];

const client = await pool.connect();
const [{ pid }] = (await client.query("select pg_backend_pid() as pid")).rows as [{ pid: number }];
client.release();
/** utime + stime of the backend, in ms (clock ticks of 10 ms). */
const backendCpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

console.info(`${calls} calls each; PostgreSQL backend pid ${pid}`);
console.info(`| Call | wall p50 ms | PostgreSQL CPU ms/call | Node CPU ms/call |`);
console.info(`| --- | --- | --- | --- |`);
for (const [name, call] of cases) {
  if (only && !only.test(name)) continue;
  await call();
  const walls: number[] = [];
  const pgBefore = backendCpuMs();
  const nodeBefore = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call();
    walls.push(performance.now() - started);
  }
  const node = process.cpuUsage(nodeBefore);
  const pgMs = (backendCpuMs() - pgBefore) / calls;
  walls.sort((a, b) => a - b);
  console.info(
    `| ${name} | ${walls[Math.floor(calls / 2)]!.toFixed(1)} | ${pgMs.toFixed(1)} | ${((node.user + node.system) / 1000 / calls).toFixed(1)} |`,
  );
}
await pool.end();
