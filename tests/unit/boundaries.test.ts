import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The folder boundaries of biome.json (issue 29), checked the way `npm run lint` checks them: a file
// with one import is written into the folder, linted with the rule alone, and removed.
const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules", ".bin", "biome");

function lintsClean(folder: string, specifier: string): boolean {
  const file = path.join(root, folder, `boundary-probe-${randomUUID().slice(0, 8)}.ts`);
  writeFileSync(file, `import { probe } from "${specifier}";\n\nexport const used = probe;\n`);
  try {
    const result = spawnSync(biome, ["lint", "--only=style/noRestrictedImports", file], { cwd: root });
    return result.status === 0;
  } finally {
    rmSync(file, { force: true });
  }
}

describe("import boundaries", () => {
  it.each([
    ["domain", "../server/app", "domain reaches into the server"],
    ["domain/schemas", "@/lib/api", "domain reaches into the web"],
    ["domain", "drizzle-orm", "domain uses the database layer"],
    ["server", "./features/settings/settings.service", "the server core imports a feature"],
    ["server/db", "../features/users/users.service", "the database core imports a feature"],
    ["server/read", "../features/campaigns/campaigns.service", "the read layer imports a feature"],
    ["server/db", "../../tests/factories", "production code imports tests/"],
    ["server/features/users", "@tests/factories", "a feature imports tests/"],
    ["web/features/notes", "@/features/users/api", "a feature imports another's internals by alias"],
    ["web/features/notes", "../users/api", "a feature imports another's internals by path"],
    ["web/features/notes/components", "../../users/api", "a component imports another feature's internals"],
    ["web/lib", "@/features/auth/session", "web/lib imports a feature's internals"],
    ["web/components", "@/features/campaigns/api", "web/components imports a feature's internals"],
  ])("%s may not import %s (%s)", (folder, specifier) => {
    expect(lintsClean(folder, specifier)).toBe(false);
  });

  it.each([
    ["domain", "zod"],
    ["domain/schemas", "../money"],
    ["server/cli", "../features/users/users.service"],
    ["server/features/users", "../../db/client"],
    ["server/features/campaigns", "../../read/totals"],
    ["web/features/notes", "@/features/users"],
    ["web/features/notes/components", "../api"],
    ["web/features/notes", "@/lib/api"],
  ])("%s may import %s", (folder, specifier) => {
    expect(lintsClean(folder, specifier)).toBe(true);
  });
});
