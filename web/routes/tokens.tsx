import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { TokensScreen } from "@/features/tokens/components/tokens-screen";

export function Component() {
  const { t } = useTranslation("tokens");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <TokensScreen />
    </div>
  );
}
