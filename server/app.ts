import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { toActor } from "./actor";
import { describeClient, forwardToAuth, resolveClientIp } from "./auth";
import { compressWhereAccepted } from "./compression";
import type { AppBindings, AppDeps } from "./context";
import { AppError, isNumericOverflow, missingRate, missingRateDay, tooLarge } from "./errors";
import { createAnalyticsRoutes } from "./features/analytics/analytics.routes";
import { createAuditRoutes } from "./features/audit/audit.routes";
import { createBackupsRoutes } from "./features/backups/backups.routes";
import { createCampaignsRoutes } from "./features/campaigns/campaigns.routes";
import { createConfigRoutes } from "./features/config/config.routes";
import { createCreativeRequestsRoutes } from "./features/creative-requests/creative-requests.routes";
import { createFxRatesRoutes } from "./features/fx-rates/fx-rates.routes";
import { createHealthRoutes } from "./features/health/health.routes";
import { createImportsRoutes, importPreviewPath } from "./features/imports/imports.routes";
import { createMeRoutes } from "./features/me/me.routes";
import { createNotesRoutes } from "./features/notes/notes.routes";
import { createNotificationsRoutes } from "./features/notifications/notifications.routes";
import { createOffersRoutes } from "./features/offers/offers.routes";
import { createPayeeRoutes } from "./features/payee/payee.routes";
import { createPaymentsRoutes } from "./features/payments/payments.routes";
import { createPayoutFileRoutes } from "./features/payments/payout-file.routes";
import { createPostbacksRoutes } from "./features/postbacks/postbacks.routes";
import {
  createReconciliationRoutes,
  reconciliationPreviewPath,
} from "./features/reconciliation/reconciliation.routes";
import { createPivotRoutes } from "./features/reports/pivot.routes";
import { createReportsRoutes } from "./features/reports/reports.routes";
import { createSessionsRoutes } from "./features/sessions/sessions.routes";
import { createSettingsRoutes } from "./features/settings/settings.routes";
import { createTeamRoutes } from "./features/team/team.routes";
import { authenticateBearer, hasBearerToken } from "./features/tokens/token-auth";
import { createTokensRoutes } from "./features/tokens/tokens.routes";
import { createUsersRoutes } from "./features/users/users.routes";
import { createRouter } from "./http";
import { honourIdempotencyKeys } from "./idempotency";
import { describeSharedContract } from "./openapi-contract";
import { renderApiReference } from "./openapi-reference";
import { authorizeOperations } from "./operation-access";
import { limitRequestRate, limitRequestTime } from "./overload";
import { webDistDir } from "./paths";
import { createRefusalAudit, type RefusalAudit } from "./refusal-audit";
import { refuseCrossOriginWrites } from "./request-origin";
import { touchSession } from "./session-activity";
import { lookUpSession, readSessionCookies, type SessionCookies } from "./session-lookup";
import { requireTwoFactorWhereRequired } from "./two-factor-requirement";

