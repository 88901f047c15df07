import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium } from "@playwright/test";
import { webDistDir } from "../server/paths";
import { signIn, startBenchServer, stopBenchServer } from "./server";
import { seedWebBuyer } from "./web-seed";

// `npm run bench:trace [-- --rate 4] [--path /] [--ready SELECTOR] [--samples] [--save FILE]`: where
// a page's main-thread time goes. Loads a page of the built app (run `npm run build` first) as
// bench:web's buyer, in Debian's Chromium with the CPU slowed `rate` times (Lighthouse's mobile
// profile uses 4) and the cache off, records a performance trace until `ready` shows (then two
// seconds more), and prints every main-thread task over 50 ms with the trace's own steps (script
// evaluation, style, layout). Lighthouse's TBT counts the part of each such task beyond 50 ms.
//
// --samples also turns on V8's sampling profiler and names, through dist/web's source maps, the
// files whose code was on the stack in each task. The profiler changes the page's own work: V8 then
// compiles the entry up front (a 585 ms step at 4×) where it otherwise compiles each function when
// it first runs, inside the entry's evaluation (783–1,201 ms at 4× without the profiler, 302 with
// it). So take the tasks' lengths from a run without it and only the attribution from one with it.

const { values: args } = parseArgs({
  options: {
    rate: { type: "string", default: "4" },
    path: { type: "string", default: "/" },
    ready: { type: "string", default: '[data-testid="pending-badge"]' },
    samples: { type: "boolean", default: false },
    /** Writes the raw trace (Chromium's JSON events) here, e.g. for chrome://tracing. */
    save: { type: "string" },
  },
});

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown>;
};
// Chromium leaves `url` out of native frames.
type CallFrame = { functionName: string; url?: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame };
type Sample = { ts: number; node: number; us: number };

const longTaskUs = 50_000;

async function recordTrace(): Promise<{ events: TraceEvent[]; origin: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "placar-bench-trace-"));
  try {
    const buyer = await seedWebBuyer(dataDir);
    const server = await startBenchServer({ dataDir });
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking"],
    });
    try {
      const cookie = await signIn(server.url, buyer.email, buyer.password);
      const [name = "", value = ""] = cookie.split(";")[0]!.split(/=(.*)/s);
      // Lighthouse's mobile viewport.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addCookies([{ name, value, url: server.url }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(args.rate) });
      const events: TraceEvent[] = [];
      cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as TraceEvent[])));
      await cdp.send("Tracing.start", {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          ...(args.samples ? ["disabled-by-default-v8.cpu_profiler"] : []),
        ].join(","),
        transferMode: "ReportEvents",
      });
      await page.goto(`${server.url}${args.path}`);
      await page.locator(String(args.ready)).first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(2000);
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await complete;
      return { events, origin: server.url };
    } finally {
      await browser.close();
      await stopBenchServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** "node_modules/@radix-ui/react-presence/…" → the package; our own files by their path. */
function labelSource(source: string): string {
  const inPackage = source.split("node_modules/").at(-1)!;
  if (inPackage !== source) {
    const parts = inPackage.split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return source.replace(/^(\.\.\/)+/, "");
}

function createSourceLabeller(origin: string) {
  const maps = new Map<string, TraceMap | null>();
  return (frame: CallFrame): string | null => {
    if (!frame.url?.startsWith(`${origin}/assets/`)) return null;
    const file = path.join(webDistDir, "assets", path.basename(frame.url));
    if (!maps.has(file))
      maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, "utf8")) : null);
    const map = maps.get(file);
    if (!map) return path.basename(frame.url);
    const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    return position.source ? labelSource(position.source) : path.basename(frame.url);
  };
}

/** The page's renderer and main thread: where our assets were requested from. */
function findPageThread(events: TraceEvent[], origin: string): { pid: number; tid: number } {
  const request = events.find(
    (event) =>
      event.name === "ResourceSendRequest" &&
      String((event.args?.data as { url?: string } | undefined)?.url ?? "").startsWith(`${origin}/assets/`),
  );
  if (!request) throw new Error("the trace has no request for the page's assets");
  return { pid: request.pid, tid: request.tid };
}

