import { can } from "@domain/permissions";
import type { TeamBuyer } from "@domain/schemas/team";
import { ChartColumn, LayoutDashboard, TriangleAlert } from "lucide-react";
import { type MouseEvent, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ChoiceSelect, choicesOf } from "@/components/choice-select";
import { DataTable, type DataTableColumn, figureColumn } from "@/components/data-table";
import { FieldLayout } from "@/components/field-layout";
import { RangePicker } from "@/components/range-picker";
import { TrendIcon, trendClass } from "@/components/trend";
import { useCurrentUser } from "@/features/auth";
import { useUsers } from "@/features/users";
import type { RangeValue } from "@/lib/range";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam, useUrlParam } from "@/lib/use-url-state";
import { cn } from "@/lib/utils";
import { useTeamBuyers } from "../api";

// /team (issue 25, docs/decisions/0080): one row per buyer of a team for any range, sortable by every
// column (the sort in the address), the change against the previous period with its sign and an
// arrow, and a flag for a buyer with nothing logged yesterday. A row opens the buyer's analytics
// for the same range, read-only as the viewer sees them; a second link opens their dashboard list.

/** The range as the buyer screens read it from the address (`period`, or `period=custom&from&to`). */
function rangeParams(range: RangeValue): Record<string, string> {
  return range.period === "custom"
    ? { period: "custom", from: range.from, to: range.to }
    : { period: range.period };
}

export function analyticsPath(buyerId: string, range: RangeValue): string {
  return `/user/analytics?${new URLSearchParams({ userId: buyerId, ...rangeParams(range) })}`;
}

export function dashboardPath(buyerId: string): string {
  return `/?${new URLSearchParams({ userId: buyerId })}`;
}

/** A change in percent: sign, arrow (named for screen readers) and colour; "—" without a previous value. */
function Change({ value }: { value: string | null }) {
  const { t } = useTranslation("team");
  const f = useFormatters();
  if (value === null)
    return (
      <span className="text-muted-foreground" title={t("noPrevious")}>
        —<span className="sr-only">{t("noPrevious")}</span>
      </span>
    );
  return (
    <span className={cn("inline-flex items-center justify-end gap-0.5 font-medium", trendClass(value))}>
      <TrendIcon value={value} />
      {Number(value) > 0 ? "+" : ""}
      {f.percent(value)}
    </span>
  );
}

function MissedFlag({ reminded }: { reminded: boolean }) {
  const { t } = useTranslation("team");
  return (
    <span
      className="inline-flex items-center gap-1 rounded-md bg-warning/15 px-1.5 py-0.5 font-medium text-foreground text-xs"
      data-testid="missed-yesterday"
    >
      <TriangleAlert className="size-3.5 text-warning" aria-hidden="true" />
      {t(reminded ? "missedYesterdayReminded" : "missedYesterday")}
    </span>
  );
}

