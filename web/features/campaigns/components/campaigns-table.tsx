import type { Campaign, CampaignFilter } from "@domain/schemas/campaigns";
import { type CampaignSortField, campaignSortFields } from "@domain/schemas/values";
import { ArrowDown, ArrowUp, Search } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { IconButton } from "@/components/icon-button";
import { RowMenuTrigger } from "@/components/row-menu-trigger";
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
import { useFormatters } from "@/lib/use-formatters";
import { useTableUrlState, useUrlParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useCampaignList } from "../api";
import { BuyerFilter, useBuyerParam, useCampaignScope, useCanChangeCampaign } from "./buyer-filter";
import { useCampaignDialogs } from "./campaign-dialogs";

const pageSize = 10;
const defaultSort = { id: "date", desc: true };

type Order = "asc" | "desc";

const isSortField = (value: string | undefined): value is CampaignSortField =>
  (campaignSortFields as readonly string[]).includes(value ?? "");

function useDebounced<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The viewer's campaigns, searched, sorted and paged by the server (page size 10): only the page
 * on screen is ever fetched. Search, sort, page, the buyer and hidden columns live in the address.
 * A viewer who reads more than their own rows (team lead, financial, admin) gets a buyer column
 * and a buyer filter (`userId`) unless the screen filters by buyer itself (`buyerFilter` false).
 */
