import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The stored workspace settings are the one source of the time zone (docs/decisions/0020):
// WORKSPACE_TIMEZONE is only the fallback handed to the settings reader (readWorkspaceTimezone, or
// readRequestTimeZone for the row the session lookup read). A feature that read
// env.workspaceTimezone directly would ignore the admin's choice, so this test names it.

const featuresDir = path.join(import.meta.dirname, "..", "..", "server", "features");

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (full.endsWith(".ts") && !full.endsWith(".test.ts")) yield full;
  }
}

describe("workspace settings as the single source", () => {
  it("never reads the time zone from the environment except as the settings reader's fallback", () => {
    const offenders: string[] = [];
    for (const file of walk(featuresDir)) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, index) => {
        // The call may be wrapped over a few lines by the formatter.
        const call = lines.slice(Math.max(0, index - 3), index + 1).join(" ");
        // A service that re-reads the settings names the value `fallbackTimezone`, and uses it as such.
        const fallbackArgument = /fallbackTimezone: deps\.env\.workspaceTimezone/.test(line);
        if (
          line.includes("workspaceTimezone") &&
          !fallbackArgument &&
          !/read(Workspace(Timezone|Settings)|RequestTimeZone)\(/.test(call)
        ) {
          const relative = path.relative(featuresDir, file);
          if (!relative.startsWith("config/") || !/workspaceTimezone: (z\.|settings\.)/.test(line))
            offenders.push(`${relative}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });
});
