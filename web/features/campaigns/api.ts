import type {
  Analytics,
  AnalyticsQuery,
  Campaign,
  CampaignFilter,
  CampaignInput,
  CampaignPage,
  CampaignPatch,
  CampaignSortField,
  MetricsSummary,
} from "@domain/schemas/campaigns";
import type { Offer } from "@domain/schemas/offers";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";
import { i18n } from "@/lib/i18n";

// TanStack Query hooks for the buyer workspace. Every total comes from the server (SQL); the
// browser only pages through lists and never sums rows.

export type CampaignListParams = CampaignFilter & {
  sort?: CampaignSortField;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
};

export const campaignKeys = {
  all: ["campaigns"] as const,
  list: (params: CampaignListParams) => ["campaigns", "list", params] as const,
  detail: (id: string) => ["campaigns", "detail", id] as const,
  summary: ["campaigns", "summary"] as const,
  analytics: (query: AnalyticsQuery) => ["campaigns", "analytics", query] as const,
  visibleOffers: ["offers", "visible"] as const,
};

export function fetchCampaignPage(params: CampaignListParams, signal?: AbortSignal) {
  return api.get<CampaignPage>("/api/campaigns", { query: params, ...(signal ? { signal } : {}) });
}

export function useCampaignList(params: CampaignListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: campaignKeys.list(params),
    queryFn: ({ signal }) => fetchCampaignPage(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * What the user already logged for one offer on one day (the add-data form warns before a second
 * entry for the same day, which is usually a mistake).
 */
export function useLoggedDay(day: { date: string; offerId: string; creatorId: string } | null) {
  const params: CampaignListParams = day
    ? { from: day.date, to: day.date, offerId: day.offerId, creatorId: day.creatorId, pageSize: 5 }
    : {};
  return useQuery({
    queryKey: campaignKeys.list(params),
    queryFn: ({ signal }) => fetchCampaignPage(params, signal),
    enabled: day !== null,
  });
}

export function useCampaign(id: string | null) {
  return useQuery({
    queryKey: campaignKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get<Campaign>(`/api/campaigns/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useMetricsSummary() {
  return useQuery({
    queryKey: campaignKeys.summary,
    queryFn: ({ signal }) => api.get<MetricsSummary>("/api/metrics/summary", { signal }),
  });
}

export function useAnalytics(query: AnalyticsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: campaignKeys.analytics(query),
    queryFn: ({ signal }) => api.get<Analytics>("/api/analytics", { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useVisibleOffers() {
  return useQuery({
    queryKey: campaignKeys.visibleOffers,
    queryFn: ({ signal }) => api.get<Offer[]>("/api/offers", { signal }),
  });
}

/** Campaign writes change lists, totals and analytics: refresh everything campaign-shaped. */
function useInvalidateCampaigns() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

export function useCreateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (input: CampaignInput) => api.post<Campaign>("/api/campaigns", input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CampaignPatch }) =>
      api.patch<Campaign>(`/api/campaigns/${encodeURIComponent(id)}`, patch),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/campaigns/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

export function buildExportUrl(filter: CampaignFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/campaigns/export.csv${search ? `?${search}` : ""}`;
}

/**
 * Downloads the CSV export with the same filters as the screen. Fetched (not a plain link) so the
 * x-language header picks the column names in the reader's language.
 */
export async function downloadCampaignsCsv(filter: CampaignFilter): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildExportUrl(filter), {
      credentials: "same-origin",
      headers: { accept: "text/csv", "x-language": i18n.resolvedLanguage ?? i18n.language ?? "pt-BR" },
    });
  } catch (error) {
    throw new ApiError(0, "network_error", error instanceof Error ? error.message : "Network error.");
  }
  if (!response.ok) {
    let code =
      response.status === 401 ? "unauthenticated" : response.status === 403 ? "forbidden" : "internal";
    try {
      const body = (await response.json()) as { error?: { code?: string } };
      if (body.error?.code) code = body.error.code;
    } catch {
      // not JSON: keep the status-based code
    }
    throw new ApiError(response.status, code, `Export failed with status ${response.status}.`);
  }
  const blob = await response.blob();
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "campaigns.csv";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
