import type { Dataset } from "./dataset";
import { describeImport, type ImportBenchResult } from "./import";
import type { LighthouseScore } from "./lighthouse";
import type { LoadResult } from "./load";
import type { OldResult } from "./old-architecture";
import { formatBytes, formatMs, formatTable } from "./stats";
import type { RouteSize } from "./web-size";

// The markdown summary of one run (printed, written beside the JSON, pasted into docs/performance.md).
// `npx tsx bench/render.ts bench/results/<file>.json` renders a saved run again.

export type CsvResult = {
  rows: number;
  bytes: number;
  ms: number;
  firstByteMs: number;
  extraRssMb: number;
  peakRssMb: number;
};

export type Report = {
  database: string;
  date: string;
  durationSeconds: number;
  dataset: { rows: number; timingsMs: Dataset["timings"] };
  server: { idleRssMb: number; peakRssMb: number };
  load: LoadResult[];
  csv: CsvResult;
  /** Issue 11's import of a 50,000-row file (absent in runs before it, or skipped). */
  import?: ImportBenchResult | null;
  old: OldResult[];
  web: { sizes: RouteSize[]; lighthouse: LighthouseScore[] } | null;
};

const budgets = { window: 50, "all-time": 150, write: 30 } as const;

export function renderMarkdown(report: Report): string {
  const lines: string[] = [];
  lines.push(
    `### ${report.database}, ${report.dataset.rows.toLocaleString("en")} campaign rows (${report.date.slice(0, 16)}Z)`,
    "",
    `Generation: ${(report.dataset.timingsMs.totalMs / 1000).toFixed(1)} s in all, ` +
      `${(report.dataset.timingsMs.campaignsMs / 1000).toFixed(1)} s for the campaign rows. ` +
      `Server RSS ${report.server.idleRssMb.toFixed(0)} MB idle, ${report.server.peakRssMb.toFixed(0)} MB peak (VmHWM). ` +
      `Each run ${report.durationSeconds} s; latencies in ms.`,
    "",
  );
  const pglite = report.database === "pglite";
  lines.push(
    formatTable(
      [
        "Scenario",
        "Role",
        "Conns",
        "p50",
        "p95",
        "p99",
        "req/s",
        "Errors",
        "Peak RSS MB",
        "Load avg",
        "Budget (10 conns)",
      ],
      report.load.map((r) => {
        const limit = r.budget && r.budget in budgets ? budgets[r.budget as keyof typeof budgets] : null;
        let verdict = "";
        if (r.connections === 10 && limit !== null) {
          const shown = pglite ? `p95 ≤ 3× PostgreSQL` : `p95 ≤ ${limit}`;
          // No request finished within the run: p95 is unknown but certainly over the limit.
          const met = r.requests > 0 && r.p95 <= limit;
          verdict = pglite ? shown : `${met ? "met" : "**missed**"} (${shown})`;
        }
        if (r.connections === 10 && r.budget === "mixed")
          verdict = `${r.rps >= 300 && r.errors + r.non2xx === 0 ? "met" : "**missed**"} (≥ 300 req/s, no errors)`;
        // A run in which no request finished: every request took longer than the run.
        const none = `> ${report.durationSeconds * 1000}`;
        return [
          r.scenario,
          r.role,
          r.connections,
          r.requests === 0 ? none : formatMs(r.p50),
          r.requests === 0 ? none : formatMs(r.p95),
          r.requests === 0 ? none : formatMs(r.p99),
          r.rps.toFixed(0),
          r.errors + r.non2xx,
          r.peakRssMb.toFixed(0),
          typeof r.loadAvg === "number" ? r.loadAvg.toFixed(1) : "–",
          verdict,
        ];
      }),
    ),
    "",
  );
  const csv = report.csv;
  lines.push(
    `CSV export: ${csv.rows.toLocaleString("en")} rows, ${formatBytes(csv.bytes)}, first byte ${csv.firstByteMs.toFixed(0)} ms, ` +
      `complete in ${csv.ms.toFixed(0)} ms (budget 3,000: ${csv.ms <= 3000 ? "met" : "**missed**"}), ` +
      `server RSS +${csv.extraRssMb.toFixed(0)} MB (budget 100: ${csv.extraRssMb <= 100 ? "met" : "**missed**"}).`,
    "",
  );
  if (report.import) lines.push(describeImport(report.import), "");
  if (report.old.length > 0) {
    lines.push(
      formatTable(
        ["Screen", "Old: rows read", "Old: JSON bytes", "Old: ms", "Placar p50 ms (1 conn)", "Placar ÷ old"],
        report.old.map((o) => {
          const placar = report.load.find((r) => r.connections === 1 && r.scenario.startsWith(o.screen));
          // Placar's time for one request against the old time for the same screen.
          return [
            o.screen,
            o.rows.toLocaleString("en"),
            formatBytes(o.bytes),
            o.ms.toFixed(0),
            placar ? formatMs(placar.p50) : "–",
            placar ? (placar.p50 / o.ms).toPrecision(2) : "–",
          ];
        }),
      ),
      "",
    );
  }
  if (report.web) {
    lines.push(
      formatTable(
        ["Route", "JS files", "JS gzip", "Budget"],
        report.web.sizes.map((s) => [
          s.route,
          s.files,
          formatBytes(s.gzipBytes),
          s.budgetKb === null ? "–" : `${s.withinBudget ? "met" : "**missed**"} (≤ ${s.budgetKb} KB)`,
        ]),
      ),
      "",
      formatLighthouseTable(report.web.lighthouse),
    );
  }
  return lines.join("\n");
}

/** Lighthouse's scores as a markdown table (npm run bench and npm run bench:web). */
export function formatLighthouseTable(scores: LighthouseScore[]): string {
  return formatTable(
    ["Page", "Form factor", "Performance", "Accessibility", "LCP ms", "TBT ms"],
    scores.map((l) => [
      l.page,
      l.formFactor,
      l.performance ?? "–",
      l.accessibility ?? "–",
      l.lcpMs ?? "–",
      l.tbtMs ?? "–",
    ]),
  );
}
