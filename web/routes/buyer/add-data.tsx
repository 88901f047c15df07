import { FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { AddDataForm } from "@/features/campaigns/components/add-data-form";
import { DayGrid } from "@/features/campaigns/components/day-grid";

/** /add-data: one entry, or the whole day (?mode=day&date=YYYY-MM-DD, issue 26, decision 0085). */
export function Component() {
  const { t } = useTranslation("campaigns");
  const [params] = useSearchParams();
  const day = params.get("mode") === "day";
  const date = params.get("date");
  const modes = [
    { key: "one", to: "/add-data", label: t("day-grid:modes.one"), current: !day },
    {
      key: "day",
      to: `/add-data?${new URLSearchParams({ mode: "day", ...(date ? { date } : {}) })}`,
      label: t("day-grid:modes.day"),
      current: day,
    },
  ];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title={t("nav:buyer.addData")}
        description={day ? t("day-grid:pageDescription") : t("add.description")}
        actions={
          <Button asChild variant="outline" data-testid="import-link">
            <Link to="/import">
              <FileUp aria-hidden="true" />
              {t("import:link")}
            </Link>
          </Button>
        }
      />
      <nav
        aria-label={t("day-grid:modes.label")}
        className="flex gap-1 rounded-lg border bg-muted/40 p-1 sm:w-fit"
      >
        {modes.map((mode) => (
          <Button
            key={mode.key}
            asChild
            size="sm"
            variant={mode.current ? "secondary" : "ghost"}
            className={mode.current ? "flex-1 shadow-sm sm:flex-none" : "flex-1 sm:flex-none"}
          >
            <Link
              to={mode.to}
              aria-current={mode.current ? "page" : undefined}
              data-testid={`mode-${mode.key}`}
            >
              {mode.label}
            </Link>
          </Button>
        ))}
      </nav>
      {day ? <DayGrid /> : <AddDataForm />}
    </div>
  );
}
