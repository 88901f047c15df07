import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { FormDraft } from "@/lib/form-draft";
import { useFormatters } from "@/lib/use-formatters";

/** Says that a form holds an entry recovered from an earlier visit, with a way to throw it away. */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation("common");
  const f = useFormatters();
  if (!draft.restoredAt) return null;
  return (
    <Alert data-testid="draft-notice" role="status">
      <History aria-hidden="true" />
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span>{t("draft.restored", { date: f.dateTime(draft.restoredAt) })}</span>
        <Button type="button" variant="outline" size="sm" onClick={draft.discard}>
          {t("draft.discard")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
