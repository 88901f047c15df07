// The audit trail's vocabulary (issue 10): one name per kind of event, shared by the server that
// records it and the screen that filters and translates it (audit:actions.<name>).

export const auditActions = [
  // sign-in and sessions
  "auth.sign_in",
  "auth.sign_out",
  "auth.password_reset_requested",
  "auth.password_reset",
  "auth.password_changed",
  "auth.two_factor_enabled",
  "auth.two_factor_disabled",
  "auth.backup_codes_regenerated",
  "auth.sessions_revoked",
  // people
  "user.created",
  "user.updated",
  "user.role_changed",
  "user.team_changed",
  "user.deactivated",
  "user.reactivated",
  "user.deleted",
  "user.password_set",
  // catalogue
  "offer.created",
  "offer.updated",
  "offer.deleted",
  "offer.archived",
  "offer.restored",
  "campaigns.imported",
  // workspace
  "settings.updated",
  "backup.created",
  "backup.deleted",
  "report.test_sent",
  "token.created",
  "token.revoked",
  "postback_key.created",
  "postback_key.revoked",
  // money
  "commission_settings.updated",
  "payment.processed",
  "payment.rejected",
  "payment.reopened",
  "payment.confirmed",
  "payment.payout_registered",
  "payment.payout_edited",
  "payment.payout_reversed",
  "payment.adjusted",
  "payment.overpayment_carried",
  "payee.updated",
  "fx_rates.updated",
  "reconciliation.committed",
  "reconciliation.mapped",
  "reconciliation.accepted",
  "reconciliation.adjusted",
  "reconciliation.tolerance_updated",
  // refused calls
  "access.denied",
] as const;

export type AuditAction = (typeof auditActions)[number];

export const auditOutcomes = ["success", "failure"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (auditActions as readonly string[]).includes(value);
}
