import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { rolesWith } from "../domain/permissions";
import { deriveNameFromEmail, isLanguage } from "../domain/roles";
import type { RequestClient } from "./audit";
import { accountEvents } from "./auth-events";
import { type CaptchaVerifier, captchaHeader, createCaptchaVerifier } from "./captcha";
import type { Db } from "./db/client";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "./db/schema";
import type { Env } from "./env";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import {
  pickMailLanguage,
  renderPasswordResetMail,
  renderSignUpAttemptMail,
  renderWelcomeMail,
} from "./mail/templates";
import { containsEmailLocalPart, isCommonPassword, passwordMinLength } from "./password-policy";
import { signInThrottlePlugin } from "./sign-in-throttle";

// Better Auth at /api/auth: e-mail + password, database sessions, roles through the admin plugin,
// human verification and database-backed rate limits on the sensitive endpoints.

export const authBasePath = "/api/auth";

/** Set by the app from the socket (or X-Forwarded-For behind a trusted proxy); never by clients. */
export const clientIpHeader = "x-placar-client-ip";

/** The web sends its current language so mails to users without a profile language match the UI. */
export const languageHeader = "x-language";

/** Endpoints that demand a solved human-verification token in the `x-captcha-response` header. */
export const captchaProtectedPaths: ReadonlySet<string> = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
]);

/** Per client IP and endpoint, stored in the database so that every app process shares them. */
export const authRateLimits = {
  "/sign-in/email": { window: 60, max: 5 },
  "/sign-up/email": { window: 60, max: 3 },
  "/request-password-reset": { window: 60, max: 3 },
  "/reset-password": { window: 60, max: 5 },
  "/change-password": { window: 60, max: 5 },
  // The second sign-in step and two-factor management. On top of these, Better Auth allows 5 tries
  // per sign-in challenge and locks the account's second factor for 15 minutes after 10 failures.
  "/two-factor/verify-totp": { window: 60, max: 5 },
  "/two-factor/verify-backup-code": { window: 60, max: 5 },
  "/two-factor/enable": { window: 60, max: 5 },
  "/two-factor/disable": { window: 60, max: 5 },
  "/two-factor/generate-backup-codes": { window: 60, max: 5 },
} as const;

function scaleRateLimits(
  rules: Record<string, { window: number; max: number }>,
  scale: number,
): Record<string, { window: number; max: number }> {
  return Object.fromEntries(
    Object.entries(rules).map(([path, rule]) => [path, { window: rule.window, max: rule.max * scale }]),
  );
}

export const resetPasswordTokenTtlSeconds = 60 * 60;

/** "Trust this device": the second step is skipped on this browser for 30 days. */
export const trustDeviceDays = 30;

/**
 * Whether the password reset under way also ends the account's sessions: the reset form's
 * "sign out everywhere else" box (`revokeOtherSessions` in the body), on unless it is unticked.
 * Better Auth reads `revokeSessionsOnPasswordReset` inside its reset transaction, so the choice
 * travels with the request (forwardToAuth) and sessions end atomically with the password change.
 */
const resetSessionsChoice = new AsyncLocalStorage<boolean>();

/** Admin plugin endpoints bypass the users service's rules (last admin, one transaction): off. */
const disabledPaths = [
  "/admin/set-role",
  "/admin/get-user",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/list-users",
  "/admin/list-user-sessions",
  "/admin/unban-user",
  "/admin/ban-user",
  "/admin/impersonate-user",
  "/admin/stop-impersonating",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/remove-user",
  "/admin/set-user-password",
  "/admin/has-permission",
  // Profile changes go through /api/me and the users service; e-mail verification is not used.
  "/update-user",
  "/delete-user",
  "/change-email",
  "/send-verification-email",
  "/verify-email",
  "/link-social",
  "/unlink-account",
  "/sign-in/social",
  "/get-access-token",
  "/refresh-token",
  "/account-info",
  // Sessions are listed and ended through /api/me/sessions (ids, never tokens, and audited).
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  // Two-factor: an authenticator app with backup codes only; no codes by e-mail, and the secret is
  // shown once, while enabling.
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/two-factor/get-totp-uri",
];

/**
 * Verification identifiers (reset tokens, invitations) are stored as SHA-256 hashes, so a copy of
 * the database does not hand out working reset links. Services that write tokens themselves (the
 * invitation in the users service) use the same function.
 */
export function hashVerificationIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

export const buildResetPasswordIdentifier = (token: string) => `reset-password:${token}`;

