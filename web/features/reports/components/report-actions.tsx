import { Download, FileSpreadsheet, Save, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { CsvDialectSelect, useCsvDialect } from "@/components/csv-dialect-select";
import { IconButton } from "@/components/icon-button";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { apiUrl } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useLanguage } from "@/lib/use-language";
import { useDeleteSavedReport, useSavedReports } from "../api";
import { savedQuery } from "../pivot-state";

// The form (react-hook-form, the schema's zod) loads when the reader first saves.
const SaveViewDialog = lazy(() => import("./save-view-dialog"));

/** Saved views (open, save, delete) and the two exports of exactly the report on screen. */
export function ReportActions({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation("reports");
  const language = useLanguage();
  const [dialect, setDialect] = useCsvDialect();
  const csv = apiUrl("/api/reports.csv", { query: { ...query, lang: language, dialect } as never });
  const xlsx = apiUrl("/api/reports.xlsx", { query: { ...query, lang: language } as never });
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="report-actions">
      <SavedViews />
      <div className="flex flex-wrap items-center gap-2">
        <CsvDialectSelect value={dialect} onChange={setDialect} />
        <Button asChild variant="outline">
          <a href={csv} download data-testid="export-csv">
            <Download aria-hidden="true" />
            {t("export.csv")}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={xlsx} download data-testid="export-xlsx">
            <FileSpreadsheet aria-hidden="true" />
            {t("export.xlsx")}
          </a>
        </Button>
      </div>
    </div>
  );
}

function SavedViews() {
  const { t } = useTranslation("reports");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const saved = useSavedReports();
  const remove = useDeleteSavedReport();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const current = savedQuery(params);
  const match = saved.data?.find((view) => view.query === current);
  const [chosen, setChosen] = useState("");
  const selected = chosen || match?.id || "";
  const selectedView = saved.data?.find((view) => view.id === selected);

  const openView = (id: string) => {
    setChosen(id);
    const view = saved.data?.find((item) => item.id === id);
    if (view) navigate(view.query ? `/reports?${view.query}` : "/reports");
  };

  const deleteView = async () => {
    if (!selectedView) return;
    try {
      await remove.mutateAsync(selectedView.id);
      setChosen("");
      toast.success(t("saved.deleted", { name: selectedView.name }));
    } catch {
      toast.error(t("saved.deleteFailed"));
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <NativeSelect
        aria-label={t("saved.label")}
        value={selected}
        onChange={(event) => openView(event.target.value)}
        disabled={saved.isPending || (saved.data?.length ?? 0) === 0}
        className="w-auto max-w-60"
        data-testid="saved-views"
      >
        <option value="">
          {saved.isPending
            ? t("common:loading")
            : (saved.data?.length ?? 0) === 0
              ? t("saved.none")
              : t("saved.choose")}
        </option>
        {(saved.data ?? []).map((view) => (
          <option key={view.id} value={view.id}>
            {view.name}
          </option>
        ))}
      </NativeSelect>
      <IconButton
        type="button"
        variant="ghost"
        label={selectedView ? t("saved.delete", { name: selectedView.name }) : t("saved.deleteNone")}
        disabled={!selectedView || remove.isPending}
        onClick={deleteView}
        data-testid="saved-delete"
      >
        <Trash2 aria-hidden="true" />
      </IconButton>
      <Button
        type="button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="saved-save"
      >
        <Save aria-hidden="true" />
        {t("saved.save")}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <SaveViewDialog open={open} onOpenChange={setOpen} query={current} />
        </Suspense>
      ) : null}
    </div>
  );
}
