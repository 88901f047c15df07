import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { PostbacksScreen } from "@/features/postbacks/components/postbacks-screen";

export function Component() {
  const { t } = useTranslation("postbacks");
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <PostbacksScreen />
    </div>
  );
}