/** Our own page (web/), which posts the token to /api/auth/reset-password. */
export const buildResetPasswordUrl = (appUrl: string, token: string) =>
  `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;

const accessControl = createAccessControl(defaultStatements);
const adminRoles = {
  user: accessControl.newRole({}),
  manager: accessControl.newRole({}),
  financial: accessControl.newRole({}),
  admin: adminAc,
};

export type CreateAuthInput = {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Overrides the verifier chosen by CAPTCHA_PROVIDER (tests). */
  captcha?: CaptchaVerifier;
};

export function createAuth({ env, db, mailer, logger, captcha }: CreateAuthInput) {
  const captchaVerifier = captcha ?? createCaptchaVerifier({ env, db, logger });
  const authLogger = logger.child({ component: "auth" });

  return betterAuth({
    appName: "Placar",
    baseURL: env.appUrl,
    basePath: authBasePath,
    secret: env.authSecret,
    trustedOrigins: [env.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    logger: {
      // "info" keeps Better Auth from also printing API errors with its own console logger.
      level: "info",
      log: (level, message, ...args) => {
        const fields = args.length ? { details: args.map(describeLogArg) } : undefined;
        authLogger[level](message, fields);
      },
    },
    disabledPaths,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordMinLength,
      maxPasswordLength: 128,
      // Registration leads to /login (spec section 2), and a taken address answers like a new one.
      autoSignIn: false,
      // Read per request (see resetSessionsChoice); without a choice, every session ends.
      get revokeSessionsOnPasswordReset() {
        return resetSessionsChoice.getStore() ?? true;
      },
      resetPasswordTokenExpiresIn: resetPasswordTokenTtlSeconds,
      // A sign-up for a taken address answers as for a new one (autoSignIn: false above); only the
      // owner's mailbox hears of it, with a reset link (issue 28, docs/decisions/0101). Runs after
      // the sign-up transaction; the mail is not awaited, as for a new address's welcome mail.
      onExistingUserSignUp: async ({ user }, request) => {
        const token = randomBytes(24).toString("base64url");
        await db.insert(verifications).values({
          id: randomUUID(),
          identifier: hashVerificationIdentifier(buildResetPasswordIdentifier(token)),
          value: user.id,
          expiresAt: new Date(Date.now() + resetPasswordTokenTtlSeconds * 1000),
        });
        const mail = renderSignUpAttemptMail({
          language: pickMailLanguage(
            (user as { language?: unknown }).language,
            request?.headers.get(languageHeader),
          ),
          name: user.name,
          url: buildResetPasswordUrl(env.appUrl, token),
          expiresInMinutes: resetPasswordTokenTtlSeconds / 60,
        });
        mailer.send({ to: user.email, ...mail }).catch((err: unknown) => {
          authLogger.error("sign-up attempt mail failed", { err, userId: user.id });
        });
      },
      customSyntheticUser: ({ coreFields, id }) => ({
        ...coreFields,
        name: deriveNameFromEmail(coreFields.email),
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        managerId: null,
        language: null,
        deactivatedAt: null,
        id,
      }),
      sendResetPassword: async ({ user, token }, request) => {
        const language = pickMailLanguage(
          (user as { language?: unknown }).language,
          request?.headers.get(languageHeader),
        );
        const mail = renderPasswordResetMail({
          language,
          name: user.name,
          url: buildResetPasswordUrl(env.appUrl, token),
          expiresInMinutes: resetPasswordTokenTtlSeconds / 60,
        });
        // Not awaited: a known address must answer as fast as an unknown one (no enumeration by
        // timing), and a slow SMTP server must not hold the request.
        mailer.send({ to: user.email, ...mail }).catch((err: unknown) => {
          authLogger.error("password reset mail failed", { err, userId: user.id });
        });
      },
    },
    verification: {
      storeIdentifier: { hash: async (identifier: string) => hashVerificationIdentifier(identifier) },
    },
    session: {
      // Every request reads the session row and the user, so role changes and deactivation
      // apply at once.
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        managerId: { type: "string", required: false, input: false },
        language: { type: "string", required: false, input: false },
        deactivatedAt: { type: "date", required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 10,
      max: 100,
      customRules: scaleRateLimits(authRateLimits, env.authRateLimitScale),
    },
    advanced: {
      cookiePrefix: "placar",
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Length is Better Auth's own check; a common password is refused on every path that sets one.
        const newPassword = passwordBeingSet(ctx.path, ctx.body);
        // Too short is Better Auth's answer (PASSWORD_TOO_SHORT); the list only matters from 8 up.
        if (
          newPassword !== undefined &&
          newPassword.length >= passwordMinLength &&
          isCommonPassword(newPassword)
        ) {
          throw APIError.from("BAD_REQUEST", {
            code: "PASSWORD_TOO_COMMON",
            message: "This password is one of the most common ones; choose another.",
          });
        }
        if (newPassword !== undefined && newPassword.length >= passwordMinLength) {
          const email = await emailOfPasswordOwner(ctx);
          if (email && containsEmailLocalPart(newPassword, email))
            throw APIError.from("BAD_REQUEST", {
              code: "PASSWORD_CONTAINS_EMAIL",
              message: "The password contains your e-mail address's name; choose another.",
            });
        }
        if (!captchaProtectedPaths.has(ctx.path)) return;
        // Calls from server code (no HTTP request) have no browser to solve a challenge.
        if (ctx.request) {
          const token = ctx.request.headers.get(captchaHeader);
          const remoteIp = ctx.request.headers.get(clientIpHeader) ?? undefined;
          const result = await captchaVerifier.verify(token, { remoteIp });
          if (!result.ok) {
            throw result.reason === "missing"
              ? APIError.from("BAD_REQUEST", {
                  code: "CAPTCHA_REQUIRED",
                  message: "Complete the human verification first.",
                })
              : APIError.from("BAD_REQUEST", {
                  code: "CAPTCHA_FAILED",
                  message: "The human verification failed or expired. Try again.",
                });
          }
        }
        if (ctx.path === "/sign-up/email" && ctx.body && typeof ctx.body === "object") {
          // Self sign-up names come from the e-mail (decisions.md); whatever name was sent is ignored.
          const body = ctx.body as Record<string, unknown>;
          const email = typeof body.email === "string" ? body.email.trim() : "";
          return { context: { body: { ...body, email, name: deriveNameFromEmail(email.toLowerCase()) } } };
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            if (ctx?.path !== "/sign-up/email") return;
            return { data: { ...user, name: deriveNameFromEmail(user.email), role: "user" } };
          },
          // Runs after the sign-up transaction commits. The language is kept here rather than at
          // insert so that the sign-up answer looks the same for a new and a taken address.
          after: async (user, ctx) => {
            const language = ctx?.request?.headers.get(languageHeader);
            if (isLanguage(language)) {
              await db
                .update(users)
                .set({ language })
                .where(and(eq(users.id, user.id), isNull(users.language)));
            }
            if (await promoteFirstAccount(db, user.id)) {
              authLogger.info("first account promoted to admin", { userId: user.id });
            }
            if (ctx?.path === "/sign-up/email") {
              // The sign-up page says "check your e-mail" for new and taken addresses alike, so a
              // new account gets its mail too (issue 28, docs/decisions/0101).
              const mail = renderWelcomeMail({
                language: pickMailLanguage(language),
                name: user.name,
                url: `${env.appUrl}/login`,
              });
              mailer.send({ to: user.email, ...mail }).catch((err: unknown) => {
                authLogger.error("welcome mail failed", { err, userId: user.id });
              });
            }
          },
        },
      },
      session: {
        create: {
          // The admin plugin refuses banned users; deactivatedAt alone is refused here too.
          before: async (session, ctx) => {
            const user = await ctx?.context.internalAdapter.findUserById(session.userId);
            if (user && (user as { deactivatedAt?: unknown }).deactivatedAt) {
              throw APIError.from("FORBIDDEN", { code: "BANNED_USER", message: deactivatedMessage });
            }
          },
        },
      },
    },
    plugins: [
      admin({
        defaultRole: "user",
        adminRoles: rolesWith("users:manage"),
        ac: accessControl,
        roles: adminRoles,
        bannedUserMessage: deactivatedMessage,
      }),
      twoFactor({
        issuer: "Placar",
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
        trustDeviceMaxAge: trustDeviceDays * 24 * 60 * 60,
        // The app's code is checked once before two-factor is on (POST /two-factor/verify-totp).
        skipVerificationOnEnable: false,
      }),
      // After twoFactor: sees the outcome of its endpoints (audit trail, role requirement).
      accountEvents({ db, logger: authLogger, clientIpHeader }),
      // Per-account sign-in throttle: 429 after 10 wrong passwords for one address (issue 27).
      signInThrottlePlugin({ db, logger: authLogger, clientIpHeader }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const deactivatedMessage = "This account is deactivated.";

/**
 * Makes the first account of an empty installation an admin: the new user is promoted only when
 * no admin exists and nobody signed up before them. The advisory lock serialises concurrent first
 * sign-ups (each UPDATE then sees the others' committed rows), so exactly one becomes admin.
 */
export async function promoteFirstAccount(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('placar:first-admin'))`);
    const promoted = await tx
      .update(users)
      .set({ role: "admin" })
      .where(
        and(
          eq(users.id, userId),
          sql`not exists (select 1 from ${users} where ${users.role} = 'admin')`,
          sql`not exists (
            select 1 from ${users} as earlier, ${users} as me
            where me.id = ${userId} and earlier.id <> me.id
              and (earlier.created_at, earlier.id) < (me.created_at, me.id)
          )`,
        ),
      )
      .returning({ id: users.id });
    return promoted.length > 0;
  });
}

