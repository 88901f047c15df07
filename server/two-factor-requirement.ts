import type { MiddlewareHandler } from "hono";
import {
  isTwoFactorRequirable,
  isTwoFactorRequiredFor,
  operationsAllowedWithoutRequiredTwoFactor,
} from "../domain/permissions";
import type { AppBindings } from "./context";
import type { Db } from "./db/client";
import { AppError } from "./errors";
import { compileOperationRules, findOperationAccess } from "./operation-access";
import { readRequestTwoFactorRoles } from "./workspace-context";

// An admin can require two-factor sign-in for the admin and financial roles (workspace settings).
// A member of such a role who has not turned it on reaches only what they need to turn it on and
// to leave: their profile (GET/PATCH /api/me), their sessions, the public operations, and Better
// Auth's endpoints (/api/auth, answered before this middleware). Everything else answers
// 403 two_factor_required, which the web turns into a visit to /account. Read per request, like
// every workspace setting (docs/decisions/0020): one primary-key lookup, only for those roles.

export const twoFactorRequired = () =>
  new AppError(
    "forbidden",
    "Your role must use two-factor sign-in. Turn it on in your account first.",
    undefined,
    "two_factor_required",
  );

export function requireTwoFactorWhereRequired(db: Db): MiddlewareHandler<AppBindings> {
  const allowed = compileOperationRules(
    Object.fromEntries(operationsAllowedWithoutRequiredTwoFactor.map((key) => [key, "signed-in" as const])),
  );
  const public_ = compileOperationRules();
  return async (c, next) => {
    const actor = c.get("actor");
    if (
      actor &&
      actor.twoFactorEnabled === false &&
      isTwoFactorRequirable(actor.role) &&
      !findOperationAccess(allowed, c.req.method, c.req.path) &&
      findOperationAccess(public_, c.req.method, c.req.path) !== "public" &&
      isTwoFactorRequiredFor(actor.role, await readRequestTwoFactorRoles(c, db))
    ) {
      throw twoFactorRequired();
    }
    await next();
  };
}
