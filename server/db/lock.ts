import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

// Opening one PGlite folder from two processes corrupts it for good, so whoever opens DATA_DIR
// first holds DATA_DIR/placar.lock (O_EXCL, with its pid) and everyone else exits before touching
// the database files. A lock left by a killed process (pid no longer alive) is taken over.

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Placar process (pid ${pid}). ` +
        "Stop that process first; two processes must never open one embedded database.",
    );
  }
}

const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, "utf8").trim(), 10);
  } catch {
    return Number.NaN;
  }
}

export type DataDirLock = { file: string; release: () => void };

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "placar.lock");
  if (heldHere.has(file)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      };
      process.once("exit", release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = readPid(file);
      if (isAlive(pid) && pid !== process.pid) throw new DataDirLockedError(dir, pid);
      if (pid === process.pid && heldHere.has(file)) throw new DataDirLockedError(dir, pid);
      // Stale: move it aside atomically so that only one contender removes it.
      const aside = `${file}.stale-${process.pid}-${Date.now()}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch {
        // another process took it over first; try again
      }
    }
  }
  throw new DataDirLockedError(dir, readPid(file));
}
