import { availableParallelism } from "node:os";
import path from "node:path";
import pg from "pg";
import { defineConfig } from "vitest/config";

// Three projects: `unit` (pure code), and the API/database suites on PGlite and on PostgreSQL.
//   npx vitest run --project unit
//   npx vitest run --project api-pglite --project api-postgres
// The PostgreSQL project uses TEST_DATABASE_URL (default below). When that server does not answer,
// the project is skipped with a loud warning, unless REQUIRE_POSTGRES=1 (CI), which fails instead.

const root = import.meta.dirname;
const defaultPostgresUrl = "postgres://postgres@127.0.0.1:5432/test";
const postgresUrl = process.env.TEST_DATABASE_URL || defaultPostgresUrl;
const requirePostgres = ["1", "true", "yes"].includes((process.env.REQUIRE_POSTGRES ?? "").toLowerCase());

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const alias = {
  "@": path.join(root, "web"),
  "@domain": path.join(root, "domain"),
  "@server": path.join(root, "server"),
  "@tests": path.join(root, "tests"),
};

const apiInclude = ["server/**/*.test.ts", "tests/api/**/*.test.ts"];

export default defineConfig(async () => {
  const postgresAvailable = requirePostgres || (await postgresAnswers(postgresUrl));
  if (!postgresAvailable) {
    const bar = "!".repeat(78);
    process.stderr.write(
      `\n${bar}\n!! PostgreSQL at ${postgresUrl.replace(/\/\/[^@]*@/, "//***@")} does not answer:\n` +
        "!! the api-postgres project is SKIPPED. Start PostgreSQL or set TEST_DATABASE_URL;\n" +
        `!! set REQUIRE_POSTGRES=1 to make this an error.\n${bar}\n\n`,
    );
  }

  return {
    resolve: { alias },
    test: {
      // At least two test files at once: Vitest's default (cores − 1) is one on a two-core machine,
      // where most API files spend their time waiting on PostgreSQL, scrypt or a child process.
      // Measured on the CI machine's kind: 947 s with one worker, 536 s with two, every test passing.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // Only when PostgreSQL is missing: its project then has no files and must not fail the run.
      passWithNoTests: !postgresAvailable,
      projects: [
        {
          resolve: { alias },
          test: {
            name: "unit",
            environment: "node",
            include: [
              "domain/**/*.test.ts",
              "web/**/*.test.ts",
              "web/**/*.test.tsx",
              "tests/unit/**/*.test.ts",
            ],
            setupFiles: [path.join(root, "tests/setup.ts")],
          },
        },
        {
          resolve: { alias },
          test: {
            name: "api-pglite",
            environment: "node",
            include: apiInclude,
            setupFiles: [path.join(root, "tests/setup.ts")],
            globalSetup: [path.join(root, "tests/pglite-global-setup.ts")],
            env: { PLACAR_TEST_DB: "pglite" },
            // Generous: a fresh PGlite database and scrypt hashing are slow on a busy machine.
            testTimeout: 90_000,
            hookTimeout: 120_000,
          },
        },
        {
          resolve: { alias },
          test: {
            name: "api-postgres",
            environment: "node",
            include: postgresAvailable ? apiInclude : [],
            setupFiles: [path.join(root, "tests/setup.ts")],
            globalSetup: [path.join(root, "tests/postgres-global-setup.ts")],
            env: { PLACAR_TEST_DB: "postgres", TEST_DATABASE_URL: postgresUrl },
            testTimeout: 90_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
