import { roles } from "@domain/roles";
import type { FinancialUser } from "@domain/schemas/reports";
import { Eye, SearchIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { roleLabels } from "@/components/layout/role-label";
import { EmptyState, ErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { useFinancialUsers } from "../api";
import { readRole, readSearch, withParams } from "../search-params";
import { ProfitValue } from "./profit-value";
import { RoleBadge } from "./role-badge";
import { ScrollTable } from "./scroll-table";
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

  const openDetails = (user: FinancialUser) => setParams(withParams(params, { user: user.id }));
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

      {list.isError && !list.data ? (
        <ErrorState error={list.error} title={t("users.loadError")} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <div className="grid gap-2" aria-busy="true" data-testid="loading">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState title={t("users.empty")} description={t("users.emptyDescription")} />
      ) : (
        <div
          className={cn("rounded-lg border", list.isPlaceholderData && "opacity-70 transition-opacity")}
          aria-busy={list.isPlaceholderData}
        >
          <ScrollTable
            label={t("users.tableLabel")}
            data-testid="users-table"
            data-ready={list.isPlaceholderData ? undefined : "true"}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t("columns.user")}</TableHead>
                <TableHead>{t("columns.role")}</TableHead>
                <TableHead className="text-right">{t("columns.campaigns")}</TableHead>
                <TableHead className="text-right">{t("columns.invested")}</TableHead>
                <TableHead className="text-right">{t("columns.revenue")}</TableHead>
                <TableHead className="text-right">{t("columns.profit")}</TableHead>
                <TableHead>{t("columns.lastCampaign")}</TableHead>
                <TableHead>
                  <span className="sr-only">{t("columns.actions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.map((user) => (
                <TableRow key={user.id} data-user-email={user.email}>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-2 font-medium">
                      {user.name}
                      {user.deactivatedAt ? (
                        <Badge variant="secondary">{t("users.deactivated")}</Badge>
                      ) : null}
                    </div>
                    <div className="text-muted-foreground text-xs">{user.email}</div>
                  </TableCell>
                  <TableCell>
                    <RoleBadge role={user.role} data-testid="role-badge" />
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="cell-campaigns">
                    {f.number(user.campaigns)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{f.money(user.spent)}</TableCell>
                  <TableCell className="text-right tabular-nums">{f.money(user.revenue)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    <ProfitValue value={user.profit} className="flex-nowrap" />
                  </TableCell>
                  <TableCell className="whitespace-nowrap" data-testid="cell-last-campaign">
                    {user.lastCampaignDate ? f.date(user.lastCampaignDate, "short") : t("users.never")}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={t("users.viewUser", { name: user.name })}
                      onClick={() => openDetails(user)}
                    >
                      <Eye aria-hidden="true" />
                      {t("users.view")}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        </div>
      )}

      <UserStatsDialog
        userId={selectedId}
        fallbackUser={selected}
        onClose={closeDetails}
        params={params}
        setParams={setParams}
      />
    </div>
  );
}
