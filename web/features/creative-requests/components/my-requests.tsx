import type { CreativeRequest } from "@domain/schemas/creative-requests";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAppConfig } from "@/lib/config";
import { formatDate } from "@/lib/format";
import { useLanguage } from "@/lib/use-language";
import { useCreativeRequests } from "../api";
import { CreativeStatusBadge } from "./status-badge";

/** 'Minhas Solicitações': the reader's own requests, newest first (the server orders them). */
export function MyCreativeRequests() {
  const { t } = useTranslation("creative");
  const language = useLanguage();
  const timeZone = useAppConfig().data?.workspaceTimezone;
  const requests = useCreativeRequests();

  const columns = useMemo<DataTableColumn<CreativeRequest>[]>(
    () => [
      {
        id: "type",
        accessorFn: (request) => t(`types.${request.type}`),
        header: t("columns.type"),
        meta: { className: "font-medium" },
      },
      { id: "format", accessorFn: (request) => t(`formats.${request.format}`), header: t("columns.format") },
      {
        id: "deadline",
        accessorKey: "deadline",
        header: t("columns.deadline"),
        cell: ({ row }) => formatDate(row.original.deadline, language),
        meta: { className: "tabular-nums" },
      },
      {
        id: "status",
        accessorKey: "status",
        header: t("columns.status"),
        cell: ({ row }) => <CreativeStatusBadge status={row.original.status} />,
      },
      {
        id: "date",
        accessorKey: "createdAt",
        header: t("columns.date"),
        cell: ({ row }) => formatDate(row.original.createdAt, language, timeZone ? { timeZone } : {}),
        meta: { className: "tabular-nums" },
      },
      {
        // The admin's answer: written for the buyer, so the buyer reads it here.
        id: "adminNotes",
        accessorKey: "adminNotes",
        header: t("columns.adminNotes"),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.adminNotes ? (
            <span className="whitespace-pre-wrap break-words" data-testid="my-request-notes">
              {row.original.adminNotes}
            </span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
        meta: { className: "min-w-40 max-w-80 whitespace-normal", label: t("columns.adminNotes") },
      },
    ],
    [t, language, timeZone],
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("mine.title")}</h2>
        </CardTitle>
        <CardDescription>{t("mine.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          columns={columns}
          data={requests.data}
          status={requests}
          getRowId={(request) => request.id}
          label={t("mine.title")}
          urlKey="mine"
          testId="my-requests"
          rowProps={(request) => ({ "data-testid": "my-request-row", "data-id": request.id })}
          empty={{ title: t("empty"), testId: "my-requests-empty" }}
          errorTitle={t("loadFailed")}
          skeletonRows={2}
        />
      </CardContent>
    </Card>
  );
}
