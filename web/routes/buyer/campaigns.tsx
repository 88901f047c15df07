import { FileUp, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { ReadOnlyNote, useBuyerParam, useCampaignScope } from "@/features/campaigns/components/buyer-filter";
import { CampaignHistory } from "@/features/campaigns/components/campaign-history";

const descriptions = {
  own: "history.description",
  team: "history.descriptionTeam",
  all: "history.descriptionAll",
} as const;

export function Component() {
  const { t } = useTranslation("campaigns");
  const { scope } = useCampaignScope();
  const [buyer] = useBuyerParam();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title={t("nav:buyer.campaigns")}
        description={t(descriptions[scope])}
        actions={
          <>
            <Button asChild variant="outline" data-testid="import-link">
              <Link to="/import">
                <FileUp aria-hidden="true" />
                {t("import:link")}
              </Link>
            </Button>
            <Button asChild data-testid="add-day">
              <Link to="/add-data">
                <Plus aria-hidden="true" />
                {t("history.addDay")}
              </Link>
            </Button>
          </>
        }
      />
      <ReadOnlyNote userId={buyer} />
      <CampaignHistory />
    </div>
  );
}
