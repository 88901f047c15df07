import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { TeamScreen } from "@/features/team/components/team-screen";

export function Component() {
  const { t } = useTranslation("team");
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader title={t("nav:team")} description={t("description")} />
      <TeamScreen />
    </div>
  );
}
