import { RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** Shown while the session resolves or a page's code loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50svh] flex-1 items-center justify-center" data-testid="page-loading">
      <Spinner className="size-6 text-muted-foreground" label={t("common:loading")} />
    </div>
  );
}

/** A failure that blocks the whole page, with a way to try again. */
export function FullPageError({
  title,
  description,
  onRetry,
}: {
  title: string;
  description: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60svh] flex-1 items-center justify-center p-6">
      <div role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="font-semibold text-xl">{title}</h1>
        <p className="text-muted-foreground text-sm">{description}</p>
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {t("common:retry")}
        </Button>
      </div>
    </div>
  );
}