/** The new password a Better Auth call sets, if it sets one. */
function passwordBeingSet(path: string, body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const fields = body as Record<string, unknown>;
  const value =
    path === "/sign-up/email"
      ? fields.password
      : path === "/reset-password" || path === "/change-password" || path === "/admin/set-user-password"
        ? fields.newPassword
        : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * Whose password is being set, for the rule against passwords that contain the e-mail's local part:
 * the address typed (sign-up), the reset link's user, the signed-in user (change), the target user
 * (an admin's set-password). Undefined when it cannot be told; the endpoint then refuses the call
 * itself (an invalid reset token, no session).
 */
async function emailOfPasswordOwner(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Record<string, unknown>;
  const emailOf = async (userId: unknown) =>
    typeof userId === "string" && userId
      ? ((await ctx.context.internalAdapter.findUserById(userId))?.email ?? undefined)
      : undefined;
  switch (ctx.path) {
    case "/sign-up/email":
      return typeof body.email === "string" ? body.email : undefined;
    case "/reset-password": {
      const token = body.token ?? ctx.query?.token;
      if (typeof token !== "string" || !token) return undefined;
      const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      return emailOf(verification?.value);
    }
    case "/change-password":
      return (await getSessionFromCtx(ctx))?.user.email;
    case "/admin/set-user-password":
      return emailOf(body.userId);
    default:
      return undefined;
  }
}

/** The client address: the socket's, or the last X-Forwarded-For hop when behind a trusted proxy. */
export function resolveClientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last && isIP(last)) return last;
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address && isIP(address) ? address : undefined;
  } catch {
    // No socket (e.g. app.request in tests).
    return undefined;
  }
}

