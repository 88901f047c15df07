import { readFileSync } from "node:fs";
import path from "node:path";
import type { Alias, UserConfig } from "vite";
import { describe, expect, it } from "vitest";
import viteConfig from "../../vite.config";

// Decision 0060: a build bundles react-router's production build; the dev server keeps the default.

function aliasesFor(command: "build" | "serve"): Alias[] {
  const config = (viteConfig as (env: { command: string; mode: string }) => UserConfig)({
    command,
    mode: command === "build" ? "production" : "development",
  });
  return config.resolve?.alias as Alias[];
}

const reactRouterAlias = (aliases: Alias[]) =>
  aliases.find((alias) => alias.find instanceof RegExp && alias.find.test("react-router"));

describe("the web build's react-router", () => {
  it("is the production build, whose development warnings are off", () => {
    const alias = reactRouterAlias(aliasesFor("build"));
    if (!alias) throw new Error("no react-router alias in the build's configuration");
    expect(alias.find).toEqual(/^react-router$/);
    expect((alias.find as RegExp).test("react-router/dom")).toBe(false);
    const entry = alias.replacement;
    expect(entry).toMatch(/react-router\/dist\/production\/index\.mjs$/);
    // The flag sits in one of the chunks the entry re-exports.
    const chunks = [...readFileSync(entry, "utf8").matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((match) =>
      readFileSync(path.join(path.dirname(entry), match[1]!), "utf8"),
    );
    expect(chunks.some((text) => text.includes("ENABLE_DEV_WARNINGS = false"))).toBe(true);
    expect(chunks.some((text) => text.includes("ENABLE_DEV_WARNINGS = true"))).toBe(false);
  });

  it("is left to the package's exports on the dev server", () => {
    expect(reactRouterAlias(aliasesFor("serve"))).toBeUndefined();
  });
});
