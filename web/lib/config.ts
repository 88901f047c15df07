import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { api } from "./api";
import { queryKeys } from "./query-client";

// Public workspace configuration (GET /api/config).

// zod/mini: this loads at startup on every screen (see features/auth/api.ts).
const configSchema = z.object({
  captcha: z.object({
    provider: z.enum(["altcha", "turnstile", "none"]),
    siteKey: z.optional(z.string()),
    challengeUrl: z._default(z.string(), "/api/captcha/challenge"),
  }),
  defaultLanguage: z.catch(z.enum(["pt-BR", "en", "ru"]), "pt-BR"),
  workspaceTimezone: z.catch(z.string(), "America/Sao_Paulo"),
  reportingCurrency: z.catch(z.string().check(z.length(3)), "USD"),
});

export type AppConfig = z.infer<typeof configSchema>;

export async function fetchConfig(): Promise<AppConfig> {
  return configSchema.parse(await api.get<unknown>("/api/config"));
}

export const configQuery = {
  queryKey: queryKeys.config,
  queryFn: fetchConfig,
  // Workspace settings live here (currency, time zone, language): open tabs catch up within a minute.
  staleTime: 60_000,
};

export function useAppConfig() {
  return useQuery(configQuery);
}
