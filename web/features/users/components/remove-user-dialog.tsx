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
import { toast } from "@/lib/toast";
import { useDeactivateUser, useDeleteUser } from "../api";
import { errorKey } from "../helpers";

export type RemoveMode = "delete" | "deactivate";

/**
 * Delete (warning that campaigns, notes and related data go too) or deactivate a user. A delete the
 * server refuses because of recorded payouts turns into the deactivation offer. Rendered with a key
 * per user and mode, so each opening starts fresh.
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
  const [mode, setMode] = useState<RemoveMode>(initialMode);
  const [blockedByPayouts, setBlockedByPayouts] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = remove.isPending || deactivate.isPending;

  async function confirm() {
    if (!user) return;
    setError(null);
    try {
      if (mode === "delete") {
        await remove.mutateAsync(user.id);
        toast.success(t("toasts.deleted"));
      } else {
        await deactivate.mutateAsync(user.id);
        toast.success(t("toasts.deactivated"));
      }
      onClose();
    } catch (caught) {
      if (mode === "delete" && isApiError(caught) && caught.code === "has_payouts") {
        setBlockedByPayouts(true);
        setMode("deactivate");
        return;
      }
      const message = t(errorKey("users", caught));
      setError(message);
      toast.error(
        mode === "delete" ? t("toasts.deleteFailed", { message }) : t("toasts.deactivateFailed", { message }),
      );
    }
  }

  return (
    <AlertDialog open={Boolean(user)} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {mode === "delete" ? t("remove.deleteTitle") : t("remove.deactivateTitle")}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {mode === "delete"
              ? t("remove.deleteWarning", { name: user?.name ?? "" })
              : t("remove.deactivateWarning", { name: user?.name ?? "" })}
          </AlertDialogDescription>
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
            {mode === "delete" ? t("remove.deleteConfirm") : t("remove.deactivateConfirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
