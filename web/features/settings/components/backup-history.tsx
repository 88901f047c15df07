import type { Backup } from "@domain/schemas/settings";
import { DatabaseBackupIcon, DownloadIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorKey } from "@/lib/form-errors";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { buildDownloadUrl, useBackups, useDeleteBackup, useRunBackup } from "../api";

/** Sizes in the reader's language with the unit Intl picks (kB, MB, GB). */
function formatSize(bytes: number, language: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

function formatDuration(ms: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: ms < 1000 ? "millisecond" : "second",
    unitDisplay: "short",
    maximumFractionDigits: ms < 1000 ? 0 : 1,
  }).format(ms < 1000 ? ms : ms / 1000);
}

const statusVariant = { success: "accent", failed: "destructive", running: "secondary" } as const;

/** The backup history: run one now, download or delete each, with failures and their reasons. */
export function BackupHistory() {
  const { t } = useTranslation("settings");
  const f = useFormatters();
  const backups = useBackups();
  const run = useRunBackup();
  const remove = useDeleteBackup();
  const [deleting, setDeleting] = useState<Backup | null>(null);

  async function runNow() {
    try {
      const backup = await run.mutateAsync();
      if (backup.status === "success") toast.success(t("backups.toasts.done"), { duration: 3000 });
      else
        toast.error(t("backups.toasts.failed"), { description: backup.reason ?? undefined, duration: 5000 });
    } catch (error) {
      toast.error(t("backups.toasts.failed"), {
        description: t(errorKey("settings", error)),
        duration: 5000,
      });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("backups.toasts.deleted"), { duration: 3000 });
      setDeleting(null);
    } catch (error) {
      toast.error(t("backups.toasts.deleteFailed"), {
        description: t(errorKey("settings", error)),
        duration: 5000,
      });
    }
  }

  return (
    <Card>
      <CardHeader className="grid gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>{t("backups.title")}</h2>
          </CardTitle>
          <CardDescription>{t("backups.description")}</CardDescription>
        </div>
        <Button type="button" onClick={runNow} disabled={run.isPending} className="w-full sm:w-fit">
          {run.isPending ? <Spinner /> : <DatabaseBackupIcon aria-hidden="true" />}
          {run.isPending ? t("backups.running") : t("backups.runNow")}
        </Button>
      </CardHeader>
      <CardContent>
        {backups.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : backups.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{t("backups.loadFailed")}</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {t(errorKey("settings", backups.error))}
              <Button size="sm" variant="outline" onClick={() => backups.refetch()}>
                {t("common:retry")}
              </Button>
            </AlertDescription>
          </Alert>
        ) : backups.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            {t("backups.empty")}
          </p>
        ) : (
          <ul className="grid divide-y rounded-lg border" aria-label={t("backups.listLabel")}>
            {backups.data.map((backup) => (
              <li
                key={backup.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="backup-row"
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-sm">
                      {formatDateTime(backup.startedAt, f.language, f.timeZone)}
                    </span>
                    <Badge variant={statusVariant[backup.status]}>
                      {t(`backups.status.${backup.status}`)}
                    </Badge>
                    <span className="text-muted-foreground text-xs">
                      {t(`backups.trigger.${backup.trigger}`)}
                    </span>
                  </div>
                  <p className="text-muted-foreground text-xs">
                    {[
                      backup.sizeBytes !== null ? formatSize(backup.sizeBytes, f.language) : null,
                      backup.durationMs !== null
                        ? t("backups.took", { duration: formatDuration(backup.durationMs, f.language) })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {backup.status === "failed" && backup.reason ? (
                    <p className="break-words text-destructive text-xs">
                      {t("backups.reason", { reason: backup.reason })}
                    </p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  {backup.status === "success" ? (
                    <Button asChild size="sm" variant="outline">
                      <a href={buildDownloadUrl(backup)} download={backup.fileName ?? true}>
                        <DownloadIcon aria-hidden="true" />
                        {t("backups.download")}
                      </a>
                    </Button>
                  ) : null}
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => setDeleting(backup)}
                    aria-label={t("backups.deleteLabel", {
                      time: formatDateTime(backup.startedAt, f.language, f.timeZone),
                    })}
                  >
                    <Trash2Icon aria-hidden="true" />
                    <span className="sm:sr-only">{t("backups.delete")}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("backups.confirm.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting
                ? t("backups.confirm.description", {
                    time: formatDateTime(deleting.startedAt, f.language, f.timeZone),
                  })
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t("backups.confirm.cancel")}</AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : null}
              {t("backups.confirm.delete")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
