import { isLanguage, type Language } from "@domain/roles";
import { api, isRecord, unwrap } from "./api";
import { queryKeys } from "./query-keys";
import { createStartupQuery, useStartupQuery } from "./startup-query";

// Public workspace configuration (GET /api/config).

export type AppConfig = {
  captcha: {
    provider: "altcha" | "turnstile" | "none";
    siteKey?: string | undefined;
    challengeUrl: string;
  };
  defaultLanguage: Language;
  workspaceTimezone: string;
  reportingCurrency: string;
};

const captchaProviders: readonly string[] = ["altcha", "turnstile", "none"];

/**
 * Reads GET /api/config's answer. Hand-written, not zod: it loads at startup on every screen
 * (decision 0047). Keeps the rules of the zod schema it replaced (compared in
 * web/features/auth/sign-in-checks.test.ts): the captcha settings must be right; a workspace
 * setting that is missing or invalid falls back to its default.
 */
export function readConfig(value: unknown): AppConfig {
  if (!isRecord(value) || !isRecord(value.captcha))
    throw new TypeError("GET /api/config: no captcha settings");
  const { provider, siteKey, challengeUrl = "/api/captcha/challenge" } = value.captcha;
  if (typeof provider !== "string" || !captchaProviders.includes(provider)) {
    throw new TypeError("GET /api/config: unknown captcha provider");
  }
  if ((siteKey !== undefined && typeof siteKey !== "string") || typeof challengeUrl !== "string") {
    throw new TypeError("GET /api/config: invalid captcha settings");
  }
  const { defaultLanguage, workspaceTimezone, reportingCurrency } = value;
  return {
    captcha: {
      provider: provider as AppConfig["captcha"]["provider"],
      ...(siteKey === undefined ? {} : { siteKey }),
      challengeUrl,
    },
    defaultLanguage: isLanguage(defaultLanguage) ? defaultLanguage : "pt-BR",
    workspaceTimezone: typeof workspaceTimezone === "string" ? workspaceTimezone : "America/Sao_Paulo",
    reportingCurrency:
      typeof reportingCurrency === "string" && reportingCurrency.length === 3 ? reportingCurrency : "USD",
  };
}

export async function fetchConfig(): Promise<AppConfig> {
  return readConfig(await unwrap(api.GET("/api/config")));
}

// Read without TanStack Query until the signed-in area loads it (lib/startup-query.ts).
export const configQuery = createStartupQuery({
  queryKey: queryKeys.config,
  queryFn: fetchConfig,
  // Workspace settings live here (currency, time zone, language): open tabs catch up within a minute.
  staleTime: 60_000,
});

export function useAppConfig() {
  return useStartupQuery(configQuery);
}
