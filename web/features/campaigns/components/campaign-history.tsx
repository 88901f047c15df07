import type { Campaign } from "@domain/schemas/campaigns";
import { useInfiniteQuery } from "@tanstack/react-query";
import { BarChart3, ChevronDown, Download, Pencil, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CsvDialectSelect, useCsvDialect } from "@/components/csv-dialect-select";
import { RangePicker, useRangeBounds } from "@/components/range-picker";
import { EmptyState, ErrorState } from "@/components/states";
import { trendClass } from "@/components/trend";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { campaignKeys, downloadCampaignsCsv, fetchCampaignPage, useAnalytics } from "../api";
import { BuyerFilter, useBuyerParam, useCanChangeCampaign } from "./buyer-filter";
import { type CampaignActions, useCampaignDialogs } from "./campaign-dialogs";

const historyPageSize = 100;

/**
 * /campanhas: a range's campaigns (the one range picker, kept in the address; 30 days unless
 * chosen) grouped by date, newest first. Rows come from the server 100 at a
 * time; the per-day counts come from the server's aggregate, so they are exact even before every
 * page has loaded.
 */
export function CampaignHistory() {
  const { t } = useTranslation("campaigns");
  const [period, setPeriod] = useRangeParam("30d");
  const [exporting, setExporting] = useState(false);
  const [dialect, setDialect] = useCsvDialect();
  const [buyer, setBuyer] = useBuyerParam();
  const dates = useRangeBounds(period);
  // The chosen buyer (team leads, financial, admins), as the list, the counts and the export read it.
  const range = dates ? { ...dates, ...(buyer ? { creatorId: buyer } : {}) } : null;
  const { actions, dialogs } = useCampaignDialogs();

  const list = useInfiniteQuery({
    queryKey: [...campaignKeys.all, "history", range],
    enabled: Boolean(range),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      fetchCampaignPage(
        { ...(range ?? {}), sort: "date", order: "desc", page: pageParam, pageSize: historyPageSize },
        signal,
      ),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const counts = useAnalytics(dates ? { ...dates, ...(buyer ? { userId: buyer } : {}) } : {}, {
    enabled: Boolean(dates),
  });

  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const groups = useMemo(() => {
    const byDate = new Map<string, Campaign[]>();
    for (const campaign of items) {
      const group = byDate.get(campaign.date) ?? [];
      group.push(campaign);
      byDate.set(campaign.date, group);
    }
    return [...byDate.entries()];
  }, [items]);
  const countByDate = useMemo(
    () => new Map((counts.data?.series ?? []).map((point) => [point.date, point.campaigns])),
    [counts.data],
  );

  const exportCsv = async () => {
    if (!range) return;
    setExporting(true);
    try {
      await downloadCampaignsCsv(range, dialect);
    } catch (error) {
      toast.error(t("toasts.exportError"), { description: t(errorMessageKey(error)), duration: 5000 });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <RangePicker value={period} onChange={setPeriod} testId="history-days" className="sm:w-72" />
          <BuyerFilter value={buyer} onChange={setBuyer} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {list.data ? (
            <p className="text-muted-foreground text-sm" data-testid="history-total">
              {t("history.total", { count: total })}
            </p>
          ) : null}
          <CsvDialectSelect value={dialect} onChange={setDialect} />
          <Button
            variant="outline"
            onClick={exportCsv}
            disabled={exporting || !range}
            data-testid="export-csv"
          >
            {exporting ? <Spinner /> : <Download aria-hidden="true" />}
            {t("actions.exportCsv")}
          </Button>
        </div>
      </div>

      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : groups.length === 0 ? (
        <EmptyState title={t("history.empty")} description={t("history.emptyHint")} />
      ) : (
        <div className="space-y-3" data-testid="history-groups">
          {groups.map(([date, campaigns]) => (
            <DateGroup
              key={date}
              date={date}
              campaigns={campaigns}
              count={countByDate.get(date) ?? campaigns.length}
              actions={actions}
            />
          ))}
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? <Spinner /> : null}
                {t("history.loadMore", { shown: items.length, total })}
              </Button>
            </div>
          ) : null}
        </div>
      )}
      {dialogs}
    </div>
  );
}

