// Small pure helpers of the benchmark: percentiles, Lighthouse medians and the markdown table.

import type { LighthouseScore } from "./lighthouse";

/** The p-th percentile (0-100) of the values by the nearest-rank method; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/** p50, p95 and p99 of one list, sorted once. */
export function summarizeLatencies(values: readonly number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : (sorted[
          Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
        ] as number);
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/** A GitHub markdown table; numbers are printed as given. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle]! : Math.round((known[middle - 1]! + known[middle]!) / 2);
}

/** One line per page and form factor: the median of each figure over its runs (Lighthouse's advice). */
export function summarizeLighthouseRuns(runs: LighthouseScore[]): LighthouseScore[] {
  const groups = new Map<string, LighthouseScore[]>();
  for (const run of runs) {
    const key = `${run.page}\n${run.formFactor}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    if (group.length === 1) return first;
    const of = (field: "performance" | "accessibility" | "lcpMs" | "tbtMs" | "benchmarkIndex") =>
      median(group.map((run) => run[field]));
    return {
      page: first.page,
      formFactor: first.formFactor,
      performance: of("performance"),
      // Every run must pass: the worst one is the one that counts.
      accessibility: group.some((run) => run.accessibility === null)
        ? null
        : Math.min(...group.map((run) => run.accessibility!)),
      lcpMs: of("lcpMs"),
      tbtMs: of("tbtMs"),
      benchmarkIndex: of("benchmarkIndex"),
      performanceRuns: group.map((run) => run.performance),
    };
  });
}
