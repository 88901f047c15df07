import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliContext, type CliIo, runCli } from "../../server/cli/commands";
import { createUser } from "../../server/db/factories";
import { auditEvents, sessions, users } from "../../server/db/schema";
import { createUsersService } from "../../server/features/users/users.service";
import { projectRoot } from "../../server/paths";
import { createTestContext, type TestContext, testDatabaseKind } from "../harness";

// The operator CLI, through its functions on the test database, plus real processes for the
// DATA_DIR lock.

let ctx: TestContext;
let context: CliContext;
beforeAll(async () => {
  ctx = await createTestContext();
  context = {
    env: ctx.env,
    database: ctx.database,
    users: createUsersService({ db: ctx.db, env: ctx.env, mailer: ctx.deps.mailer, logger: ctx.deps.logger }),
    close: async () => {},
  };
});
afterAll(async () => {
  await ctx?.close();
});

type Run = { code: number; out: string; err: string };

async function cli(args: string[], promptAnswers?: string[]): Promise<Run> {
  let out = "";
  let err = "";
  const answers = promptAnswers ? [...promptAnswers] : undefined;
  const io: CliIo = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    ...(answers ? { promptHidden: async () => answers.shift() ?? "" } : {}),
  };
  const code = await runCli(args, io, async () => context);
  return { code, out, err };
}

