import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { addDays, monthOf, monthRange, todayIn } from "../domain/periods";
import { openDatabase } from "../server/db/client";
import { campaigns } from "../server/db/schema";
import { projectRoot, webDistDir } from "../server/paths";
import { benchPassword, campaignCreateBody, type Dataset, generateDataset, loadDataset } from "./dataset";
import { describeImport, type ImportBenchResult, measureImport, prepareImport } from "./import";
import { runLighthouse } from "./lighthouse";
import { type LoadResult, runLoad, type Scenario } from "./load";
import { type OldResult, type OldScreen, runOldScreen, selectRows } from "./old-architecture";
import { type CsvResult, renderMarkdown } from "./report";
import {
  readPeakRssMb,
  readRss,
  sampleRss,
  signIn,
  startBenchServer,
  stopBenchServer,
  waitUntilIdle,
} from "./server";
import { formatBytes, formatMs } from "./stats";
import { measureRouteSizes } from "./web-size";

// `npm run bench -- --db postgres|pglite [--rows N] [--duration S] [--connections 1,10,50]
//   [--import-rows N] [--import-extra-columns N] [--no-web] [--keep] [--reuse NAME|DIR]`. Builds nothing itself: run `npm run build` first (dist/ is what is measured).

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    rows: { type: "string" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "1,10,50" },
    "postgres-url": {
      type: "string",
      default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    },
    "no-web": { type: "boolean", default: false },
    "no-old": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    /** A database kept by an earlier `--keep` run (PostgreSQL: its name; PGlite: its folder): no generation. */
    reuse: { type: "string" },
    /** Rows of the import file (issue 11); 0 skips the import. */
    "import-rows": { type: "string", default: "50000" },
    /** Unmapped columns added to each row of the import file, for a wide tracker export. */
    "import-extra-columns": { type: "string", default: "0" },
    /** A regular expression: run only the scenarios whose name matches ("import": the import). */
    only: { type: "string" },
    /** Server processes (WORKERS); PostgreSQL only. */
    workers: { type: "string", default: "1" },
  },
});

const kind = args.db === "postgres" ? "postgres" : "pglite";
const targetRows = Number(args.rows ?? (kind === "postgres" ? 1_000_000 : 200_000));
const durationSeconds = Number(args.duration);
const connectionLevels = String(args.connections).split(",").map(Number);
const importRows = Number(args["import-rows"]);
const workers = Number(args.workers);
const timeZone = "America/Sao_Paulo";
const log = (line: string) => console.info(line);

