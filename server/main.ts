import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { buildDeps, openConfiguredDatabase } from "./bootstrap";
import { DataDirLockedError } from "./db/lock";
import { EnvError, parseEnv } from "./env";
import { startScheduler } from "./features/schedule/scheduler";
import { createLogger } from "./logger";
import { announceListening, isWorkerProcess, superviseWorkers } from "./workers";

async function startServer() {
  const env = parseEnv();
  const logger = createLogger(env.logLevel, { service: "placar", pid: process.pid });
  if (env.workers > 1 && !isWorkerProcess()) {
    superviseWorkers({ count: env.workers, logger });
    return;
  }
  // Every worker migrates too: the advisory lock lets one do it while the others wait.
  const database = await openConfiguredDatabase(env);
  await database.migrate();
  const shutdown = new AbortController();
  const deps = buildDeps({ env, database, logger, shutdown: shutdown.signal });
  const app = createApp(deps);
  // Backups and report e-mails on the workspace's schedule; one process runs each occurrence.
  const stopScheduler = startScheduler(deps);
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    logger.info("listening", { url: env.appUrl, port: info.port, database: database.kind });
    announceListening();
  });
  // A client that sends its headers or body too slowly (slowloris) is cut off.
  if ("headersTimeout" in server) {
    server.headersTimeout = 20_000;
    server.requestTimeout = 60_000;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping", { signal });
    // Finish in-flight requests, then close the database cleanly (PGlite flushes on close).
    const forced = setTimeout(() => {
      logger.error("stop timed out: exiting with connections still open");
      process.exit(1);
    }, 10_000);
    forced.unref();
    // Open SSE streams end now; other requests run to completion, then the database closes.
    shutdown.abort();
    server.close(async () => {
      await stopScheduler().catch((err) => logger.error("scheduler stop failed", { err }));
      // The refusals counted in the current minute go to the audit trail before the database closes.
      await deps.refusals?.stop();
      await database.close().catch((err) => logger.error("database close failed", { err }));
      process.exit(0);
    });
    if ("closeIdleConnections" in server) {
      server.closeIdleConnections();
      // Keep-alive connections that finish their request during the stop close as they go idle.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      sweep.unref();
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

startServer().catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Placar failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