async function userByEmail(email: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("user create", () => {
  it("creates a user with a password", async () => {
    const run = await cli([
      "user",
      "create",
      "--email",
      "Ana@Example.com",
      "--role",
      "admin",
      "--password",
      "lilac-river-31",
    ]);
    expect(run).toMatchObject({ code: 0, err: "" });
    expect(run.out).toContain("Created ana@example.com (Ana) with role admin.");
    expect(run.out).not.toContain("lilac-river-31");
    expect(await userByEmail("ana@example.com")).toMatchObject({ role: "admin", name: "Ana" });
    await expect(ctx.signIn("ana@example.com", "lilac-river-31")).resolves.toBeTruthy();
  });

  it("without a password prints a set-password link (and sends the invitation)", async () => {
    const mails = ctx.outbox.length;
    const run = await cli([
      "user",
      "create",
      "--email",
      "bia@example.com",
      "--role",
      "financial",
      "--name",
      "Bia Lopes",
    ]);
    expect(run.code).toBe(0);
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(run.out)?.[1];
    expect(link).toBeTruthy();
    expect(run.out).toContain("valid 7 days");
    expect(ctx.outbox[mails]?.to).toBe("bia@example.com");
    expect(await userByEmail("bia@example.com")).toMatchObject({ name: "Bia Lopes", role: "financial" });
  });

  it("refuses a taken e-mail with a clear message and exit code 1", async () => {
    const run = await cli(["user", "create", "--email", "ana@example.com", "--role", "user"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("already exists");
  });

  it.each([
    [["user", "create", "--role", "user"], "--email is required"],
    [["user", "create", "--email", "x@example.com"], "--role is required"],
    [["user", "create", "--email", "x@example.com", "--role", "boss"], 'Unknown role "boss"'],
    [
      ["user", "create", "--email", "x@example.com", "--role", "user", "--language", "fr"],
      'Unknown language "fr"',
    ],
    [["user", "create", "--email", "x@example.com", "--role", "user", "--colour", "red"], "colour"],
    [["user", "promote", "--email", "x@example.com"], 'Unknown user command "promote"'],
    [["frobnicate"], 'Unknown command "frobnicate"'],
  ])("answers bad usage %j with exit code 2", async (args, message) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
    expect(run.err).toContain("--help");
    expect(await userByEmail("x@example.com")).toBeUndefined();
  });

  it("prints the usage for --help", async () => {
    for (const args of [["--help"], ["user", "--help"], ["user", "create", "--help"]]) {
      const run = await cli(args);
      expect(run.code).toBe(0);
      expect(run.out).toContain("npm run user -- create --email E --role R");
    }
  });
});

describe("user set-role", () => {
  it("changes the role", async () => {
    await createUser(ctx.db, { email: "caio@example.com" });
    const run = await cli(["user", "set-role", "--email", "CAIO@example.com", "--role", "manager"]);
    expect(run).toMatchObject({ code: 0, out: "caio@example.com now has role manager.\n" });
    expect((await userByEmail("caio@example.com"))?.role).toBe("manager");
  });

  it("refuses to demote the last admin", async () => {
    const run = await cli(["user", "set-role", "--email", "ana@example.com", "--role", "user"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("last active admin");
    expect((await userByEmail("ana@example.com"))?.role).toBe("admin");
  });

  it("answers an unknown e-mail with exit code 1", async () => {
    const run = await cli(["user", "set-role", "--email", "ghost@example.com", "--role", "user"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("No user with e-mail ghost@example.com");
  });
});

describe("user set-password", () => {
  it("takes --password", async () => {
    const dani = await createUser(ctx.db, { email: "dani@example.com" });
    const run = await cli([
      "user",
      "set-password",
      "--email",
      "dani@example.com",
      "--password",
      "copper-field-77",
    ]);
    expect(run.code).toBe(0);
    expect(run.out).not.toContain("copper-field-77");
    await expect(ctx.signIn("dani@example.com", "copper-field-77")).resolves.toBeTruthy();
    await expect(ctx.signIn("dani@example.com", dani.password)).rejects.toThrow(/401/);
  });

  it("asks twice without echoing when there is a terminal", async () => {
    await createUser(ctx.db, { email: "edu@example.com" });
    const run = await cli(
      ["user", "set-password", "--email", "edu@example.com"],
      ["typed-secret", "typed-secret"],
    );
    expect(run.code).toBe(0);
    expect(run.out).not.toContain("typed-secret");
    await expect(ctx.signIn("edu@example.com", "typed-secret")).resolves.toBeTruthy();

    const mismatch = await cli(
      ["user", "set-password", "--email", "edu@example.com"],
      ["first-secret", "other-secret"],
    );
    expect(mismatch.code).toBe(2);
    expect(mismatch.err).toContain("differ");
    await expect(ctx.signIn("edu@example.com", "typed-secret")).resolves.toBeTruthy();
  });

  it("generates and shows a password once when there is no terminal", async () => {
    await createUser(ctx.db, { email: "fred@example.com" });
    const run = await cli(["user", "set-password", "--email", "fred@example.com"]);
    expect(run.code).toBe(0);
    const generated = /Generated password \(shown once\): (\S+)/.exec(run.out)?.[1] ?? "";
    expect(generated.length).toBeGreaterThanOrEqual(12);
    await expect(ctx.signIn("fred@example.com", generated)).resolves.toBeTruthy();
  });

  it("refuses a short password", async () => {
    await createUser(ctx.db, { email: "gabi@example.com" });
    const run = await cli(["user", "set-password", "--email", "gabi@example.com", "--password", "short"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("at least 8 characters");
  });

  it("refuses a password from the published top-10,000 list and keeps the old one", async () => {
    const gil = await createUser(ctx.db, { email: "gil.cli@example.com" });
    const run = await cli([
      "user",
      "set-password",
      "--email",
      "gil.cli@example.com",
      "--password",
      "Baseball1",
    ]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/common/i);
    await expect(ctx.signIn("gil.cli@example.com", gil.password)).resolves.toBeTruthy();
  });
});

describe("user disable-two-factor", () => {
  it("turns off a user's two-factor (the only admin lost their phone), audited as the operator", async () => {
    const admin = await createUser(ctx.db, { role: "admin", email: "solo.admin@example.com" });
    await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, admin.id));
    const run = await cli(["user", "disable-two-factor", "--email", "solo.admin@example.com"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("solo.admin@example.com");
    expect((await userByEmail("solo.admin@example.com"))?.twoFactorEnabled).toBe(false);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "auth.two_factor_disabled"), eq(auditEvents.subjectUserId, admin.id)),
      );
    expect(event).toMatchObject({ actorId: null, details: { by: "operator" } });
  });
});

describe("user deactivate", () => {
  it("blocks sign-in and ends the sessions", async () => {
    const hana = await createUser(ctx.db, { email: "hana@example.com" });
    await ctx.signIn("hana@example.com", hana.password);
    const run = await cli(["user", "deactivate", "--email", "hana@example.com"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("hana@example.com is deactivated");
    expect((await userByEmail("hana@example.com"))?.deactivatedAt).toBeInstanceOf(Date);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, hana.id))).toHaveLength(0);
    await expect(ctx.signIn("hana@example.com", hana.password)).rejects.toThrow(/403/);
  });

  it("is undone by reactivate", async () => {
    const ivo = await createUser(ctx.db, { email: "ivo@example.com", deactivatedAt: new Date() });
    await expect(ctx.signIn("ivo@example.com", ivo.password)).rejects.toThrow(/403/);
    const run = await cli(["user", "reactivate", "--email", "ivo@example.com"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("ivo@example.com is active again");
    expect((await userByEmail("ivo@example.com"))?.deactivatedAt).toBeNull();
    await expect(ctx.signIn("ivo@example.com", ivo.password)).resolves.toEqual(expect.any(String));
  });
});

// About PGlite's folder lock, whatever database the rest of the suite runs on: once is enough.
describe.skipIf(testDatabaseKind() !== "pglite")("as a real process on an embedded DATA_DIR", () => {
  const tsx = path.join(projectRoot, "node_modules", ".bin", "tsx");
  const entry = path.join(projectRoot, "server", "cli", "index.ts");
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function runProcess(args: string[], dataDir: string): Promise<Run> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      APP_URL: "http://localhost:3101",
    };
    delete env.DATABASE_URL;
    delete env.AUTH_SECRET;
    delete env.SMTP_URL;
    return new Promise((resolve, reject) => {
      const child = spawn(tsx, [entry, ...args], {
        cwd: projectRoot,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
      });
      child.stderr.on("data", (chunk) => {
        err += chunk;
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code: code ?? -1, out, err }));
    });
  }

  it("exits at once with the lock message while another process holds the folder, touching nothing", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "placar-cli-lock-"));
    dirs.push(dataDir);
    // This test process stands in for the running server: a live pid in the lock file.
    writeFileSync(path.join(dataDir, "placar.lock"), `${process.pid}\n`);
    const started = performance.now();
    const run = await runProcess(["user", "create", "--email", "x@example.com", "--role", "user"], dataDir);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`is in use by another Placar process (pid ${process.pid})`);
    expect(existsSync(path.join(dataDir, "pgdata"))).toBe(false);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("works on a free folder and releases the lock when done", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "placar-cli-free-"));
    dirs.push(dataDir);
    const run = await runProcess(
      ["user", "create", "--email", "ops@example.com", "--role", "admin", "--password", "granite-sky-25"],
      dataDir,
    );
    expect(run.err).toBe("");
    expect(run).toMatchObject({ code: 0, out: "Created ops@example.com (Ops) with role admin.\n" });
    expect(existsSync(path.join(dataDir, "pgdata"))).toBe(true);
    expect(existsSync(path.join(dataDir, "placar.lock"))).toBe(false);
  }, 120_000);
});