async function main(): Promise<void> {
  const today = todayIn(timeZone);
  const runStarted = Date.now();
  log(
    `Placar benchmark: ${kind}, ${targetRows} campaign rows, ${durationSeconds}s per run, ${cpus().length} CPUs`,
  );

  // ---- the database -----------------------------------------------------------------------------
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  const reuse = args.reuse;
  const keep = args.keep || reuse !== undefined;
  const databaseName = reuse ?? `placar_bench_${kind}_${process.pid}`;
  const admin = new pg.Client({ connectionString: args["postgres-url"] });
  if (kind === "postgres") {
    await admin.connect();
    if (!reuse) {
      await admin.query(`drop database if exists ${databaseName}`);
      await admin.query(`create database ${databaseName}`);
    }
    const url = new URL(String(args["postgres-url"]));
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  } else {
    dataDir = reuse ?? mkdtempSync(path.join(tmpdir(), "placar-bench-"));
  }
  log(`Database: ${kind === "postgres" ? databaseName : dataDir}${reuse ? " (reused)" : ""}`);

  try {
    const database = await openDatabase(
      kind === "postgres" ? { kind, url: databaseUrl as string } : { kind, dataDir: dataDir as string },
    );
    await database.migrate();
    log(reuse ? "Reading the kept dataset…" : "Generating the dataset…");
    const dataset = reuse
      ? await loadDataset(database.db)
      : await generateDataset(database.db, { rows: targetRows, endDate: today, log });
    const generationLoad = loadavg();
    log(
      `  ${dataset.rows} campaigns in ${(dataset.timings.campaignsMs / 1000).toFixed(1)} s ` +
        `(indexes ${(dataset.timings.indexesMs / 1000).toFixed(1)} s); total ${(dataset.timings.totalMs / 1000).toFixed(1)} s; ` +
        `load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const facts = await readFacts(database.db, dataset, today);
    const only = args.only ? new RegExp(args.only) : null;
    const importFixture =
      importRows > 0 && (!only || only.test("import"))
        ? await prepareImport(database.db, {
            offers: dataset.offers,
            rows: importRows,
            endDate: dataset.firstDate,
            password: benchPassword,
            extraColumns: Number(args["import-extra-columns"]),
          })
        : null;
    const old = args["no-old"] ? [] : await runOldArchitecture(database.db, dataset, facts, today);
    await database.close();

    // ---- the server under load --------------------------------------------------------------------
    const serverStartedAt = new Date();
    const server = await startBenchServer({ databaseUrl, dataDir, workers });
    // Ctrl-C (or a kill) must not leave the server running on the port and the database.
    for (const signal of ["SIGINT", "SIGTERM"] as const)
      process.once(signal, () => {
        server.child.kill("SIGKILL");
        process.exit(130);
      });
    const idleRssMb = readRss(server.pid) / 1024 / 1024;
    log(
      `Server pid ${server.pid} at ${server.url}, ${workers === 1 ? "one process" : `${workers} workers`}, ${idleRssMb.toFixed(0)} MB idle`,
    );
    const cookies = {
      buyer: await signIn(server.url, dataset.buyers[0]!.email, benchPassword),
      lead: await signIn(server.url, dataset.leads[0]!.email, benchPassword),
      financial: await signIn(server.url, dataset.financial.email, benchPassword),
      admin: await signIn(server.url, dataset.admin.email, benchPassword),
    };
    const scenarios = buildScenarios(dataset, facts, today, cookies).filter(
      (scenario) => !only || only.test(scenario.name),
    );
    const load: LoadResult[] = [];
    try {
      for (const scenario of scenarios) {
        const cookie = cookies[scenario.role as keyof typeof cookies];
        // One short warm-up so the first measured run does not pay for cold caches and JIT.
        await runLoad({
          url: server.url,
          pid: server.pid,
          cookie,
          scenario,
          connections: 1,
          durationSeconds: 1,
        });
        await waitUntilIdle(server.url);
        for (const connections of connectionLevels) {
          const result = await runLoad({
            url: server.url,
            pid: server.pid,
            cookie,
            scenario,
            connections,
            durationSeconds,
          });
          load.push(result);
          await waitUntilIdle(server.url);
          log(
            `  ${scenario.name.padEnd(44)} c=${String(connections).padStart(2)}  p50 ${formatMs(result.p50)}  p95 ${formatMs(result.p95)}  p99 ${formatMs(result.p99)}  ${result.rps.toFixed(0)} req/s  errors ${result.errors + result.non2xx}  steal ${(result.stealPercent ?? 0).toFixed(1)} %`,
          );
        }
      }
      const csv = await measureCsvExport(server, cookies.admin, facts.csvFrom, today);
      log(
        `  CSV export: ${csv.rows} rows, ${formatBytes(csv.bytes)} in ${csv.ms.toFixed(0)} ms, +${csv.extraRssMb.toFixed(0)} MB RSS`,
      );
      let imported: ImportBenchResult | null = null;
      if (importFixture) {
        await waitUntilIdle(server.url);
        const cookie = await signIn(server.url, importFixture.importer.email, benchPassword);
        imported = await measureImport(server, cookie, importFixture);
        log(`  ${describeImport(imported)}`);
      }
      const web = args["no-web"] ? null : await measureWeb(server.url, cookies.buyer);
      const peakRssMb = readPeakRssMb(server.pid);

      const report = {
        date: new Date().toISOString(),
        database: kind,
        machine: {
          cpus: cpus().length,
          loadavgAtEnd: loadavg(),
          note: "2 vCPUs shared with other engineers' builds and tests",
        },
        durationSeconds,
        dataset: {
          rows: dataset.rows,
          buyers: dataset.buyers.length,
          teamLeads: dataset.leads.length,
          offers: dataset.offers.length,
          firstDate: dataset.firstDate,
          lastDate: dataset.endDate,
          timingsMs: dataset.timings,
          ...(reuse ? { reused: reuse } : {}),
          loadavgAfterGeneration: generationLoad,
        },
        server: { idleRssMb, peakRssMb, workers },
        load,
        csv,
        import: imported,
        old,
        web,
        totalSeconds: (Date.now() - runStarted) / 1000,
      };
      const markdown = renderMarkdown(report);
      const resultsDir = path.join(projectRoot, "bench", "results");
      mkdirSync(resultsDir, { recursive: true });
      const stem = `${today}-${kind}${args.only ? "-partial" : ""}`;
      writeFileSync(path.join(resultsDir, `${stem}.json`), `${JSON.stringify(report, null, 2)}\n`);
      writeFileSync(path.join(resultsDir, `${stem}.md`), `${markdown}\n`);
      console.info(`\n${markdown}\n\nWritten to bench/results/${stem}.{json,md}`);
    } finally {
      await stopBenchServer(server);
      if (keep) await removeAddedCampaigns(kind, databaseUrl, dataDir, serverStartedAt);
    }
  } finally {
    if (kind === "postgres") {
      if (!keep) await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    } else if (dataDir && !keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A kept database loses the campaigns this run added (the creates, the import), so that the next
 * `--reuse` measures the generated dataset again: without this, every run added rows today on the
 * report's offer and the import added a decade of earlier days to the all-time views.
 */
async function removeAddedCampaigns(
  kind: "postgres" | "pglite",
  databaseUrl: string | undefined,
  dataDir: string | undefined,
  since: Date,
): Promise<void> {
  const database = await openDatabase(
    kind === "postgres" ? { kind, url: databaseUrl as string } : { kind, dataDir: dataDir as string },
  );
  try {
    const [removed] = await selectRows<{ n: number }>(
      database.db,
      sql`with d as (delete from campaigns where created_at >= ${since.toISOString()}::timestamptz returning 1)
          select count(*)::int as n from d`,
    );
    await selectRows(database.db, sql`vacuum analyze campaigns`);
    log(`Kept database: removed the ${removed?.n ?? 0} campaigns this run added`);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------

type Facts = {
  leadTotal: number;
  /** The team lead's last list page (10 rows a page). */
  deepPage: number;
  buyerCampaignId: string;
  csvFrom: string;
  csvRows: number;
  paymentsMonth: string;
};

async function readFacts(
  db: Parameters<typeof runOldScreen>[0],
  dataset: Dataset,
  today: string,
): Promise<Facts> {
  const [lead] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from campaigns where manager_id = ${dataset.leads[0]!.id}`,
  );
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.creatorId, dataset.buyers[0]!.id))
    .limit(1);
  // The most recent days that add up to about 100,000 rows, for the CSV export.
  const days = await selectRows<{ date: string; n: number }>(
    db,
    sql`select date::text as date, count(*)::int as n from campaigns group by date order by date desc`,
  );
  let csvRows = 0;
  let csvFrom = today;
  for (const day of days) {
    csvRows += day.n;
    csvFrom = day.date;
    if (csvRows >= 100_000) break;
  }
  return {
    leadTotal: lead?.n ?? 0,
    deepPage: Math.max(1, Math.ceil((lead?.n ?? 0) / 10)),
    buyerCampaignId: campaign?.id ?? "",
    csvFrom,
    csvRows,
    paymentsMonth: monthOf(addDays(monthRange(monthOf(today)).from, -1)),
  };
}

