import type { MiddlewareHandler } from "hono";
import {
  can,
  isTokenLimitedToIntake,
  type OperationAccess,
  operationAccess,
  tokenIntakeOperations,
} from "../domain/permissions";
import type { AppBindings } from "./context";
import { AppError, forbidden, unauthenticated } from "./errors";

// Applies domain/permissions.ts's operationAccess before any route validates its input, so a
// caller the role alone rules out gets 401/403 even with a bad body or query (not a 400 that
// tells them what a valid request looks like). Ownership and scope stay in the services.

type Rule = { key: string; method: string; pattern: RegExp; params: number; access: OperationAccess };

/** "GET /api/users/{id}" → a matcher; literal segments win over parameters. */
export function compileOperationRules(map: Record<string, OperationAccess> = operationAccess): Rule[] {
  return Object.entries(map)
    .map(([key, access]) => {
      const [method = "", path = ""] = key.split(" ");
      const params = (path.match(/\{[^}]+\}/g) ?? []).length;
      const source = path
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
        .join("");
      return { key, method, pattern: new RegExp(`^${source}/?$`), params, access };
    })
    .sort((a, b) => a.params - b.params);
}

export function findOperation(rules: Rule[], method: string, path: string): Rule | undefined {
  // HEAD is answered by the GET route.
  const wanted = method === "HEAD" ? "GET" : method;
  return rules.find((rule) => rule.method === wanted && rule.pattern.test(path));
}

export function findOperationAccess(
  rules: Rule[],
  method: string,
  path: string,
): OperationAccess | undefined {
  return findOperation(rules, method, path)?.access;
}

const intakeOperations = new Set<string>(tokenIntakeOperations);

/**
 * 403 for a token limited to intake (an admin's token without full campaign access) calling
 * anything but an intake operation. Decided from the operation alone, before any row is read, so the
 * answer is the same whether the campaign exists or not (docs/decisions/0068).
 */
export const tokenIntakeOnly = () =>
  new AppError(
    "forbidden",
    "This token may only create campaigns; create one with full campaign access to read or change them.",
    undefined,
    "token_intake_only",
  );

export function authorizeOperations(): MiddlewareHandler<AppBindings> {
  const rules = compileOperationRules();
  return async (c, next) => {
    const operation = findOperation(rules, c.req.method, c.req.path);
    const access = operation?.access;
    const actor = c.get("actor");
    if (access && access !== "public") {
      if (!actor) throw unauthenticated();
      if (access !== "signed-in" && !access.some((permission) => can(actor.role, permission)))
        throw forbidden();
    }
    // The one place a token's own limit applies (the role is read fresh on every request, so a
    // buyer's token becomes intake-only the day its owner is made admin).
    if (
      actor?.token &&
      isTokenLimitedToIntake(actor.role, actor.token.fullAccess) &&
      !(operation && intakeOperations.has(operation.key))
    )
      throw tokenIntakeOnly();
    await next();
  };
}
