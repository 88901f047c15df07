import { createRoute, z } from "@hono/zod-openapi";
import { languages } from "../../../domain/roles";
import { reportingCurrencies } from "../../../domain/schemas/settings";
import { createAltchaChallenge } from "../../captcha";
import type { AppDeps } from "../../context";
import { notFound } from "../../errors";
import { createRouter, errors } from "../../http";
import { readWorkspaceSettings } from "../settings/settings.service";
import { isResetTokenValid } from "./config.service";

// Public endpoints the web needs before anyone signs in.

export const challengePath = "/api/captcha/challenge";

const publicConfigSchema = z
  .object({
    captcha: z.object({
      provider: z.enum(["altcha", "turnstile", "none"]),
      /** Turnstile's public site key (turnstile only). */
      siteKey: z.string().optional(),
      /** Where the ALTCHA widget fetches its challenge. */
      challengeUrl: z.string(),
    }),
    defaultLanguage: z.enum(languages),
    workspaceTimezone: z.string(),
    reportingCurrency: z.enum(reportingCurrencies),
  })
  .meta({ id: "PublicConfig" });

const getConfig = createRoute({
  method: "get",
  path: "/config",
  operationId: "getPublicConfig",
  tags: ["System"],
  summary:
    "Public configuration: human verification and the workspace settings every screen needs (language, time zone, currency)",
  responses: {
    200: { description: "Configuration", content: { "application/json": { schema: publicConfigSchema } } },
  },
});

const altchaChallengeSchema = z
  .object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional(),
      })
      .loose(),
    signature: z.string().optional(),
  })
  .meta({ id: "AltchaChallenge" });

const getChallenge = createRoute({
  method: "get",
  path: "/captcha/challenge",
  operationId: "getCaptchaChallenge",
  tags: ["Auth"],
  summary: "A fresh ALTCHA proof-of-work challenge (only when CAPTCHA_PROVIDER=altcha)",
  responses: {
    200: {
      description: "Challenge for the ALTCHA widget",
      content: { "application/json": { schema: altchaChallengeSchema } },
    },
    ...errors(404),
  },
});

const validateQuerySchema = z.object({ token: z.string().max(512).optional() });
const validateResultSchema = z.object({ valid: z.boolean() }).meta({ id: "ResetTokenValidity" });

const validateResetToken = createRoute({
  method: "get",
  path: "/password-reset/validate",
  operationId: "validatePasswordResetToken",
  tags: ["Auth"],
  summary: "Whether a password-reset (or invitation) token exists and has not expired",
  request: { query: validateQuerySchema },
  responses: {
    200: { description: "Validity", content: { "application/json": { schema: validateResultSchema } } },
    ...errors(400),
  },
});

export function createConfigRoutes(deps: AppDeps) {
  const { env } = deps;
  return createRouter()
    .openapi(getConfig, async (c) => {
      // Read per request: a settings change reaches every process and every new page at once.
      const settings = await readWorkspaceSettings(deps.database.db, env.workspaceTimezone);
      c.header("Cache-Control", "no-cache");
      return c.json(
        {
          captcha: {
            provider: env.captcha.provider,
            ...(env.captcha.provider === "turnstile" && env.captcha.turnstileSiteKey
              ? { siteKey: env.captcha.turnstileSiteKey }
              : {}),
            challengeUrl: challengePath,
          },
          defaultLanguage: settings.defaultLanguage,
          workspaceTimezone: settings.timezone,
          reportingCurrency: settings.reportingCurrency,
        },
        200,
      );
    })
    .openapi(getChallenge, async (c) => {
      if (env.captcha.provider !== "altcha") throw notFound("ALTCHA challenge");
      const challenge = await createAltchaChallenge(env.authSecret);
      c.header("Cache-Control", "no-store");
      return c.json(challenge, 200);
    })
    .openapi(validateResetToken, async (c) => {
      const { token } = c.req.valid("query");
      const valid = token ? await isResetTokenValid(deps.database.db, token) : false;
      c.header("Cache-Control", "no-store");
      return c.json({ valid }, 200);
    });
}