const sorts = ["date", "spent", "revenue", "profit", "roi", "epc"] as const;

function buildScenarios(
  dataset: Dataset,
  facts: Facts,
  today: string,
  cookies: Record<string, string>,
): Scenario[] {
  const from30 = addDays(today, -29);
  const offer = dataset.offers[0]!;
  const deepPage = facts.deepPage;
  const list: Scenario[] = sorts.flatMap((sort) => [
    {
      name: `campaign list, ${sort}, page 1`,
      role: "lead",
      budget: "window" as const,
      requests: [{ path: `/api/campaigns?sort=${sort}&order=desc&page=1` }],
    },
    {
      name: `campaign list, ${sort}, page ${deepPage} (last)`,
      role: "lead",
      budget: "window" as const,
      requests: [{ path: `/api/campaigns?sort=${sort}&order=desc&page=${deepPage}` }],
    },
  ]);
  const month = facts.paymentsMonth;
  return [
    {
      name: "dashboard summary",
      role: "buyer",
      budget: "window",
      requests: [{ path: "/api/metrics/summary" }],
    },
    {
      name: "analytics, 30 days",
      role: "buyer",
      budget: "window",
      requests: [{ path: `/api/analytics?from=${from30}&to=${today}` }],
    },
    {
      name: "analytics, all time (buyer)",
      role: "buyer",
      budget: "all-time",
      requests: [{ path: "/api/analytics" }],
    },
    {
      name: "analytics, all time (team lead)",
      role: "lead",
      budget: "all-time",
      requests: [{ path: "/api/analytics" }],
    },
    {
      name: "analytics, all time (admin)",
      role: "admin",
      budget: "all-time",
      requests: [{ path: "/api/analytics" }],
    },
    ...list,
    {
      name: "admin dashboard, 30 days",
      role: "admin",
      budget: "window",
      requests: [{ path: "/api/admin/dashboard?period=30d" }],
    },
    {
      name: "financial analytics, 30 days",
      role: "financial",
      budget: "window",
      requests: [{ path: "/api/financial/analytics?period=30d" }],
    },
    {
      name: "financial analytics, all time",
      role: "financial",
      budget: "all-time",
      requests: [{ path: "/api/financial/analytics?period=all" }],
    },
    {
      name: "pivot, 30 days, offer + ROI filter",
      role: "financial",
      budget: "window",
      requests: [{ path: `/api/reports?period=30d&offerId=${offer.id}&minRoi=0` }],
    },
    // The pivot report (issue 25): each statement's EXPLAIN is in bench/explain.ts (pivot-*).
    {
      name: "pivot, buyer × offer, all time",
      role: "financial",
      budget: "all-time",
      requests: [{ path: "/api/reports?groupBy=buyer,offer&period=all" }],
    },
    {
      name: "pivot, team × week, 90 days",
      role: "financial",
      budget: "all-time",
      requests: [{ path: "/api/reports?groupBy=team,week&period=90d" }],
    },
    {
      name: "pivot, offer, ROI ≥ 0, all time",
      role: "financial",
      budget: "all-time",
      requests: [{ path: "/api/reports?groupBy=offer&period=all&minRoi=0" }],
    },
    {
      name: "pivot, buyer, 30 days, compare",
      role: "financial",
      budget: "window",
      requests: [{ path: "/api/reports?groupBy=buyer&period=30d&compare=previous" }],
    },
    {
      name: "pivot, buyer × offer, 30 days (team lead)",
      role: "lead",
      budget: "window",
      requests: [{ path: "/api/reports?groupBy=buyer,offer&period=30d" }],
    },
    {
      name: `payments month (${month})`,
      role: "financial",
      budget: "window",
      requests: [{ path: `/api/payments?month=${month}` }],
    },
    ...[false, true].map(
      (idempotencyKey): Scenario => ({
        name: idempotencyKey ? "campaign create, with Idempotency-Key" : "campaign create",
        role: "buyer",
        budget: "write",
        requests: [
          {
            method: "POST",
            path: "/api/campaigns",
            body: campaignCreateBody(today, offer.id),
            idempotencyKey,
          },
        ],
      }),
    ),
    {
      name: "campaign update",
      role: "buyer",
      budget: "write",
      requests: [
        {
          method: "PATCH",
          path: `/api/campaigns/${facts.buyerCampaignId}`,
          body: JSON.stringify({ spent: "33.10" }),
        },
      ],
    },
    {
      name: "mixed reads (4 roles, 6 screens)",
      role: "buyer",
      budget: "mixed",
      requests: [
        { path: "/api/metrics/summary" },
        { path: `/api/analytics?from=${from30}&to=${today}`, headers: { cookie: cookies.buyer! } },
        { path: "/api/campaigns?sort=date&order=desc&page=1", headers: { cookie: cookies.lead! } },
        { path: "/api/admin/dashboard?period=30d", headers: { cookie: cookies.admin! } },
        { path: "/api/financial/analytics?period=30d", headers: { cookie: cookies.financial! } },
        { path: `/api/reports?period=30d&offerId=${offer.id}`, headers: { cookie: cookies.financial! } },
      ],
    },
  ];
}

