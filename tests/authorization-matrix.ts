// The authorization matrix: every operation of /api/openapi.json × every subject → "ok" (any 2xx)
// or the status code. tests/api/authorization.test.ts calls each cell with real sessions against a
// seeded database; docs/authorization.md is generated from this file
// (`npx tsx tests/authorization-doc.ts --write`, checked by tests/unit/authorization-doc.test.ts).
// Objects belong to "the buyer" (a buyer in "the team lead"'s team). "otherBuyer" is in
// "otherLead"'s team. A new operation fails the test until it has a row here.

export const subjects = [
  "anonymous",
  "buyer",
  "otherBuyer",
  "lead",
  "otherLead",
  "financial",
  "admin",
] as const;
export type Subject = (typeof subjects)[number];
export type Expectation = "ok" | 400 | 401 | 403 | 404 | 409 | 422 | 429;

export const subjectLabels: Record<Subject, string> = {
  anonymous: "anonymous",
  buyer: "buyer (owner)",
  otherBuyer: "another buyer",
  lead: "team lead of the buyer",
  otherLead: "another team lead",
  financial: "financial",
  admin: "admin",
};

type Row = Record<Subject, Expectation> & { note?: string };

/** One row from its cells in subject order: anonymous, buyer, otherBuyer, lead, otherLead, financial, admin. */
function row(cells: string, note?: string): Row {
  const values = cells
    .trim()
    .split(/\s+/)
    .map((cell) => (cell === "ok" ? "ok" : (Number(cell) as Expectation)));
  if (values.length !== subjects.length)
    throw new Error(`A matrix row needs ${subjects.length} cells: ${cells}`);
  return {
    ...(Object.fromEntries(subjects.map((subject, i) => [subject, values[i]])) as Record<
      Subject,
      Expectation
    >),
    ...(note ? { note } : {}),
  };
}

