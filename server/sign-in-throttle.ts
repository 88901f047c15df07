import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { recordAuditEvent } from "./audit";
import type { DbOrTx } from "./db/client";
import { rateLimits } from "./db/schema";
import type { Logger } from "./logger";

// Per-account sign-in throttle (issue 27, docs/decisions/0066). The per-address limits stop one
// client; this stops many clients guessing one account's password. After `failures` wrong
// passwords for one e-mail address, each less than `forgetAfterMs` after the one before (so any 10
// within 15 minutes, from any addresses), sign-in for that address answers 429 for a cooldown of
// 1 minute that doubles with each further failure, up to 1 hour. It is keyed by the address typed,
// not by the account, so an unknown address behaves exactly like a known one (no enumeration). A
// correct password or a completed password reset (or an operator's set-password) clears it.
//
// The state lives in Better Auth's `rate_limits` table (shared by every process) under its own key,
// `sign-in-account:<sha256 of the address>`, so the table holds no readable addresses:
//   count        failures in the current run;
//   last_request the moment the run is forgotten (ms): the last failure + its cooldown + 15 min.
// Storing the end of the run rather than the last failure matters: Better Auth deletes rows whose
// last_request is older than its longest window (60 s), which would otherwise wipe a live
// cooldown. While count ≥ `failures` the account is locked until last_request − forgetAfterMs.

export const signInThrottle = {
  failures: 10,
  forgetAfterMs: 15 * 60_000,
  firstCooldownMs: 60_000,
  maxCooldownMs: 60 * 60_000,
} as const;

export const signInThrottledCode = "TOO_MANY_FAILED_SIGN_INS";

const keyPrefix = "sign-in-account:";

/** The e-mail address as sign-in compares it. */
export function normalizeSignInEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The rate_limits key of an address's sign-in failures. */
export function signInThrottleKey(email: string): string {
  return keyPrefix + createHash("sha256").update(normalizeSignInEmail(email)).digest("base64url");
}

/** The cooldown after the `count`-th failure in a run: none below the threshold, then doubling. */
export function signInCooldownMs(count: number): number {
  const { failures, firstCooldownMs, maxCooldownMs } = signInThrottle;
  if (count < failures) return 0;
  return Math.min(maxCooldownMs, firstCooldownMs * 2 ** Math.min(count - failures, 20));
}

/** Seconds until sign-in for the address is allowed again, or 0 when it is not throttled. */
export async function readSignInThrottle(db: DbOrTx, email: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count, forgetAt: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, signInThrottleKey(email)));
  if (!row || row.count < signInThrottle.failures) return 0;
  const lockedUntil = Number(row.forgetAt) - signInThrottle.forgetAfterMs;
  return lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
}

/** Counts one wrong password for the address, in one statement (concurrent failures all count). */
export async function recordSignInFailure(db: DbOrTx, email: string, now = Date.now()): Promise<void> {
  const { failures, forgetAfterMs, firstCooldownMs, maxCooldownMs } = signInThrottle;
  const key = signInThrottleKey(email);
  // Within a run, the new count is count + 1; its cooldown starts now (SQL mirror of signInCooldownMs).
  const next = sql`${rateLimits.count} + 1`;
  await db
    .insert(rateLimits)
    .values({ id: key, key, count: 1, lastRequest: now + forgetAfterMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} > ${now} then ${next} else 1 end`,
        lastRequest: sql`${now + forgetAfterMs}::bigint + case
          when ${rateLimits.lastRequest} > ${now} and ${next} >= ${failures}
          then least(${maxCooldownMs}::bigint,
                     (${firstCooldownMs}::bigint * power(2, least(${next} - ${failures}, 20)))::bigint)
          else 0 end`,
      },
    });
}

/** Forgets the address's failures (a correct password, a new password). */
export async function clearSignInThrottle(db: DbOrTx, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, signInThrottleKey(email)));
}

export function signInThrottledError(retryAfterSeconds: number) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: signInThrottledCode,
      message: "Too many failed sign-ins for this address. Wait, or reset the password, and try again.",
    },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function emailOf(ctx: HookContext): string | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email : null;
}

/**
 * The Better Auth side: refuses a throttled address before its password is checked, counts wrong
 * passwords, and clears the count on a correct password or a completed reset.
 */
export function signInThrottlePlugin({
  db,
  logger,
  clientIpHeader,
}: {
  db: DbOrTx;
  logger: Logger;
  clientIpHeader: string;
}): BetterAuthPlugin {
  // Who a reset is for: the token is spent by the reset, so it is looked up before.
  const resetting = new WeakMap<Request, string>();

  const before = createAuthMiddleware(async (ctx) => {
    if (!ctx.request) return;
    if (ctx.path === "/sign-in/email") {
      const email = emailOf(ctx);
      if (!email) return;
      const wait = await readSignInThrottle(db, email);
      if (wait > 0) {
        await recordThrottled(ctx, email);
        throw signInThrottledError(wait);
      }
      return;
    }
    if (ctx.path === "/reset-password") {
      const token = (ctx.body as { token?: unknown } | undefined)?.token;
      if (typeof token !== "string" || !token) return;
      const challenge = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      const user = challenge ? await ctx.context.internalAdapter.findUserById(challenge.value) : null;
      if (user) resetting.set(ctx.request, user.email);
    }
  });

  /** A refused attempt is a failed sign-in in the audit trail, like a wrong password. */
  async function recordThrottled(ctx: HookContext, email: string) {
    try {
      const known = await ctx.context.internalAdapter.findUserByEmail(normalizeSignInEmail(email));
      const headers = ctx.request?.headers;
      await recordAuditEvent(db, {
        action: "auth.sign_in",
        outcome: "failure",
        actor: null,
        subjectUserId: known?.user.id ?? null,
        client: { ip: headers?.get(clientIpHeader) ?? null, userAgent: headers?.get("user-agent") ?? null },
        details: { factor: "password", email: email.trim(), reason: signInThrottledCode },
      });
    } catch (err) {
      logger.error("audit event not recorded", { err, action: "auth.sign_in" });
    }
  }

  const after = createAuthMiddleware(async (ctx) => {
    if (!ctx.request) return;
    const returned = ctx.context.returned;
    const failure = isAPIError(returned) ? returned : null;
    try {
      if (ctx.path === "/sign-in/email") {
        const email = emailOf(ctx);
        if (!email) return;
        const code = (failure?.body as { code?: unknown } | undefined)?.code;
        if (code === "INVALID_EMAIL_OR_PASSWORD") await recordSignInFailure(db, email);
        // The password was right (a second step may follow, with its own lock).
        else if (!failure && returned !== undefined) await clearSignInThrottle(db, email);
        return;
      }
      const email = resetting.get(ctx.request);
      if (ctx.path === "/reset-password" && email && !failure) await clearSignInThrottle(db, email);
    } catch (err) {
      // The sign-in's own answer stands; a lost count is logged.
      logger.error("sign-in throttle not updated", { err, path: ctx.path });
    }
  });

  const watched = (path: string | undefined) => path === "/sign-in/email" || path === "/reset-password";
  return {
    id: "placar-sign-in-throttle",
    hooks: {
      before: [{ matcher: (context) => watched(context.path), handler: before }],
      after: [{ matcher: (context) => watched(context.path), handler: after }],
    },
  };
}
