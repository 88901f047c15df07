import { createAuth } from "./auth";
import type { AppDeps } from "./context";
import { type Database, openDatabase } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createRefusalAudit } from "./refusal-audit";

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(env: Env): Promise<Database> {
  return env.databaseUrl
    ? openDatabase({ kind: "postgres", url: env.databaseUrl })
    : openDatabase({ kind: "pglite", dataDir: env.dataDir });
}

/** Wires the services every feature needs. Tests call this with their own database and mailer. */
export function buildDeps(input: {
  env: Env;
  database: Database;
  logger: Logger;
  mailer?: Mailer;
  shutdown?: AbortSignal;
}): AppDeps {
  const mailer = input.mailer ?? createMailer(input.env, input.logger);
  const auth = createAuth({ env: input.env, db: input.database.db, mailer, logger: input.logger });
  return {
    env: input.env,
    database: input.database,
    logger: input.logger,
    mailer,
    auth,
    refusals: createRefusalAudit({ db: input.database.db, logger: input.logger }),
    ...(input.shutdown ? { shutdown: input.shutdown } : {}),
  };
}