// Cells: anonymous, buyer, otherBuyer, lead, otherLead, financial, admin.
export const authorizationMatrix: Record<string, Row> = {
  "GET /api/health": row("ok  ok  ok  ok  ok  ok  ok"),
  "GET /api/config": row("ok  ok  ok  ok  ok  ok  ok"),
  "GET /api/captcha/challenge": row(
    "404 404 404 404 404 404 404",
    "404 while CAPTCHA_PROVIDER is not altcha (the test runs without a captcha); public otherwise.",
  ),
  "GET /api/password-reset/validate": row(
    "ok  ok  ok  ok  ok  ok  ok",
    "Public: answers whether a reset token is still valid.",
  ),
  "GET /api/session": row(
    "ok  ok  ok  ok  ok  ok  ok",
    "Public: the caller's own profile, or `user: null` without a session (no 401 on signed-out pages).",
  ),
  "GET /api/me": row("401 ok  ok  ok  ok  ok  ok"),
  "PATCH /api/me": row("401 ok  ok  ok  ok  ok  ok"),
  "GET /api/me/sessions": row("401 ok  ok  ok  ok  ok  ok", "The caller's own sessions only."),
  "DELETE /api/me/sessions/{id}": row(
    "401 ok  404 404 404 404 404",
    "A session of the buyer's: another user's session id answers 404, even for an admin (admins end all of a user's sessions instead).",
  ),
  "POST /api/me/sessions/revoke-others": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Ends the caller's own other sessions.",
  ),
  "GET /api/campaigns": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Scoped in the query: own rows (buyer), the team's (team lead), all (financial, admin).",
  ),
  "POST /api/campaigns": row("401 ok  ok  ok  ok  403 ok"),
  "GET /api/campaigns/export.csv": row("401 ok  ok  ok  ok  ok  ok", "Same scope as GET /api/campaigns."),
  "GET /api/campaigns/{id}": row(
    "401 ok  404 ok  404 ok  ok",
    "Another buyer's or another team's campaign answers 404, never data.",
  ),
  "PATCH /api/campaigns/{id}": row(
    "401 ok  404 403 404 403 ok",
    "The creator or an admin. Team leads read their buyers' rows but do not change them: 403 `forbidden` (read but not changed); a row the caller cannot read answers 404.",
  ),
  "DELETE /api/campaigns/{id}": row("401 ok  404 403 404 403 ok", "As PATCH."),
  "GET /api/metrics/summary": row("401 ok  ok  ok  ok  ok  ok", "Scoped like GET /api/campaigns."),
  "GET /api/analytics": row("401 ok  ok  ok  ok  ok  ok", "Scoped like GET /api/campaigns."),
  "GET /api/offers": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Buyers and team leads see offers visible to all or assigned to them.",
  ),
  "POST /api/offers": row("401 403 403 403 403 403 ok"),
  "GET /api/offers/{id}": row(
    "401 ok  ok  ok  ok  ok  ok",
    "The seeded offer is visible to all; an unassigned private offer answers 404.",
  ),
  "PATCH /api/offers/{id}": row("401 403 403 403 403 403 ok"),
  "DELETE /api/offers/{id}": row("401 403 403 403 403 403 ok"),
  "POST /api/offers/{id}/archive": row("401 403 403 403 403 403 ok"),
  "POST /api/offers/{id}/restore": row("401 403 403 403 403 403 ok"),
  "GET /api/notes": row("401 ok  ok  ok  ok  403 ok", "Own notes (buyer, team lead) or every note (admin)."),
  "GET /api/users/{id}/notes": row("401 ok  403 403 403 403 ok", "The user themself or an admin."),
  "POST /api/users/{id}/notes": row("401 403 403 403 403 403 ok"),
  "PATCH /api/notes/{id}": row("401 403 403 403 403 403 ok"),
  "DELETE /api/notes/{id}": row("401 403 403 403 403 403 ok"),
  "GET /api/creative-requests": row(
    "401 ok  ok  ok  ok  403 ok",
    "Own requests (buyer, team lead) or all (admin).",
  ),
  "POST /api/creative-requests": row("401 ok  ok  ok  ok  403 403"),
  "PATCH /api/creative-requests/{id}": row("401 403 403 403 403 403 ok"),
  "GET /api/notifications": row("401 ok  ok  ok  ok  ok  ok"),
  "POST /api/notifications/read-all": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Marks the caller's own notifications only.",
  ),
  "POST /api/notifications/{id}/read": row(
    "401 ok  404 404 404 404 404",
    "Only the recipient; anyone else's id answers 404.",
  ),
  "GET /api/notifications/stream": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Server-sent events of the caller's own notifications.",
  ),
  "GET /api/payments": row("401 403 403 403 403 ok  ok"),
  "POST /api/payments/{statementId}/payouts": row("401 403 403 403 403 ok  ok"),
  "POST /api/payouts/{id}/reverse": row("401 403 403 403 403 ok  ok"),
  "PATCH /api/payouts/{id}": row("401 403 403 403 403 ok  ok"),
  "POST /api/payments/{statementId}/adjustments": row("401 403 403 403 403 ok  ok"),
  "GET /api/payments/{statementId}/history": row("401 403 403 403 403 ok  ok"),
  "GET /api/me/payment": row(
    "401 ok  ok  ok  ok  403 403",
    "The buyer's own month; financial and admin have no statement of their own.",
  ),
  "GET /api/me/payments": row(
    "401 ok  ok  ok  ok  403 403",
    "The caller's own statements, read-only; as /api/me/payment.",
  ),
  "GET /api/me/commission": row("401 ok  ok  ok  ok  403 403", "As /api/me/payment."),
  "GET /api/me/payee": row(
    "401 ok  ok  403 403 403 403",
    "The buyer's own payment details; only buyers are paid through statements, so other roles have none.",
  ),
  "PUT /api/me/payee": row(
    "401 ok  ok  403 403 403 403",
    "As GET /api/me/payee. Audited (payee.updated, keys masked) and notified to financial users and admins.",
  ),
  "GET /api/users/{id}/payee": row(
    "401 ok  404 403 403 ok  ok",
    "Financial and admins read anyone's; a buyer only their own (another buyer's answers 404); team leads never, not even their buyers'.",
  ),
  "GET /api/payments.csv": row("401 403 403 403 403 ok  ok", "The payout file of a month."),
  "GET /api/payments.xlsx": row("401 403 403 403 403 ok  ok", "As GET /api/payments.csv."),
  "GET /api/reconciliations": row("401 403 403 403 403 ok  ok"),
  "POST /api/reconciliations/preview": row("401 403 403 403 403 ok  ok"),
  "GET /api/reconciliations/tolerance": row("401 403 403 403 403 ok  ok"),
  "PUT /api/reconciliations/tolerance": row("401 403 403 403 403 ok  ok"),
  "GET /api/reconciliations/{id}/rows": row(
    "401 404 404 404 404 ok  ok",
    "A network's statement does not exist for anyone but finance (issue 32).",
  ),
  "POST /api/reconciliations/{id}/commit": row(
    "401 404 404 404 404 ok  404",
    "Only the uploader commits a preview.",
  ),
  "POST /api/reconciliations/{id}/aliases": row("401 404 404 404 404 ok  ok"),
  "GET /api/reconciliations/{id}/lines": row("401 404 404 404 404 ok  ok"),
  "GET /api/reconciliations/{id}/lines/days": row("401 404 404 404 404 ok  ok"),
  "GET /api/reconciliations/{id}/lines/proposal": row("401 404 404 404 404 ok  ok"),
  "POST /api/reconciliations/{id}/resolutions": row("401 404 404 404 404 ok  ok"),
  "POST /api/imports/preview": row("401 ok  ok  ok  ok  403 ok"),
  "GET /api/imports/preview/{token}": row(
    "401 ok  404 404 404 403 404",
    "A preview belongs to whoever uploaded it (here the buyer); admins import for a buyer by uploading themselves.",
  ),
  "POST /api/imports": row("401 ok  404 404 404 403 404", "As the preview it commits."),
  "POST /api/campaigns/batch": row("401 ok  ok  ok  ok  403 ok", "Also with a personal API token."),
  "GET /api/tokens": row("401 ok  ok  ok  ok  ok  ok", "Each user sees only their own tokens."),
  "POST /api/tokens": row("401 ok  ok  ok  ok  ok  ok", "A session only: a token cannot mint tokens."),
  "DELETE /api/tokens/{id}": row("401 ok  404 404 404 404 404", "Only the owner revokes a token."),
  "GET /api/settings": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Every screen needs the timezone and currency; only admins change them.",
  ),
  "PUT /api/settings": row("401 403 403 403 403 403 ok"),
  "GET /api/fx-rates": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Daily exchange rates: every screen that shows a converted amount shows its rate.",
  ),
  "PUT /api/fx-rates": row("401 403 403 403 403 ok  ok"),
  "POST /api/fx-rates/import": row("401 403 403 403 403 ok  ok"),
  "POST /api/fx-rates/fetch": row(
    "401 403 403 403 403 409 409",
    "409 fx_source_off while FX_SOURCE is not bcb (the test runs without a source).",
  ),
  "POST /api/settings/test-report": row(
    "401 403 403 403 403 403 ok",
    "Mails today's daily report to every admin and financial user; each key sends once.",
  ),
  "GET /api/backups": row("401 403 403 403 403 403 ok"),
  "POST /api/backups": row("401 403 403 403 403 403 ok", "Runs a real backup of the whole database."),
  "GET /api/backups/{id}/download": row("401 403 403 403 403 403 ok"),
  "DELETE /api/backups/{id}": row("401 403 403 403 403 403 ok"),
  "GET /api/commission-settings/{userId}": row("401 403 403 403 403 ok  ok"),
  "PUT /api/commission-settings/{userId}": row("401 403 403 403 403 ok  ok"),
  "POST /api/payments/{statementId}/process": row("401 403 403 403 403 ok  ok"),
  "POST /api/payments/{statementId}/reject": row("401 403 403 403 403 ok  ok"),
  "POST /api/payments/{statementId}/reopen": row("401 403 403 403 403 ok  ok"),
  "POST /api/payments/{statementId}/confirm": row("401 403 403 403 403 ok  ok"),
  "GET /api/admin/dashboard": row("401 403 403 403 403 403 ok"),
  "GET /api/financial/dashboard": row("401 403 403 403 403 ok  ok"),
  "GET /api/financial/analytics": row("401 403 403 403 403 ok  ok"),
  "GET /api/financial/users": row("401 403 403 403 403 ok  ok"),
  "GET /api/financial/users/{id}/stats": row("401 403 403 403 403 ok  ok"),
  "GET /api/reports": row(
    "401 ok  ok  ok  ok  ok  ok",
    "The pivot over what the caller may read: own rows (buyer), own and the team's (team lead), all (financial, admin).",
  ),
  "GET /api/reports.csv": row("401 ok  ok  ok  ok  ok  ok", "The same rows as GET /api/reports."),
  "GET /api/reports.xlsx": row("401 ok  ok  ok  ok  ok  ok", "The same rows as GET /api/reports."),
  "GET /api/saved-reports": row("401 ok  ok  ok  ok  ok  ok", "Each user sees only their own saved views."),
  "POST /api/saved-reports": row("401 ok  ok  ok  ok  ok  ok", "Saved under the caller's own name space."),
  "DELETE /api/saved-reports/{id}": row(
    "401 ok  404 404 404 404 404",
    "Only the owner deletes a saved view; anyone else's id answers 404.",
  ),
  "GET /api/users": row(
    "401 ok  ok  ok  ok  ok  ok",
    "Scoped: self and own team lead (buyer), self and own buyers (team lead), all (financial, admin).",
  ),
  "POST /api/users": row("401 403 403 403 403 403 ok"),
  "GET /api/users/{id}": row("401 ok  404 ok  404 ok  ok", "Someone outside the caller's scope answers 404."),
  "PATCH /api/users/{id}": row("401 403 403 403 403 403 ok"),
  "DELETE /api/users/{id}": row("401 403 403 403 403 403 ok"),
  "POST /api/users/{id}/deactivate": row("401 403 403 403 403 403 ok"),
  "POST /api/users/{id}/reactivate": row("401 403 403 403 403 403 ok"),
  "POST /api/users/{id}/sessions/revoke": row(
    "401 403 403 403 403 403 ok",
    "Audited (auth.sessions_revoked).",
  ),
  "POST /api/users/{id}/two-factor/disable": row(
    "401 403 403 403 403 403 ok",
    "A lost phone: secret, backup codes and trusted devices go. Audited (auth.two_factor_disabled).",
  ),
  "GET /api/team/buyers": row(
    "401 403 403 ok  ok  ok  ok",
    "Scoped: the buyers a team lead leads now; any lead's (leadId) or every buyer for financial and admin. A lead naming another lead answers 404.",
  ),
  "GET /api/postback-keys": row(
    "401 ok  ok  ok  ok  403 ok",
    "Postbacks (issue 26): a buyer or team lead sees their own keys; admins every key.",
  ),
  "POST /api/postback-keys": row(
    "401 ok  ok  ok  ok  403 422",
    "A key without an offer is the caller's own: for those who log their own campaigns. Admins make keys per offer (offerId; without one 422 offer_required), which read the buyer's code.",
  ),
  "DELETE /api/postback-keys/{id}": row("401 ok  404 404 404 403 ok", "The owner or an admin revokes a key."),
  "GET /api/postbacks": row(
    "401 ok  ok  ok  ok  403 ok",
    "The postback log: a buyer's keys (and offer keys that named them); admins all.",
  ),
  "GET /api/postback/{key}": row(
    "ok  ok  ok  ok  ok  ok  ok",
    "Public: the secret key in the path is the credential; a session changes nothing. Unknown or revoked key: 404.",
  ),
  "POST /api/postback/{key}": row(
    "ok  ok  ok  ok  ok  ok  ok",
    "As the GET; form, JSON or query parameters.",
  ),
  "GET /api/audit": row(
    "401 403 403 403 403 403 ok",
    "The audit trail; every refusal here is itself audited.",
  ),
};

