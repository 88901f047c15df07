import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { summarizeLighthouseRuns } from "./stats";

// Lighthouse 12 through its Node API with Debian's Chromium (the newest Lighthouse that runs on
// Node 20). Mobile uses Lighthouse's default (simulated slow 4G, mid-range phone); desktop its
// desktop preset.

export type LighthouseScore = {
  page: string;
  formFactor: "mobile" | "desktop";
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /**
   * Lighthouse's own measure of this machine's CPU speed (higher is faster). Mobile throttling
   * multiplies the machine's task times, so scores compare only between runs of similar index.
   */
  benchmarkIndex: number | null;
  /** With several runs: each run's performance score, in the order they ran; the fields above are medians. */
  performanceRuns?: (number | null)[];
};

/**
 * `reportDir`: also write each full Lighthouse report there, to see why a score is what it is.
 * `runs`: measure each page that many times, in rounds (every page once, then again), and answer
 * the medians: one run on a shared machine can be 20 points off.
 */
export async function runLighthouse(
  pages: { name: string; url: string; cookie?: string }[],
  reportDir?: string,
  runs = 1,
): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const scores: LighthouseScore[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        for (const formFactor of ["mobile", "desktop"] as const) {
          const result = await lighthouse(
            page.url,
            {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance", "accessibility"],
              ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
            },
            formFactor === "desktop" ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (reportDir && lhr) {
            const slug = page.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root";
            const suffix = runs > 1 ? `-run${run}` : "";
            writeFileSync(path.join(reportDir, `${slug}-${formFactor}${suffix}.json`), JSON.stringify(lhr));
          }
          const score = (id: string) => {
            const value = lhr?.categories[id]?.score;
            return typeof value === "number" ? Math.round(value * 100) : null;
          };
          const metric = (id: string) => {
            const value = lhr?.audits[id]?.numericValue;
            return typeof value === "number" ? Math.round(value) : null;
          };
          scores.push({
            page: page.name,
            formFactor,
            performance: score("performance"),
            accessibility: score("accessibility"),
            lcpMs: metric("largest-contentful-paint"),
            tbtMs: metric("total-blocking-time"),
            benchmarkIndex: lhr?.environment.benchmarkIndex ?? null,
          });
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return summarizeLighthouseRuns(scores);
}
