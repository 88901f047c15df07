import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { projectRoot } from "../server/paths";
import { listeningMessage } from "../server/workers";

// The built server (dist/server/main.js) as its own process, the way production runs it. Like the
// API tests (tests/server-process.ts) it runs with CAPTCHA_PROVIDER=none: the benchmark signs in
// four times and measures the API, not the proof of work.

export type BenchServer = { child: ChildProcess; url: string; pid: number; output: () => string };

/** A free port in the bench's range (E2E_PORT_BASE + 30..49, 3830-3849 by default). */
export async function findFreePort(base = Number(process.env.E2E_PORT_BASE ?? 3800) + 30): Promise<number> {
  for (let port = base; port < base + 20; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${base}-${base + 19}`);
}

export async function startBenchServer(database: {
  databaseUrl?: string;
  dataDir?: string;
  /** Extra Node.js flags, e.g. --cpu-prof to profile the server under load. */
  nodeArgs?: string[];
  /** Server processes (WORKERS, PostgreSQL only); 1 by default. */
  workers?: number;
}): Promise<BenchServer> {
  const workers = database.workers ?? 1;
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "DATA_DIR", "SMTP_URL", "TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"])
    delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    CAPTCHA_PROVIDER: "none",
    // The load generator is one client address: the per-address flood guard would answer 429.
    API_RATE_LIMIT: "0",
    // Every bench user signs in from this one address.
    AUTH_RATE_LIMIT_SCALE: "20",
    // Not info: that level logs every request, which costs the server CPU under load.
    LOG_LEVEL: "warn",
    WORKERS: String(workers),
    NODE_ENV: "production",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...(database.dataDir ? { DATA_DIR: database.dataDir } : {}),
  });
  const child = spawn(
    process.execPath,
    [...(database.nodeArgs ?? []), path.join(projectRoot, "dist/server/main.js")],
    {
      cwd: projectRoot,
      env,
      // The IPC channel carries the server's "listening" once every worker serves (server/workers.ts).
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let listening = false;
  child.on("message", (message) => {
    if (message === listeningMessage) listening = true;
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start within 2 minutes:\n${output}`);
    try {
      if (listening && (await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, url, pid: child.pid as number, output: () => output };
}

export async function stopBenchServer(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Better Auth's email sign-in; returns the Cookie header of the session. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`Sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (cookies.length === 0) throw new Error(`Sign-in of ${email} set no cookie`);
  return cookies.join("; ");
}

/** The machine's CPU time so far (/proc/stat, all CPUs, in ticks): in all, and stolen by the host. */
export function readCpuTicks(): { total: number; steal: number } {
  try {
    const fields = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already within user)
    return { total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
  } catch {
    return { total: 0, steal: 0 };
  }
}

/** The share of CPU time the host took from this virtual machine between two readings, in %. */
export function stealPercent(before: { total: number; steal: number }, after = readCpuTicks()): number {
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.steal - before.steal)) / total : 0;
}

/** The process and its descendants (a server with WORKERS > 1 is a primary and its workers). */
export function listProcessTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      const children = readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, "utf8").trim();
      if (children) tree.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return tree;
}

/** A /proc/<pid>/status field in kB, or 0 when the process is gone. */
function readStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and its workers in bytes (VmRSS summed), or 0 when it is gone. */
export function readRss(pid: number): number {
  return listProcessTree(pid).reduce((sum, each) => sum + readStatusKb(each, "VmRSS"), 0) * 1024;
}

/**
 * The high-water mark of resident memory (VmHWM) of a process and its workers, in MB: each
 * process's own peak, summed (an upper bound when they peaked at different moments).
 */
export function readPeakRssMb(pid: number): number {
  return listProcessTree(pid).reduce((sum, each) => sum + readStatusKb(each, "VmHWM"), 0) / 1024;
}

/** Samples a process's RSS every few milliseconds until stopped; returns the peak seen. */
export function sampleRss(pid: number, everyMs = 50): { stop: () => number } {
  let peak = readRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, readRss(pid));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, readRss(pid));
    },
  };
}

/**
 * Waits until the server answers its health check (a database ping) quickly again: requests a
 * finished run left in flight must not be charged to the next run.
 */
export async function waitUntilIdle(url: string, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const before = performance.now();
    try {
      await (await fetch(`${url}/api/health`)).arrayBuffer();
    } catch {
      // the server is busy closing sockets; try again
    }
    if (performance.now() - before < 50) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}
