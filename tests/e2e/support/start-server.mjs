// Started by playwright.config.ts (webServer): an SMTP server that catches every mail into
// E2E_MAIL_DIR, and the built app (dist/server/main.js) on a fresh, empty DATA_DIR, with the real
// ALTCHA verification. With E2E_SEED set, accounts are created with the operator CLI before the app
// starts (the CLI and the app may not open the same PGlite folder at once).
//
//   E2E_PORT       app port (APP_URL is http://localhost:<port>)
//   E2E_SMTP_PORT  port of the catching SMTP server
//   E2E_MAIL_DIR   where caught mails go, one JSON file each ({ to, raw })
//   E2E_SEED       optional JSON: [{ email, role, password, name?, language? }]
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailDir = process.env.E2E_MAIL_DIR;
if (!port || !smtpPort || !mailDir) throw new Error("E2E_PORT, E2E_SMTP_PORT and E2E_MAIL_DIR are required");

const dataDir = mkdtempSync(path.join(tmpdir(), `placar-e2e-${port}-`));
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

const env = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  APP_URL: `http://localhost:${port}`,
  CAPTCHA_PROVIDER: "altcha",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Placar <placar@e2e.test>",
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  DATABASE_URL: "",
  // Every test's browser signs in from 127.0.0.1: the per-address limits would throttle the suite.
  AUTH_RATE_LIMIT_SCALE: "20",
};

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      count += 1;
      const mail = {
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        receivedAt: new Date().toISOString(),
        raw: Buffer.concat(chunks).toString("utf8"),
      };
      const file = path.join(mailDir, `${Date.now()}-${String(count).padStart(4, "0")}.json`);
      // Written aside and renamed into place, so a reader never sees half a file.
      writeFileSync(`${file}.part`, JSON.stringify(mail));
      renameSync(`${file}.part`, file);
      callback();
    });
  },
});

function seed() {
  if (!process.env.E2E_SEED) return;
  for (const account of JSON.parse(process.env.E2E_SEED)) {
    const args = ["--email", account.email, "--role", account.role, "--password", account.password];
    if (account.name) args.push("--name", account.name);
    if (account.language) args.push("--language", account.language);
    const result = spawnSync(
      process.execPath,
      [path.join(root, "dist/server/cli.js"), "user", "create", ...args],
      {
        cwd: root,
        env,
        encoding: "utf8",
      },
    );
    if (result.status !== 0) {
      process.stderr.write(result.stdout + result.stderr);
      throw new Error(`Seeding ${account.email} failed`);
    }
  }
}

let app = null;
function shutdown(code) {
  if (app && app.exitCode === null) app.kill("SIGTERM");
  smtp.close(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  });
  setTimeout(() => process.exit(code), 5000).unref();
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

smtp.listen(smtpPort, "127.0.0.1", () => {
  try {
    seed();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    shutdown(1);
    return;
  }
  app = spawn(process.execPath, ["--enable-source-maps", path.join(root, "dist/server/main.js")], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  app.on("exit", (code) => shutdown(code ?? 1));
});
