import { FileUp, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { CampaignHistory } from "@/features/campaigns/components/campaign-history";

export function Component() {
  const { t } = useTranslation("campaigns");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title={t("nav:buyer.campaigns")}
        description={t("history.description")}
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
      <CampaignHistory />
    </div>
  );
}
