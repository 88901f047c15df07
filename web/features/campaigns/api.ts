import type { CsvDialectName } from "@domain/csv";
import type {
  Analytics,
  AnalyticsQuery,
  Campaign,
  CampaignCreate,
  CampaignFilter,
  CampaignInput,
  CampaignPage,
  CampaignPatch,
  CampaignSortField,
  MetricsSummary,
} from "@domain/schemas/campaigns";
import type { Offer } from "@domain/schemas/offers";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

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
  summary: (userId?: string) => ["campaigns", "summary", userId ?? null] as const,
  analytics: (query: AnalyticsQuery) => ["campaigns", "analytics", query] as const,
  visibleOffers: ["offers", "visible"] as const,
};

export function fetchCampaignPage(params: CampaignListParams, signal?: AbortSignal): Promise<CampaignPage> {
  return unwrap(api.GET("/api/campaigns", { params: { query: params }, ...(signal ? { signal } : {}) }));
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
 * The user's entry for one offer on one day, if any: there is at most one (decision 0083), and the
 * add-data form offers to edit it instead of adding another.
 */
export function useLoggedDay(day: { date: string; offerId: string; creatorId: string } | null) {
  const params: CampaignListParams = day
    ? { from: day.date, to: day.date, offerId: day.offerId, creatorId: day.creatorId, pageSize: 1 }
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
    queryFn: ({ signal }): Promise<Campaign> =>
      unwrap(api.GET("/api/campaigns/{id}", { params: { path: { id: id ?? "" } }, signal })),
    enabled: Boolean(id),
  });
}

/** The dashboard cards: the viewer's scope, or one buyer in it. */
export function useMetricsSummary(userId?: string) {
  return useQuery({
    queryKey: campaignKeys.summary(userId),
    queryFn: ({ signal }): Promise<MetricsSummary> =>
      unwrap(api.GET("/api/metrics/summary", { params: { query: userId ? { userId } : {} }, signal })),
  });
}

export function useAnalytics(query: AnalyticsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: campaignKeys.analytics(query),
    queryFn: ({ signal }): Promise<Analytics> =>
      unwrap(api.GET("/api/analytics", { params: { query }, signal })),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Offers to log new figures for ("active"), or every visible one, archived included, to filter history. */
export function useVisibleOffers(status: "active" | "all" = "active") {
  return useQuery({
    queryKey: [...campaignKeys.visibleOffers, status],
    queryFn: ({ signal }): Promise<Offer[]> =>
      unwrap(api.GET("/api/offers", { params: { query: { status } }, signal })),
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
    mutationFn: (input: CampaignCreate): Promise<Campaign> =>
      unwrap(api.POST("/api/campaigns", { body: input })),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CampaignPatch }): Promise<Campaign> =>
      unwrap(api.PATCH("/api/campaigns/{id}", { params: { path: { id } }, body: patch })),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/campaigns/{id}", { params: { path: { id } } })),
    onSuccess: () => invalidate(),
  });
}

/**
 * Downloads the CSV export with the same filters as the screen. Fetched through the client (not a
 * plain link) so the x-language header picks the column names in the reader's language, and a
 * refusal is an ApiError like any other call's.
 */
export async function downloadCampaignsCsv(filter: CampaignFilter, dialect?: CsvDialectName): Promise<void> {
  const { data: blob, response } = await api.GET("/api/campaigns/export.csv", {
    params: { query: { ...filter, ...(dialect ? { dialect } : {}) } },
    headers: { accept: "text/csv" },
    parseAs: "blob",
  });
  if (!blob) throw new Error("the export answered no file");
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

/**
 * The buyer's entries of one day (the day grid pre-fills its rows with them): every page, since a
 * buyer may have more offers than one page holds.
 */
export function useDayCampaigns(day: { date: string; creatorId: string } | null) {
  const params: CampaignListParams = day
    ? { from: day.date, to: day.date, creatorId: day.creatorId, pageSize: 100, sort: "date", order: "asc" }
    : {};
  return useQuery({
    queryKey: [...campaignKeys.list(params), "all-pages"] as const,
    queryFn: async ({ signal }): Promise<Campaign[]> => {
      const items: Campaign[] = [];
      for (let page = 1; ; page++) {
        const answer = await fetchCampaignPage({ ...params, page }, signal);
        items.push(...answer.items);
        if (answer.items.length === 0 || items.length >= answer.total) return items;
      }
    },
    enabled: day !== null,
  });
}

/**
 * Saves a day of the grid at once, all or nothing: the changed rows, a day already logged replaced
 * (one entry per buyer, offer and day). The client sends the Idempotency-Key (web/lib/api.ts): the
 * same rows sent again after no answer reuse it; other rows, or a confirmation, are a new save.
 */
export function useSaveDay() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: ({ rows, acknowledgeWarnings }: { rows: CampaignInput[]; acknowledgeWarnings: boolean }) =>
      unwrap(
        api.POST("/api/campaigns/batch", {
          body: {
            rows,
            duplicates: "replace",
            ...(acknowledgeWarnings ? { acknowledgeWarnings: true } : {}),
          },
        }),
      ),
    onSuccess: () => invalidate(),
  });
}
