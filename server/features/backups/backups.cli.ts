import { openConfiguredDatabase } from "../../bootstrap";
import { parseEnv } from "../../env";
import { createLogger } from "../../logger";
import { readWorkspaceSettings } from "../settings/settings.service";
import { applyBackupRetention, RestoreError, restoreBackup, runBackup } from "./backups.service";

// `npm run backup` and `npm run restore -- FILE`. With the embedded database the server must be
// stopped (one process per DATA_DIR); while it runs, back up from the settings screen instead.

type Io = { out: (text: string) => void; err: (text: string) => void };

export async function runBackupCommand(io: Io): Promise<number> {
  const env = parseEnv();
  const logger = createLogger("silent");
  const database = await openConfiguredDatabase(env);
  try {
    await database.migrate();
    const backup = await runBackup({ database, env, logger, trigger: "cli" });
    if (backup.status !== "success") {
      io.err(`Backup failed: ${backup.reason}\n`);
      return 1;
    }
    const { retentionDays } = await readWorkspaceSettings(database.db, env.workspaceTimezone);
    const removed = await applyBackupRetention({ db: database.db, env, retentionDays });
    io.out(
      `Backup written: ${env.backupDir}/${backup.fileName} (${backup.sizeBytes} bytes, ${backup.durationMs} ms)` +
        `${removed ? `; ${removed} older backup(s) removed (retention ${retentionDays} days)` : ""}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

export async function runRestoreCommand(args: string[], io: Io): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0 || file.startsWith("-")) {
    io.err(
      "Usage: npm run restore -- FILE  (into an empty DATA_DIR, or an empty database in DATABASE_URL)\n",
    );
    return 2;
  }
  const env = parseEnv();
  try {
    const { kind } = await restoreBackup({ env, file });
    io.out(
      kind === "pglite"
        ? `Restored ${file} into ${env.dataDir}. Start the server with this DATA_DIR.\n`
        : `Restored ${file} into the database in DATABASE_URL.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
