import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { isTwoFactorRequiredFor } from "../domain/permissions";
import { isRole } from "../domain/roles";
import { type AuditEventInput, recordAuditEvent } from "./audit";
import type { Db } from "./db/client";
import { twoFactors } from "./db/schema";
import type { Logger } from "./logger";
import { readTwoFactorRequiredRoles } from "./workspace-settings";

// What Better Auth's account endpoints did, for the audit trail (issue 10): sign-in by password
// (success, or failure with the address tried), the second sign-in step (with the factor), sign-out,
// password reset requests and resets, two-factor turned on or off, new backup codes, password
// changes. Runs as a plugin placed after the two-factor plugin, so its after-hooks see the outcome.
// Better Auth commits its own writes; the event is written right after them (not in the same
// transaction): a crash between the two loses the event, never the change (docs/decisions/0035).
//
// It also keeps a rule of ours on Better Auth's side: a user whose role must use two-factor
// (workspace setting) cannot turn it off themself; an admin can (POST /api/users/{id}/two-factor/disable).

type Person = { id: string; email: string; role?: string };
type Pending =
  | { kind: "second-step"; user: Person }
  | { kind: "enabling"; user: Person }
  | { kind: "signed-in"; user: Person }
  | { kind: "resetting"; user: Person | null };

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const verifyPaths: Record<string, "totp" | "backup_code"> = {
  "/two-factor/verify-totp": "totp",
  "/two-factor/verify-backup-code": "backup_code",
};
const sessionPaths = new Set([
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/change-password",
  "/sign-out",
]);
/** Anonymous calls: who they are about is in the body (an address) or the reset token. */
const anonymousPaths = new Set(["/sign-in/email", "/request-password-reset", "/reset-password"]);