/** The caller's address and user agent as the server sees them (for the audit trail). */
export function describeClient(c: Context, trustProxy: boolean): RequestClient {
  return { ip: resolveClientIp(c, trustProxy) ?? null, userAgent: c.req.header("user-agent") ?? null };
}

/** Passes a request to Better Auth with the client address in a header only the server sets. */
export async function forwardToAuth(auth: Auth, c: Context, trustProxy: boolean): Promise<Response> {
  const original = c.req.raw;
  const headers = new Headers(original.headers);
  headers.delete(clientIpHeader);
  const ip = resolveClientIp(c, trustProxy);
  if (ip) headers.set(clientIpHeader, ip);
  const hasBody = original.method !== "GET" && original.method !== "HEAD";
  const body = hasBody ? await original.arrayBuffer() : undefined;
  const request = new Request(original.url, {
    method: original.method,
    headers,
    body,
    signal: original.signal,
  });
  const response =
    body && c.req.path === `${authBasePath}/reset-password`
      ? await resetSessionsChoice.run(readRevokeChoice(body), () => auth.handler(request))
      : await auth.handler(request);
  return withStandardRetryAfter(response);
}

/**
 * Better Auth's per-address limiter answers 429 with a non-standard `X-Retry-After`; clients and
 * proxies read `Retry-After` (seconds). Nothing of ours reads the old name, so it is replaced.
 */
export function withStandardRetryAfter(response: Response): Response {
  if (response.status !== 429) return response;
  const legacy = response.headers.get("x-retry-after");
  if (legacy === null) return response;
  const headers = new Headers(response.headers);
  headers.delete("x-retry-after");
  if (!headers.has("retry-after")) {
    const seconds = Number(legacy);
    headers.set("retry-after", Number.isFinite(seconds) ? String(Math.max(1, Math.ceil(seconds))) : legacy);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The reset form's "end my other sessions" box; anything but an explicit false keeps it on. */
function readRevokeChoice(body: ArrayBuffer): boolean {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { revokeOtherSessions?: unknown };
    return parsed?.revokeOtherSessions !== false;
  } catch {
    return true; // Better Auth answers the malformed body
  }
}

// Better Auth passes errors and arbitrary objects; keep what JSON can carry, never throw here.
function describeLogArg(arg: unknown): unknown {
  if (arg instanceof Error) return { name: arg.name, message: arg.message };
  try {
    JSON.stringify(arg);
    return arg;
  } catch {
    return String(arg);
  }
}
