import { can } from "@domain/permissions";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState, ErrorState } from "@/components/states";
import { Skeleton } from "@/components/ui/skeleton";
import { useOffers } from "@/features/offers";
import { useUsers } from "@/features/users";
import { useLanguage } from "@/lib/use-language";
import { cn } from "@/lib/utils";
import { useReport } from "../api";
import {
  checkDraft,
  type ReportDraft,
  type ReportDraftField,
  type ReportTab,
  readDraft,
  readTab,
  reportCsvUrl,
  toSearchParams,
} from "../filters";
import { type BadgeKey, FilterBadges } from "./filter-badges";
import { ReportFilters } from "./report-filters";
import { ReportSummary, ReportTables } from "./report-results";

/**
 * /financial/reports: the applied filters are the URL (bookmarkable); the form edits a draft that
 * reaches the URL only when valid, so a bad value shows a message and keeps what was typed.
 */
export function ReportScreen() {
  const { t } = useTranslation("reports");
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // The filters alone: switching tabs must not reset what is being typed in the form.
  const filterSearch = useMemo(() => {
    const copy = new URLSearchParams(search);
    copy.delete("tab");
    return copy.toString();
  }, [search]);
  const applied = useMemo(
    () => readDraft(new URLSearchParams(filterSearch), language),
    [filterSearch, language],
  );
  const appliedCheck = useMemo(() => checkDraft(applied, language), [applied, language]);
  const tab = readTab(params);
  const report = useReport(appliedCheck.ok ? appliedCheck.params : null);
  const users = useUsers();
  const offers = useOffers();
  // Financial staff never log campaigns; everyone else can appear in a report.
  const reportUsers = useMemo(
    () => users.data?.filter((user) => can(user.role, "campaigns:write")),
    [users.data],
  );

  const [draft, setDraft] = useState<ReportDraft>(applied);
  const [submitted, setSubmitted] = useState(false);
  const [syncedSearch, setSyncedSearch] = useState(filterSearch);
  const formRef = useRef<HTMLDivElement>(null);
  // The URL's filters changed (Generate, a removed badge, Clear, back/forward): the form shows them.
  if (filterSearch !== syncedSearch) {
    setSyncedSearch(filterSearch);
    setDraft(applied);
    setSubmitted(false);
  }

  const draftCheck = checkDraft(draft, language);
  // Edited but not generated: the export would not match what is typed, so it waits for Generate.
  const appliedSearch = appliedCheck.ok ? toSearchParams(appliedCheck.params, tab).toString() : null;
  const dirty =
    appliedSearch !== null &&
    (!draftCheck.ok || toSearchParams(draftCheck.params, tab).toString() !== appliedSearch);
  // Errors show after a Generate attempt, or at once when a shared link holds a bad value.
  const showErrors = submitted || !appliedCheck.ok;
  const errors: Partial<Record<ReportDraftField, string>> =
    showErrors && !draftCheck.ok ? draftCheck.errors : {};

  const apply = (next: URLSearchParams) => {
    if (next.toString() === search) void report.refetch();
    else setParams(next);
  };

  const generate = () => {
    if (!draftCheck.ok) {
      setSubmitted(true);
      // Move to the first field that needs attention (after React shows its message).
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus(),
      );
      return;
    }
    apply(toSearchParams(draftCheck.params, tab));
  };

  const clear = () => apply(toSearchParams({}, tab));

  const removeFilter = (key: BadgeKey) => {
    const next = new URLSearchParams(search);
    next.delete(key);
    // Removing the named period means the default one.
    if (key === "period") next.delete("period");
    setParams(next);
  };

  const changeTab = (next: ReportTab) => {
    const copy = new URLSearchParams(search);
    if (next === "user") copy.delete("tab");
    else copy.set("tab", next);
    setParams(copy, { replace: true });
  };

  const data = report.data;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("nav:financial.reports")} description={t("description")} />
      <div ref={formRef}>
        <ReportFilters
          draft={draft}
          errors={errors}
          users={{ data: reportUsers, isPending: users.isPending, isError: users.isError }}
          offers={{ data: offers.data, isPending: offers.isPending, isError: offers.isError }}
          csvUrl={appliedCheck.ok && !dirty ? reportCsvUrl(appliedCheck.params, language) : null}
          dirty={dirty}
          generating={report.isFetching}
          onChange={setDraft}
          onGenerate={generate}
          onClear={clear}
        />
      </div>

      {appliedCheck.ok ? (
        <FilterBadges applied={applied} users={reportUsers} offers={offers.data} onRemove={removeFilter} />
      ) : null}

      {!appliedCheck.ok ? (
        <EmptyState title={t("states.invalidLink")} description={t("states.invalidLinkHint")} />
      ) : report.isError ? (
        // Never the previous filters' numbers under the new badges.
        <ErrorState error={report.error} title={t("states.loadError")} onRetry={() => report.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-4" aria-busy="true" data-testid="report-loading">
          <span className="sr-only">{t("common:loading")}</span>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={index} className="h-20" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : (
        <div
          className={cn("flex flex-col gap-6", report.isFetching && "opacity-70 transition-opacity")}
          aria-busy={report.isFetching}
          data-testid="report-result"
        >
          <ReportSummary report={data} />
          {data.totals.campaigns === 0 ? (
            <EmptyState title={t("states.empty")} description={t("states.emptyHint")} />
          ) : (
            <ReportTables report={data} tab={tab} onTabChange={changeTab} />
          )}
        </div>
      )}
    </div>
  );
}