// Request guards that do not depend on the operation (issue 27): where a state-changing call with
// cookies must come from (server/request-origin.ts), and the sign-in throttles
// (server/sign-in-throttle.ts, Better Auth's per-address limits). tests/api/authorization.test.ts
// makes each call; besides these cases it sends every state-changing operation above with the
// buyer's cookie and no Origin, a foreign Origin, or a foreign Referer alone, and expects 403
// cross_origin_refused from each.

export type GuardCase = {
  /** The call, in words. */
  request: string;
  answer: Expectation;
  /** The error code of a refusal. */
  code?: string;
  /** True when the answer must carry Retry-After (seconds). */
  retryAfter?: boolean;
};

export const originCases: Record<string, GuardCase> = {
  "our-origin": { request: "`PATCH /api/me` with the session cookie and `Origin` = APP_URL", answer: "ok" },
  "same-origin-fetch": {
    request: "the same, no `Origin`, `Sec-Fetch-Site: same-origin` (a browser that leaves Origin out)",
    answer: "ok",
  },
  "no-origin": {
    request: "the same, neither `Origin` nor `Sec-Fetch-Site`",
    answer: 403,
    code: "cross_origin_refused",
  },
  "foreign-origin-same-origin-fetch": {
    request: "the same, a foreign `Origin` with `Sec-Fetch-Site: same-origin`",
    answer: 403,
    code: "cross_origin_refused",
  },
  "foreign-referer": {
    request: "the same, no `Origin`, a foreign `Referer` alone",
    answer: 403,
    code: "cross_origin_refused",
  },
  "cross-site-fetch": {
    request: "the same, `Origin` = APP_URL but `Sec-Fetch-Site: cross-site`",
    answer: 403,
    code: "cross_origin_refused",
  },
  "null-origin": { request: "the same, `Origin: null`", answer: 403, code: "cross_origin_refused" },
  "sign-out-no-origin": {
    request: "`POST /api/auth/sign-out` with the session cookie and no `Origin`",
    answer: 403,
    code: "cross_origin_refused",
  },
  "bearer-no-origin": {
    request:
      "`POST /api/campaigns` with a personal API token (`Authorization: Bearer`), no cookie, no `Origin`",
    answer: "ok",
  },
  "bearer-foreign-origin": {
    request: "the same with a foreign `Origin` and `Sec-Fetch-Site: cross-site` (tokens are exempt)",
    answer: "ok",
  },
  "no-cookie-no-origin": {
    request: "`POST /api/auth/sign-up/email` without cookies and without `Origin` (a script)",
    answer: "ok",
  },
  "no-cookie-foreign-origin": {
    request: "`POST /api/auth/sign-in/email` without cookies, from a foreign `Origin`",
    answer: 403,
    code: "cross_origin_refused",
  },
  "read-foreign-origin": {
    request: "`GET /api/me` with the session cookie from a foreign `Origin`",
    answer: "ok",
  },
};

