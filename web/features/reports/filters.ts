import { formatPercentForInput } from "@domain/money-input";
import type { Language } from "@domain/roles";
import { reportQuerySchema } from "@domain/schemas/reports";
import type { paths } from "@/lib/api-schema";
import { fieldCodesFromZod } from "@/lib/form-errors";
import { readMoneyFields } from "@/lib/money-input";

// The report's filters live in the URL (bookmarkable, shareable). The form edits a draft of plain
// strings, so nothing the user typed is lost to a bad value; only a valid draft reaches the URL.
// ROI bounds are percentages typed in the reader's language (PercentInput, docs/decisions/0063);
// the URL holds them as plain decimals ("-12.5").

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

/** "12.50" → "12.5", "10.00" → "10": short, stable links. */
function compact(value: string): string {
  return value.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
}

/** A canonical bound from the URL as the reader writes it ("-12.50" → "-12,50"); other text as is. */
function showBound(value: string, language: Language): string {
  return /^-?\d+(\.\d{1,2})?$/.test(value) ? formatPercentForInput(value, language) : value;
}

/** The draft the URL describes; dates switch the period to custom (they win, as on the server). */
export function readDraft(params: URLSearchParams, language: Language): ReportDraft {
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
    minRoi: showBound(get("minRoi"), language),
    maxRoi: showBound(get("maxRoi"), language),
  };
}

export function readTab(params: URLSearchParams): ReportTab {
  return params.get("tab") === "offer" ? "offer" : "user";
}

export type DraftCheck =
  | { ok: true; params: ReportParams }
  | { ok: false; errors: Partial<Record<ReportDraftField, string>> };

/**
 * Checks a draft with the server's own schema; errors are validation codes per field, or for an
 * unreadable ROI bound the key of its message (common:moneyInput.errors.<code>).
 */
export function checkDraft(draft: ReportDraft, language: Language): DraftCheck {
  const custom = draft.period === "custom";
  if (custom && !draft.from && !draft.to) return { ok: false, errors: { from: "dates_required" } };
  const bound = { kind: "percent", allowNegative: true } as const;
  const bounds = readMoneyFields({ minRoi: draft.minRoi, maxRoi: draft.maxRoi }, language, {
    minRoi: bound,
    maxRoi: bound,
  });
  const params: ReportParams = {
    ...(custom ? {} : { period: draft.period as (typeof periodChoices)[number] }),
    ...(custom && draft.from ? { from: draft.from } : {}),
    ...(custom && draft.to ? { to: draft.to } : {}),
    ...(draft.userId ? { userId: draft.userId } : {}),
    ...(draft.offerId ? { offerId: draft.offerId } : {}),
    ...(bounds.values.minRoi.trim() && !bounds.errors.minRoi
      ? { minRoi: compact(bounds.values.minRoi) }
      : {}),
    ...(bounds.values.maxRoi.trim() && !bounds.errors.maxRoi
      ? { maxRoi: compact(bounds.values.maxRoi) }
      : {}),
  };
  const result = reportQuerySchema.safeParse(params);
  if (!result.success || bounds.errors.minRoi || bounds.errors.maxRoi) {
    return {
      ok: false,
      errors: { ...(result.success ? {} : fieldCodesFromZod(result.error)), ...bounds.errors },
    };
  }
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
  const path = "/api/reports.csv" satisfies keyof paths;
  return `${path}?${search.toString()}`;
}
