import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useAppConfig } from "@/lib/config";
import { errorKey } from "@/lib/form-errors";
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

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("mine.title")}</h2>
        </CardTitle>
        <CardDescription>{t("mine.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
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
          <p
            className="rounded-lg border border-dashed p-8 text-center text-muted-foreground text-sm"
            data-testid="my-requests-empty"
          >
            {t("empty")}
          </p>
        ) : (
          <div className="rounded-lg border">
            <Table data-testid="my-requests">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("columns.type")}</TableHead>
                  <TableHead>{t("columns.format")}</TableHead>
                  <TableHead>{t("columns.deadline")}</TableHead>
                  <TableHead>{t("columns.status")}</TableHead>
                  <TableHead>{t("columns.date")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {requests.data.map((request) => (
                  <TableRow key={request.id} data-testid="my-request-row" data-id={request.id}>
                    <TableCell className="font-medium">{t(`types.${request.type}`)}</TableCell>
                    <TableCell>{t(`formats.${request.format}`)}</TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatDate(request.deadline, language)}
                    </TableCell>
                    <TableCell>
                      <CreativeStatusBadge status={request.status} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatDate(request.createdAt, language, timeZone ? { timeZone } : {})}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