export const throttleCases: Record<string, GuardCase> = {
  "right-password-after-10-wrong": {
    request:
      "`POST /api/auth/sign-in/email`, the right password, after 10 wrong ones for that address from 10 other addresses",
    answer: 429,
    code: "TOO_MANY_FAILED_SIGN_INS",
    retryAfter: true,
  },
  "unknown-address-after-10-wrong": {
    request: "the same for an address that has no account",
    answer: 429,
    code: "TOO_MANY_FAILED_SIGN_INS",
    retryAfter: true,
  },
  "right-password-after-cooldown": {
    request:
      "the right password once the cooldown (1 min, doubling per further failure, at most 1 h) is over",
    answer: "ok",
  },
  "sixth-attempt-from-one-address": {
    request: "a 6th `POST /api/auth/sign-in/email` within a minute from one address",
    answer: 429,
    retryAfter: true,
  },
};

// Personal API tokens on the operations they reach (issue 27, docs/decisions/0031 and 0068): the
// campaign endpoints only. A token has its owner's permissions read fresh, except that the token of
// a role that reads every campaign is limited to intake (creating campaigns) unless it was created
// with full campaign access; the limit answers 403 token_intake_only from the operation alone, before
// any row is read. tests/api/authorization.test.ts calls each cell with a freshly minted token.

