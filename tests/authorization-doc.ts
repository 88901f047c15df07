import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { operationsAllowedWithoutRequiredTwoFactor } from "../domain/permissions";
import {
  authorizationMatrix,
  type GuardCase,
  originCases,
  subjectLabels,
  subjects,
  throttleCases,
  tokenMatrix,
  tokenSubjectLabels,
  tokenSubjects,
} from "./authorization-matrix";

function renderTokenMatrix(): string {
  const header = `| Operation | ${tokenSubjects.map((subject) => tokenSubjectLabels[subject]).join(" | ")} | Note |`;
  const divider = `|---|${tokenSubjects.map(() => ":-:").join("|")}|---|`;
  const rows = Object.entries(tokenMatrix).map(([operation, row]) => {
    const cells = tokenSubjects.map((subject) => (row[subject] === "ok" ? "✓" : String(row[subject])));
    return `| \`${operation}\` | ${cells.join(" | ")} | ${row.note ?? ""} |`;
  });
  return [header, divider, ...rows].join("\n");
}

function renderGuardCases(cases: Record<string, GuardCase>): string {
  const rows = Object.values(cases).map((item) => {
    const answer = item.answer === "ok" ? "✓" : String(item.answer);
    const details = [item.code ? `\`${item.code}\`` : "", item.retryAfter ? "`Retry-After`" : ""]
      .filter(Boolean)
      .join(", ");
    return `| ${item.request} | ${answer} | ${details} |`;
  });
  return ["| Call | Answer | Code, headers |", "|---|:-:|---|", ...rows].join("\n");
}

// docs/authorization.md is rendered from tests/authorization-matrix.ts so the two cannot drift:
//   npx tsx tests/authorization-doc.ts --write    (tests/unit/authorization-doc.test.ts checks it)

export const authorizationDocPath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../docs/authorization.md",
);

export function renderAuthorizationDoc(): string {
  const header = `| Operation | ${subjects.map((subject) => subjectLabels[subject]).join(" | ")} | Note |`;
  const divider = `|---|${subjects.map(() => ":-:").join("|")}|---|`;
  const rows = Object.entries(authorizationMatrix).map(([operation, row]) => {
    const cells = subjects.map((subject) => (row[subject] === "ok" ? "✓" : String(row[subject])));
    return `| \`${operation}\` | ${cells.join(" | ")} | ${row.note ?? ""} |`;
  });
  const operations = Object.keys(authorizationMatrix).length;
  return `# Authorization matrix

Generated from \`tests/authorization-matrix.ts\` by \`npx tsx tests/authorization-doc.ts --write\`; do
not edit by hand. \`tests/api/authorization.test.ts\` calls every cell (${operations} operations ×
${subjects.length} subjects = ${operations * subjects.length} calls) with real sessions against a seeded
database, on PGlite and on PostgreSQL, and fails on any difference, or on an operation of
\`/api/openapi.json\` that has no row here.

✓ = allowed (2xx); a number = the status code the caller gets. 401: not signed in. 403: the role may
not do this. 404: the object exists but lies outside the caller's scope (object-level checks answer
404, never data).

Subjects: "the buyer" owns the objects called by id (a campaign, a note, a creative request, a
notification, a payment statement) and belongs to "the team lead's" team; "another buyer" belongs to
"another team lead's" team. Role-level checks (the \`operationAccess\` map in
\`domain/permissions.ts\`) run before the request is validated, so a forbidden caller gets 401/403
even with a malformed body or query. Ownership and scope are checked inside each service's query.

Two-factor requirement: when the workspace settings require two-factor sign-in for a role (admin,
financial) and a member of it has not turned it on, every operation answers 403
\`two_factor_required\` for them except the public ones and
${operationsAllowedWithoutRequiredTwoFactor.map((key) => `\`${key}\``).join(", ")}
(\`tests/api/sign-in-protection.test.ts\`). The matrix shows a workspace without the requirement.

Not in the matrix: Better Auth's own routes under \`/api/auth/*\` (sign-in and its second step,
sign-up, sign-out, password reset and change, two-factor setup). They are not in the OpenAPI
document; Better Auth checks them itself, and \`tests/api/auth.test.ts\`,
\`tests/api/two-factor.test.ts\` and \`tests/api/sign-in-protection.test.ts\` cover the ones the app
uses. \`/api/docs\` (the HTML reference) is public and not an operation.

${header}
${divider}
${rows.join("\n")}

## Where a call with cookies may come from

A state-changing call (POST, PUT, PATCH, DELETE) that carries cookies must carry \`Origin\` equal to
the origin of \`APP_URL\`, or, from a browser that sends no \`Origin\`, \`Sec-Fetch-Site: same-origin\`;
a foreign \`Origin\` and a \`Sec-Fetch-Site\` other than same-origin are refused with or without
cookies. Anything else answers 403 \`cross_origin_refused\` before the session is looked up (and is
audited as \`access.denied\`). Calls with a personal API token are exempt; calls without cookies
(scripts) need no \`Origin\`. \`tests/api/authorization.test.ts\` also sends every state-changing
operation of the table above with the buyer's cookie and no \`Origin\`, a foreign \`Origin\`, or a
foreign \`Referer\` alone, and expects 403 \`cross_origin_refused\` from each.

${renderGuardCases(originCases)}

## Sign-in throttles

Per address: 5 sign-in attempts a minute (and the limits of the other account endpoints in
\`server/auth.ts\`). Per account: after 10 wrong passwords for one e-mail address, each within 15
minutes of the one before and from any addresses, sign-in for it answers 429
\`TOO_MANY_FAILED_SIGN_INS\` for 1 minute, doubling with each further failure up to 1 hour; an
address without an account is answered the same way. A correct password, a completed password
reset or an operator's \`set-password\` clears it. Every 429 carries \`Retry-After\` in seconds.

${renderGuardCases(throttleCases)}

## Personal API tokens

A token (\`Authorization: Bearer\`) works on \`/api/campaigns*\` only, with its owner's role and
scope read fresh on every request; it never works again once revoked, expired (every token expires:
90 days by default, at most 365) or once its owner is deactivated (deactivation revokes it for good).
The token of a role that reads every campaign (admin) is limited to intake, creating campaigns, unless
it was created with full campaign access: anything else answers 403 \`token_intake_only\`, decided
from the operation before any row is read, so a campaign that exists and one that does not answer
alike. A financial user's token has full access (their role only reads). Objects below are the
buyer's.

${renderTokenMatrix()}

## Refusals in the audit trail

Every 401 from a token, 403 and 404 of an API operation is recorded as \`access.denied\` (404s too: an
object outside the caller's scope answers 404 and is audited like a 403). The first refusal of a
caller in a minute is written at once; the next ones in that minute are counted and written as one
row with the count when the minute ends (or when the server stops), so a scan writes at most two
rows per caller and minute.
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rendered = renderAuthorizationDoc();
  if (process.argv.includes("--write")) writeFileSync(authorizationDocPath, rendered);
  else if (readFileSync(authorizationDocPath, "utf8") !== rendered) {
    process.stderr.write(
      "docs/authorization.md is out of date: run npx tsx tests/authorization-doc.ts --write\n",
    );
    process.exit(1);
  }
}