const apiBodyLimit = 1024 * 1024;
/** Never counted by the per-address request limit: load balancers poll it. */
const unlimitedPaths = ["/api/health"];
/** File uploads answer a fresh preview each time; an Idempotency-Key there means nothing. */
const idempotencyExemptPaths = [importPreviewPath, reconciliationPreviewPath];
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function createApp(deps: AppDeps, options: { webRoot?: string } = {}) {
  const app = createRouter();
  const webRoot = options.webRoot ?? webDistDir;
  let sessionCookies: Promise<SessionCookies> | undefined;
  const refusals = deps.refusals ?? createRefusalAudit({ db: deps.database.db, logger: deps.logger });

  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("logger", deps.logger.child({ requestId }));
    c.set("actor", null);
    c.set("sessionId", null);
    c.set("workspace", null);
    c.header("X-Request-Id", requestId);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith("/api/")) {
      c.get("logger").info("request", {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        userId: c.get("actor")?.id,
      });
    }
  });

  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(deps.env.captcha.provider === "turnstile" ? ["https://challenges.cloudflare.com"] : []),
        ],
        // Radix and sonner position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The ALTCHA widget solves its proof of work in a blob: worker.
        workerSrc: ["'self'", "blob:"],
        frameSrc:
          deps.env.captcha.provider === "turnstile" ? ["https://challenges.cloudflare.com"] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: deps.env.appUrl.startsWith("https://")
        ? "max-age=31536000; includeSubDomains"
        : false,
    }),
  );

  const apiBodyLimitMiddleware = bodyLimit({
    maxSize: apiBodyLimit,
    onError: () => {
      throw new AppError("payload_too_large", "The request body is too large.");
    },
  });
  // File uploads for the import have their own, larger limit (imports.routes.ts). A GET, HEAD or
  // OPTIONS has no body to limit; asking for one would build a full Fetch Request for every read.
  app.use("/api/*", (c, next) =>
    safeMethods.has(c.req.method) ||
    c.req.path === importPreviewPath ||
    c.req.path === reconciliationPreviewPath
      ? next()
      : apiBodyLimitMiddleware(c, next),
  );
  app.use("/api/*", compressWhereAccepted());

  // CSRF: a state-changing call with cookies must carry our Origin (server/request-origin.ts).
  app.use("/api/*", refuseCrossOriginWrites(deps.env.appUrl));

  // Better Auth owns /api/auth/*; it sees the client address the server resolved, nothing else.
  app.on(["GET", "POST"], "/api/auth/*", (c) => forwardToAuth(deps.auth, c, deps.env.trustProxy));

  // A flood from one address gets 429 before it costs a session lookup; /api/health stays open for
  // load balancers. A hung handler answers 503 (server/overload.ts).
  app.use(
    "/api/*",
    limitRequestRate({
      max: deps.env.apiRateLimit,
      clientKey: (c) => resolveClientIp(c, deps.env.trustProxy) ?? "unknown",
      skip: (c) => unlimitedPaths.includes(c.req.path),
    }),
  );
  app.use("/api/*", limitRequestTime(deps.env.requestTimeoutMs));

  // Resolve the session for every other API call; role and team are read fresh on each request.
  app.use("/api/*", async (c, next) => {
    if (hasBearerToken(c)) {
      await authenticateBearer(c, deps.database.db, describeClient(c, deps.env.trustProxy));
      return next();
    }
    // One query for the common case; Better Auth answers the rest (server/session-lookup.ts).
    sessionCookies ??= readSessionCookies(deps.auth);
    const lookup = await lookUpSession(deps.database.db, await sessionCookies, c.req.header("cookie"));
    let session: { id: string; updatedAt: Date | string } | null = null;
    let user: Record<string, unknown> | undefined;
    let sessionHeaders: Headers | null = null;
    if (lookup.kind === "session") {
      session = lookup.found.session;
      user = lookup.found.user;
      c.set("workspace", lookup.found.workspace);
    } else if (lookup.kind === "delegate") {
      const answer = await deps.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      sessionHeaders = answer.headers;
      session = answer.response?.session ?? null;
      user = answer.response?.user as Record<string, unknown> | undefined;
    }
    const actor = session && user ? toActor(user) : null;
    if (session && actor) {
      c.set("actor", { ...actor, client: describeClient(c, deps.env.trustProxy) });
      c.set("sessionId", session.id);
    }
    await next();
    // "Last active" moves with requests that did something; a refused one changes nothing.
    if (session && c.get("actor") && c.res.status < 400) await touchSession(deps.database.db, session);
    // A session past its update age is extended: pass the refreshed cookie on.
    for (const cookie of sessionHeaders?.getSetCookie() ?? []) c.res.headers.append("Set-Cookie", cookie);
  });

  // PostgreSQL text cannot hold a NUL character: refuse it at the door (400) instead of letting the
  // query fail with a 500. Found by tests/api/fuzz.test.ts.
  app.use("/api/*", async (c, next) => {
    if (c.req.url.includes("%00") || c.req.url.includes("\u0000")) throw nulRefused();
    if (!safeMethods.has(c.req.method) && c.req.header("content-type")?.includes("json")) {
      const raw = await c.req.text();
      if (raw.includes("\\u0000") && containsNul(safeJsonParse(raw))) throw nulRefused();
    }
    await next();
  });

  // Role-level permission per operation, before any route validates its input.
  app.use("/api/*", authorizeOperations());
  // A role that must use two-factor (workspace setting) reaches only its profile and sessions until
  // the user turns it on (403 two_factor_required).
  app.use("/api/*", requireTwoFactorWhereRequired(deps.database.db));
  // A retried write with the same Idempotency-Key answers what the first one did (docs/decisions/0069).
  app.use("/api/*", honourIdempotencyKeys(deps.database.db, { skipPaths: idempotencyExemptPaths }));

  app.route("/api", createHealthRoutes(deps));
  app.route("/api", createConfigRoutes(deps));
  app.route("/api", createMeRoutes(deps));
  app.route("/api", createSessionsRoutes(deps));
  app.route("/api", createCampaignsRoutes(deps));
  app.route("/api", createImportsRoutes(deps));
  app.route("/api", createAnalyticsRoutes(deps));
  app.route("/api", createOffersRoutes(deps));
  app.route("/api", createNotesRoutes(deps));
  app.route("/api", createCreativeRequestsRoutes(deps));
  app.route("/api", createNotificationsRoutes(deps));
  app.route("/api", createPaymentsRoutes(deps));
  app.route("/api", createReconciliationRoutes(deps));
  app.route("/api", createPayoutFileRoutes(deps));
  app.route("/api", createPayeeRoutes(deps));
  app.route("/api", createReportsRoutes(deps));
  app.route("/api", createPivotRoutes(deps));
  app.route("/api", createTeamRoutes(deps));
  app.route("/api", createUsersRoutes(deps));
  app.route("/api", createFxRatesRoutes(deps));
  app.route("/api", createSettingsRoutes(deps));
  app.route("/api", createBackupsRoutes(deps));
  app.route("/api", createTokensRoutes(deps));
  app.route("/api", createAuditRoutes(deps));
  app.route("/api", createPostbacksRoutes(deps));
  const documentConfig = {
    openapi: "3.1.0",
    info: {
      title: "Placar API",
      version: "1.0.0",
      description:
        "Every operation answers errors as { error: { code, message, fields? } }. " +
        "Authentication uses the session cookie set by /api/auth (Better Auth). The campaign " +
        "endpoints also accept a personal API token: `Authorization: Bearer <token>` (see docs/api.md). " +
        "Every POST, PUT, PATCH and DELETE honours an `Idempotency-Key` header (1-255 visible ASCII " +
        "characters, kept 24 hours per user): the same key and request answer the stored result " +
        "(header `Idempotent-Replayed: true`) without doing it again; the same key with another request " +
        "answers 422 idempotency_key_reused; while the first call runs, 409 idempotency_key_in_use.",
    },
    servers: [{ url: deps.env.appUrl }],
  };
  // Built once, on first request, when every route is registered (server/openapi-contract.ts adds
  // the security and the refusals the middleware above gives every operation).
  let apiDocument: Promise<Record<string, unknown>> | undefined;
  const readApiDocument = () =>
    (apiDocument ??= (async () => {
      sessionCookies ??= readSessionCookies(deps.auth);
      return describeSharedContract(app.getOpenAPI31Document(documentConfig), {
        sessionCookieName: (await sessionCookies).sessionToken,
        unlimitedPaths,
        idempotencyExemptPaths,
      }) as unknown as Record<string, unknown>;
    })().catch((error) => {
      apiDocument = undefined; // a failure is not kept: the next request tries again
      throw error;
    }));
  app.get("/api/openapi.json", async (c) => c.json(await readApiDocument()));
  app.get("/api/docs", async (c) => c.html(renderApiReference(await readApiDocument())));

  app.all("/api/*", (c) => {
    throw new AppError("not_found", `No API operation at ${c.req.method} ${c.req.path}.`);
  });

  // The built web app: hashed assets cached for a year, everything else falls back to index.html.
  app.use(
    "/assets/*",
    serveStatic({
      root: webRoot,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: webRoot, precompressed: true }));
  const indexFile = path.join(webRoot, "index.html");
  app.get("*", (c) => {
    if (!existsSync(indexFile)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(readFileSync(indexFile, "utf8"));
  });

  app.onError((error, c) => handleError(error, c, deps, refusals));
  return app;
}