export function CampaignsTable({
  filter = {},
  searchable = true,
  buyerFilter = true,
  testId = "campaigns-table",
}: {
  filter?: CampaignFilter;
  searchable?: boolean;
  buyerFilter?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const { actions, dialogs } = useCampaignDialogs();
  const [searchParam, setSearch] = useUrlParam("q", { resetPage: "" });
  const search = searchParam ?? "";
  const q = useDebounced(search.trim());
  const [url, setUrl] = useTableUrlState("", { sort: defaultSort });
  const sort: CampaignSortField = isSortField(url.sort?.id) ? url.sort.id : "date";
  const order: Order = url.sort ? (url.sort.desc ? "desc" : "asc") : "desc";
  const page = url.page;

  const { showsBuyers } = useCampaignScope();
  const [buyerParam, setBuyer] = useBuyerParam();
  const buyer = buyerFilter ? buyerParam : undefined;
  const list = useCampaignList({
    ...filter,
    ...(buyer ? { creatorId: buyer } : {}),
    ...(q ? { q } : {}),
    sort,
    order,
    page,
    pageSize,
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // A page past the end (rows deleted, a shared link gone stale) falls back to the last one.
  useEffect(() => {
    if (list.data && page > pages) setUrl({ page: pages });
  }, [list.data, page, pages, setUrl]);

  const columns = useMemo<DataTableColumn<Campaign>[]>(() => {
    const money = (id: CampaignSortField, value: (campaign: Campaign) => string, tone = false) =>
      ({
        id,
        accessorFn: value,
        header: t(`sort.${id}`),
        cell: ({ row }) => (id === "roi" ? f.percent(value(row.original)) : f.money(value(row.original))),
        meta: {
          numeric: true,
          label: t(`sort.${id}`),
          ...(tone
            ? { cellProps: (campaign: Campaign) => ({ className: trendClass(value(campaign)) }) }
            : {}),
        },
      }) satisfies DataTableColumn<Campaign>;
    return [
      {
        id: "date",
        accessorKey: "date",
        header: t("sort.date"),
        cell: ({ row }) => f.date(row.original.date),
        enableHiding: false,
        meta: { descFirst: true },
      },
      {
        id: "offer",
        accessorFn: (campaign) => campaign.offer?.name ?? "",
        header: t("fields.offer"),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.offer?.name ?? (
            <span className="text-muted-foreground">{t("card.offerNotFound")}</span>
          ),
        meta: { className: "min-w-32 max-w-48 whitespace-normal break-words", label: t("fields.offer") },
      },
      ...(showsBuyers
        ? [
            {
              id: "buyer",
              accessorFn: (campaign: Campaign) => campaign.creator.name || campaign.creator.email,
              header: t("buyer.column"),
              enableSorting: false,
              meta: {
                className: "min-w-32 max-w-40 whitespace-normal break-words",
                label: t("buyer.column"),
                cellProps: () => ({ "data-testid": "campaign-buyer" }),
              },
            } satisfies DataTableColumn<Campaign>,
          ]
        : []),
      money("spent", (campaign) => campaign.spent),
      money("revenue", (campaign) => campaign.revenue),
      money("profit", (campaign) => campaign.profit, true),
      money("roi", (campaign) => campaign.roi, true),
      money("epc", (campaign) => campaign.epc),
      {
        id: "actions",
        header: () => <span className="sr-only">{t("table.actions")}</span>,
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => <RowMenu campaign={row.original} actions={actions} />,
        meta: { className: "w-10" },
      },
    ];
  }, [t, f, actions, showsBuyers]);

  const toolbar = (
    <>
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
      {buyerFilter ? <BuyerFilter value={buyer} onChange={setBuyer} /> : null}
      <div className="flex items-center gap-2">
        <NativeSelect
          value={sort}
          onChange={(event) => setUrl({ sort: { id: event.target.value, desc: order === "desc" }, page: 1 })}
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
        <IconButton
          variant="outline"
          onClick={() => setUrl({ sort: { id: sort, desc: order !== "desc" }, page: 1 })}
          label={order === "desc" ? t("table.descending") : t("table.ascending")}
          data-testid="order-toggle"
        >
          {order === "desc" ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" />}
        </IconButton>
      </div>
    </>
  );

  return (
    <div data-testid={testId}>
      <DataTable
        columns={columns}
        data={list.data?.items}
        status={list}
        getRowId={(campaign) => campaign.id}
        label={t("table.search")}
        defaultSort={defaultSort}
        sorting="server"
        paging={{
          mode: "server",
          pageSize,
          rowCount: total,
          summary: (from, to, count) => t("table.showing", { from, to, total: count }),
        }}
        columnMenu
        toolbar={toolbar}
        rowProps={() => ({ "data-testid": "campaign-row" })}
        empty={{
          title: q ? t("table.noResults") : t("table.empty"),
          description: q ? t("table.noResultsHint") : t("table.emptyHint"),
        }}
        // A phone gets one card per day instead of a table it would have to scroll sideways.
        renderCard={(campaign) => <CampaignItem campaign={campaign} actions={actions} f={f} />}
        cardsTestId="campaign-list"
      />
      {dialogs}
    </div>
  );
}

type Actions = ReturnType<typeof useCampaignDialogs>["actions"];

/** The row's actions: Edit and Delete only where the server allows them (canChangeCampaign). */
function RowMenu({ campaign, actions }: { campaign: Campaign; actions: Actions }) {
  const { t } = useTranslation("campaigns");
  const canChange = useCanChangeCampaign()(campaign);
  return (
    <DropdownMenu>
      <RowMenuTrigger label={t("table.rowMenu")} />
      <DropdownMenuContent align="end">
        {canChange ? (
          <DropdownMenuItem onSelect={() => actions.edit(campaign)} data-testid="row-edit">
            {t("actions.edit")}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => actions.analysis(campaign)}>
          {t("actions.analytics")}
        </DropdownMenuItem>
        {canChange ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              variant="destructive"
              onSelect={() => actions.remove(campaign)}
              data-testid="row-delete"
            >
              {t("actions.delete")}
            </DropdownMenuItem>
          </>
        ) : null}
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
  const { showsBuyers: showsBuyer } = useCampaignScope();
  return (
    <li className="rounded-lg border p-3" data-testid="campaign-item">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{f.date(campaign.date)}</p>
          <p className="break-words text-muted-foreground text-sm">
            {campaign.offer?.name ?? t("card.offerNotFound")}
          </p>
          {showsBuyer ? (
            <p className="truncate text-muted-foreground text-xs" data-testid="campaign-buyer">
              {campaign.creator.name || campaign.creator.email}
            </p>
          ) : null}
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