function DateGroup({
  date,
  campaigns,
  count,
  actions,
}: {
  date: string;
  campaigns: Campaign[];
  count: number;
  actions: CampaignActions;
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const [open, setOpen] = useState(true);
  const panelId = `history-${date}`;
  return (
    <section className="rounded-lg border bg-card" data-testid="history-group" data-date={date}>
      <h2>
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={panelId}
          className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="font-semibold">{f.date(date, "long")}</span>
          <span className="flex items-center gap-2">
            <Badge variant="secondary" data-testid="group-count">
              {t("history.count", { count })}
            </Badge>
            <ChevronDown
              className={cn("size-4 transition-transform", open && "rotate-180")}
              aria-hidden="true"
            />
          </span>
        </button>
      </h2>
      {open ? (
        <div id={panelId} className="grid grid-cols-1 gap-3 border-t p-3 md:grid-cols-2">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} actions={actions} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function CampaignCard({ campaign, actions }: { campaign: Campaign; actions: CampaignActions }) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const canChange = useCanChangeCampaign()(campaign);
  const money = [
    { key: "investment", value: f.money(campaign.spent) },
    { key: "revenue", value: f.money(campaign.revenue) },
    { key: "profit", value: f.money(campaign.profit), className: trendClass(campaign.profit) },
    { key: "roi", value: f.percent(campaign.roi), className: trendClass(campaign.roi) },
    { key: "epc", value: f.money(campaign.epc) },
  ];
  const counts = [
    { key: "clicks", value: f.number(campaign.clicks) },
    { key: "installations", value: f.number(campaign.installations) },
    { key: "registrations", value: f.number(campaign.registrations) },
    { key: "deposits", value: f.number(campaign.deposits) },
  ];
  const rates = [
    { key: "clickToInstall", value: f.percent(campaign.clickToInst) },
    { key: "installToRegistration", value: f.percent(campaign.instToReg) },
    { key: "registrationToDeposit", value: f.percent(campaign.regToDep) },
  ];
  return (
    <Card className="gap-3 py-4 shadow-none" data-testid="campaign-card" data-id={campaign.id}>
      <div className="flex flex-wrap items-start justify-between gap-2 px-4">
        <div className="min-w-0">
          <p className="break-words font-medium" data-testid="card-offer">
            {campaign.offer?.name ?? <span className="text-muted-foreground">{t("card.offerNotFound")}</span>}
          </p>
          <p className="text-muted-foreground text-xs">
            {t("card.creator")}: {campaign.creator.name || t("card.notSpecified")} · {f.date(campaign.date)}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 px-4 text-sm sm:grid-cols-3">
        {[...money, ...counts].map((item) => (
          <div key={item.key} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{t(`metrics.${item.key}`)}</dt>
            <dd
              className={cn(
                "whitespace-nowrap font-medium tabular-nums",
                "className" in item ? (item.className as string) : undefined,
              )}
              data-testid={`card-${item.key}`}
            >
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="mx-4 grid grid-cols-3 gap-2 rounded-md bg-muted/60 p-2 text-xs">
        {rates.map((item) => (
          <div key={item.key} className="min-w-0">
            <dt className="text-muted-foreground">{t(`metrics.${item.key}Short`)}</dt>
            <dd className="font-medium tabular-nums" data-testid={`card-${item.key}`}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2 px-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.analysis(campaign)}
          data-testid="card-analytics"
        >
          <BarChart3 aria-hidden="true" />
          {t("actions.analytics")}
        </Button>
        {/* Edit and Delete only where the server allows them (canChangeCampaign): a team lead reads
            their buyers' rows but does not change them. */}
        {canChange ? (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => actions.edit(campaign)}
              data-testid="card-edit"
            >
              <Pencil aria-hidden="true" />
              {t("actions.edit")}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => actions.remove(campaign)}
              data-testid="card-delete"
            >
              <Trash2 aria-hidden="true" />
              {t("actions.delete")}
            </Button>
          </>
        ) : null}
      </div>
    </Card>
  );
}
