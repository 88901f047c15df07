import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "./page-header";

/**
 * A real route, behind its real guard, whose screen arrives with a later issue: its translated
 * title and a line saying so.
 */
export function PlannedPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t(title)} />
      <Card className="border-dashed shadow-none">
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center sm:py-16">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Construction className="size-6" aria-hidden="true" />
          </span>
          <p className="max-w-md text-muted-foreground text-sm" data-testid="planned-page">
            {t("common:planned.description")}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
