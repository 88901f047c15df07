import { isLanguage, isRole } from "../domain/roles";
import type { Actor } from "./context";
import { users } from "./db/schema";

// Every request's Actor comes from the same user columns, read fresh, whether the request carries a
// session cookie (server/session-lookup.ts, or Better Auth's answer) or an API token.

/** The user columns an Actor is built from; select them beside the session's or the token's. */
export const actorUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  managerId: users.managerId,
  language: users.language,
  deactivatedAt: users.deactivatedAt,
  banned: users.banned,
  twoFactorEnabled: users.twoFactorEnabled,
};

/** The Actor of a user, or null when the user may not act (deactivated, banned, unknown role). */
export function toActor(user: Record<string, unknown>): Omit<Actor, "client"> | null {
  if (!isRole(user.role) || user.deactivatedAt || user.banned) return null;
  return {
    id: String(user.id),
    email: String(user.email),
    name: String(user.name),
    role: user.role,
    managerId: typeof user.managerId === "string" ? user.managerId : null,
    language: isLanguage(user.language) ? user.language : null,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}
