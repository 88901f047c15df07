import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fewer, larger chunks on the way to the first screen (decision 0053): one for everything the entry
 * loads at start, one for what the signed-in layout and the buyer dashboard add beyond that and
 * beyond the sign-in screens. Left to itself the bundler makes a chunk for every set of lazy routes
 * that share a module: 57 files for the dashboard, 24 for /login. A phone's HTTP/1.1 connection
 * fetches six at a time, a round trip each, so their count, not their bytes, delayed the first paint.
 *
 * Which modules those are depends on tree shaking (`import { X } from "lucide-react"` names one
 * icon of a barrel that imports them all), which only the finished chunks know. So the build runs
 * twice (scripts/build.mjs): `plan` writes the module lists from a default build's chunks, `use`
 * groups them. Without a plan (`vite build` alone, the dev server) chunking is the bundler's default.
 *
 * Modules that something imports lazily stay out of both groups, so nothing loads earlier than it
 * did; the layout and page modules are such modules.
 */
export function appShellChunk(options: {
  /** web/: the shell and outside paths are relative to it. */
  root: string;
  /** The modules whose static imports make up the shell. */
  shell: string[];
  /** The modules whose static imports stay out of it, besides the entry's (the sign-in screens). */
  outside: string[];
  planFile: string;
  mode: "plan" | "use" | undefined;
}): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean }[] } {
  const lazyTargets = new Set<string>();
  const plan: Plan =
    options.mode === "use" && existsSync(options.planFile)
      ? (JSON.parse(readFileSync(options.planFile, "utf8")) as Plan)
      : { start: [], shell: [] };
  const start = new Set(plan.start);
  const shell = new Set(plan.shell);

  const plugin: Plugin = {
    name: "placar:app-shell-chunk",
    apply: "build",
    moduleParsed(info) {
      for (const id of info.dynamicallyImportedIds) lazyTargets.add(id);
    },
    generateBundle(_options, bundle) {
      if (options.mode !== "plan") return;
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const resolve = (file: string) => path.resolve(options.root, file);
      const reach = (starts: Iterable<string>) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
        };
        for (const start of starts) visit(start);
        return seen;
      };
      const facadesOf = (ids: string[]) => {
        const wanted = new Set(ids.map(resolve));
        const found = chunks.filter((chunk) => chunk.facadeModuleId && wanted.has(chunk.facadeModuleId));
        if (found.length !== wanted.size) {
          const missing = [...wanted].filter((id) => !found.some((chunk) => chunk.facadeModuleId === id));
          throw new Error(`app-shell-chunk: no chunk starts at ${missing.join(", ")}`);
        }
        return found.map((chunk) => chunk.fileName);
      };
      const modulesOf = (fileNames: Iterable<string>) =>
        [...fileNames]
          .flatMap((fileName) => byFile.get(fileName)?.moduleIds ?? [])
          .filter((id) => !lazyTargets.has(id));
      const started = reach(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const outside = reach([...started, ...facadesOf(options.outside)]);
      const inShell = [...reach(facadesOf(options.shell))].filter((fileName) => !outside.has(fileName));
      const result: Plan = { start: modulesOf(started).sort(), shell: modulesOf(inShell).sort() };
      writeFileSync(options.planFile, JSON.stringify(result));
    },
  };
  return {
    plugin,
    groups: [
      { name: "start", test: (id) => start.has(id) },
      { name: "app-shell", test: (id) => shell.has(id) },
    ],
  };
}

/** Module ids: what the entry loads before anything else, and what the signed-in shell adds. */
type Plan = { start: string[]; shell: string[] };
