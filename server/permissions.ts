import { can, type Permission } from "../domain/permissions";
import type { Actor } from "./context";
import { forbidden, notFound } from "./errors";

// The server's one permission check (docs/architecture.md, "Who may do what"). The operation guard
// (server/operation-access.ts) has already refused a role that may not call the operation at all;
// services call assertCan for what they do, and scope their queries with domain/permissions.ts's
// scope functions, so another user's row is simply not found.

/**
 * The thing acted on, when the actor may not even read it: the refusal is then 404 (naming `what`),
 * so an unreadable row looks like a missing one. Without it, or when it is readable, the refusal
 * is 403.
 */
export type Subject = { what: string; readable: boolean };

/**
 * Throws unless the actor holds the permission: 403 forbidden when what it acts on is readable to
 * it (or nothing in particular), 404 not_found when it is not.
 */
export function assertCan(actor: Pick<Actor, "role">, permission: Permission, subject?: Subject): void {
  if (can(actor.role, permission)) return;
  throw subject && !subject.readable ? notFound(subject.what) : forbidden();
}
