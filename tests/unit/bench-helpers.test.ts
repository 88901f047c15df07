import { describe, expect, it } from "vitest";
import { takeFirst, toArrayLiteral } from "../../bench/dataset";
import type { LighthouseScore } from "../../bench/lighthouse";
import { formatTable, percentile, summarizeLatencies, summarizeLighthouseRuns } from "../../bench/stats";
import { collectRouteFiles, type Manifest } from "../../bench/web-size";

// The benchmark's pure helpers (npm run bench itself is not part of the test suite).

describe("percentile", () => {
  it("uses the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarizes p50, p95 and p99 alike", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(summarizeLatencies(values)).toEqual({
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      p99: percentile(values, 99),
    });
  });
});

describe("summarizeLighthouseRuns", () => {
  const run = (
    page: string,
    formFactor: "mobile" | "desktop",
    performance: number | null,
    accessibility: number,
    tbtMs: number,
  ): LighthouseScore => ({
    page,
    formFactor,
    performance,
    accessibility,
    lcpMs: 1000 + tbtMs,
    tbtMs,
    benchmarkIndex: 1500,
  });

  it("gives each page and form factor the median of its runs, the worst accessibility, and every score", () => {
    const summary = summarizeLighthouseRuns([
      run("/", "mobile", 65, 100, 900),
      run("/", "desktop", 99, 100, 0),
      run("/", "mobile", 59, 100, 1400),
      run("/", "desktop", 98, 100, 10),
      run("/", "mobile", 69, 96, 700),
      run("/", "desktop", null, 100, 20),
    ]);
    expect(summary).toEqual([
      {
        page: "/",
        formFactor: "mobile",
        performance: 65,
        accessibility: 96,
        lcpMs: 1900,
        tbtMs: 900,
        benchmarkIndex: 1500,
        performanceRuns: [65, 59, 69],
      },
      {
        page: "/",
        formFactor: "desktop",
        // A run without a score does not count towards the median.
        performance: 99,
        accessibility: 100,
        lcpMs: 1010,
        tbtMs: 10,
        benchmarkIndex: 1500,
        performanceRuns: [99, 98, null],
      },
    ]);
  });

  it("leaves a single run as it is", () => {
    const single = run("/login", "mobile", 90, 100, 150);
    expect(summarizeLighthouseRuns([single])).toEqual([single]);
  });
});

describe("collectRouteFiles", () => {
  const manifest: Manifest = {
    "index.html": {
      file: "assets/index.js",
      isEntry: true,
      imports: ["_react.js"],
      dynamicImports: ["page.tsx"],
    },
    "_react.js": { file: "assets/react.js" },
    "page.tsx": {
      file: "assets/page.js",
      isDynamicEntry: true,
      imports: ["index.html", "_react.js", "_ui.js"],
      dynamicImports: ["charts.tsx"],
    },
    "_ui.js": { file: "assets/ui.js", imports: ["_react.js"] },
    "charts.tsx": { file: "assets/charts.js", isDynamicEntry: true },
  };

  it("follows static imports once and leaves lazy chunks out", () => {
    expect(collectRouteFiles(manifest, ["index.html", "page.tsx"])).toEqual([
      "assets/index.js",
      "assets/react.js",
      "assets/page.js",
      "assets/ui.js",
    ]);
  });

  it("refuses an unknown chunk", () => {
    expect(() => collectRouteFiles(manifest, ["missing.tsx"])).toThrow(/missing\.tsx/);
  });
});

describe("bulk insert helpers", () => {
  it("writes PostgreSQL array literals with NULLs", () => {
    expect(toArrayLiteral(["2026-01-01", null, 3, undefined])).toBe("{2026-01-01,NULL,3,NULL}");
  });

  it("takes the first n items of a generator", () => {
    expect([...takeFirst([1, 2, 3, 4], 2)]).toEqual([1, 2]);
    expect([...takeFirst([1], 5)]).toEqual([1]);
    expect([...takeFirst([1], 0)]).toEqual([]);
  });

  it("formats a markdown table", () => {
    expect(formatTable(["a", "b"], [[1, "x"]])).toBe("| a | b |\n| --- | --- |\n| 1 | x |");
  });
});
