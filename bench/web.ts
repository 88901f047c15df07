import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { projectRoot, webDistDir } from "../server/paths";
import { runLighthouse } from "./lighthouse";
import { formatLighthouseTable } from "./report";
import { signIn, startBenchServer, stopBenchServer } from "./server";
import { formatBytes, formatTable } from "./stats";
import { seedWebBuyer } from "./web-seed";
import { collectRouteFiles, type Manifest, measureRouteSizes, webRoutes } from "./web-size";

// `npm run bench:web [-- --no-lighthouse] [--files] [--save NAME] [--reports DIR] [--runs N]`: only the web part of the
// benchmark (issue 9's budgets). Builds nothing itself: run `npm run build` first. Measures the
// JavaScript each route needs from dist/web's manifest, then starts the built server on a
// temporary PGlite DATA_DIR with one buyer (a month of campaigns) and runs Lighthouse on /login
// and the buyer dashboard. --files lists each route's files with their gzip size; --save writes
// bench/results/NAME.{json,md}.

const { values: args } = parseArgs({
  options: {
    "no-lighthouse": { type: "boolean", default: false },
    files: { type: "boolean", default: false },
    save: { type: "string" },
    /** A folder for the full Lighthouse reports (JSON), one per page and form factor. */
    reports: { type: "string" },
    /** Lighthouse runs per page and form factor; the table gives the medians. */
    runs: { type: "string", default: "1" },
  },
});
const log = (line: string) => console.info(line);

function listFiles(): void {
  const manifest = JSON.parse(
    readFileSync(path.join(webDistDir, ".vite", "manifest.json"), "utf8"),
  ) as Manifest;
  for (const route of webRoutes) {
    log(`\n${route.name}`);
    const rows = collectRouteFiles(manifest, route.keys).map((file) => {
      const gzip = gzipSync(readFileSync(path.join(webDistDir, file)), { level: 9 }).length;
      return [file, formatBytes(gzip)] as [string, string];
    });
    log(formatTable(["File", "gzip"], rows));
  }
}

async function main(): Promise<void> {
  const sizes = measureRouteSizes(webDistDir);
  for (const size of sizes)
    log(
      `${size.route}: ${formatBytes(size.gzipBytes)} gzip in ${size.files} files (budget ${size.budgetKb ?? "–"} KB)`,
    );
  if (args.files) listFiles();
  if (args["no-lighthouse"]) return;

  const dataDir = mkdtempSync(path.join(tmpdir(), "placar-bench-web-"));
  try {
    const buyer = await seedWebBuyer(dataDir);
    const server = await startBenchServer({ dataDir });
    try {
      const cookie = await signIn(server.url, buyer.email, buyer.password);
      const loadBefore = loadavg();
      log(`Lighthouse… (load average ${loadBefore.map((n) => n.toFixed(2)).join(", ")})`);
      const lighthouse = await runLighthouse(
        [
          { name: "/login", url: `${server.url}/login` },
          { name: "/ (buyer dashboard)", url: `${server.url}/`, cookie },
        ],
        args.reports,
        Number(args.runs),
      );
      const loadAfter = loadavg();
      const table = formatLighthouseTable(lighthouse);
      log(table);
      log(`Load average after: ${loadAfter.map((n) => n.toFixed(2)).join(", ")}`);
      if (args.save) {
        const report = {
          date: new Date().toISOString(),
          machine: { cpus: cpus().length, loadavgBefore: loadBefore, loadavgAfter: loadAfter },
          sizes,
          lighthouse,
        };
        const sizeTable = formatTable(
          ["Route", "JS files", "JS gzip", "Budget"],
          sizes.map((s) => [
            s.route,
            s.files,
            formatBytes(s.gzipBytes),
            s.budgetKb === null ? "–" : `${s.withinBudget ? "met" : "**missed**"} (≤ ${s.budgetKb} KB)`,
          ]),
        );
        const resultsDir = path.join(projectRoot, "bench", "results");
        mkdirSync(resultsDir, { recursive: true });
        writeFileSync(path.join(resultsDir, `${args.save}.json`), `${JSON.stringify(report, null, 2)}\n`);
        writeFileSync(
          path.join(resultsDir, `${args.save}.md`),
          `# Web (${report.date}, ${cpus().length} CPUs, load average ${loadBefore[0]?.toFixed(2)} → ${loadAfter[0]?.toFixed(2)})\n\n${sizeTable}\n\n${table}\n`,
        );
      }
    } finally {
      await stopBenchServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
