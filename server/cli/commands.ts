import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { isLanguage, isRole, type Language, type Role, roles } from "../../domain/roles";
import { openConfiguredDatabase } from "../bootstrap";
import type { Database } from "../db/client";
import { DataDirLockedError } from "../db/lock";
import { type Env, EnvError, parseEnv } from "../env";
import { AppError } from "../errors";
import { createUsersService, passwordMinLength, type UsersService } from "../features/users/users.service";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";

// The operator CLI: `npm run user -- <command>` and `npm run seed -- [--demo]`
// (bundled as dist/server/cli.js: `node dist/server/cli.js user create ...`).

export type CliIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Reads a line without echoing it; undefined when there is no terminal to ask. */
  promptHidden?: (question: string) => Promise<string>;
};

/** What the user commands work on; the default opens the configured database (and its lock). */
export type CliContext = { users: UsersService; env: Env; database: Database; close: () => Promise<void> };
export type OpenCliContext = () => Promise<CliContext>;

export const usage = `Placar operator CLI

Usage:
  npm run user -- create --email E --role R [--password P] [--name N] [--language L]
  npm run user -- set-role --email E --role R
  npm run user -- set-password --email E [--password P]
  npm run user -- deactivate --email E
  npm run user -- reactivate --email E
  npm run user -- disable-two-factor --email E
  npm run seed -- [--demo]
  npm run backup
  npm run restore -- FILE [--new-secret]

Roles: ${roles.join(", ")}. Languages: pt-BR, en, ru.
Without --password, "create" prints a set-password link valid for 7 days (and mails it when SMTP_URL
is set), and "set-password" asks for the password (hidden) or, without a terminal, generates one.
"disable-two-factor" turns off a user's two-factor sign-in (a lost phone, with no admin to do it).
"restore" brings an embedded backup's auth secret back; --new-secret restores one made without it.
Configuration comes from the environment (DATA_DIR, DATABASE_URL, APP_URL, SMTP_URL, ...). With the
embedded database, stop the server first: one process at a time may open DATA_DIR.`;

class UsageError extends Error {
  override name = "UsageError";
}

/** Runs one CLI invocation and returns the exit code (0 ok, 1 failed, 2 bad usage). */
export async function runCli(
  argv: string[],
  io: CliIo,
  openContext: OpenCliContext = openConfiguredContext,
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === "--help" || command === "-h" || command === "help") {
      io.out(`${usage}\n`);
      return command ? 0 : 2;
    }
    if (command === "seed") {
      const { runSeed } = await import("../db/seed");
      await runSeed(rest, { write: io.out });
      return 0;
    }
    if (command === "user") return await runUserCommand(rest, io, openContext);
    if (command === "backup") {
      const { runBackupCommand } = await import("../features/backups/backups.cli");
      return await runBackupCommand(io);
    }
    if (command === "restore") {
      const { runRestoreCommand } = await import("../features/backups/backups.cli");
      return await runRestoreCommand(rest, io);
    }
    throw new UsageError(`Unknown command "${command}".`);
  } catch (error) {
    return reportError(error, io);
  }
}

async function runUserCommand(argv: string[], io: CliIo, openContext: OpenCliContext): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.out(`${usage}\n`);
    return sub ? 0 : 2;
  }
  const handler = userCommands[sub];
  if (!handler) throw new UsageError(`Unknown user command "${sub}".`);
  const options = parseOptions(rest);
  if (options.help) {
    io.out(`${usage}\n`);
    return 0;
  }
  const context = await openContext();
  try {
    await handler(options, context, io);
    return 0;
  } finally {
    await context.close();
  }
}

type Options = {
  email?: string;
  role?: string;
  password?: string;
  name?: string;
  language?: string;
  help?: boolean;
};

