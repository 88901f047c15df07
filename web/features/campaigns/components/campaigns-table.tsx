import type { Campaign, CampaignFilter } from "@domain/schemas/campaigns";
import { type CampaignSortField, campaignSortFields } from "@domain/schemas/values";
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RowMenuTrigger } from "@/components/row-menu-trigger";
import { SortButton } from "@/components/sort-button";
import { EmptyState, ErrorState } from "@/components/states";
import { trendClass } from "@/components/trend";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { useCampaignList } from "../api";
import { useCampaignDialogs } from "./campaign-dialogs";

const pageSize = 10;

type Order = "asc" | "desc";

function useDebounced<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The buyer's campaigns, searched, sorted and paged by the server (page size 10): only the page
 * on screen is ever fetched.
 */
export function CampaignsTable({
  filter = {},
  searchable = true,
  testId = "campaigns-table",
}: {
  filter?: CampaignFilter;
  searchable?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const { actions, dialogs } = useCampaignDialogs();
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim());
  const [sort, setSort] = useState<CampaignSortField>("date");
  const [order, setOrder] = useState<Order>("desc");
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filter);

  // A new search, sort or filter starts again on page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are the trigger
  useEffect(() => setPage(1), [q, sort, order, filterKey]);

  const list = useCampaignList({ ...filter, ...(q ? { q } : {}), sort, order, page, pageSize });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const items = list.data?.items ?? [];
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  useEffect(() => {
    if (list.data && page > pages) setPage(pages);
  }, [list.data, page, pages]);

  const sortBy = (field: CampaignSortField) => {
    if (field === sort) setOrder(order === "desc" ? "asc" : "desc");
    else {
      setSort(field);
      setOrder("desc");
    }
  };

  const header = (field: CampaignSortField, className?: string) => {
    const active = field === sort;
    return (
      <TableHead
        className={className}
        aria-sort={active ? (order === "desc" ? "descending" : "ascending") : "none"}
      >
        <SortButton
          label={t(`sort.${field}`)}
          active={active}
          direction={order}
          onClick={() => sortBy(field)}
          alignEnd={className?.includes("text-right")}
          testId={`sort-${field}`}
        />
      </TableHead>
    );
  };

  return (
    <div className="space-y-4" data-testid={testId}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {searchable ? (
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t("table.searchPlaceholder")}
              aria-label={t("table.search")}
              className="pl-8"
              data-testid="campaign-search"
            />
          </div>
        ) : (
          <div className="flex-1" />
        )}
        <div className="flex items-center gap-2">
          <NativeSelect
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as CampaignSortField);
            }}
            aria-label={t("table.sortBy")}
            className="sm:w-44"
            data-testid="sort-select"
          >
            {campaignSortFields.map((field) => (
              <option key={field} value={field}>
                {t(`sort.${field}`)}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="outline"
            size="icon"
            onClick={() => setOrder(order === "desc" ? "asc" : "desc")}
            aria-label={order === "desc" ? t("table.descending") : t("table.ascending")}
            title={order === "desc" ? t("table.descending") : t("table.ascending")}
            data-testid="order-toggle"
          >
            {order === "desc" ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          title={q ? t("table.noResults") : t("table.empty")}
          description={q ? t("table.noResultsHint") : t("table.emptyHint")}
        />
      ) : (
        <div className={cn(list.isFetching && "opacity-70 transition-opacity")}>
          {/* A phone gets one card per day instead of a table it would have to scroll sideways. */}
          <ul className="space-y-2 sm:hidden" data-testid="campaign-list">
            {items.map((campaign) => (
              <CampaignItem key={campaign.id} campaign={campaign} actions={actions} f={f} />
            ))}
          </ul>
          <div className="hidden rounded-lg border sm:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  {header("date")}
                  <TableHead>{t("fields.offer")}</TableHead>
                  {header("spent", "text-right")}
                  {header("revenue", "text-right")}
                  {header("profit", "text-right")}
                  {header("roi", "text-right")}
                  {header("epc", "text-right")}
                  <TableHead className="w-10">
                    <span className="sr-only">{t("table.actions")}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((campaign) => (
                  <CampaignRow key={campaign.id} campaign={campaign} actions={actions} f={f} />
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
      )}

      <div className="flex flex-col gap-2 text-muted-foreground text-sm sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="pagination-summary">{t("table.showing", { from: first, to: last, total })}</p>
        <div className="flex items-center gap-2">
          <span data-testid="pagination-page">{t("table.page", { page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage(page - 1)}
            disabled={page <= 1}
            aria-label={t("table.previous")}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">{t("table.previous")}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage(page + 1)}
            disabled={page >= pages}
            aria-label={t("table.next")}
          >
            <span className="hidden sm:inline">{t("table.next")}</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {dialogs}
    </div>
  );
}

function CampaignRow({
  campaign,
  actions,
  f,
}: {
  campaign: Campaign;
  actions: Actions;
  f: ReturnType<typeof useFormatters>;
}) {
  const { t } = useTranslation("campaigns");
  return (
    <TableRow data-testid="campaign-row">
      <TableCell>{f.date(campaign.date)}</TableCell>
      <TableCell className="max-w-48 truncate">
        {campaign.offer?.name ?? <span className="text-muted-foreground">{t("card.offerNotFound")}</span>}
      </TableCell>
      <TableCell className="text-right tabular-nums">{f.money(campaign.spent)}</TableCell>
      <TableCell className="text-right tabular-nums">{f.money(campaign.revenue)}</TableCell>
      <TableCell className={cn("text-right tabular-nums", trendClass(campaign.profit))}>
        {f.money(campaign.profit)}
      </TableCell>
      <TableCell className={cn("text-right tabular-nums", trendClass(campaign.roi))}>
        {f.percent(campaign.roi)}
      </TableCell>
      <TableCell className="text-right tabular-nums">{f.money(campaign.epc)}</TableCell>
      <TableCell>
        <RowMenu campaign={campaign} actions={actions} />
      </TableCell>
    </TableRow>
  );
}

type Actions = ReturnType<typeof useCampaignDialogs>["actions"];

function RowMenu({ campaign, actions }: { campaign: Campaign; actions: Actions }) {
  const { t } = useTranslation("campaigns");
  return (
    <DropdownMenu>
      <RowMenuTrigger label={t("table.rowMenu")} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.edit(campaign)}>{t("actions.edit")}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.analysis(campaign)}>
          {t("actions.analytics")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => actions.remove(campaign)}>
          {t("actions.delete")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function CampaignItem({
  campaign,
  actions,
  f,
}: {
  campaign: Campaign;
  actions: Actions;
  f: ReturnType<typeof useFormatters>;
}) {
  const { t } = useTranslation("campaigns");
  return (
    <li className="rounded-lg border p-3" data-testid="campaign-item">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{f.date(campaign.date)}</p>
          <p className="truncate text-muted-foreground text-sm">
            {campaign.offer?.name ?? t("card.offerNotFound")}
          </p>
        </div>
        <RowMenu campaign={campaign} actions={actions} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("metrics.spent")}</dt>
        <dd className="text-right tabular-nums">{f.money(campaign.spent)}</dd>
        <dt className="text-muted-foreground">{t("metrics.revenue")}</dt>
        <dd className="text-right tabular-nums">{f.money(campaign.revenue)}</dd>
        <dt className="text-muted-foreground">{t("metrics.profit")}</dt>
        <dd className={cn("text-right tabular-nums", trendClass(campaign.profit))}>
          {f.money(campaign.profit)} · {f.percent(campaign.roi)}
        </dd>
        <dt className="text-muted-foreground">{t("metrics.epc")}</dt>
        <dd className="text-right tabular-nums">{f.money(campaign.epc)}</dd>
      </dl>
    </li>
  );
}
