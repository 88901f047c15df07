import type { Role } from "./roles";

// The one permissions map (decisions.md, "Who sees what"). The server's checks are the real ones;
// the web uses the same map only to hide what the server would refuse.
// Object-level scope (own rows, a team lead's buyers) is applied inside each service's queries.

export const permissions = {
  // areas of the web app
  "area:admin": ["admin"],
  "area:financial": ["financial", "admin"],
  // campaigns: everyone reads within their scope; financial only reads
  "campaigns:write": ["user", "manager", "admin"],
  "campaigns:read-team": ["manager"],
  "campaigns:read-all": ["financial", "admin"],
  // offers
  "offers:read-all": ["financial", "admin"],
  "offers:manage": ["admin"],
  // users
  "users:read-team": ["manager"],
  "users:read-all": ["financial", "admin"],
  "users:manage": ["admin"],
  // notes: admins write, buyers and team leads read their own
  "notes:read-own": ["user", "manager"],
  "notes:manage": ["admin"],
  // creative requests
  "creative-requests:create": ["user", "manager"],
  "creative-requests:manage": ["admin"],
  // payments and commissions
  "payments:read-own": ["user", "manager"],
  "payments:manage": ["financial", "admin"],
  "commission-settings:manage": ["financial", "admin"],
  // workspace
  "settings:manage": ["admin"],
  "audit:read": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (permissions[permission] as readonly Role[]).includes(role);
}

/** Where each role lands after signing in. */
export function homePathFor(role: Role): string {
  if (role === "admin") return "/admin/dashboard";
  if (role === "financial") return "/financial/dashboard";
  return "/";
}
