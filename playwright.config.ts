import { defineConfig, devices } from "@playwright/test";
import {
  chromiumLaunchOptions,
  journeyServer,
  type ServerSpec,
  screensServer,
  seededAccounts,
} from "./tests/e2e/support/env";

// Browser tests in Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against the
// built app (`npm run build` first; `npm test` does it when dist is stale). Each server gets a fresh
// temporary DATA_DIR, the real ALTCHA widget and an SMTP server whose mails the tests read.

function webServer(spec: ServerSpec, seed?: object[]) {
  return {
    command: "node tests/e2e/support/start-server.mjs",
    url: `${spec.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      E2E_PORT: String(spec.port),
      E2E_SMTP_PORT: String(spec.smtpPort),
      E2E_MAIL_DIR: spec.mailDir,
      ...(seed ? { E2E_SEED: JSON.stringify(seed) } : {}),
    },
  };
}

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: chromiumLaunchOptions,
  locale: "pt-BR",
  timezoneId: "America/Sao_Paulo",
  // Transitions and animations end at once (web/styles.css honours the setting): a browser that
  // draws no animation frames runs the suite about a fifth faster, and no check waits on a slide-in.
  reducedMotion: "reduce" as const,
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright",
  // One worker: the journey depends on an empty installation and its steps run in order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // CI retries a failed test once (a serial file from its start) and `npm test` lists every test
  // that needed it as flaky with its first error. A test that passes only on its retry still fails
  // the run (failOnFlakyTests): a flake is a bug to fix, never green. Locally nothing is retried.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  // Generous: a two-core CI machine under a full run is slow; a hang still fails.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: "playwright-report" }],
    // `npm test` asks for JSON results to repeat each failure's reason in its summary.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as const]
      : []),
  ],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: [webServer(journeyServer), webServer(screensServer, Object.values(seededAccounts))],
  projects: [
    {
      name: "journey",
      testMatch: /auth\.spec\.ts/,
      use: { ...browser, baseURL: journeyServer.baseURL },
    },
    {
      // Signed-out pages only: no sign-in needed.
      name: "public",
      testMatch: /public-pages\.spec\.ts/,
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "sign-in",
      testMatch: /sign-in\.setup\.ts/,
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "buyer",
      testMatch: /buyer\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "team",
      testMatch: /admin-team\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "team-screen",
      testMatch: /(^|\/)team\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "creative",
      testMatch: /creative\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "payments",
      testMatch: /payments\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "payee",
      testMatch: /payee\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "money",
      testMatch: /money-input\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "writes",
      testMatch: /writes\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "insights",
      testMatch: /(admin-insights|financial-insights|reports-pivot)\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "settings",
      testMatch: /settings\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "audit",
      testMatch: /audit\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "import",
      testMatch: /import\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "postbacks",
      testMatch: /postbacks\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "day-grid",
      testMatch: /day-grid\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      name: "screens",
      testMatch: /(access|a11y|screenshots|row-actions|layout)\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
    {
      // Last: it requires two-factor of the financial role for a while (and puts it back).
      name: "two-factor",
      testMatch: /two-factor\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...browser, baseURL: screensServer.baseURL },
    },
  ],
});
