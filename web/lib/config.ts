import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "./api";
import { queryKeys } from "./query-client";

// Public workspace configuration (GET /api/config).

const configSchema = z.object({
  captcha: z.object({
    provider: z.enum(["altcha", "turnstile", "none"]),
    siteKey: z.string().optional(),
    challengeUrl: z.string().default("/api/captcha/challenge"),
  }),
  defaultLanguage: z.enum(["pt-BR", "en", "ru"]).catch("pt-BR"),
  workspaceTimezone: z.string().catch("America/Sao_Paulo"),
  reportingCurrency: z.string().length(3).catch("USD"),
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
