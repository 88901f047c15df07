import { parseArgs } from "node:util";
import { inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { addDays, todayIn } from "../domain/periods";
import { pivotQuerySchema } from "../domain/schemas/pivot";
import type { Actor } from "../server/context";
import type { Db } from "../server/db/client";
import { schema, users } from "../server/db/schema";
import { getAnalytics, getMetricsSummary } from "../server/features/analytics/analytics.service";
import { iterateCampaignCsv, listCampaigns } from "../server/features/campaigns/campaigns.service";
import { getPivot } from "../server/features/reports/pivot.service";
import { getAdminDashboard, getFinancialAnalytics } from "../server/features/reports/reports.service";

// EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the services send, on a database the benchmark kept
// (`npm run bench -- --db postgres --keep`):
//   npx tsx bench/explain.ts --url postgres://postgres@127.0.0.1:5432/placar_bench_postgres_123 [--only name]

const { values: args } = parseArgs({
  options: { url: { type: "string" }, only: { type: "string" } },
});
if (!args.url) throw new Error("--url of a kept benchmark database is required");

const timeZone = "America/Sao_Paulo";
const pool = new pg.Pool({ connectionString: args.url, max: 1 });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
}) as unknown as Db;

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
const today = todayIn(timeZone);
const from30 = addDays(today, -29);

const cases: Record<string, () => Promise<unknown>> = {
  summary: () => getMetricsSummary({ db, actor: buyer, timeZone }),
  "analytics-30d": () => getAnalytics({ db, actor: buyer, timeZone, query: { from: from30, to: today } }),
  "analytics-lead-all": () => getAnalytics({ db, actor: lead, timeZone, query: {} }),
  "analytics-admin-all": () => getAnalytics({ db, actor: admin, timeZone, query: {} }),
  "list-profit-deep": () =>
    listCampaigns({
      db,
      actor: lead,
      query: { sort: "profit", order: "desc", page: 5000, pageSize: 10 },
    }),
  "list-date-first": () =>
    listCampaigns({ db, actor: lead, query: { sort: "date", order: "desc", page: 1, pageSize: 10 } }),
  "csv-export-chunks": async () => {
    // The export's first three chunks of 1,000 lines (keyset on date, created_at and id), last 30 days.
    let chunks = 0;
    for await (const _ of iterateCampaignCsv({ db, actor: admin, filter: { from: from30, to: today } })) {
      chunks += 1;
      if (chunks === 3) break;
    }
  },
  "admin-dashboard-30d": () => getAdminDashboard({ db, actor: admin, period: "30d", timeZone }),
  "financial-analytics-30d": () => getFinancialAnalytics({ db, actor: financial, period: "30d", timeZone }),
  "financial-analytics-all": () => getFinancialAnalytics({ db, actor: financial, period: "all", timeZone }),
  // The pivot report (issue 25): the bench's scenarios, as a financial user sends them.
  "pivot-buyer-offer-all": () =>
    getPivot({
      db,
      actor: financial,
      timeZone,
      query: pivotQuerySchema.parse({ groupBy: "buyer,offer", period: "all" }),
    }),
  "pivot-team-week-90d": () =>
    getPivot({
      db,
      actor: financial,
      timeZone,
      query: pivotQuerySchema.parse({ groupBy: "team,week", period: "90d" }),
    }),
  "pivot-offer-minroi-all": () =>
    getPivot({
      db,
      actor: financial,
      timeZone,
      query: pivotQuerySchema.parse({ groupBy: "offer", period: "all", minRoi: "0" }),
    }),
  "pivot-buyer-30d-compare": () =>
    getPivot({
      db,
      actor: financial,
      timeZone,
      query: pivotQuerySchema.parse({ groupBy: "buyer", period: "30d", compare: "previous" }),
    }),
};

for (const [name, run] of Object.entries(cases)) {
  if (args.only && !name.includes(args.only)) continue;
  captured.length = 0;
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  console.info(`\n=== ${name}: ${ms.toFixed(0)} ms, ${captured.length} queries`);
  for (const { query, params } of [...captured]) {
    const plan = await pool.query(`explain (analyze, buffers) ${query}`, params);
    console.info(`--- ${query.slice(0, 160)}…`);
    for (const row of plan.rows as { "QUERY PLAN": string }[]) console.info(row["QUERY PLAN"]);
  }
}
await pool.end();
