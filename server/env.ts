import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

// The only module that reads process.env. Everything else receives an Env.

const logLevels = ["debug", "info", "warn", "error", "silent"] as const;

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const rawEnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  BACKUP_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalText,
  CAPTCHA_PROVIDER: z.enum(["altcha", "turnstile", "none"]).default("altcha"),
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  WORKSPACE_TIMEZONE: z
    .string()
    .trim()
    .refine(isTimeZone, "must be an IANA time zone")
    .default("America/Sao_Paulo"),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  TRUSTED_PROXIES: optionalText,
  // Multiplies the sign-in/sign-up/reset limits; only for test servers where every browser shares
  // one address (the end-to-end suite). Production keeps 1.
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** API requests per client address and minute before 429 (0 turns the limit off). */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(3000),
  /** Postbacks per key and minute before 429, per process (0 turns the limit off). */
  POSTBACK_RATE_LIMIT: z.coerce.number().int().min(0).default(6000),
  /** Milliseconds an API handler may take before the client gets 503 (streams are exempt). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Server processes sharing the port (PostgreSQL only): a number, or "auto" for one per CPU. */
  WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).default(1),
  /** Milliseconds between scheduler ticks (backups, report e-mails); tests shorten it. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Where daily exchange rates may be fetched from (issue 30): "bcb" (the Central Bank's PTAX) or none. */
  FX_SOURCE: z.enum(["none", "bcb"]).default("none"),
  /** The PTAX OData service's base URL (tests point it at a local server). */
  FX_BCB_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

export type LogLevel = (typeof logLevels)[number];

export type Env = {
  /** FX_SOURCE=bcb: the rates screen may fetch PTAX from this OData base URL; null: no fetcher. */
  fxBcbUrl: string | null;
  port: number;
  host: string;
  dataDir: string;
  /** Where backups are written (BACKUP_DIR, default DATA_DIR/backups). */
  backupDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  captcha: {
    provider: "altcha" | "turnstile" | "none";
    turnstileSiteKey?: string;
    turnstileSecretKey?: string;
  };
  workspaceTimezone: string;
  logLevel: LogLevel;
  /** Whether X-Forwarded-For may be trusted for the client address (behind a reverse proxy). */
  trustProxy: boolean;
  /** Multiplier of the auth endpoints' per-address limits (1 in production). */
  authRateLimitScale: number;
  /** API requests per client address and minute; 0 = unlimited. */
  apiRateLimit: number;
  /** Postbacks per key and minute (per process); 0 = unlimited. */
  postbackRateLimit: number;
  requestTimeoutMs: number;
  /** Server processes (node:cluster workers) sharing the port; always 1 on PGlite. */
  workers: number;
  /** Milliseconds between scheduler ticks (60 000 in production). */
  schedulerTickMs: number;
  /** Where authSecret came from: AUTH_SECRET, DATA_DIR/auth-secret, or generated now. */
  authSecretSource: "env" | "file" | "generated";
};

export class EnvError extends Error {
  override name = "EnvError";
}

type Source = Record<string, string | undefined>;

/** Parses and validates configuration. Throws EnvError naming every bad variable. */
export function parseEnv(source: Source = process.env, options: { persistSecret?: boolean } = {}): Env {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  if (raw.CAPTCHA_PROVIDER === "turnstile" && (!raw.TURNSTILE_SITE_KEY || !raw.TURNSTILE_SECRET_KEY)) {
    throw new EnvError(
      "Invalid configuration:\n  TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY: both are required when CAPTCHA_PROVIDER=turnstile",
    );
  }
  if (raw.DATABASE_URL && !raw.AUTH_SECRET) {
    throw new EnvError(
      "Invalid configuration:\n  AUTH_SECRET: required when DATABASE_URL is set (every app process must share it)",
    );
  }
  const workers = raw.WORKERS === "auto" ? Math.min(availableParallelism(), 64) : raw.WORKERS;
  // One process per PGlite folder (its lock): several workers need a PostgreSQL they can share.
  if (workers > 1 && !raw.DATABASE_URL) {
    throw new EnvError(
      "Invalid configuration:\n  WORKERS: more than one server process needs DATABASE_URL (an embedded database has one process)",
    );
  }
  const dataDir = path.resolve(raw.DATA_DIR);
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  const stored = raw.AUTH_SECRET ? undefined : readOrCreateSecret(dataDir, options.persistSecret ?? true);
  const authSecret = raw.AUTH_SECRET ?? stored?.secret ?? "";
  const authSecretSource = raw.AUTH_SECRET ? "env" : (stored?.source ?? "generated");
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    backupDir: raw.BACKUP_DIR ? path.resolve(raw.BACKUP_DIR) : path.join(dataDir, "backups"),
    databaseUrl: raw.DATABASE_URL,
    appUrl,
    authSecret,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM ?? `Placar <no-reply@${new URL(appUrl).hostname}>`,
    captcha: {
      provider: raw.CAPTCHA_PROVIDER,
      ...(raw.TURNSTILE_SITE_KEY ? { turnstileSiteKey: raw.TURNSTILE_SITE_KEY } : {}),
      ...(raw.TURNSTILE_SECRET_KEY ? { turnstileSecretKey: raw.TURNSTILE_SECRET_KEY } : {}),
    },
    workspaceTimezone: raw.WORKSPACE_TIMEZONE,
    logLevel: raw.LOG_LEVEL,
    trustProxy: raw.TRUSTED_PROXIES === "true" || raw.TRUSTED_PROXIES === "1",
    authRateLimitScale: raw.AUTH_RATE_LIMIT_SCALE,
    apiRateLimit: raw.API_RATE_LIMIT,
    postbackRateLimit: raw.POSTBACK_RATE_LIMIT,
    requestTimeoutMs: raw.REQUEST_TIMEOUT_MS,
    workers,
    schedulerTickMs: raw.SCHEDULER_TICK_MS,
    authSecretSource,
    fxBcbUrl:
      raw.FX_SOURCE === "bcb"
        ? (raw.FX_BCB_URL ?? "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata").replace(
            /\/+$/,
            "",
          )
        : null,
  };
}

// Embedded mode keeps one generated secret beside the database so sessions survive restarts.
// A restored embedded backup brings its own file back (docs/decisions/0070).
export const authSecretFileName = "auth-secret";

function readOrCreateSecret(
  dataDir: string,
  persist: boolean,
): { secret: string; source: "file" | "generated" } {
  const file = path.join(dataDir, authSecretFileName);
  if (existsSync(file)) return { secret: readFileSync(file, "utf8").trim(), source: "file" };
  const secret = randomBytes(32).toString("base64url");
  if (persist) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return { secret, source: "file" };
  }
  return { secret, source: "generated" };
}
