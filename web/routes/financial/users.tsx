import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { FinancialUsers } from "@/features/financial-insights/components/financial-users";

export function Component() {
  const { t } = useTranslation("financial-insights");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("nav:financial.users")} description={t("users.description")} />
      <FinancialUsers />
    </div>
  );
}
