// `npm test`: every check the project has, in order, with a plain summary at the end.
//   1. Biome (lint + format)   2. TypeScript   3. Vitest (unit, API on PGlite and PostgreSQL)
//   4. build (only when dist is missing or older than the sources)   5. Playwright in Debian's Chromium
// Each step runs even when an earlier one failed (one run shows every problem), except that the
// browser suite needs a successful build. Exit code 0 only when every step passed.
// `npm test -- vitest playwright` runs only the named steps (lint, typecheck, vitest, build, playwright).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const chromium = "/usr/bin/chromium";

const allSteps = ["lint", "typecheck", "vitest", "build", "playwright"];
const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = requested.filter((s) => !allSteps.includes(s));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(", ")}. Steps: ${allSteps.join(", ")}.`);
  process.exit(2);
}
const selected = new Set(requested.length > 0 ? requested : allSteps);
if (selected.has("playwright")) selected.add("build");

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
const results = [];

function header(title) {
  const line = "=".repeat(Math.max(10, 78 - title.length));
  process.stdout.write(`\n${paint("1;36", `== ${title} ${line}`)}\n\n`);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function record(name, ok, ms, note = "") {
  results.push({ name, ok, ms, note });
  const status = ok ? paint("32", "passed") : paint("31", "FAILED");
  process.stdout.write(`\n${name}: ${status} in ${seconds(ms)}${note ? ` (${note})` : ""}\n`);
}

function run(name, command, args, env = {}) {
  header(name);
  process.stdout.write(`$ ${path.relative(root, command) || command} ${args.join(" ")}\n\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const note = result.error ? result.error.message : result.signal ? `killed by ${result.signal}` : "";
  record(name, ok, performance.now() - started, note);
  return ok;
}

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === "node_modules" || name.startsWith(".")) continue;
        visit(path.join(p, name));
      }
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

/** Why dist must be rebuilt, or null when it is current. */
function staleReason() {
  const outputs = ["dist/web/index.html", "dist/server/main.js", "dist/server/cli.js"].map((p) =>
    path.join(root, p),
  );
  const missing = outputs.find((p) => !existsSync(p));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const sources = [
    "web",
    "server",
    "domain",
    "scripts/build.mjs",
    "scripts/app-shell-chunk.ts",
    "vite.config.ts",
    "package.json",
    "tsconfig.json",
  ];
  return newestMtime(sources) > built ? "sources changed since the last build" : null;
}

const started = performance.now();

if (selected.has("lint")) run("Biome (lint and format)", bin("biome"), ["check", "."]);
if (selected.has("typecheck")) run("TypeScript", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
// Both runners also write JSON results, so the summary can repeat each failure's first lines: CI
// keeps only the end of a long log, and a failure named without its reason cannot be fixed.
const vitestResults = path.join(root, "test-results", "vitest-results.json");
const playwrightResults = path.join(root, "test-results", "playwright-results.json");

if (selected.has("vitest")) {
  rmSync(vitestResults, { force: true });
  run("Vitest (unit, API on PGlite and PostgreSQL)", bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestResults}`,
  ]);
}

let built = true;
if (selected.has("build")) {
  const reason = staleReason();
  if (reason) {
    process.stdout.write(`\nBuilding: ${reason}.\n`);
    built = run("Build", process.execPath, [path.join(root, "scripts", "build.mjs")]);
  } else {
    header("Build");
    process.stdout.write("dist is up to date with the sources; not rebuilding.\n");
  }
}

if (selected.has("playwright")) {
  if (!existsSync(chromium)) {
    header("Playwright (Debian Chromium)");
    process.stdout.write(
      `${chromium} is missing. The browser tests use Debian's Chromium, never a downloaded browser.\n` +
        "Install it with:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n\n" +
        "(.ci/run does this on a fresh machine.)\n",
    );
    record("Playwright (Debian Chromium)", false, 0, "Chromium not installed");
  } else if (!built) {
    header("Playwright (Debian Chromium)");
    process.stdout.write("Not run: the build failed.\n");
    record("Playwright (Debian Chromium)", false, 0, "build failed");
  } else {
    rmSync(playwrightResults, { force: true });
    run("Playwright (Debian Chromium)", bin("playwright"), ["test"], {
      PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightResults,
    });
  }
}

/** Reads a JSON results file; null when the runner did not write it. */
function readResults(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const firstLines = (text, count) =>
  String(text ?? "")
    .replace(ansi, "")
    .split("\n")
    .filter((line) => line.trim() !== "" && !/node_modules\/|<anonymous>|node:internal/.test(line))
    .slice(0, count)
    .map((line) => `      ${line}`)
    .join("\n");

/** Each failed test: where it is, its name and the first lines of its error. */
function collectFailures() {
  const failures = [];
  const vitest = selected.has("vitest") ? readResults(vitestResults) : null;
  for (const file of vitest?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push({ where, title: test.fullName, error: (test.failureMessages ?? []).join("\n") });
    }
    // A file that failed to load or whose hooks failed has no failed test of its own.
    if (file.status === "failed" && failedTests.length === 0) {
      failures.push({ where, title: "(the file itself)", error: file.message });
    }
  }
  const playwright = selected.has("playwright") ? readResults(playwrightResults) : null;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        // A flaky test passed on its retry: its first failed attempt says why it failed.
        const attempt = test.results?.find(
          (result) => result.status !== "passed" && result.status !== "skipped",
        );
        if (!attempt) continue;
        const error = (attempt.errors ?? []).map((e) => e.message ?? e.value ?? "").join("\n");
        failures.push({
          where: `${spec.file}:${spec.line}`,
          title: `[${test.projectName}] ${spec.title}${test.status === "flaky" ? " (FLAKY: passed on retry)" : ""}`,
          error: error || `status ${attempt.status}`,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of playwright?.suites ?? []) visit(suite);
  for (const error of playwright?.errors ?? []) {
    failures.push({ where: "playwright", title: "(outside any test)", error: error.message ?? "" });
  }
  return failures;
}

const failures = collectFailures();
if (failures.length > 0) {
  header(`Failures and flaky tests (${failures.length})`);
  for (const failure of failures.slice(0, 20)) {
    process.stdout.write(`  ${paint("31", "✗")} ${failure.where} › ${failure.title}\n`);
    process.stdout.write(`${firstLines(failure.error, 12)}\n\n`);
  }
  if (failures.length > 20) process.stdout.write(`  ... and ${failures.length - 20} more\n`);
}

header("Summary");
for (const r of results) {
  process.stdout.write(
    `  ${r.ok ? "ok    " : "FAILED"}  ${r.name.padEnd(46)} ${seconds(r.ms).padStart(8)}${r.note ? `  ${r.note}` : ""}\n`,
  );
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
process.stdout.write(`\nTotal time ${seconds(performance.now() - started)}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
