import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger";

// Several server processes on one port (WORKERS > 1, PostgreSQL only; docs/decisions/0059). Node
// runs JavaScript on one core; on a host with more, one process left the others to PostgreSQL alone
// (docs/performance.md, tenth pass). Everything a process keeps is already shared through the
// database: sessions, Better Auth's rate limits, the scheduler's job claims, notifications (LISTEN
// in every process), import previews. The primary only supervises: it opens no database and serves
// nothing.

/**
 * What a worker tells the primary once it listens, and what the server tells a parent process that
 * started it with an IPC channel (the benchmark) once it serves: one process, or all its workers.
 */
export const listeningMessage = "placar:listening";

/** Two workers in a row that die within this long of their fork are a crash loop: stop, do not restart. */
const restartWindowMs = 10_000;

export function isWorkerProcess(): boolean {
  return cluster.isWorker;
}

/** Tells the primary that this worker listens, or a parent with an IPC channel that we serve. */
export function announceListening(): void {
  process.send?.(listeningMessage);
}

/**
 * Forks `count` workers and keeps them running. A worker that dies after it listened is replaced
 * (unless it died within restartWindowMs of its own start, twice in a row: a crash loop); one that
 * dies before it listened stops the whole server, since the next one would fail the same way (a bad
 * DATABASE_URL, a port in use). SIGTERM and SIGINT stop every worker gracefully; the primary exits
 * with 0 when all of them did.
 */
export function superviseWorkers({ count, logger }: { count: number; logger: Logger }): void {
  let stopping = false;
  let failed = false;
  let quickCrashes = 0;
  // Our own record: cluster.workers keeps a dead worker until its IPC channel has closed too.
  const startedAt = new Map<Worker, number>();
  const listening = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.on("message", (message: unknown) => {
      if (message !== listeningMessage) return;
      listening.add(worker);
      if (listening.size === count) {
        logger.info("workers listening", { workers: count });
        process.send?.(listeningMessage);
      }
    });
  };

  const stop = (signal: NodeJS.Signals | "startup failure") => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping workers", { signal });
    for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
    // Each worker bounds its own stop (10 s); this only guards against one that never exits.
    setTimeout(() => {
      logger.error("workers did not stop in time");
      process.exit(1);
    }, 15_000).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (!stopping) {
      if (!wasListening) {
        logger.error("a worker failed to start: stopping", { pid: worker.process.pid, code, signal });
        failed = true;
        stop("startup failure");
      } else {
        quickCrashes = lived < restartWindowMs ? quickCrashes + 1 : 0;
        if (quickCrashes >= 2) {
          logger.error("workers keep crashing: stopping", { pid: worker.process.pid, code, signal });
          failed = true;
          stop("startup failure");
        } else {
          logger.error("a worker exited: starting another", { pid: worker.process.pid, code, signal });
          fork();
        }
      }
    } else if (code !== 0) {
      failed = true;
    }
    if (stopping && startedAt.size === 0) process.exit(failed ? 1 : 0);
  });

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) fork();
}
