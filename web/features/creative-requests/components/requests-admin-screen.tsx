import {
  type CreativeRequest,
  type CreativeStatus,
  creativeStatuses,
} from "@domain/schemas/creative-requests";
import { EyeIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { FieldLayout } from "@/components/field-layout";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useAppConfig } from "@/lib/config";
import { formatDate } from "@/lib/format";
import { useLanguage } from "@/lib/use-language";
import { useUrlParam } from "@/lib/use-url-state";
import { useCreativeRequests } from "../api";
import { CreativeRequestDetailDialog } from "./request-detail-dialog";
import { CreativeStatusBadge } from "./status-badge";

const isStatus = (value: string | null): value is CreativeStatus =>
  (creativeStatuses as readonly (string | null)[]).includes(value);

// /admin/creative-requests: every request, newest first, filtered by status (?status=), and the
// detail dialog to work one.
export function RequestsAdminScreen() {
  const { t } = useTranslation("creative");
  const language = useLanguage();
  const timeZone = useAppConfig().data?.workspaceTimezone;
  const requests = useCreativeRequests();
  const [statusParam, setStatus] = useUrlParam("status", { resetPage: "" });
  const status = isStatus(statusParam) ? statusParam : null;
  // Every request is already loaded (the list is not paged on the server): the filter picks rows.
  const shown = useMemo(
    () => (status ? requests.data?.filter((request) => request.status === status) : requests.data),
    [requests.data, status],
  );
  const [openId, setOpenId] = useState<string | null>(null);
  // The dialog follows the list, so a live refresh shows the latest status and notes.
  const open: CreativeRequest | null = requests.data?.find((request) => request.id === openId) ?? null;
  const columns = useMemo<DataTableColumn<CreativeRequest>[]>(() => {
    const dateOptions = timeZone ? { timeZone } : {};
    return [
      {
        id: "buyer",
        accessorFn: (request) => request.user.name || request.user.email,
        header: t("columns.buyer"),
        cell: ({ row }) => (
          <>
            <div className="truncate font-medium">{row.original.user.name}</div>
            <div className="truncate text-muted-foreground text-xs">{row.original.user.email}</div>
          </>
        ),
        meta: { className: "max-w-64 whitespace-normal", label: t("columns.buyer") },
      },
      {
        id: "type",
        accessorFn: (request) => t(`types.${request.type}`),
        header: t("columns.type"),
        meta: { label: t("columns.type") },
      },
      {
        id: "format",
        accessorFn: (request) => t(`formats.${request.format}`),
        header: t("columns.format"),
        meta: { label: t("columns.format") },
      },
      {
        id: "deadline",
        accessorKey: "deadline",
        header: t("columns.deadline"),
        cell: ({ row }) => formatDate(row.original.deadline, language),
        meta: { className: "tabular-nums", label: t("columns.deadline") },
      },
      {
        id: "status",
        accessorKey: "status",
        header: t("columns.status"),
        cell: ({ row }) => <CreativeStatusBadge status={row.original.status} />,
        meta: { label: t("columns.status") },
      },
      {
        id: "date",
        accessorKey: "createdAt",
        header: t("columns.date"),
        cell: ({ row }) => formatDate(row.original.createdAt, language, dateOptions),
        meta: { className: "tabular-nums", label: t("columns.date") },
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
            aria-label={t("admin.viewRequest", { name: row.original.user.name || row.original.user.email })}
            onClick={() => setOpenId(row.original.id)}
            data-testid="open-request"
          >
            <EyeIcon aria-hidden="true" />
            {t("admin.view")}
          </Button>
        ),
        meta: { className: "text-right" },
      },
    ];
  }, [t, language, timeZone]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t("admin.title")} description={t("admin.description")} />
      <search aria-label={t("admin.filters")} className="grid gap-4 sm:max-w-xs">
        <FieldLayout label={t("admin.statusFilter")} className="min-w-0">
          {(props) => (
            <NativeSelect
              {...props}
              value={status ?? ""}
              onChange={(event) => setStatus(event.target.value || null)}
              data-testid="requests-status"
            >
              <option value="">{t("admin.allStatuses")}</option>
              {creativeStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FieldLayout>
      </search>
      <DataTable
        columns={columns}
        data={shown}
        status={requests}
        getRowId={(request) => request.id}
        label={t("admin.title")}
        testId="admin-requests"
        rowProps={(request) => ({ "data-testid": "admin-request-row", "data-id": request.id })}
        empty={{ title: t(status ? "admin.emptyFiltered" : "empty") }}
        errorTitle={t("loadFailed")}
        columnMenu
      />
      <CreativeRequestDetailDialog
        request={open}
        onOpenChange={(isOpen) => !isOpen && setOpenId(null)}
        timeZone={timeZone}
      />
    </div>
  );
}
