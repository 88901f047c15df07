import { openConfiguredDatabase } from "../../bootstrap";
import { parseEnv } from "../../env";
import { createLogger } from "../../logger";
import { readWorkspaceSettings } from "../../workspace-settings";
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
  const newSecret = args.includes("--new-secret");
  const [file, ...extra] = args.filter((arg) => arg !== "--new-secret");
  if (!file || extra.length > 0 || file.startsWith("-")) {
    io.err(
      "Usage: npm run restore -- FILE [--new-secret]  (into an empty DATA_DIR, or an empty database in DATABASE_URL with its AUTH_SECRET)\n",
    );
    return 2;
  }
  // No secret is created here: an embedded backup brings its own (decision 0070).
  const env = parseEnv(process.env, { persistSecret: false });
  try {
    const { kind, secret, twoFactor } = await restoreBackup({ env, file, newSecret });
    io.out(
      kind === "pglite"
        ? `Restored ${file} into ${env.dataDir}. Start the server with this DATA_DIR.\n`
        : `Restored ${file} into the database in DATABASE_URL. Start the server with the same AUTH_SECRET.\n`,
    );
    if (secret === "restored")
      io.out(`The backup's auth secret is in ${env.dataDir}/auth-secret (mode 0600).\n`);
    if (twoFactor.checked > 0 && twoFactor.readable < twoFactor.checked) {
      io.err(
        `${secret === "new" ? "As asked (--new-secret), the" : "The"} auth secret cannot read ${twoFactor.checked - twoFactor.readable} of ${twoFactor.checked} two-factor keys checked: ` +
          (secret === "new"
            ? "those users need `npm run user -- disable-two-factor --email …` before they can sign in.\n"
            : "it is not the secret the backed-up workspace used. Use that secret (AUTH_SECRET or DATA_DIR/auth-secret) before starting the server.\n"),
      );
      return secret === "new" ? 0 : 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof RestoreError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
