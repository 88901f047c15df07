import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { AdminDashboard } from "@/features/admin-insights/components/admin-dashboard";

export function Component() {
  const { t } = useTranslation("admin-insights");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("nav:admin.dashboard")} description={t("dashboard.description")} />
      <AdminDashboard />
    </div>
  );
}
