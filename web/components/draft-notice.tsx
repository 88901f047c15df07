import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { FormDraft } from "@/lib/form-draft";
import { formatDateTime } from "@/lib/format";
import { currentLanguage } from "@/lib/i18n";

/** Says that a form holds an entry recovered from an earlier visit, with a way to throw it away. */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation("common");
  if (!draft.restoredAt) return null;
  return (
    <Alert data-testid="draft-notice" role="status">
      <History aria-hidden="true" />
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span>{t("draft.restored", { date: formatDateTime(draft.restoredAt, currentLanguage()) })}</span>
        <Button type="button" variant="outline" size="sm" onClick={draft.discard}>
          {t("draft.discard")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
