import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { AnalyticsView } from "@/features/campaigns/components/analytics-view";
import { useCampaignScope } from "@/features/campaigns/components/buyer-filter";

const descriptions = {
  own: "analytics.description",
  team: "analytics.descriptionTeam",
  all: "analytics.descriptionAll",
} as const;

export function Component() {
  const { t } = useTranslation("campaigns");
  const { scope } = useCampaignScope();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("nav:buyer.analytics")} description={t(descriptions[scope])} />
      <AnalyticsView />
    </div>
  );
}
