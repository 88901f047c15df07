import { describe, expect, it } from "vitest";
import { takeFirst, toArrayLiteral } from "../../bench/dataset";
import type { LighthouseScore } from "../../bench/lighthouse";
import type { LoadResult } from "../../bench/load";
import { comparePgliteWithPostgres, type Report, renderPgliteComparison } from "../../bench/report";
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

describe("comparePgliteWithPostgres", () => {
  const call = (scenario: string, budget: string | null, connections: number, p95: number, requests = 100) =>
    ({ scenario, role: "buyer", budget, connections, p95, requests }) as LoadResult;
  const run = (database: string, load: LoadResult[]) => ({ database, load }) as Report;

  it("divides each budgeted call at 10 connections by PostgreSQL's p95 and by its budget", () => {
    const rows = comparePgliteWithPostgres(
      run("pglite", [
        call("summary", "window", 1, 999),
        call("summary", "window", 10, 30),
        call("all time", "all-time", 10, 500),
        call("mixed", "mixed", 10, 80),
        call("create", "write", 10, 40),
      ]),
      run("postgres", [call("summary", "window", 10, 12), call("all time", "all-time", 10, 100)]),
    );
    expect(rows).toEqual([
      {
        scenario: "summary",
        role: "buyer",
        pglite: 30,
        postgres: 12,
        ratio: 2.5,
        budget: 50,
        budgetRatio: 0.6,
      },
      {
        scenario: "all time",
        role: "buyer",
        pglite: 500,
        postgres: 100,
        ratio: 5,
        budget: 150,
        budgetRatio: 500 / 150,
      },
      {
        scenario: "create",
        role: "buyer",
        pglite: 40,
        postgres: null,
        ratio: null,
        budget: 30,
        budgetRatio: 40 / 30,
      },
    ]);
    const markdown = renderPgliteComparison(rows);
    expect(markdown).toContain("| summary | buyer | 30.0 | 12.0 | 2.50× | 50 | 0.60× |");
    expect(markdown).toContain("| all time | buyer | 500 | 100 | **5.00×** | 150 | **3.33×** |");
    expect(markdown).toContain("Within 3× PostgreSQL's measured p95: 1 of 3. Within 3× the budgets: 2 of 3.");
  });

  it("matches the last page of a list whatever its number", () => {
    const [row] = comparePgliteWithPostgres(
      run("pglite", [call("campaign list, date, page 1907 (last)", "window", 10, 40)]),
      run("postgres", [
        call("campaign list, date, page 1", "window", 10, 10),
        call("campaign list, date, page 10130 (last)", "window", 10, 20),
      ]),
    );
    expect(row).toMatchObject({ scenario: "campaign list, date, page 1907 (last)", postgres: 20, ratio: 2 });
  });

  it("counts a call in which no request finished as over every limit", () => {
    const [row] = comparePgliteWithPostgres(
      run("pglite", [call("update", "write", 10, Number.NaN, 0)]),
      run("postgres", [call("update", "write", 10, 10)]),
    );
    expect(row?.ratio).toBe(Number.POSITIVE_INFINITY);
    expect(renderPgliteComparison([row!])).toContain(
      "within 3× the budgets: 0 of 1".replace("within", "Within"),
    );
  });
});
