import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Works from the TypeScript sources and from the bundled dist/server alike.
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(projectRoot, "server", "db", "migrations");
export const webDistDir = path.join(projectRoot, "dist", "web");
