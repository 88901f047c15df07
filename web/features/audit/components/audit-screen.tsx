import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { useRangeBounds } from "@/components/range-picker";
import { EmptyState, ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useUsers } from "@/features/users";
import { useAppConfig } from "@/lib/config";
import { useLanguage } from "@/lib/use-language";
import { useRangeParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useAuditEvents } from "../api";
import {
  type AuditFilters as Filters,
  hasAuditFilters,
  readAuditFilters,
  toAuditParams,
  withAuditFilter,
} from "../filters";
import { type AuditContext, AuditEventItem } from "./audit-event-item";
import { AuditFilters } from "./audit-filters";

/**
 * /admin/audit: who did what, when and from where, newest first. The filters are the URL; older
 * events load on demand, a page at a time.
 */
export function AuditScreen() {
  const { t } = useTranslation("audit");
  const language = useLanguage();
  const config = useAppConfig();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // The period is the one range picker's (docs/decisions/0081): every day unless one is chosen;
  // a preset's days are resolved in the workspace time zone, both ends included.
  const [range, setRange] = useRangeParam("all");
  const bounds = useRangeBounds(range);
  const from = range.period === "all" ? "" : (bounds?.from ?? "");
  const to = range.period === "all" ? "" : (bounds?.to ?? "");
  const filters = useMemo(
    () => ({ ...readAuditFilters(new URLSearchParams(search)), from, to }),
    [search, from, to],
  );
  const query = useMemo(() => toAuditParams(filters), [filters]);
  const events = useAuditEvents(query);
  const users = useUsers();

  const context = useMemo<AuditContext>(
    () => ({
      language,
      timeZone: config.data?.workspaceTimezone ?? "America/Sao_Paulo",
      currency: config.data?.reportingCurrency ?? "USD",
      userNames: new Map((users.data ?? []).map((user) => [user.id, user.name])),
    }),
    [language, config.data?.workspaceTimezone, config.data?.reportingCurrency, users.data],
  );

  const items = useMemo(() => events.data?.pages.flatMap((page) => page.items) ?? [], [events.data]);

  const change = (key: keyof Filters, value: string) => setParams(withAuditFilter(params, key, value));
  const clear = () => setParams(new URLSearchParams());

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <AuditFilters
        filters={filters}
        range={range}
        onRangeChange={setRange}
        users={{ data: users.data, isPending: users.isPending, isError: users.isError }}
        onChange={change}
        onClear={clear}
      />

      {query === null ? (
        <EmptyState title={t("states.periodReversed")} description={t("states.periodReversedHint")} />
      ) : events.isError && !events.data ? (
        <ErrorState error={events.error} title={t("states.loadError")} onRetry={() => events.refetch()} />
      ) : events.isPending ? (
        <div className="grid gap-3" aria-busy="true" data-testid="audit-loading">
          <span className="sr-only">{t("common:loading")}</span>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          title={hasAuditFilters(filters) ? t("states.emptyFiltered") : t("states.empty")}
          description={hasAuditFilters(filters) ? t("states.emptyFilteredHint") : t("states.emptyHint")}
        />
      ) : (
        <section
          aria-label={t("list.label")}
          className={cn("grid gap-3", events.isFetching && !events.isFetchingNextPage && "opacity-70")}
          aria-busy={events.isFetching}
          data-testid="audit-list"
        >
          <div
            className="hidden gap-x-6 px-4 font-medium text-muted-foreground text-xs lg:grid lg:grid-cols-[11rem_minmax(0,13rem)_minmax(0,1fr)]"
            aria-hidden="true"
          >
            <span>{t("columns.when")}</span>
            <span>{t("columns.who")}</span>
            <span>{t("columns.what")}</span>
          </div>
          <ol className="grid gap-3">
            {items.map((event) => (
              <AuditEventItem key={event.id} event={event} context={context} />
            ))}
          </ol>
          <div className="flex flex-col items-center gap-2">
            <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="audit-shown">
              {events.hasNextPage
                ? t("list.shownMore", { count: items.length })
                : t("list.shownAll", { count: items.length })}
            </p>
            {events.isError ? (
              <p className="text-destructive text-sm" role="alert">
                {t("states.moreError")}
              </p>
            ) : null}
            {events.hasNextPage ? (
              <Button
                variant="outline"
                onClick={() => events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
                data-testid="audit-load-more"
              >
                {events.isFetchingNextPage ? <Spinner /> : null}
                {t("list.loadMore")}
              </Button>
            ) : null}
          </div>
        </section>
      )}
    </div>
  );
}
