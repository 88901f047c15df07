import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";

/** A write that got no answer (offline, dropped, or past its time limit; web/lib/api.ts). */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && error.code === "unreachable";
}

/**
 * "Couldn't reach the server; what you typed is kept" with a Retry that sends the same write again:
 * the API client reuses its Idempotency-Key, so a save that did arrive is never made twice
 * (docs/decisions/0069).
 */
export function UnreachableNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation("common");
  return (
    <Alert variant="destructive" role="alert" data-testid="unreachable">
      <WifiOff aria-hidden="true" />
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0">{t("errors:unreachable")}</span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onRetry}
          disabled={retrying}
          data-testid="unreachable-retry"
        >
          {retrying ? <Spinner /> : null}
          {t("common:retry")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
