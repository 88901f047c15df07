import { reportQuerySchema } from "@domain/schemas/reports";
import { fieldCodesFromZod } from "@/features/users/helpers";

// The report's filters live in the URL (bookmarkable, shareable). The form edits a draft of plain
// strings, so nothing the user typed is lost to a bad value; only a valid draft reaches the URL.

export const periodChoices = ["7d", "30d", "90d", "all"] as const;
export type PeriodChoice = (typeof periodChoices)[number] | "custom";
export const defaultPeriod = "30d";

export const reportTabs = ["user", "offer"] as const;
export type ReportTab = (typeof reportTabs)[number];

export type ReportDraft = {
  period: PeriodChoice;
  from: string;
  to: string;
  userId: string;
  offerId: string;
  minRoi: string;
  maxRoi: string;
};

export type ReportDraftField = keyof ReportDraft;

/** What the server receives: only the filters that are set. */
export type ReportParams = Partial<Record<Exclude<ReportDraftField, "period">, string>> & {
  period?: (typeof periodChoices)[number];
};

export const filterKeys = ["period", "from", "to", "userId", "offerId", "minRoi", "maxRoi"] as const;

function isPeriodChoice(value: string | null): value is (typeof periodChoices)[number] {
  return (periodChoices as readonly string[]).includes(value ?? "");
}

/** The draft the URL describes; dates switch the period to custom (they win, as on the server). */
export function readDraft(params: URLSearchParams): ReportDraft {
  const get = (key: string) => params.get(key)?.trim() ?? "";
  const from = get("from");
  const to = get("to");
  const period = params.get("period");
  return {
    period: from || to ? "custom" : isPeriodChoice(period) ? period : defaultPeriod,
    from,
    to,
    userId: get("userId"),
    offerId: get("offerId"),
    minRoi: get("minRoi"),
    maxRoi: get("maxRoi"),
  };
}

export function readTab(params: URLSearchParams): ReportTab {
  return params.get("tab") === "offer" ? "offer" : "user";
}

/** A ROI bound as the URL and the server get it: trimmed, decimal comma as a point. */
function normalizeBound(value: string): string {
  return value.trim().replace(",", ".");
}

export type DraftCheck =
  | { ok: true; params: ReportParams }
  | { ok: false; errors: Partial<Record<ReportDraftField, string>> };

/** Checks a draft with the server's own schema; errors are validation codes per field. */
export function checkDraft(draft: ReportDraft): DraftCheck {
  const custom = draft.period === "custom";
  if (custom && !draft.from && !draft.to) return { ok: false, errors: { from: "dates_required" } };
  const params: ReportParams = {
    ...(custom ? {} : { period: draft.period as (typeof periodChoices)[number] }),
    ...(custom && draft.from ? { from: draft.from } : {}),
    ...(custom && draft.to ? { to: draft.to } : {}),
    ...(draft.userId ? { userId: draft.userId } : {}),
    ...(draft.offerId ? { offerId: draft.offerId } : {}),
    ...(draft.minRoi.trim() ? { minRoi: normalizeBound(draft.minRoi) } : {}),
    ...(draft.maxRoi.trim() ? { maxRoi: normalizeBound(draft.maxRoi) } : {}),
  };
  const result = reportQuerySchema.safeParse(params);
  if (!result.success) return { ok: false, errors: fieldCodesFromZod(result.error) };
  return { ok: true, params };
}

/** The URL for applied filters; the default period is left out so a plain link means "30 days". */
export function toSearchParams(params: ReportParams, tab: ReportTab): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of filterKeys) {
    const value = params[key];
    if (!value || (key === "period" && value === defaultPeriod)) continue;
    search.set(key, value);
  }
  if (tab !== "user") search.set("tab", tab);
  return search;
}

/** The same filters as the CSV link's query string, with the column language. */
export function reportCsvUrl(params: ReportParams, language: string): string {
  const search = toSearchParams(params, "user");
  search.set("lang", language);
  return `/api/reports.csv?${search.toString()}`;
}
