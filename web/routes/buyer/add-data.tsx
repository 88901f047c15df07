import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { AddDataForm } from "@/features/campaigns/components/add-data-form";

export function Component() {
  const { t } = useTranslation("campaigns");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("nav:buyer.addData")} description={t("add.description")} />
      <AddDataForm />
    </div>
  );
}
