import { type AuditAction, type AuditOutcome, auditActions, isAuditAction } from "@domain/audit";
import { isIsoDate } from "@domain/periods";

// The audit screen's filters live in the address (a link or a reload keeps them). These pure
// readers turn whatever is in the URL into a valid choice; a bad value is dropped, not sent.

export type AuditFilters = {
  userId: string;
  action: AuditAction | "";
  outcome: AuditOutcome | "";
  from: string;
  to: string;
};

/** What the server receives: only the filters that are set. */
export type AuditParams = Partial<{
  userId: string;
  action: AuditAction;
  outcome: AuditOutcome;
  from: string;
  to: string;
}>;

export const auditFilterKeys = ["userId", "action", "outcome", "from", "to"] as const;

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get("action");
  const outcome = params.get("outcome");
  const date = (key: string) => {
    const value = params.get(key) ?? "";
    return isIsoDate(value) ? value : "";
  };
  return {
    userId: (params.get("userId") ?? "").trim().slice(0, 200),
    action: isAuditAction(action) ? action : "",
    outcome: outcome === "success" || outcome === "failure" ? outcome : "",
    from: date("from"),
    to: date("to"),
  };
}

/** The query for the filters, or null when the period is reversed (the server would refuse it). */
export function toAuditParams(filters: AuditFilters): AuditParams | null {
  if (filters.from && filters.to && filters.from > filters.to) return null;
  const params: AuditParams = {};
  if (filters.userId) params.userId = filters.userId;
  if (filters.action) params.action = filters.action;
  if (filters.outcome) params.outcome = filters.outcome;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return auditFilterKeys.some((key) => filters[key] !== "");
}

/** A copy of `params` with the filter set (or removed when empty); other parameters stay. */
export function withAuditFilter(
  params: URLSearchParams,
  key: (typeof auditFilterKeys)[number],
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

type ActionPrefix = AuditAction extends `${infer Prefix}.${string}` ? Prefix : never;

/** The action picker's groups, by the action's prefix (a new prefix fails to compile until placed). */
const groupOfPrefix: Record<ActionPrefix, AuditActionGroup> = {
  auth: "auth",
  user: "people",
  offer: "catalogue",
  campaigns: "catalogue",
  settings: "workspace",
  backup: "workspace",
  report: "workspace",
  token: "workspace",
  postback_key: "workspace",
  commission_settings: "money",
  payment: "money",
  payee: "money",
  fx_rates: "money",
  reconciliation: "money",
  access: "access",
};

export const auditActionGroups = ["auth", "people", "catalogue", "workspace", "money", "access"] as const;
export type AuditActionGroup = (typeof auditActionGroups)[number];

export function groupAuditActions(): { group: AuditActionGroup; actions: AuditAction[] }[] {
  return auditActionGroups.map((group) => ({
    group,
    actions: auditActions.filter(
      (action) => groupOfPrefix[action.slice(0, action.indexOf(".")) as ActionPrefix] === group,
    ),
  }));
}
