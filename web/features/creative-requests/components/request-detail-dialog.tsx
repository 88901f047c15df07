import type { CreativeRequest, CreativeStatus } from "@domain/schemas/creative-requests";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { textareaClass } from "@/components/ui/classes";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorKey } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useLanguage } from "@/lib/use-language";
import { useUpdateCreativeRequest } from "../api";
import { normalizeStatus } from "../labels";
import { CreativeStatusBadge } from "./status-badge";

const actions: { status: CreativeStatus; label: string; variant: "default" | "outline" | "destructive" }[] = [
  { status: "in_progress", label: "admin.inProgress", variant: "outline" },
  { status: "completed", label: "admin.complete", variant: "default" },
  { status: "rejected", label: "admin.reject", variant: "destructive" },
];

/** One request in full, with the status buttons (each hidden when it is already the status). */
export function CreativeRequestDetailDialog({
  request,
  onOpenChange,
  timeZone,
}: {
  request: CreativeRequest | null;
  onOpenChange: (open: boolean) => void;
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation("creative");
  const language = useLanguage();
  const update = useUpdateCreativeRequest();
  const [notes, setNotes] = useState("");
  const [pending, setPending] = useState<CreativeStatus | null>(null);
  const notesId = useId();
  const requestId = request?.id;

  // A fresh notes box for each request opened.
  useEffect(() => {
    if (requestId) setNotes("");
  }, [requestId]);

  async function changeStatus(status: CreativeStatus) {
    if (!request) return;
    setPending(status);
    try {
      // An empty box keeps the existing notes; typed notes replace them.
      const trimmed = notes.trim();
      await update.mutateAsync({
        id: request.id,
        patch: trimmed ? { status, adminNotes: trimmed } : { status },
      });
      toast.success(t("admin.updated"), { duration: 3000 });
      onOpenChange(false);
    } catch (error) {
      toast.error(t("admin.updateFailed"), { description: t(errorKey("creative", error)), duration: 5000 });
    } finally {
      setPending(null);
    }
  }

  const current = request ? normalizeStatus(request.status) : null;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !update.isPending && onOpenChange(open)}>
      <DialogContent closeLabel={t("admin.close")} className="sm:max-w-xl" data-testid="request-dialog">
        {request ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("admin.detailTitle")}</DialogTitle>
              <DialogDescription>
                {t("admin.detailDescription", {
                  name: request.user.name || request.user.email,
                  date: formatDate(request.createdAt, language, timeZone ? { timeZone } : {}),
                })}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div className="grid gap-0.5 sm:col-span-2">
                <dt className="text-muted-foreground">{t("admin.buyer")}</dt>
                <dd className="min-w-0">
                  <span className="font-medium">{request.user.name}</span>{" "}
                  <span className="break-all text-muted-foreground">{request.user.email}</span>
                </dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t("columns.type")}</dt>
                <dd className="font-medium">{t(`types.${request.type}`)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t("columns.format")}</dt>
                <dd className="font-medium">{t(`formats.${request.format}`)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t("columns.deadline")}</dt>
                <dd className="font-medium tabular-nums">{formatDate(request.deadline, language)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t("admin.currentStatus")}</dt>
                <dd data-testid="dialog-status">
                  <CreativeStatusBadge status={request.status} />
                </dd>
              </div>
              <div className="grid gap-0.5 sm:col-span-2">
                <dt className="text-muted-foreground">{t("request.descriptionLabel")}</dt>
                <dd className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3">
                  {request.description}
                </dd>
              </div>
              {request.adminNotes ? (
                <div className="grid gap-0.5 sm:col-span-2">
                  <dt className="text-muted-foreground">{t("admin.adminNotes")}</dt>
                  <dd
                    className="whitespace-pre-wrap break-words rounded-md border p-3"
                    data-testid="dialog-admin-notes"
                  >
                    {request.adminNotes}
                  </dd>
                </div>
              ) : null}
            </dl>
            <div className="grid gap-2">
              <Label htmlFor={notesId}>{t("admin.notes")}</Label>
              <textarea
                id={notesId}
                rows={3}
                maxLength={5000}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                placeholder={t("admin.notesPlaceholder")}
                aria-describedby={`${notesId}-hint`}
                className={textareaClass}
                disabled={update.isPending}
                data-testid="admin-notes"
              />
              <p id={`${notesId}-hint`} className="text-muted-foreground text-xs">
                {t("admin.notesHint")}
              </p>
            </div>
            <DialogFooter className="flex-wrap">
              <Button
                type="button"
                variant="ghost"
                onClick={() => onOpenChange(false)}
                disabled={update.isPending}
              >
                {t("admin.close")}
              </Button>
              {actions
                .filter((action) => action.status !== current)
                .map((action) => (
                  <Button
                    key={action.status}
                    type="button"
                    variant={action.variant}
                    disabled={update.isPending}
                    onClick={() => changeStatus(action.status)}
                    data-testid={`set-${action.status}`}
                  >
                    {pending === action.status ? <Spinner /> : null}
                    {t(action.label)}
                  </Button>
                ))}
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
