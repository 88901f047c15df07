import type { User } from "@domain/schemas/users";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";
import { errorKey } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useDeactivateUser, useDeleteUser, useReactivateUser } from "../api";

export type RemoveMode = "delete" | "deactivate" | "reactivate";

const texts = {
  delete: {
    title: "remove.deleteTitle",
    warning: "remove.deleteWarning",
    confirm: "remove.deleteConfirm",
    done: "toasts.deleted",
    failed: "toasts.deleteFailed",
  },
  deactivate: {
    title: "remove.deactivateTitle",
    warning: "remove.deactivateWarning",
    confirm: "remove.deactivateConfirm",
    done: "toasts.deactivated",
    failed: "toasts.deactivateFailed",
  },
  reactivate: {
    title: "remove.reactivateTitle",
    warning: "remove.reactivateWarning",
    confirm: "remove.reactivateConfirm",
    done: "toasts.reactivated",
    failed: "toasts.reactivateFailed",
  },
} as const;

/**
 * Delete (warning that campaigns, notes and related data go too), deactivate or reactivate a user.
 * A delete the server refuses because of recorded payouts turns into the deactivation offer.
 * Rendered with a key per user and mode, so each opening starts fresh.
 */
export function RemoveUserDialog({
  user,
  mode: initialMode,
  onClose,
}: {
  user: User | null;
  mode: RemoveMode;
  onClose: () => void;
}) {
  const { t } = useTranslation("users");
  const remove = useDeleteUser();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const [mode, setMode] = useState<RemoveMode>(initialMode);
  const [blockedByPayouts, setBlockedByPayouts] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = remove.isPending || deactivate.isPending || reactivate.isPending;
  const text = texts[mode];

  async function confirm() {
    if (!user) return;
    setError(null);
    try {
      const action = { delete: remove, deactivate, reactivate }[mode];
      await action.mutateAsync(user.id);
      toast.success(t(text.done));
      onClose();
    } catch (caught) {
      if (mode === "delete" && isApiError(caught) && caught.code === "has_payouts") {
        setBlockedByPayouts(true);
        setMode("deactivate");
        return;
      }
      const message = t(errorKey("users", caught));
      setError(message);
      toast.error(t(text.failed, { message }));
    }
  }

  return (
    <AlertDialog open={Boolean(user)} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(text.title)}</AlertDialogTitle>
          <AlertDialogDescription>{t(text.warning, { name: user?.name ?? "" })}</AlertDialogDescription>
        </AlertDialogHeader>
        {blockedByPayouts ? (
          <p role="alert" className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
            {t("remove.hasPayouts")}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("actions.cancel")}</AlertDialogCancel>
          <Button
            type="button"
            variant={mode === "delete" ? "destructive" : "default"}
            onClick={confirm}
            disabled={pending}
          >
            {pending ? <Spinner /> : null}
            {t(text.confirm)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
