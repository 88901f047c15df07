import type { Language, Role } from "../domain/roles";
import type { RequestClient } from "./audit";
import type { Auth } from "./auth";
import type { Database } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { RefusalAudit } from "./refusal-audit";
import type { WorkspaceSnapshot } from "./session-lookup";

/** The signed-in user as every service sees it, read fresh from the database on each request. */
export type Actor = {
  id: string;
  email: string;
  name: string;
  role: Role;
  managerId: string | null;
  language: Language | null;
  /** The request's address and user agent, for the audit trail; absent outside HTTP (CLI, jobs). */
  client?: RequestClient;
  /** Whether the user signs in with a second factor; set for HTTP callers (session or token). */
  twoFactorEnabled?: boolean;
  /** Set when the request authenticated with a personal API token instead of a session. */
  token?: { id: string; fullAccess: boolean };
};

/** Everything a feature's routes need, built once at start (server/bootstrap.ts). */
export type AppDeps = {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Refused calls into the audit trail, aggregated per caller and minute (server/refusal-audit.ts). */
  refusals?: RefusalAudit;
  /** Aborted when the process stops (SIGTERM): open streams end so the server can close. */
  shutdown?: AbortSignal;
};

export type AppBindings = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the session middleware; null when nobody is signed in. */
    actor: Actor | null;
    /** The id of the session the request came with; null without one (anonymous, API token). */
    sessionId: string | null;
    /** Workspace settings read with the session (server/workspace-context.ts); null when not read. */
    workspace: WorkspaceSnapshot | null;
  };
};
