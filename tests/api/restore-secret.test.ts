import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { readTar } from "../../server/features/backups/archive";
import { CookieJar, createAuthFlows } from "../auth-flows";
import { type TestContext, testDatabaseKind } from "../harness";
import { createProcessDatabase } from "../postgres";
import {
  childEnv,
  cleanupProcesses,
  launch,
  makeDataDir,
  type Server,
  startServer,
  stopServer,
  withTimeout,
} from "../server-process";
import { totp } from "../totp";

// Issue 27: a restored embedded backup lost the auth secret (the .tar.gz held none and restore
// made a new one), so every session ended and two-factor keys and backup codes became unreadable.
// Here the real server backs up a workspace with a two-factor user, `npm run restore` (the CLI as
// its own process) restores it elsewhere, and the restored server still accepts the old session
// cookie, a code from the authenticator app and a backup code. An archive without a secret (made
// before) is refused unless a secret is given; a wrong secret is caught by the two-factor check.

afterAll(cleanupProcesses);

let ipCounter = 0;
const nextIp = () => `10.88.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** The flows of tests/auth-flows.ts against a server process. */
function flowsFor(server: Server) {
  const request = (
    pathname: string,
    init: { method?: string; cookie?: string; json?: unknown; ip?: string },
  ) =>
    fetch(`${server.url}${pathname}`, {
      method: init.method ?? "GET",
      headers: {
        origin: server.url,
        "x-forwarded-for": init.ip ?? nextIp(),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
  return { request, ...createAuthFlows({ request } as unknown as TestContext) };
}

type Workspace = {
  email: string;
  password: string;
  jar: CookieJar;
  secret: string;
  backupCodes: string[];
  backupFile: string;
};

/** A first (admin) account with two-factor on, and a backup taken by the running server. */
async function prepareWorkspace(server: Server, backupDir: string): Promise<Workspace> {
  const flows = flowsFor(server);
  const email = `keeper-${randomBytes(3).toString("hex")}@example.test`;
  const password = "restore-secret-password";
  const up = await flows.request("/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password, name: "Kim Keeper" },
  });
  expect(up.status, await up.clone().text()).toBe(200);
  const jar = await flows.signInFully(email, password);
  const { secret, backupCodes } = await flows.enableTwoFactor(jar, password);
  const made = await flows.request("/api/backups", { method: "POST", cookie: jar.toString() });
  expect(made.status, await made.clone().text()).toBe(201);
  const backup = (await made.json()) as { status: string; fileName: string };
  expect(backup.status).toBe("success");
  return { email, password, jar, secret, backupCodes, backupFile: path.join(backupDir, backup.fileName) };
}

/** `npm run restore -- FILE …` as its own process: exit code and output. */
async function restore(args: string[], env: Record<string, string>) {
  const proc = launch("server/cli/index.ts", ["restore", ...args], childEnv(env));
  const { code } = await withTimeout(proc.exited, 120_000, "restore", proc.output);
  return { code, output: proc.output() };
}

/** The restored server knows the old session, a code from the app and a backup code. */
async function expectSignInsSurvive(server: Server, workspace: Workspace) {
  const flows = flowsFor(server);
  const me = await flows.request("/api/me", { cookie: workspace.jar.toString() });
  expect(me.status, "the session cookie from before the backup").toBe(200);
  expect(await me.json()).toMatchObject({ email: workspace.email, twoFactorEnabled: true });

  const withApp = new CookieJar();
  const first = await flows.signIn(withApp, workspace.email, workspace.password);
  expect(first.body).toMatchObject({ twoFactorRedirect: true });
  // The next 30-second step: the current one was spent turning two-factor on.
  const code = await flows.verifyTotp(withApp, totp(workspace.secret, { step: 1 }));
  expect(code.status, JSON.stringify(code.body)).toBe(200);

  const withBackupCode = new CookieJar();
  await flows.signIn(withBackupCode, workspace.email, workspace.password);
  const backupCode = await flows.verifyBackupCode(withBackupCode, workspace.backupCodes[0]!);
  expect(backupCode.status, JSON.stringify(backupCode.body)).toBe(200);
}

describe.runIf(testDatabaseKind() === "pglite")("restoring an embedded backup", () => {
  it("brings the auth secret back (0600): sessions, authenticator codes and backup codes keep working", async () => {
    const original = makeDataDir();
    const server = await startServer({ DATA_DIR: original, TRUSTED_PROXIES: "true" });
    let workspace: Workspace;
    try {
      workspace = await prepareWorkspace(server, path.join(original, "backups"));
    } finally {
      await stopServer(server);
    }
    const secret = readFileSync(path.join(original, "auth-secret"), "utf8").trim();

    // The archive: a manifest, the secret (0600) and the data directory's tar.
    const entries = readTar(gunzipSync(readFileSync(workspace.backupFile)));
    expect(entries.map((e) => e.name)).toEqual(["placar-backup.json", "auth-secret", "pgdata.tar"]);
    const archived = entries.find((e) => e.name === "auth-secret")!;
    expect(Buffer.from(archived.data).toString("utf8").trim()).toBe(secret);
    expect(archived.mode).toBe(0o600);

    const restoredDir = makeDataDir();
    const restored = await restore([workspace.backupFile], { DATA_DIR: restoredDir });
    expect(restored.code, restored.output).toBe(0);
    const secretFile = path.join(restoredDir, "auth-secret");
    expect(readFileSync(secretFile, "utf8").trim()).toBe(secret);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);

    const again = await startServer({ DATA_DIR: restoredDir, TRUSTED_PROXIES: "true" });
    try {
      await expectSignInsSurvive(again, workspace);
    } finally {
      await stopServer(again);
    }

    // AUTH_SECRET set to another secret than the archive's: refused before anything is written.
    const mismatchDir = makeDataDir();
    const mismatch = await restore([workspace.backupFile], {
      DATA_DIR: mismatchDir,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    });
    expect(mismatch.code).toBe(1);
    expect(mismatch.output).toContain("AUTH_SECRET is not the secret this backup was made with");
    expect(existsSync(path.join(mismatchDir, "pgdata"))).toBe(false);

    // A backup made before the secret was archived (the bare PGlite tarball).
    const legacy = path.join(makeDataDir(), "placar-pglite-legacy.tar.gz");
    writeFileSync(legacy, gzipSync(entries.find((e) => e.name === "pgdata.tar")!.data));
    const refusedDir = makeDataDir();
    const refused = await restore([legacy], { DATA_DIR: refusedDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("does not carry the auth secret");
    expect(existsSync(path.join(refusedDir, "pgdata"))).toBe(false);
    expect(existsSync(path.join(refusedDir, "auth-secret"))).toBe(false);

    // With the old secret at hand it restores; a wrong one is caught on the two-factor keys.
    const wrong = await restore([legacy], { DATA_DIR: makeDataDir(), AUTH_SECRET: "w".repeat(40) });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("cannot read 1 of 1 two-factor keys");
    const legacyDir = makeDataDir();
    writeFileSync(path.join(legacyDir, "auth-secret"), `${secret}\n`, { mode: 0o600 });
    const withOldFile = await restore([legacy], { DATA_DIR: legacyDir });
    expect(withOldFile.code, withOldFile.output).toBe(0);
    // --new-secret: restored on purpose without the old secret; the two-factor loss is spelled out.
    const fresh = await restore([legacy, "--new-secret"], { DATA_DIR: makeDataDir() });
    expect(fresh.code, fresh.output).toBe(0);
    expect(fresh.output).toContain("disable-two-factor");
  }, 600_000);
});

describe.runIf(testDatabaseKind() === "postgres")("restoring a PostgreSQL backup", () => {
  it("needs AUTH_SECRET; with the workspace's secret, sessions and two-factor keep working", async () => {
    const source = await createProcessDatabase();
    const targets = [await createProcessDatabase(), await createProcessDatabase()];
    try {
      const backupDir = makeDataDir();
      const server = await startServer({
        ...source.env,
        DATA_DIR: makeDataDir(),
        BACKUP_DIR: backupDir,
        TRUSTED_PROXIES: "true",
      });
      let workspace: Workspace;
      try {
        workspace = await prepareWorkspace(server, backupDir);
      } finally {
        await stopServer(server);
      }
      const [wrongTarget, target] = targets as [typeof source, typeof source];

      const withoutSecret = await restore([workspace.backupFile], {
        DATABASE_URL: target.url,
        DATA_DIR: makeDataDir(),
      });
      expect(withoutSecret.code).toBe(1);
      expect(withoutSecret.output).toContain("AUTH_SECRET: required when DATABASE_URL is set");

      const wrong = await restore([workspace.backupFile], {
        DATABASE_URL: wrongTarget.url,
        AUTH_SECRET: "w".repeat(40),
        DATA_DIR: makeDataDir(),
      });
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain("cannot read 1 of 1 two-factor keys");

      const right = await restore([workspace.backupFile], {
        DATABASE_URL: target.url,
        AUTH_SECRET: source.env.AUTH_SECRET,
        DATA_DIR: makeDataDir(),
      });
      expect(right.code, right.output).toBe(0);
      const again = await startServer({
        DATABASE_URL: target.url,
        AUTH_SECRET: source.env.AUTH_SECRET,
        DATA_DIR: makeDataDir(),
        TRUSTED_PROXIES: "true",
      });
      try {
        await expectSignInsSurvive(again, workspace);
      } finally {
        await stopServer(again);
      }
    } finally {
      for (const database of [source, ...targets]) await database.drop().catch(() => {});
    }
  }, 600_000);
});
