import type { Context } from "hono";
import { requiredTwoFactorRoles, type TwoFactorRequirableRole } from "../domain/permissions";
import type { AppBindings } from "./context";
import type { Db } from "./db/client";
import {
  buildDefaultSettings,
  readTwoFactorRequiredRoles,
  readWorkspaceTimezone,
} from "./workspace-settings";

// The workspace settings a request needs (time zone, roles that must use two-factor), taken from the
// row the session lookup read in the same query when it did (server/session-lookup.ts), else read
// now. Either way they are this request's fresh read, never a cache (docs/decisions/0020).

export function readRequestTimeZone(
  c: Context<AppBindings>,
  db: Db,
  fallbackTimezone: string,
): Promise<string> {
  const workspace = c.get("workspace");
  if (!workspace) return readWorkspaceTimezone(db, fallbackTimezone);
  return Promise.resolve(workspace.timezone ?? buildDefaultSettings(fallbackTimezone).timezone);
}

export function readRequestTwoFactorRoles(
  c: Context<AppBindings>,
  db: Db,
): Promise<TwoFactorRequirableRole[]> {
  const workspace = c.get("workspace");
  if (!workspace) return readTwoFactorRequiredRoles(db);
  return Promise.resolve(requiredTwoFactorRoles(workspace.twoFactorRequiredRoles));
}
