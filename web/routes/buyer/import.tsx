import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { ImportScreen } from "@/features/imports/components/import-screen";

export function Component() {
  const { t } = useTranslation("import");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <ImportScreen />
    </div>
  );
}
