import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { ReconciliationScreen } from "@/features/reconciliation/components/reconciliation-screen";

// Reconciliation of networks' statements (issue 32): financial users and admins.
export function Component() {
  const { t } = useTranslation("reconciliation");
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6">
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <ReconciliationScreen />
    </div>
  );
}
