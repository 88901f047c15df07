import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../server/env";

// Configuration is validated once at start; a bad value stops the start with a message naming it.

const temp: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "placar-env-"));
  temp.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function parseError(source: Record<string, string>): string {
  try {
    parseEnv({ DATA_DIR: tempDir(), ...source }, { persistSecret: false });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted a bad configuration");
}

describe("parseEnv", () => {
  it("has working defaults for the embedded mode", () => {
    const env = parseEnv({ DATA_DIR: tempDir() }, { persistSecret: false });
    expect(env).toMatchObject({
      port: 3000,
      appUrl: "http://localhost:3000",
      databaseUrl: undefined,
      smtpUrl: undefined,
      captcha: { provider: "altcha" },
      workspaceTimezone: "America/Sao_Paulo",
      logLevel: "info",
      trustProxy: false,
      workers: 1,
    });
    expect(env.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: "seventy" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ APP_URL: "ftp://example.com" }, "APP_URL"],
    [{ DATABASE_URL: "mysql://db/placar", AUTH_SECRET: "x".repeat(32) }, "DATABASE_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ CAPTCHA_PROVIDER: "recaptcha" }, "CAPTCHA_PROVIDER"],
    [{ WORKSPACE_TIMEZONE: "Mars/Olympus" }, "WORKSPACE_TIMEZONE"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ WORKERS: "two", DATABASE_URL: "postgres://db/placar", AUTH_SECRET: "x".repeat(32) }, "WORKERS"],
    [{ WORKERS: "0", DATABASE_URL: "postgres://db/placar", AUTH_SECRET: "x".repeat(32) }, "WORKERS"],
  ])("names the bad variable in %j", (source, variable) => {
    expect(parseError(source)).toContain(variable);
  });

  it("refuses DATABASE_URL without AUTH_SECRET (every process must share one)", () => {
    expect(parseError({ DATABASE_URL: "postgres://db/placar" })).toContain("AUTH_SECRET");
    const env = parseEnv(
      { DATA_DIR: tempDir(), DATABASE_URL: "postgres://db/placar", AUTH_SECRET: "s".repeat(32) },
      { persistSecret: false },
    );
    expect(env.databaseUrl).toBe("postgres://db/placar");
  });

  it("runs several server processes only on PostgreSQL (one process per embedded folder)", () => {
    expect(parseError({ WORKERS: "2" })).toContain("WORKERS");
    expect(parseError({ WORKERS: "auto" })).toContain("WORKERS");
    const postgres = {
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://db/placar",
      AUTH_SECRET: "s".repeat(32),
    };
    expect(parseEnv({ ...postgres, WORKERS: "3" }, { persistSecret: false }).workers).toBe(3);
    expect(parseEnv({ ...postgres, WORKERS: "auto" }, { persistSecret: false }).workers).toBe(
      os.availableParallelism(),
    );
    expect(parseEnv({ DATA_DIR: tempDir(), WORKERS: "1" }, { persistSecret: false }).workers).toBe(1);
  });

  it("requires both Turnstile keys for CAPTCHA_PROVIDER=turnstile", () => {
    expect(parseError({ CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: "site" })).toContain(
      "TURNSTILE_SECRET_KEY",
    );
  });

  it("turns the captcha off only when told explicitly", () => {
    expect(parseEnv({ DATA_DIR: tempDir() }, { persistSecret: false }).captcha.provider).toBe("altcha");
    expect(
      parseEnv({ DATA_DIR: tempDir(), CAPTCHA_PROVIDER: "none" }, { persistSecret: false }).captcha.provider,
    ).toBe("none");
  });

  it("generates the embedded secret once and keeps it in DATA_DIR", () => {
    const dir = tempDir();
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
  });

  it("derives APP_URL from PORT and trims a trailing slash", () => {
    expect(parseEnv({ DATA_DIR: tempDir(), PORT: "3123" }, { persistSecret: false }).appUrl).toBe(
      "http://localhost:3123",
    );
    expect(
      parseEnv({ DATA_DIR: tempDir(), APP_URL: "https://placar.example/" }, { persistSecret: false }).appUrl,
    ).toBe("https://placar.example");
  });
});
