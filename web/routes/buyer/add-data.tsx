import { FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { AddDataForm } from "@/features/campaigns/components/add-data-form";

export function Component() {
  const { t } = useTranslation("campaigns");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title={t("nav:buyer.addData")}
        description={t("add.description")}
        actions={
          <Button asChild variant="outline" data-testid="import-link">
            <Link to="/import">
              <FileUp aria-hidden="true" />
              {t("import:link")}
            </Link>
          </Button>
        }
      />
      <AddDataForm />
    </div>
  );
}
