import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { FinancialDashboard } from "@/features/financial-insights/components/financial-dashboard";

export function Component() {
  const { t } = useTranslation("financial-insights");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("nav:financial.dashboard")} description={t("dashboard.description")} />
      <FinancialDashboard />
    </div>
  );
}
