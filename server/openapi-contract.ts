import {
  acceptsApiToken,
  type OperationAccess,
  operationAccess,
  operationsAllowedWithoutRequiredTwoFactor,
} from "../domain/permissions";
import { errorResponses } from "./http";

// What every route is behind, written into /api/openapi.json from the same maps the middleware in
// server/app.ts obeys, so the document cannot drift from what the server does: who may call each
// operation (security), and the refusals any operation can answer before its own code runs. The
// routes themselves document only their own answers (their 404s, 409s, 422s). Tools read this:
// Redocly's recommended rules (tests/api/openapi-contract.test.ts), generated clients.

type Json = Record<string, unknown>;
type Operation = { security?: unknown; requestBody?: unknown; responses?: Record<string, unknown> };

export type ContractOptions = {
  /** Better Auth's session cookie, by its real name (it carries a __Secure- prefix over HTTPS). */
  sessionCookieName: string;
  /** Paths the per-address request limit never counts (no 429). */
  unlimitedPaths: readonly string[];
  /** Paths that ignore an Idempotency-Key (no 409 key in use, no 422 key reused). */
  idempotencyExemptPaths: readonly string[];
};

const writeMethods = new Set(["post", "put", "patch", "delete"]);
const methods = new Set(["get", ...writeMethods]);

/** A shared refusal as the generated document has it: the route helper's words, the Error body. */
const refusal = (code: keyof typeof errorResponses) => ({
  description: errorResponses[code].description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const securitySchemes = (sessionCookieName: string) => ({
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: sessionCookieName,
    description:
      "The session Better Auth sets on sign-in (POST /api/auth/sign-in/email). A write with it must " +
      "carry the app's own Origin header.",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API token (API tokens page, or POST /api/tokens); accepted on /api/campaigns* only. " +
      "An admin's token without full campaign access only creates campaigns (403 token_intake_only).",
  },
});

/** The OpenAPI security of one operation: none, the session, or the session or a token. */
function securityFor(path: string, access: OperationAccess): Record<string, string[]>[] {
  if (access === "public") return [];
  const session = { sessionCookie: [] };
  return acceptsApiToken(path) ? [session, { bearerToken: [] }] : [session];
}

/** The 4xx answers the shared middleware gives an operation, whatever its route says. */
function sharedRefusals(
  method: string,
  path: string,
  access: OperationAccess,
  operation: Operation,
  options: ContractOptions,
): (keyof typeof errorResponses)[] {
  const write = writeMethods.has(method);
  const key = `${method.toUpperCase()} ${path}`;
  // Invalid input, and a NUL character anywhere in the URL or a JSON body (server/app.ts).
  const codes: (keyof typeof errorResponses)[] = [400];
  if (access !== "public") {
    codes.push(401);
    const forbidden =
      Array.isArray(access) || // a role the map leaves out
      !(operationsAllowedWithoutRequiredTwoFactor as readonly string[]).includes(key) || // two_factor_required
      acceptsApiToken(path) || // token_intake_only
      write; // cross_origin_refused
    if (forbidden) codes.push(403);
  }
  if (write && operation.requestBody) codes.push(413);
  if (write && access !== "public" && !options.idempotencyExemptPaths.includes(path)) codes.push(409, 422);
  if (!options.unlimitedPaths.includes(path)) codes.push(429);
  return codes;
}

/**
 * Adds the security schemes, each operation's security and the shared refusals to a generated
 * document (in place). An operation the access map does not know is treated as signed-in: the
 * authorization test fails on it anyway.
 */
export function describeSharedContract<T extends object>(document: T, options: ContractOptions): T {
  const doc = document as Json & { components?: Json; paths?: Record<string, Record<string, Operation>> };
  doc.components = {
    ...doc.components,
    securitySchemes: securitySchemes(options.sessionCookieName),
  };
  const accessByKey: Record<string, OperationAccess> = operationAccess;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const access = accessByKey[`${method.toUpperCase()} ${path}`] ?? "signed-in";
      operation.security = securityFor(path, access);
      operation.responses ??= {};
      const responses = operation.responses;
      for (const code of sharedRefusals(method, path, access, operation, options))
        responses[code] ??= refusal(code);
    }
  }
  return document;
}