export function TeamScreen() {
  const { t } = useTranslation("team");
  const f = useFormatters();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const readsEveryTeam = can(user.role, "team:read-all");
  const [range, setRange] = useRangeParam("7d");
  const [leadParam, setLeadId] = useUrlParam("leadId");
  const leadId = readsEveryTeam ? leadParam : null;
  const buyers = useTeamBuyers(range, leadId);
  const leads = useUsers({ role: "manager" }, { enabled: readsEveryTeam });
  const showLead = readsEveryTeam && !leadId;
  const data = buyers.data;

  const columns = useMemo<DataTableColumn<TeamBuyer>[]>(() => {
    const list: DataTableColumn<TeamBuyer>[] = [
      {
        id: "buyer",
        accessorKey: "name",
        header: t("columns.buyer"),
        enableHiding: false,
        cell: ({ row }) => (
          <div className="min-w-40">
            <Link
              to={analyticsPath(row.original.id, range)}
              className="font-medium underline-offset-4 hover:underline"
              aria-label={t("openAnalytics", { name: row.original.name })}
              data-testid="buyer-link"
            >
              {row.original.name}
            </Link>
            <div className="text-muted-foreground text-xs">{row.original.email}</div>
          </div>
        ),
      },
    ];
    if (showLead)
      list.push({
        id: "lead",
        accessorFn: (buyer) => buyer.leadName ?? "",
        header: t("columns.lead"),
        cell: ({ row }) =>
          row.original.leadName ?? <span className="text-muted-foreground">{t("noLead")}</span>,
        meta: { label: t("columns.lead") },
      });
    list.push(
      figureColumn<TeamBuyer>(
        "spent",
        t("columns.spent"),
        (b) => b.current.spent,
        (b) => f.money(b.current.spent),
      ),
      figureColumn<TeamBuyer>(
        "revenue",
        t("columns.revenue"),
        (b) => b.current.revenue,
        (b) => f.money(b.current.revenue),
      ),
      figureColumn<TeamBuyer>(
        "profit",
        t("columns.profit"),
        (b) => b.current.profit,
        (b) => (
          <span className={cn("inline-flex items-center gap-0.5", trendClass(b.current.profit))}>
            {Number(b.current.profit) > 0 ? "+" : ""}
            {f.money(b.current.profit)}
          </span>
        ),
      ),
      figureColumn<TeamBuyer>(
        "profitChange",
        t("columns.profitChange"),
        (b) => b.changes.profit,
        (b) => <Change value={b.changes.profit} />,
      ),
      figureColumn<TeamBuyer>(
        "roi",
        t("columns.roi"),
        (b) => b.current.roi,
        (b) => f.percent(b.current.roi),
      ),
      figureColumn<TeamBuyer>(
        "epc",
        t("columns.epc"),
        (b) => b.current.epc,
        (b) => f.money(b.current.epc),
      ),
      figureColumn<TeamBuyer>(
        "deposits",
        t("columns.deposits"),
        (b) => b.current.deposits,
        (b) => f.number(b.current.deposits),
      ),
      figureColumn<TeamBuyer>(
        "campaigns",
        t("columns.campaigns"),
        (b) => b.current.campaigns,
        (b) => f.number(b.current.campaigns),
      ),
      figureColumn<TeamBuyer>(
        "revenueChange",
        t("columns.revenueChange"),
        (b) => b.changes.revenue,
        (b) => <Change value={b.changes.revenue} />,
      ),
      figureColumn<TeamBuyer>(
        "commission",
        t("columns.commission"),
        (b) => b.commissionThisMonth,
        (b) => f.money(b.commissionThisMonth),
      ),
      {
        id: "lastLogged",
        accessorFn: (buyer) => buyer.lastLoggedOn ?? "",
        header: t("columns.lastLogged"),
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1 whitespace-nowrap">
            <span>{row.original.lastLoggedOn ? f.date(row.original.lastLoggedOn, "short") : t("never")}</span>
            {row.original.missedYesterday ? <MissedFlag reminded={row.original.remindedYesterday} /> : null}
          </div>
        ),
        meta: { descFirst: true, label: t("columns.lastLogged") },
      },
      {
        id: "links",
        header: () => <span className="sr-only">{t("columns.links")}</span>,
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex items-center justify-end gap-1">
            <Link
              to={analyticsPath(row.original.id, range)}
              className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent"
              aria-label={t("openAnalytics", { name: row.original.name })}
              title={t("analytics")}
            >
              <ChartColumn className="size-4" aria-hidden="true" />
            </Link>
            <Link
              to={dashboardPath(row.original.id)}
              className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent"
              aria-label={t("openDashboard", { name: row.original.name })}
              title={t("dashboard")}
              data-testid="dashboard-link"
            >
              <LayoutDashboard className="size-4" aria-hidden="true" />
            </Link>
          </div>
        ),
      },
    );
    return list;
  }, [t, f, range, showLead]);

  // A click anywhere on a row opens the analytics; the links inside keep their own targets.
  const openRow = (buyer: TeamBuyer) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("a, button, input, select")) return;
    navigate(analyticsPath(buyer.id, range));
  };
  const missed = data?.buyers.filter((buyer) => buyer.missedYesterday).length ?? 0;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <search aria-label={t("filters")} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <RangePicker value={range} onChange={setRange} label={t("period")} testId="team-range" />
        {readsEveryTeam ? (
          <FieldLayout label={t("lead")} className="sm:w-56">
            {(control) => (
              <ChoiceSelect
                {...control}
                value={leadId ?? ""}
                onChange={(value) => setLeadId(value || null)}
                choices={choicesOf(leads, (lead) => ({ value: lead.id, label: lead.name }))}
                allLabel={t("allBuyers")}
                unknownLabel={t("unknownLead")}
                data-testid="team-lead"
              />
            )}
          </FieldLayout>
        ) : null}
      </search>
      {data ? (
        <p className="text-muted-foreground text-sm" data-testid="team-summary">
          {data.previous
            ? t("comparedWith", {
                from: f.date(data.previous.from, "short"),
                to: f.date(data.previous.to, "short"),
              })
            : t("noComparison")}{" "}
          {missed > 0 ? t("missedCount", { count: missed, date: f.date(data.yesterday, "short") }) : null}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        data={data?.buyers}
        status={buyers}
        getRowId={(buyer) => buyer.id}
        label={t("tableLabel")}
        testId="team-table"
        tableProps={{ "data-ready": buyers.isPlaceholderData || !data ? undefined : "true" }}
        rowProps={(buyer) => ({
          onClick: openRow(buyer),
          className: "cursor-pointer",
          "data-buyer": buyer.name,
        })}
        empty={{ title: t("empty"), description: t("emptyDescription") }}
        errorTitle={t("loadError")}
        columnMenu
      />
    </div>
  );
}