async function runOldArchitecture(
  db: Parameters<typeof runOldScreen>[0],
  dataset: Dataset,
  facts: Facts,
  today: string,
): Promise<OldResult[]> {
  log("Old architecture (rows as JSON, summed in JavaScript)…");
  const from30 = addDays(today, -29);
  const buyer = dataset.buyers[0]!;
  const lead = dataset.leads[0]!;
  const month = monthRange(facts.paymentsMonth);
  const screens: (OldScreen & { scenario: string })[] = [
    {
      name: "dashboard summary",
      scenario: "dashboard summary",
      where: sql`creator_id = ${buyer.id}`,
      groups: [],
    },
    {
      name: "analytics, 30 days",
      scenario: "analytics, 30 days",
      where: sql`creator_id = ${buyer.id} and date between ${from30}::date and ${today}::date`,
      groups: ["date", "offer"],
    },
    {
      name: "analytics, all time (team lead)",
      scenario: "analytics, all time (team lead)",
      where: sql`manager_id = ${lead.id}`,
      groups: ["date", "offer", "user"],
    },
    {
      name: "campaign list, profit, last page",
      scenario: `campaign list, profit, page ${facts.deepPage} (last)`,
      where: sql`manager_id = ${lead.id}`,
      groups: [],
      list: { sort: "profit", offset: Math.max(0, facts.leadTotal - 10) },
    },
    {
      name: "admin dashboard, 30 days",
      scenario: "admin dashboard, 30 days",
      where: sql`date between ${from30}::date and ${today}::date`,
      groups: ["date", "offer", "user"],
    },
    {
      name: "financial analytics, all time",
      scenario: "financial analytics, all time",
      where: sql`true`,
      groups: ["date", "offer", "user"],
    },
    {
      name: "payments month",
      scenario: "payments month",
      where: sql`date between ${month.from}::date and ${month.to}::date`,
      groups: ["user"],
    },
  ];
  const results: OldResult[] = [];
  for (const screen of screens) {
    const result = await runOldScreen(db, screen);
    results.push({ ...result, screen: screen.scenario });
    log(
      `  ${screen.name.padEnd(40)} ${result.rows} rows, ${formatBytes(result.bytes)}, ${result.ms.toFixed(0)} ms`,
    );
  }
  return results;
}

