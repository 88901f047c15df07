import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { AnalyticsView } from "@/features/campaigns/components/analytics-view";

export function Component() {
  const { t } = useTranslation("campaigns");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("nav:buyer.analytics")} description={t("analytics.description")} />
      <AnalyticsView />
    </div>
  );
}
