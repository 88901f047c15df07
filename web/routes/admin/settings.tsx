import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useWorkspaceSettings } from "@/features/settings/api";
import { BackupHistory } from "@/features/settings/components/backup-history";
import { SettingsForm } from "@/features/settings/components/settings-form";
import { errorKey } from "@/lib/form-errors";

// /admin/settings: the workspace settings and the backup history (admins; the route guard and the
// API both check).
export function Component() {
  const { t } = useTranslation("settings");
  const settings = useWorkspaceSettings();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {settings.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-56" />
            <Skeleton className="h-40" />
          </div>
        ) : settings.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{t("loadFailed")}</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {t(errorKey("settings", settings.error))}
              <Button size="sm" variant="outline" onClick={() => settings.refetch()}>
                {t("common:retry")}
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          // Keyed by the saved version: a save elsewhere re-seeds the form; typing here never does.
          <SettingsForm key={settings.data.updatedAt ?? "defaults"} settings={settings.data} />
        )}
        <BackupHistory />
      </div>
    </div>
  );
}