/** The page's samples (with --samples), from the profile chunks of its renderer. */
function readSamples(events: TraceEvent[], pid: number) {
  const profiles = new Map<
    string,
    { pid: number; nodes: Map<number, ProfileNode>; samples: Sample[]; at: number }
  >();
  const ordered = events
    .filter((event) => event.pid === pid && (event.name === "Profile" || event.name === "ProfileChunk"))
    .sort((a, b) => a.ts - b.ts);
  for (const event of ordered) {
    const key = `${event.pid}:${event.id}`;
    const data = event.args?.data as {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    let profile = profiles.get(key);
    if (!profile) {
      profile = { pid: event.pid, nodes: new Map(), samples: [], at: 0 };
      profiles.set(key, profile);
    }
    if (event.name === "Profile") {
      profile.at = data.startTime ?? event.ts;
      continue;
    }
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    for (const [i, node] of (data.cpuProfile?.samples ?? []).entries()) {
      const us = data.timeDeltas?.[i] ?? 0;
      profile.at += us;
      profile.samples.push({ ts: profile.at, node, us });
    }
  }
  // The profile that ran JavaScript (a renderer may hold others, e.g. for a worker).
  return (
    [...profiles.values()].sort((a, b) => b.samples.length - a.samples.length)[0] ?? {
      pid,
      nodes: new Map<number, ProfileNode>(),
      samples: [],
      at: 0,
    }
  );
}

function summarize(events: TraceEvent[], origin: string): void {
  const { pid, tid } = findPageThread(events, origin);
  const page = readSamples(events, pid);
  const thread = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === "X")
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = thread.filter((event) => event.name === "RunTask" && (event.dur ?? 0) > longTaskUs);
  const label = createSourceLabeller(origin);
  const labels = new Map<number, string | null>();
  const labelOf = (id: number) => {
    if (!labels.has(id)) labels.set(id, label(page.nodes.get(id)!.callFrame));
    return labels.get(id)!;
  };
  const start = thread[0]?.ts ?? 0;
  let blockingUs = 0;
  const lines: string[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    blockingUs += (task.dur ?? 0) - longTaskUs;
    // The task's direct steps: events inside it that no other event inside it contains.
    const steps = new Map<string, number>();
    let coveredUntil = task.ts;
    for (const event of thread) {
      if (event === task || event.ts < task.ts || event.ts >= end || event.name === "RunTask") continue;
      if (event.ts < coveredUntil) continue;
      coveredUntil = event.ts + (event.dur ?? 0);
      steps.set(event.name, (steps.get(event.name) ?? 0) + (event.dur ?? 0));
    }
    // Each source file once per sample, however deep its frames are on the stack.
    const files = new Map<string, number>();
    for (const sample of page.samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const seen = new Set<string>();
      for (let id: number | undefined = sample.node; id !== undefined; id = page.nodes.get(id)?.parent) {
        const file = labelOf(id);
        if (!file || seen.has(file)) continue;
        seen.add(file);
        files.set(file, (files.get(file) ?? 0) + sample.us);
      }
    }
    const ms = (us: number) => Math.round(us / 1000);
    const top = (map: Map<string, number>, count: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .filter(([, us]) => ms(us) > 0)
        .map(([key, us]) => `${key} ${ms(us)}`)
        .join(", ");
    lines.push(
      `${String(ms(task.ts - start)).padStart(6)} ms  ${String(ms(task.dur ?? 0)).padStart(4)} ms  steps: ${top(steps, 4)}`,
    );
    if (args.samples) lines.push(`${" ".repeat(18)}code: ${top(files, 8) || "(none of the page's)"}`);
  }
  console.info(
    `${tasks.length} main-thread tasks over 50 ms at ${args.rate}× CPU; ${Math.round(blockingUs / 1000)} ms beyond 50 ms in all.\n` +
      (args.samples
        ? "With V8's profiler on: lengths are inflated, see the note at the top of bench/web-trace.ts.\n"
        : "") +
      `Start (ms), length, the task's own steps (ms)${args.samples ? ", and the files on the stack in its samples (ms)" : ""}:\n${lines.join("\n")}`,
  );
}

const { events, origin } = await recordTrace();
if (args.save) writeFileSync(String(args.save), JSON.stringify({ traceEvents: events }));
summarize(events, origin);
