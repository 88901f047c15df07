import { MailIcon } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";
import { errorKey } from "@/lib/form-errors";
import { newPressKey, type TestReportResult, useSendTestReport } from "../api";

type Outcome = { kind: "done"; result: TestReportResult } | { kind: "error"; messageKey: string };

/**
 * "Send a test report now" (Settings, report e-mails). One key per press: a second click while the
 * first is on its way is ignored, and a retry after a lost connection sends the same key, which
 * the server sends at most once (decision 0070).
 */
export function TestReportButton() {
  const { t } = useTranslation("settings");
  const send = useSendTestReport();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pending = useRef<string | null>(null);
  const busy = useRef(false);

  async function press() {
    if (busy.current) return;
    busy.current = true;
    pending.current ??= newPressKey();
    setOutcome(null);
    try {
      const result = await send.mutateAsync(pending.current);
      pending.current = null;
      setOutcome({ kind: "done", result });
    } catch (error) {
      // The server answered: this press is over. No answer: a retry keeps the key.
      if (isApiError(error)) pending.current = null;
      setOutcome({ kind: "error", messageKey: errorKey("settings", error) });
    } finally {
      busy.current = false;
    }
  }

  const result = outcome?.kind === "done" ? outcome.result : null;
  return (
    <div className="mt-4 grid gap-3 border-t pt-4" data-testid="test-report">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground text-xs">{t("notifications.test.hint")}</p>
        <Button
          type="button"
          variant="outline"
          onClick={() => void press()}
          disabled={send.isPending}
          // A long label (ru) wraps on a phone instead of widening the card.
          className="h-auto min-h-9 w-full shrink-0 whitespace-normal sm:w-auto"
          data-testid="test-report-send"
        >
          {send.isPending ? <Spinner /> : <MailIcon aria-hidden />}
          {send.isPending ? t("notifications.test.sending") : t("notifications.test.button")}
        </Button>
      </div>
      <div aria-live="polite">
        {result ? (
          <Alert variant={result.failed > 0 ? "destructive" : "default"} data-testid="test-report-result">
            <AlertDescription className="grid gap-1">
              <span>
                {result.recipients === 0
                  ? t("notifications.test.nobody")
                  : result.failed > 0
                    ? t("notifications.test.partial", {
                        sent: result.sent,
                        recipients: result.recipients,
                        failed: result.failed,
                      })
                    : t("notifications.test.sent", { count: result.sent })}
              </span>
              {result.outbox && result.sent > 0 ? <span>{t("notifications.test.outbox")}</span> : null}
            </AlertDescription>
          </Alert>
        ) : null}
        {outcome?.kind === "error" ? (
          <Alert variant="destructive" data-testid="test-report-error">
            <AlertDescription>
              {t("notifications.test.failed")} {t(outcome.messageKey)}
            </AlertDescription>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
