import type { Role } from "./roles";

// The one permissions map (decisions.md, "Who sees what"). The server's checks are the real ones
// (server/operation-access.ts per operation, assertCan in services); the web uses the same map only
// to hide what the server would refuse. Roles are named here and nowhere else: a rule that depends
// on the role is a permission below or a function of this file (tests/unit/role-comparisons.test.ts).
// Object-level scope (own rows, a team lead's buyers) is applied inside each service's queries,
// from the scope functions below.

export const permissions = {
  // areas of the web app; the buyer area (dashboard, logging days, own payments and notes) is
  // for the people who log their own campaigns
  "area:buyer": ["user", "manager"],
  "area:admin": ["admin"],
  "area:financial": ["financial", "admin"],
  // campaigns: everyone reads within their scope; financial only reads
  "campaigns:write": ["user", "manager", "admin"],
  // change anyone's campaign, and log or import campaigns in another user's name
  "campaigns:write-all": ["admin"],
  "campaigns:read-team": ["manager"],
  "campaigns:read-all": ["financial", "admin"],
  // offers
  "offers:read-all": ["financial", "admin"],
  "offers:manage": ["admin"],
  // offers are assigned to buyers only
  "offers:be-assigned": ["user"],
  // teams: a buyer may have a team lead; only a team lead (manager) may be one
  "team:have-lead": ["user"],
  "team:lead": ["manager"],
  // the team screen: a lead reads the buyers they lead; financial and admins any lead's, or every buyer
  "team:read": ["manager", "financial", "admin"],
  "team:read-all": ["financial", "admin"],
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
  // reconciliation of networks' statements (issue 32): the network's file is for finance only
  "reconciliation:manage": ["financial", "admin"],
  // buyers earn commission: commission settings, the commission card and pending-payment badge,
  // and the buyer counts of reports are about them
  "commission:earn": ["user"],
  // where a buyer is paid: the buyer keeps their own; financial and admins read anyone's
  "payee:own": ["user"],
  "payee:read-all": ["financial", "admin"],
  // the pivot report (issue 25, docs/decisions/0079): every role, over the rows it may read; saved
  // views are private to their owner
  "reports:read": ["user", "manager", "financial", "admin"],
  "reports:save": ["user", "manager", "financial", "admin"],
  // postbacks (issue 26, docs/decisions/0086): people who log their own campaigns keep keys for
  // themselves and read their own log; admins make keys per offer and read every key and log
  "postbacks:own": ["user", "manager"],
  "postbacks:manage": ["admin"],
  // the postbacks screen and its log: whoever holds either of the two above
  "postbacks:read": ["user", "manager", "admin"],
  // daily exchange rates (issue 30): every signed-in user reads them (a converted amount shows its
  // rate); financial staff and admins enter, import and fetch them
  "fx-rates:manage": ["financial", "admin"],
  // workspace
  "settings:manage": ["admin"],
  "audit:read": ["admin"],
  // who gets the language switcher in the top bar: every role (decisions.md, "Languages")
  "language:switch": ["user", "manager", "financial", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (permissions[permission] as readonly Role[]).includes(role);
}

/** The roles holding a permission, for a query over users ("every active admin", "every buyer"). */
export function rolesWith(permission: Permission): Role[] {
  return [...permissions[permission]];
}

/**
 * How far a role reads a kind of row: every row, its team's (a team lead's buyers and its own), or
 * only its own. Services turn it into the condition of their query.
 */
export type ReadScope = "all" | "team" | "own";

export function campaignReadScopeFor(role: Role): ReadScope {
  if (can(role, "campaigns:read-all")) return "all";
  return can(role, "campaigns:read-team") ? "team" : "own";
}

/**
 * Whether the actor may edit or delete this campaign: admins any, anyone else who logs campaigns
 * only their own. A team lead reads their buyers' rows but does not change them (decisions.md, "Who
 * sees what"); the server answers 403 for a row it reads but may not change, and the web shows the
 * row's Edit and Delete only when this is true.
 */
export function canChangeCampaign(actor: { id: string; role: Role }, row: { creatorId: string }): boolean {
  if (!can(actor.role, "campaigns:write")) return false;
  return can(actor.role, "campaigns:write-all") || row.creatorId === actor.id;
}

export function userReadScopeFor(role: Role): ReadScope {
  if (can(role, "users:read-all")) return "all";
  return can(role, "users:read-team") ? "team" : "own";
}

/**
 * The roles whose users must use two-factor sign-in, by the workspace's choice among these (issue 10,
 * docs/decisions/0035). The choice is stored as a list; anything else in it is ignored.
 */
export const twoFactorRequirableRoles = ["admin", "financial"] as const satisfies readonly Role[];
export type TwoFactorRequirableRole = (typeof twoFactorRequirableRoles)[number];

export function isTwoFactorRequirable(role: string): role is TwoFactorRequirableRole {
  return (twoFactorRequirableRoles as readonly string[]).includes(role);
}

/** The requirable roles named in a stored or submitted list, in their canonical order. */
export function requiredTwoFactorRoles(
  list: readonly string[] | null | undefined,
): TwoFactorRequirableRole[] {
  return twoFactorRequirableRoles.filter((role) => list?.includes(role));
}

/** Whether the workspace requires two-factor sign-in of this role. */
export function isTwoFactorRequiredFor(role: Role, requiredRoles: readonly string[]): boolean {
  return isTwoFactorRequirable(role) && requiredRoles.includes(role);
}

/**
 * Who may call each API operation at all, decided from the role alone ("METHOD /api/path" as in
 * /api/openapi.json). The server checks this before it validates the request, so a caller without
 * the role gets 401/403 whatever the body says. Services still check ownership and scope.
 * "public": no session needed; "signed-in": any active user; a list: any of these permissions.
 */
export type OperationAccess = "public" | "signed-in" | readonly Permission[];

export const operationAccess = {
  "GET /api/health": "public",
  "GET /api/config": "public",
  "GET /api/captcha/challenge": "public",
  "GET /api/password-reset/validate": "public",
  "GET /api/session": "public",
  "GET /api/me": "signed-in",
  "PATCH /api/me": "signed-in",
  "GET /api/me/sessions": "signed-in",
  "DELETE /api/me/sessions/{id}": "signed-in",
  "POST /api/me/sessions/revoke-others": "signed-in",
  "GET /api/campaigns": "signed-in",
  "POST /api/campaigns": ["campaigns:write"],
  "GET /api/campaigns/export.csv": "signed-in",
  "GET /api/campaigns/{id}": "signed-in",
  "PATCH /api/campaigns/{id}": ["campaigns:write"],
  "DELETE /api/campaigns/{id}": ["campaigns:write"],
  "GET /api/metrics/summary": "signed-in",
  "GET /api/analytics": "signed-in",
  "GET /api/offers": "signed-in",
  "POST /api/offers": ["offers:manage"],
  "GET /api/offers/{id}": "signed-in",
  "PATCH /api/offers/{id}": ["offers:manage"],
  "DELETE /api/offers/{id}": ["offers:manage"],
  "POST /api/offers/{id}/archive": ["offers:manage"],
  "POST /api/offers/{id}/restore": ["offers:manage"],
  "GET /api/notes": ["notes:read-own", "notes:manage"],
  "GET /api/users/{id}/notes": "signed-in",
  "POST /api/users/{id}/notes": ["notes:manage"],
  "PATCH /api/notes/{id}": ["notes:manage"],
  "DELETE /api/notes/{id}": ["notes:manage"],
  "GET /api/creative-requests": ["creative-requests:create", "creative-requests:manage"],
  "POST /api/creative-requests": ["creative-requests:create"],
  "PATCH /api/creative-requests/{id}": ["creative-requests:manage"],
  "GET /api/notifications": "signed-in",
  "POST /api/notifications/read-all": "signed-in",
  "POST /api/notifications/{id}/read": "signed-in",
  "GET /api/notifications/stream": "signed-in",
  "GET /api/payments": ["payments:manage"],
  "POST /api/payments/{statementId}/payouts": ["payments:manage"],
  "POST /api/payouts/{id}/reverse": ["payments:manage"],
  "PATCH /api/payouts/{id}": ["payments:manage"],
  "POST /api/payments/{statementId}/adjustments": ["payments:manage"],
  "GET /api/payments/{statementId}/history": ["payments:manage"],
  "GET /api/me/payment": ["payments:read-own"],
  "GET /api/me/payments": ["payments:read-own"],
  "GET /api/me/commission": ["payments:read-own"],
  "GET /api/me/payee": ["payee:own"],
  "PUT /api/me/payee": ["payee:own"],
  "GET /api/users/{id}/payee": ["payee:own", "payee:read-all"],
  "GET /api/payments.csv": ["payments:manage"],
  "GET /api/payments.xlsx": ["payments:manage"],
  "POST /api/imports/preview": ["campaigns:write"],
  "GET /api/reconciliations": ["reconciliation:manage"],
  "POST /api/reconciliations/preview": ["reconciliation:manage"],
  "GET /api/reconciliations/tolerance": ["reconciliation:manage"],
  "PUT /api/reconciliations/tolerance": ["reconciliation:manage"],
  // a network's statement is not readable to anyone else: the service answers 404
  "GET /api/reconciliations/{id}/rows": "signed-in",
  "POST /api/reconciliations/{id}/commit": "signed-in",
  "POST /api/reconciliations/{id}/aliases": "signed-in",
  "GET /api/reconciliations/{id}/lines": "signed-in",
  "GET /api/reconciliations/{id}/lines/days": "signed-in",
  "GET /api/reconciliations/{id}/lines/proposal": "signed-in",
  "POST /api/reconciliations/{id}/resolutions": "signed-in",
  "GET /api/imports/preview/{token}": ["campaigns:write"],
  "POST /api/imports": ["campaigns:write"],
  "POST /api/campaigns/batch": ["campaigns:write"],
  "GET /api/tokens": "signed-in",
  "POST /api/tokens": "signed-in",
  "DELETE /api/tokens/{id}": "signed-in",
  "GET /api/fx-rates": "signed-in",
  "PUT /api/fx-rates": ["fx-rates:manage"],
  "POST /api/fx-rates/import": ["fx-rates:manage"],
  "POST /api/fx-rates/fetch": ["fx-rates:manage"],
  "GET /api/settings": "signed-in",
  "PUT /api/settings": ["settings:manage"],
  "POST /api/settings/test-report": ["settings:manage"],
  "GET /api/backups": ["settings:manage"],
  "POST /api/backups": ["settings:manage"],
  "GET /api/backups/{id}/download": ["settings:manage"],
  "DELETE /api/backups/{id}": ["settings:manage"],
  "GET /api/commission-settings/{userId}": ["commission-settings:manage"],
  "PUT /api/commission-settings/{userId}": ["commission-settings:manage"],
  "POST /api/payments/{statementId}/process": ["payments:manage"],
  "POST /api/payments/{statementId}/reject": ["payments:manage"],
  "POST /api/payments/{statementId}/reopen": ["payments:manage"],
  "POST /api/payments/{statementId}/confirm": ["payments:manage"],
  "GET /api/admin/dashboard": ["area:admin"],
  "GET /api/financial/dashboard": ["area:financial"],
  "GET /api/financial/analytics": ["area:financial"],
  "GET /api/financial/users": ["area:financial"],
  "GET /api/financial/users/{id}/stats": ["area:financial"],
  "GET /api/reports": ["reports:read"],
  "GET /api/reports.csv": ["reports:read"],
  "GET /api/reports.xlsx": ["reports:read"],
  "GET /api/saved-reports": ["reports:save"],
  "POST /api/saved-reports": ["reports:save"],
  "DELETE /api/saved-reports/{id}": ["reports:save"],
  "GET /api/users": "signed-in",
  "POST /api/users": ["users:manage"],
  "GET /api/users/{id}": "signed-in",
  "PATCH /api/users/{id}": ["users:manage"],
  "DELETE /api/users/{id}": ["users:manage"],
  "POST /api/users/{id}/deactivate": ["users:manage"],
  "POST /api/users/{id}/reactivate": ["users:manage"],
  "POST /api/users/{id}/sessions/revoke": ["users:manage"],
  "POST /api/users/{id}/two-factor/disable": ["users:manage"],
  "GET /api/audit": ["audit:read"],
  "GET /api/team/buyers": ["team:read"],
  "GET /api/postback-keys": ["postbacks:read"],
  "POST /api/postback-keys": ["postbacks:own", "postbacks:manage"],
  "DELETE /api/postback-keys/{id}": ["postbacks:read"],
  "GET /api/postbacks": ["postbacks:read"],
  // called by affiliate networks and trackers: the secret key in the path is the credential
  "GET /api/postback/{key}": "public",
  "POST /api/postback/{key}": "public",
} as const satisfies Record<string, OperationAccess>;

export type OperationKey = keyof typeof operationAccess;

/**
 * What a user whose role must use two-factor sign-in (workspace setting) may still call before they
 * turn it on: their profile, their sessions, and the public operations. Everything else answers
 * 403 two_factor_required. Better Auth's endpoints (/api/auth: two-factor setup, password change,
 * sign-out) are outside this API and stay open. See docs/decisions/0035.
 */
export const operationsAllowedWithoutRequiredTwoFactor = [
  "GET /api/me",
  "PATCH /api/me",
  "GET /api/me/sessions",
  "DELETE /api/me/sessions/{id}",
  "POST /api/me/sessions/revoke-others",
] as const satisfies readonly OperationKey[];

/** Where each role lands after signing in. */
export function homePathFor(role: Role): string {
  if (can(role, "area:admin")) return "/admin/dashboard";
  if (can(role, "area:financial")) return "/financial/dashboard";
  return "/";
}

/**
 * What a personal API token may do on the campaign endpoints, from its owner's current role
 * (issue 27, docs/decisions/0068). A role whose campaign scope is its own rows or its team's gets
 * that scope either way ("own-scope"). A role that reads every campaign gets it only when the token
 * was created with full campaign access; otherwise the token is limited to intake: the operations in
 * tokenIntakeOperations. "choose": the owner picks at creation; "full-only": the role creates no
 * campaigns, so an intake-only token would do nothing and is refused.
 */
export type TokenAccessChoice = "own-scope" | "choose" | "full-only";

export function tokenAccessChoiceFor(role: Role): TokenAccessChoice {
  if (!can(role, "campaigns:read-all")) return "own-scope";
  return can(role, "campaigns:write") ? "choose" : "full-only";
}

/**
 * Where a personal API token is accepted at all: the campaign endpoints (issue 11). Anywhere else
 * it is refused before any permission is looked at, so a script's token never reaches user
 * management, payments or settings. Takes a requested path or one of /api/openapi.json's templates.
 */
export function acceptsApiToken(path: string): boolean {
  return /^\/api\/campaigns(\/|$)/.test(path);
}

/** What a token limited to intake may call: creating campaigns, one or a batch. */
export const tokenIntakeOperations = [
  "POST /api/campaigns",
  "POST /api/campaigns/batch",
] as const satisfies readonly OperationKey[];

/** True when a token of an owner with this role, created with this flag, is limited to intake. */
export function isTokenLimitedToIntake(role: Role, fullAccess: boolean): boolean {
  return tokenAccessChoiceFor(role) !== "own-scope" && !fullAccess;
}
