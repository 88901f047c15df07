import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { MyCreativeRequests } from "@/features/creative-requests/components/my-requests";
import { CreativeRequestForm } from "@/features/creative-requests/components/request-form";

// /request-creative: the form, then the reader's own requests with their status.
export function Component() {
  const { t } = useTranslation("creative");
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t("request.title")} description={t("request.description")} />
      <CreativeRequestForm />
      <MyCreativeRequests />
    </div>
  );
}
