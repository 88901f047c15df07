import type { MiddlewareHandler } from "hono";
import { can, type OperationAccess, operationAccess } from "../domain/permissions";
import type { AppBindings } from "./context";
import { forbidden, unauthenticated } from "./errors";

// Applies domain/permissions.ts's operationAccess before any route validates its input, so a
// caller the role alone rules out gets 401/403 even with a bad body or query (not a 400 that
// tells them what a valid request looks like). Ownership and scope stay in the services.

type Rule = { method: string; pattern: RegExp; params: number; access: OperationAccess };

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
      return { method, pattern: new RegExp(`^${source}/?$`), params, access };
    })
    .sort((a, b) => a.params - b.params);
}

export function findOperationAccess(
  rules: Rule[],
  method: string,
  path: string,
): OperationAccess | undefined {
  // HEAD is answered by the GET route.
  const wanted = method === "HEAD" ? "GET" : method;
  return rules.find((rule) => rule.method === wanted && rule.pattern.test(path))?.access;
}

export function authorizeOperations(): MiddlewareHandler<AppBindings> {
  const rules = compileOperationRules();
  return async (c, next) => {
    const access = findOperationAccess(rules, c.req.method, c.req.path);
    if (access && access !== "public") {
      const actor = c.get("actor");
      if (!actor) throw unauthenticated();
      if (access !== "signed-in" && !access.some((permission) => can(actor.role, permission)))
        throw forbidden();
    }
    await next();
  };
}