async function handleError(error: Error, c: Context<AppBindings>, deps: AppDeps, refusals: RefusalAudit) {
  if (error instanceof AppError) {
    if (error.status >= 500) c.get("logger")?.error("request failed", { err: error });
    if (isAuditedRefusal(error, c)) await recordRefusal(error, c, deps, refusals);
    return c.json(error.toBody(), error.status);
  }
  // A write whose computed figures overflow a column the service's own checks did not foresee: the
  // caller's values are too large, not a server fault (issue 27). A read never gets here by design.
  if (c.req.method !== "GET" && isNumericOverflow(error)) {
    c.get("logger")?.warn("numeric overflow refused as too_large", { err: error });
    return c.json(tooLarge().toBody(), 400);
  }
  // A row the database could not convert to the reporting currency (no rate on or before its day):
  // whichever path wrote it, the same 400 missing_rate naming the day (issue 30).
  const day = missingRateDay(error);
  if (day !== null) return c.json(missingRate(day).toBody(), 400);
  // Hono's own HTTP errors (for example a malformed JSON body).
  const status = (error as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const code = status === 413 ? "payload_too_large" : "validation_failed";
    return c.json({ error: { code, message: error.message || "Bad request." } }, status as 400);
  }
  c.get("logger")?.error("unhandled error", { err: error });
  return c.json({ error: { code: "internal", message: "Something went wrong on our side." } }, 500);
}

/**
 * The refusals that go to the audit trail: every 403, every 404 (an object outside the caller's
 * scope answers 404; so does a path a scanner guesses) and a bearer token's 401 (a guessed or
 * revoked token). A 401 without a token is a signed-out browser, not a refusal worth a row.
 */
function isAuditedRefusal(error: AppError, c: Context<AppBindings>): boolean {
  return error.status === 403 || error.status === 404 || (error.status === 401 && hasBearerToken(c));
}

/**
 * Who, what they called, from where (server/refusal-audit.ts aggregates per caller and minute).
 * Written outside any transaction (the refused work was rolled back); a failure to write is logged
 * there and never turns the refusal into a 500.
 */
async function recordRefusal(
  error: AppError,
  c: Context<AppBindings>,
  deps: AppDeps,
  refusals: RefusalAudit,
) {
  const actor = c.get("actor");
  await refusals.record({
    actor: actor ? { id: actor.id, email: actor.email, role: actor.role } : null,
    client: actor?.client ?? describeClient(c, deps.env.trustProxy),
    method: c.req.method,
    path: c.req.path,
    status: error.status,
    code: error.toBody().error.code,
  });
}

const nulRefused = () => new AppError("validation_failed", "The request contains a NUL character.");

function safeJsonParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined; // the route's validator answers the malformed body
  }
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item));
  return false;
}

export type App = ReturnType<typeof createApp>;
export type AppType = App;