export function accountEvents({
  db,
  logger,
  clientIpHeader,
}: {
  db: Db;
  logger: Logger;
  clientIpHeader: string;
}): BetterAuthPlugin {
  // Who a call is about, found before the endpoint runs (a successful second step spends the
  // challenge that names the user). Keyed by the request, which before and after hooks share.
  const pending = new WeakMap<Request, Pending>();

  function clientOf(ctx: HookContext) {
    const headers = ctx.request?.headers;
    return { ip: headers?.get(clientIpHeader) ?? null, userAgent: headers?.get("user-agent") ?? null };
  }

  async function record(ctx: HookContext, event: AuditEventInput) {
    try {
      await recordAuditEvent(db, { ...event, client: clientOf(ctx) });
    } catch (err) {
      logger.error("audit event not recorded", { err, action: event.action });
    }
  }

  /** The signed-in user of this request, read without side effects (no refresh, no cookie). */
  async function findSessionUser(ctx: HookContext): Promise<Person | null> {
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!token) return null;
    const found = await ctx.context.internalAdapter.findSession(token);
    if (!found || new Date(found.session.expiresAt) <= new Date()) return null;
    const user = found.user as { id: string; email: string; role?: string; twoFactorEnabled?: boolean };
    return { id: user.id, email: user.email, ...(user.role ? { role: user.role } : {}) };
  }

  /** The user a pending second sign-in step belongs to (the signed two_factor cookie). */
  async function findChallengeUser(ctx: HookContext): Promise<Person | null> {
    const cookie = ctx.context.createAuthCookie("two_factor");
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
    if (!challenge) return null;
    const user = await ctx.context.internalAdapter.findUserById(challenge.value);
    return user ? { id: user.id, email: user.email } : null;
  }

  /** The account an address belongs to, if any (an event about it can then be found by user). */
  async function findUserByEmail(ctx: HookContext, email: string): Promise<Person | null> {
    if (!email) return null;
    const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
    return found ? { id: found.user.id, email: found.user.email } : null;
  }

  async function recordAnonymous(ctx: HookContext, state: Pending | undefined) {
    const returned = ctx.context.returned;
    const failure = isAPIError(returned) ? returned : null;
    const reason = failure
      ? String((failure.body as { code?: unknown } | undefined)?.code ?? failure.status)
      : null;
    const body = (ctx.body ?? {}) as { email?: unknown; revokeOtherSessions?: unknown };
    const email = typeof body.email === "string" ? body.email.trim() : "";
    if (ctx.path === "/sign-in/email") {
      if (failure) {
        const known = await findUserByEmail(ctx, email);
        await record(ctx, {
          action: "auth.sign_in",
          outcome: "failure",
          actor: null,
          subjectUserId: known?.id ?? null,
          details: { factor: "password", email, reason },
        });
        return;
      }
      // With two-factor on, the password step ends without a session: the second step records it.
      const session = ctx.context.newSession;
      if (!session) return;
      await record(ctx, {
        action: "auth.sign_in",
        actor: { id: session.user.id, email: session.user.email },
        details: { factor: "password" },
      });
      return;
    }
    if (ctx.path === "/request-password-reset") {
      // Answered the same for known and unknown addresses; the trail says which it was.
      const known = await findUserByEmail(ctx, email);
      await record(ctx, {
        action: "auth.password_reset_requested",
        outcome: failure ? "failure" : "success",
        actor: null,
        subjectUserId: known?.id ?? null,
        details: { email, knownAccount: known !== null, ...(reason ? { reason } : {}) },
      });
      return;
    }
    if (ctx.path === "/reset-password") {
      const user = state?.kind === "resetting" ? state.user : null;
      await record(ctx, {
        action: "auth.password_reset",
        outcome: failure ? "failure" : "success",
        actor: user,
        subjectUserId: user?.id ?? null,
        details: failure ? { reason } : { revokedOtherSessions: body.revokeOtherSessions !== false },
      });
    }
  }

  const before = createAuthMiddleware(async (ctx) => {
    const request = ctx.request;
    if (!request) return;
    if (ctx.path === "/reset-password") {
      // The token names the user; it is spent by the reset, so look it up first.
      const token = (ctx.body as { token?: unknown } | undefined)?.token;
      const challenge =
        typeof token === "string" && token
          ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
          : null;
      const found = challenge ? await ctx.context.internalAdapter.findUserById(challenge.value) : null;
      pending.set(request, { kind: "resetting", user: found ? { id: found.id, email: found.email } : null });
      return;
    }
    if (ctx.path in verifyPaths) {
      // Better Auth checks a session first: with one, this is the check that turns two-factor on.
      const sessionUser = await findSessionUser(ctx);
      if (sessionUser) {
        const found = await ctx.context.internalAdapter.findUserById(sessionUser.id);
        const enabled = (found as { twoFactorEnabled?: boolean } | null)?.twoFactorEnabled === true;
        pending.set(request, { kind: enabled ? "signed-in" : "enabling", user: sessionUser });
        return;
      }
      const challengeUser = await findChallengeUser(ctx);
      if (challengeUser) pending.set(request, { kind: "second-step", user: challengeUser });
      return;
    }
    if (!sessionPaths.has(ctx.path)) return;
    const user = await findSessionUser(ctx);
    if (!user) return;
    if (ctx.path === "/two-factor/disable" && isRole(user.role)) {
      const required = await readTwoFactorRequiredRoles(db);
      if (isTwoFactorRequiredFor(user.role, required)) {
        throw APIError.from("FORBIDDEN", {
          code: "TWO_FACTOR_REQUIRED_FOR_ROLE",
          message: "Your role must use two-factor sign-in; an admin can turn it off for you.",
        });
      }
    }
    pending.set(request, { kind: "signed-in", user });
  });

  async function recordOutcome(ctx: HookContext) {
    const request = ctx.request;
    if (!request) return;
    const state = pending.get(request);
    if (anonymousPaths.has(ctx.path)) {
      await recordAnonymous(ctx, state);
      return;
    }
    if (!state || state.kind === "resetting") return;
    const returned = ctx.context.returned;
    const failure = isAPIError(returned) ? returned : null;
    const reason = failure
      ? String((failure.body as { code?: unknown } | undefined)?.code ?? failure.status)
      : null;
    const actor = { id: state.user.id, email: state.user.email };
    const factor = verifyPaths[ctx.path];

    if (factor && state.kind === "second-step") {
      const body = (ctx.body ?? {}) as { trustDevice?: unknown };
      await record(ctx, {
        action: "auth.sign_in",
        outcome: failure ? "failure" : "success",
        actor,
        details: {
          factor,
          ...(failure ? { reason } : { trustDevice: body.trustDevice === true }),
        },
      });
      return;
    }
    if (failure) {
      // A wrong current password on a change is worth knowing about; other refusals changed nothing.
      if (ctx.path === "/change-password" && reason === "INVALID_PASSWORD") {
        await record(ctx, {
          action: "auth.password_changed",
          outcome: "failure",
          actor,
          details: { reason },
        });
      }
      return;
    }
    if (factor && state.kind === "enabling") {
      await record(ctx, {
        action: "auth.two_factor_enabled",
        actor,
        details: { method: "totp", by: "self" },
      });
    } else if (ctx.path === "/two-factor/disable") {
      await record(ctx, { action: "auth.two_factor_disabled", actor, details: { by: "self" } });
    } else if (ctx.path === "/two-factor/generate-backup-codes") {
      await record(ctx, { action: "auth.backup_codes_regenerated", actor, details: { count: 10 } });
    } else if (ctx.path === "/sign-out") {
      await record(ctx, { action: "auth.sign_out", actor });
    } else if (ctx.path === "/change-password") {
      const body = (ctx.body ?? {}) as { revokeOtherSessions?: unknown };
      await record(ctx, {
        action: "auth.password_changed",
        actor,
        details: { revokedOtherSessions: body.revokeOtherSessions === true },
      });
    }
  }

  /**
   * Better Auth answers a locked second factor (10 wrong codes: 15 minutes) with 429 and no
   * Retry-After; every 429 of ours carries it (issue 27), read from the lock it set.
   */
  async function addRetryAfterToLock(ctx: HookContext) {
    const returned = ctx.context.returned;
    if (!isAPIError(returned) || returned.statusCode !== 429 || !ctx.request) return;
    if ((returned.body as { code?: unknown } | undefined)?.code !== "ACCOUNT_TEMPORARILY_LOCKED") return;
    const user = pending.get(ctx.request)?.user;
    if (!user) return;
    const [lock] = await db
      .select({ lockedUntil: twoFactors.lockedUntil })
      .from(twoFactors)
      .where(eq(twoFactors.userId, user.id));
    const until = lock?.lockedUntil ? new Date(lock.lockedUntil).getTime() : 0;
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    throw new APIError("TOO_MANY_REQUESTS", returned.body, { "Retry-After": String(seconds) });
  }

  const after = createAuthMiddleware(async (ctx) => {
    await recordOutcome(ctx);
    await addRetryAfterToLock(ctx);
  });

  const watched = (path: string | undefined) =>
    !!path && (path in verifyPaths || sessionPaths.has(path) || anonymousPaths.has(path));

  return {
    id: "placar-account-events",
    hooks: {
      before: [{ matcher: (context) => watched(context.path), handler: before }],
      after: [{ matcher: (context) => watched(context.path), handler: after }],
    },
  };
}
