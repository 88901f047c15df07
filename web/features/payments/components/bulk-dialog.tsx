import type { Role } from "@domain/roles";
import type { PaymentRow } from "@domain/schemas/payments";
import { useQueryClient } from "@tanstack/react-query";
import { Ban, CheckCircle2, CircleDashed, XCircle } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorKey } from "@/lib/form-errors";
import { paymentKeys, sendPaymentWrite } from "../api";
import { isActionAllowed, runEach } from "../helpers";
import { Money } from "./money";
import { EarlyCloseNotice } from "./payment-dialogs";

// Process or confirm several statements: one request per statement, each its own transaction on
// the server, two at a time; every row shows its own outcome (done, or the translated refusal),
// and the month is read again once at the end.

export type BulkAction = "process" | "confirm";

type RowState =
  | { state: "skipped" }
  | { state: "waiting" }
  | { state: "running" }
  | { state: "done" }
  | { state: "failed"; message: string };

const concurrency = 2;

export type BulkJob = { id: number; action: BulkAction; rows: PaymentRow[] };

/** Render with key={job.id}: each job starts from its own review. */
export function BulkDialog({
  job,
  role,
  monthOver,
  onOpenChange,
  onFinished,
}: {
  /** the action and the selected rows as they were when the dialog opened */
  job: BulkJob | null;
  role: Role;
  monthOver: boolean;
  onOpenChange: (open: boolean) => void;
  /** after a run: the ids that went through */
  onFinished: (doneIds: string[]) => void;
}) {
  const { t } = useTranslation("payments");
  const queryClient = useQueryClient();
  const [states, setStates] = useState<Record<string, RowState>>({});
  const [phase, setPhase] = useState<"review" | "running" | "done">("review");
  const running = useRef(false);
  const action = job?.action ?? null;
  const frozen = job?.rows ?? [];

  const eligible = action ? frozen.filter((row) => isActionAllowed(row, action, role)) : [];
  const early = !monthOver && eligible.length > 0;
  const periodEnd = frozen[0]?.periodEnd ?? null;

  async function run() {
    if (!action || running.current || eligible.length === 0) return;
    running.current = true;
    setPhase("running");
    const initial: Record<string, RowState> = {};
    for (const row of frozen)
      initial[row.statementId] = isActionAllowed(row, action, role)
        ? { state: "waiting" }
        : { state: "skipped" };
    setStates(initial);
    const outcomes = await runEach(
      eligible,
      (row) => {
        setStates((current) => ({ ...current, [row.statementId]: { state: "running" } }));
        return sendPaymentWrite({
          kind: "action",
          statementId: row.statementId,
          action,
          ...(early ? { closeEarly: true } : {}),
        });
      },
      {
        concurrency,
        onSettled: (index, outcome) => {
          const row = eligible[index] as PaymentRow;
          setStates((current) => ({
            ...current,
            [row.statementId]: outcome.ok
              ? { state: "done" }
              : { state: "failed", message: errorKey("payments", outcome.error) },
          }));
        },
      },
    );
    await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    running.current = false;
    setPhase("done");
    onFinished(eligible.filter((_, index) => outcomes[index]?.ok).map((row) => row.statementId));
  }

  const doneCount = Object.values(states).filter((s) => s.state === "done").length;
  const failedCount = Object.values(states).filter((s) => s.state === "failed").length;

  return (
    <Dialog open={job !== null} onOpenChange={(next) => phase !== "running" && onOpenChange(next)}>
      <DialogContent
        closeLabel={t("common:close")}
        className="grid-cols-[minmax(0,1fr)] sm:max-w-lg"
        data-testid="bulk-dialog"
      >
        <DialogHeader>
          <DialogTitle>{action ? t(`bulk.title.${action}`, { count: frozen.length }) : ""}</DialogTitle>
          <DialogDescription>
            {phase === "done"
              ? t("bulk.summary", { done: doneCount, failed: failedCount })
              : action
                ? t(`bulk.description.${action}`, { count: eligible.length })
                : ""}
          </DialogDescription>
        </DialogHeader>
        <ul
          className="grid max-h-[45svh] grid-cols-[minmax(0,1fr)] gap-1 overflow-y-auto pr-1"
          data-testid="bulk-rows"
        >
          {frozen.map((row) => {
            const state: RowState =
              states[row.statementId] ??
              (action && isActionAllowed(row, action, role) ? { state: "waiting" } : { state: "skipped" });
            return (
              <li
                key={row.statementId}
                className="flex items-start gap-2 rounded-md border px-3 py-2 text-sm"
                data-testid="bulk-row"
                data-buyer={row.email}
                data-state={state.state}
              >
                <StateIcon state={state.state} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="truncate font-medium">{row.name}</span>
                    {action === "confirm" ? <Money value={row.pending} className="text-sm" /> : null}
                  </div>
                  <p
                    className={
                      state.state === "failed" ? "text-destructive text-xs" : "text-muted-foreground text-xs"
                    }
                    data-testid="bulk-row-result"
                  >
                    {state.state === "failed"
                      ? t(state.message)
                      : state.state === "skipped"
                        ? t("bulk.skipped", { status: t(`status.${row.status}`) })
                        : t(`bulk.state.${state.state}`)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        {early && phase === "review" && periodEnd ? <EarlyCloseNotice periodEnd={periodEnd} /> : null}
        <DialogFooter>
          {phase === "done" ? (
            <Button onClick={() => onOpenChange(false)} data-testid="bulk-close">
              {t("actions.close")}
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={phase === "running"}>
                {t("actions.cancel")}
              </Button>
              <Button
                onClick={() => void run()}
                disabled={phase === "running" || eligible.length === 0}
                data-testid="bulk-run"
              >
                {phase === "running" ? <Spinner /> : null}
                {action
                  ? t(early ? `bulk.runEarly.${action}` : `bulk.run.${action}`, { count: eligible.length })
                  : ""}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function StateIcon({ state }: { state: RowState["state"] }) {
  const className = "mt-0.5 size-4 shrink-0";
  switch (state) {
    case "done":
      return (
        <CheckCircle2 aria-hidden="true" className={`${className} text-emerald-600 dark:text-emerald-400`} />
      );
    case "failed":
      return <XCircle aria-hidden="true" className={`${className} text-destructive`} />;
    case "skipped":
      return <Ban aria-hidden="true" className={`${className} text-muted-foreground`} />;
    case "running":
      return <Spinner className={className} />;
    default:
      return <CircleDashed aria-hidden="true" className={`${className} text-muted-foreground`} />;
  }
}