async function measureCsvExport(
  server: { url: string; pid: number },
  cookie: string,
  from: string,
  to: string,
): Promise<CsvResult> {
  const before = readRss(server.pid);
  const rss = sampleRss(server.pid, 20);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/campaigns/export.csv?from=${from}&to=${to}`, {
    headers: { cookie },
  });
  if (!response.ok || !response.body) throw new Error(`CSV export answered ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) newlines += 1;
  }
  const ms = performance.now() - started;
  const peak = rss.stop();
  return {
    rows: Math.max(0, newlines - 1),
    bytes,
    ms,
    firstByteMs,
    extraRssMb: (peak - before) / 1024 / 1024,
    peakRssMb: peak / 1024 / 1024,
  };
}

async function measureWeb(url: string, buyerCookie: string) {
  const sizes = measureRouteSizes(webDistDir);
  for (const size of sizes)
    log(
      `  ${size.route}: ${formatBytes(size.gzipBytes)} gzip in ${size.files} files (budget ${size.budgetKb ?? "–"} KB)`,
    );
  log("Lighthouse…");
  const lighthouse = await runLighthouse([
    { name: "/login", url: `${url}/login` },
    { name: "/ (buyer dashboard)", url: `${url}/`, cookie: buyerCookie },
  ]);
  for (const score of lighthouse)
    log(
      `  ${score.page} ${score.formFactor}: performance ${score.performance}, accessibility ${score.accessibility}`,
    );
  return { sizes, lighthouse };
}

await main();
