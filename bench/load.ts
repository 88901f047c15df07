import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { readCpuTicks, sampleRss, stealPercent } from "./server";
import { summarizeLatencies } from "./stats";

// One autocannon run against the live server, with our own latency percentiles (autocannon reports
// p97.5 but no p95) and the server's peak resident memory sampled during the run.

export type LoadRequest = {
  method?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** A new Idempotency-Key on every request, as the web sends on each write (decision 0069). */
  idempotencyKey?: boolean;
};

export type Scenario = {
  name: string;
  role: string;
  /** A budget group: "window" (≤ 31 days), "all-time", "write", "mixed" or none. */
  budget?: "window" | "all-time" | "write" | "mixed";
  requests: LoadRequest[];
};

export type LoadResult = {
  scenario: string;
  role: string;
  budget: string | null;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMb: number;
  /** The machine's 1-minute load average when the run ended (2 shared cores: above 2 means queueing). */
  loadAvg: number;
  /**
   * CPU time the host took from this virtual machine during the run, in % (/proc/stat steal). A
   * noisy neighbour shows here: the same code on the same data answers later (docs/performance.md).
   */
  stealPercent?: number;
};

export async function runLoad(input: {
  url: string;
  pid: number;
  cookie: string;
  scenario: Scenario;
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const rss = sampleRss(input.pid);
  const cpuBefore = readCpuTicks();
  const headers = { cookie: input.cookie, "content-type": "application/json", origin: input.url };
  const instance = autocannon({
    url: input.url,
    connections: input.connections,
    duration: input.durationSeconds,
    timeout: 30,
    headers,
    requests: input.scenario.requests.map((request) => ({
      method: request.method ?? "GET",
      path: request.path,
      headers: { ...headers, ...request.headers },
      ...(request.body ? { body: request.body } : {}),
      ...(request.idempotencyKey
        ? {
            setupRequest: (req: { headers?: Record<string, string> }) => ({
              ...req,
              headers: { ...req.headers, "idempotency-key": randomUUID() },
            }),
          }
        : {}),
    })),
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  const peak = rss.stop();
  const steal = stealPercent(cpuBefore);
  const { p50, p95, p99 } = summarizeLatencies(latencies);
  return {
    scenario: input.scenario.name,
    role: input.scenario.role,
    budget: input.scenario.budget ?? null,
    connections: input.connections,
    requests: result.requests.total,
    rps: result.requests.total / Math.max(0.001, result.duration),
    p50,
    p95,
    p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: peak / 1024 / 1024,
    loadAvg: loadavg()[0] ?? 0,
    stealPercent: steal,
  };
}