function parseOptions(args: string[]): Options {
  try {
    const { values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: "string" },
        role: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        language: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    return values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

type UserCommand = (options: Options, context: CliContext, io: CliIo) => Promise<void>;

const userCommands: Record<string, UserCommand> = {
  async create(options, { users }, io) {
    const email = requireEmail(options);
    const role = requireRole(options);
    const language = optionalLanguage(options);
    const result = await users.createUserWithInvite({
      actor: "operator",
      email,
      role,
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.password !== undefined ? { password: options.password } : {}),
      ...(language ? { language } : {}),
    });
    io.out(`Created ${result.user.email} (${result.user.name}) with role ${result.user.role}.\n`);
    if (result.setPasswordUrl) {
      const sent = result.invitation?.delivered && result.invitation.transport === "smtp";
      io.out(
        sent
          ? `Invitation mailed to ${result.user.email}. `
          : "No mail transport delivered the invitation (SMTP_URL not set or failing); pass this link on. ",
      );
      io.out(`Set-password link (valid 7 days, single use):\n${result.setPasswordUrl}\n`);
    }
  },

  async "set-role"(options, { users }, io) {
    const email = requireEmail(options);
    const role = requireRole(options);
    const user = await requireUser(users, email);
    const updated = await users.setUserRole({ actor: "operator", userId: user.id, role });
    io.out(`${updated.email} now has role ${updated.role}.\n`);
  },

  async "set-password"(options, { users }, io) {
    const email = requireEmail(options);
    const user = await requireUser(users, email);
    let password = options.password;
    let generated = false;
    if (password === undefined) {
      if (io.promptHidden) {
        password = await io.promptHidden(
          `New password for ${user.email} (${passwordMinLength}+ characters): `,
        );
        const again = await io.promptHidden("Repeat it: ");
        if (again !== password) throw new UsageError("The two passwords differ; nothing changed.");
      } else {
        password = randomBytes(12).toString("base64url");
        generated = true;
      }
    }
    await users.setUserPassword({ actor: "operator", userId: user.id, password });
    io.out(`Password of ${user.email} changed; their sessions were ended.\n`);
    if (generated) io.out(`Generated password (shown once): ${password}\n`);
  },

  async "disable-two-factor"(options, { users }, io) {
    const email = requireEmail(options);
    const user = await requireUser(users, email);
    await users.disableUserTwoFactor({ actor: "operator", userId: user.id });
    io.out(`Two-factor sign-in of ${user.email} is off; they sign in with the password alone.\n`);
  },

  async deactivate(options, { users }, io) {
    const email = requireEmail(options);
    const user = await requireUser(users, email);
    const updated = await users.deactivateUser({ actor: "operator", userId: user.id });
    io.out(`${updated.email} is deactivated: sign-in refused, sessions ended, API tokens revoked.\n`);
  },

  async reactivate(options, { users }, io) {
    const email = requireEmail(options);
    const user = await requireUser(users, email);
    const updated = await users.reactivateUser({ actor: "operator", userId: user.id });
    io.out(`${updated.email} is active again: they can sign in with their password.\n`);
  },
};

function requireEmail(options: Options): string {
  if (!options.email) throw new UsageError("--email is required.");
  return options.email;
}

function requireRole(options: Options): Role {
  if (!options.role) throw new UsageError(`--role is required (${roles.join(", ")}).`);
  if (!isRole(options.role)) throw new UsageError(`Unknown role "${options.role}" (${roles.join(", ")}).`);
  return options.role;
}

function optionalLanguage(options: Options): Language | undefined {
  if (options.language === undefined) return undefined;
  if (!isLanguage(options.language))
    throw new UsageError(`Unknown language "${options.language}" (pt-BR, en, ru).`);
  return options.language;
}

async function requireUser(users: UsersService, email: string) {
  const user = await users.findUserByEmail(email);
  if (!user) throw new AppError("not_found", `No user with e-mail ${email}.`);
  return user;
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.err(`${error.message}\nRun with --help for usage.\n`);
    return 2;
  }
  if (error instanceof AppError) {
    const fields = error.fields
      ? Object.entries(error.fields).map(([field, code]) => ` (${field}: ${code})`)
      : [];
    io.err(`${error.message}${fields.join("")}\n`);
    return 1;
  }
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    io.err(`${error.message}\n`);
    return 1;
  }
  if (error instanceof Error && error.name === "SeedRefusedError") {
    io.err(`${error.message}\n`);
    return 1;
  }
  io.err(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
}

/** Opens the configured database (PGlite takes the DATA_DIR lock first) and migrates it. */
export async function openConfiguredContext(): Promise<CliContext> {
  const env = parseEnv();
  // Logs go to stderr and only from "warn" up, so stdout carries just the command's answer.
  const logger = createLogger(
    env.logLevel === "silent" ? "silent" : "warn",
    { service: "placar-cli" },
    (line) => process.stderr.write(`${line}\n`),
  );
  const database = await openConfiguredDatabase(env);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer(env, logger);
  return {
    env,
    database,
    users: createUsersService({ db: database.db, env, mailer, logger }),
    close: () => database.close(),
  };
}
