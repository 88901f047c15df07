import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";

// The old financial report builder gave way to the pivot report (issue 25), built at /reports.
export function Component() {
  const { t } = useTranslation("reports");
  return <PageHeader title={t("nav:financial.reports")} />;
}
