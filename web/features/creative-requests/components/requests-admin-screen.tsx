import type { CreativeRequest } from "@domain/schemas/creative-requests";
import { EyeIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useAppConfig } from "@/lib/config";
import { errorKey } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { useLanguage } from "@/lib/use-language";
import { useCreativeRequests } from "../api";
import { CreativeRequestDetailDialog } from "./request-detail-dialog";
import { CreativeStatusBadge } from "./status-badge";

// /admin/creative-requests: every request, newest first, and the detail dialog to work one.
export function RequestsAdminScreen() {
  const { t } = useTranslation("creative");
  const language = useLanguage();
  const timeZone = useAppConfig().data?.workspaceTimezone;
  const requests = useCreativeRequests();
  const [openId, setOpenId] = useState<string | null>(null);
  // The dialog follows the list, so a live refresh shows the latest status and notes.
  const open: CreativeRequest | null = requests.data?.find((request) => request.id === openId) ?? null;
  const dateOptions = timeZone ? { timeZone } : {};

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t("admin.title")} description={t("admin.description")} />
      {requests.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : requests.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("loadFailed")}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {t(errorKey("creative", requests.error))}
            <Button size="sm" variant="outline" onClick={() => requests.refetch()}>
              {t("common:retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : requests.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground text-sm">
          {t("empty")}
        </p>
      ) : (
        <div className="rounded-lg border">
          <Table data-testid="admin-requests">
            <TableHeader>
              <TableRow>
                <TableHead>{t("columns.buyer")}</TableHead>
                <TableHead>{t("columns.type")}</TableHead>
                <TableHead>{t("columns.format")}</TableHead>
                <TableHead>{t("columns.deadline")}</TableHead>
                <TableHead>{t("columns.status")}</TableHead>
                <TableHead>{t("columns.date")}</TableHead>
                <TableHead className="text-right">{t("columns.actions")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {requests.data.map((request) => (
                <TableRow key={request.id} data-testid="admin-request-row" data-id={request.id}>
                  <TableCell className="max-w-64">
                    <div className="truncate font-medium">{request.user.name}</div>
                    <div className="truncate text-muted-foreground text-xs">{request.user.email}</div>
                  </TableCell>
                  <TableCell>{t(`types.${request.type}`)}</TableCell>
                  <TableCell className="whitespace-nowrap">{t(`formats.${request.format}`)}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatDate(request.deadline, language)}
                  </TableCell>
                  <TableCell>
                    <CreativeStatusBadge status={request.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatDate(request.createdAt, language, dateOptions)}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={t("admin.viewRequest", { name: request.user.name || request.user.email })}
                      onClick={() => setOpenId(request.id)}
                      data-testid="open-request"
                    >
                      <EyeIcon aria-hidden="true" />
                      {t("admin.view")}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <CreativeRequestDetailDialog
        request={open}
        onOpenChange={(isOpen) => !isOpen && setOpenId(null)}
        timeZone={timeZone}
      />
    </div>
  );
}