export const tokenSubjects = ["buyer", "adminIntake", "adminFull", "financial"] as const;
export type TokenSubject = (typeof tokenSubjects)[number];

export const tokenSubjectLabels: Record<TokenSubject, string> = {
  buyer: "buyer's token (owner)",
  adminIntake: "admin's token, intake only (the default)",
  adminFull: "admin's token, full campaign access",
  financial: "financial's token (full access: reads only)",
};

type TokenRow = Record<TokenSubject, Expectation> & { note?: string };

function tokenRow(cells: string, note?: string): TokenRow {
  const values = cells
    .trim()
    .split(/\s+/)
    .map((cell) => (cell === "ok" ? "ok" : (Number(cell) as Expectation)));
  if (values.length !== tokenSubjects.length)
    throw new Error(`A token row needs ${tokenSubjects.length} cells: ${cells}`);
  return {
    ...(Object.fromEntries(tokenSubjects.map((subject, i) => [subject, values[i]])) as Record<
      TokenSubject,
      Expectation
    >),
    ...(note ? { note } : {}),
  };
}

// Cells: buyer, adminIntake, adminFull, financial.
export const tokenMatrix: Record<string, TokenRow> = {
  "GET /api/campaigns": tokenRow("ok  403 ok  ok", "403 `token_intake_only`."),
  "POST /api/campaigns": tokenRow("ok  ok  ok  403", "Intake."),
  "GET /api/campaigns/export.csv": tokenRow("ok  403 ok  ok"),
  "GET /api/campaigns/{id}": tokenRow(
    "ok  403 ok  ok",
    "The same 403 for a campaign that does not exist: nothing is read.",
  ),
  "PATCH /api/campaigns/{id}": tokenRow("ok  403 ok  403"),
  "DELETE /api/campaigns/{id}": tokenRow("ok  403 ok  403"),
  "POST /api/campaigns/batch": tokenRow("ok  ok  ok  403", "Intake, also for another buyer (admins)."),
  "GET /api/offers": tokenRow(
    "401 401 401 401",
    "Every operation outside `/api/campaigns*`: 401 `token_not_allowed_here`.",
  ),
};
