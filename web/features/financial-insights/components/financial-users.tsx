import { roles } from "@domain/roles";
import type { FinancialUser } from "@domain/schemas/reports";
import { Eye, SearchIcon } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DataTable, type DataTableColumn, figureColumn } from "@/components/data-table";
import { roleLabels } from "@/components/layout/role-label";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useFormatters } from "@/lib/use-formatters";
import { withParams } from "@/lib/use-url-state";
import { useFinancialUsers } from "../api";
import { readRole, readSearch } from "../search-params";
import { ProfitValue } from "./profit-value";
import { RoleBadge } from "./role-badge";
import { UserStatsDialog } from "./user-stats-dialog";

const searchDelayMs = 300;

/**
 * The search box keeps what the user types and writes it to ?q= after a short pause (replacing the
 * history entry, so Back is not a keystroke-by-keystroke undo); a URL change from outside (Back,
 * a bookmark) flows back into the box.
 */
function useDebouncedSearch(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const committed = readSearch(params);
  const [text, setText] = useState(committed);
  const lastWritten = useRef(committed);
  useEffect(() => {
    if (committed !== lastWritten.current) {
      lastWritten.current = committed;
      setText(committed);
    }
  }, [committed]);
  useEffect(() => {
    const value = text.trim();
    if (value === lastWritten.current) return;
    const timer = setTimeout(() => {
      lastWritten.current = value;
      setParams((current) => withParams(current, { q: value }), { replace: true });
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, setParams]);
  return [text, setText] as const;
}

/** /financial/users: search (?q=), role filter (?role=) and the details dialog (?user=). */
export function FinancialUsers() {
  const { t } = useTranslation("financial-insights");
  const f = useFormatters();
  const searchId = useId();
  const roleId = useId();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useDebouncedSearch(params, setParams);
  const q = readSearch(params).trim();
  const role = readRole(params);
  const list = useFinancialUsers({ ...(q ? { q } : {}), ...(role ? { role } : {}) });
  const selectedId = params.get("user");
  const selected = list.data?.find((user) => user.id === selectedId) ?? null;

  const openDetails = useCallback(
    (user: FinancialUser) => setParams((current) => withParams(current, { user: user.id })),
    [setParams],
  );
  const columns = useMemo<DataTableColumn<FinancialUser>[]>(
    () => [
      {
        id: "user",
        accessorKey: "name",
        header: t("columns.user"),
        cell: ({ row }) => (
          <>
            <div className="flex flex-wrap items-center gap-2 font-medium">
              {row.original.name}
              {row.original.deactivatedAt ? (
                <Badge variant="secondary">{t("users.deactivated")}</Badge>
              ) : null}
            </div>
            <div className="text-muted-foreground text-xs">{row.original.email}</div>
          </>
        ),
        enableHiding: false,
      },
      {
        id: "role",
        accessorFn: (user) => t(roleLabels[user.role]),
        header: t("columns.role"),
        cell: ({ row }) => <RoleBadge role={row.original.role} data-testid="role-badge" />,
        meta: { label: t("columns.role") },
      },
      figureColumn<FinancialUser>(
        "campaigns",
        t("columns.campaigns"),
        (user) => user.campaigns,
        (user) => f.number(user.campaigns),
      ),
      figureColumn<FinancialUser>(
        "invested",
        t("columns.invested"),
        (user) => user.spent,
        (user) => f.money(user.spent),
      ),
      figureColumn<FinancialUser>(
        "revenue",
        t("columns.revenue"),
        (user) => user.revenue,
        (user) => f.money(user.revenue),
      ),
      figureColumn<FinancialUser>(
        "profit",
        t("columns.profit"),
        (user) => user.profit,
        (user) => <ProfitValue value={user.profit} className="flex-nowrap" />,
      ),
      {
        id: "lastCampaign",
        accessorFn: (user) => user.lastCampaignDate ?? "",
        header: t("columns.lastCampaign"),
        cell: ({ row }) =>
          row.original.lastCampaignDate ? f.date(row.original.lastCampaignDate, "short") : t("users.never"),
        meta: {
          descFirst: true,
          label: t("columns.lastCampaign"),
          cellProps: () => ({ "data-testid": "cell-last-campaign" }),
        },
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("columns.actions")}</span>,
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={t("users.viewUser", { name: row.original.name })}
            onClick={() => openDetails(row.original)}
          >
            <Eye aria-hidden="true" />
            {t("users.view")}
          </Button>
        ),
        meta: { className: "text-right" },
      },
    ],
    [t, f, openDetails],
  );
  const closeDetails = () => setParams(withParams(params, { user: null, stats: null, from: null, to: null }));

  return (
    <div className="flex flex-col gap-6">
      <search aria-label={t("users.filters")} className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={searchId}>{t("users.search")}</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              className="pl-8"
              placeholder={t("users.searchPlaceholder")}
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
              data-testid="users-search"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={roleId}>{t("users.role")}</Label>
          <NativeSelect
            id={roleId}
            value={role ?? ""}
            onChange={(event) => setParams(withParams(params, { role: event.target.value }))}
            data-testid="users-role"
          >
            <option value="">{t("users.allRoles")}</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(roleLabels[r])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </search>

      <DataTable
        columns={columns}
        data={list.data}
        status={list}
        getRowId={(user) => user.id}
        label={t("users.tableLabel")}
        urlKey="users"
        testId="users-table"
        tableProps={{ "data-ready": list.isPlaceholderData || !list.data ? undefined : "true" }}
        rowProps={(user) => ({ "data-user-email": user.email })}
        empty={{ title: t("users.empty"), description: t("users.emptyDescription") }}
        errorTitle={t("users.loadError")}
        columnMenu
      />

      <UserStatsDialog userId={selectedId} fallbackUser={selected} onClose={closeDetails} />
    </div>
  );
}
