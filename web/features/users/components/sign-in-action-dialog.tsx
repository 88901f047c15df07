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
import { errorKey } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useDisableUserTwoFactor, useRevokeUserSessions } from "../api";

export type SignInAction = "endSessions" | "disableTwoFactor";

/** The admin's confirmations for another user's sign-in: end every session, or turn off two-factor. */
export function SignInActionDialog({
  user,
  action,
  onClose,
}: {
  user: User | null;
  action: SignInAction;
  onClose: () => void;
}) {
  const { t } = useTranslation("users");
  const revoke = useRevokeUserSessions();
  const disable = useDisableUserTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const pending = revoke.isPending || disable.isPending;

  async function confirm() {
    if (!user) return;
    setError(null);
    try {
      if (action === "endSessions") {
        const result = await revoke.mutateAsync(user.id);
        toast.success(t("signIn.endedSessions", { count: result.revoked }));
      } else {
        await disable.mutateAsync(user.id);
        toast.success(t("signIn.disabledTwoFactor", { name: user.name }));
      }
      onClose();
    } catch (caught) {
      const message = t(errorKey("users", caught));
      setError(message);
      toast.error(t("signIn.failed", { message }));
    }
  }

  const name = user?.name ?? "";
  return (
    <AlertDialog open={Boolean(user)} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent data-testid={`confirm-${action}`}>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {action === "endSessions" ? t("signIn.endSessionsTitle") : t("signIn.disableTwoFactorTitle")}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {action === "endSessions"
              ? t("signIn.endSessionsWarning", { name })
              : t("signIn.disableTwoFactorWarning", { name })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("actions.cancel")}</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            onClick={confirm}
            disabled={pending}
            data-testid="confirm-sign-in-action"
          >
            {pending ? <Spinner /> : null}
            {action === "endSessions" ? t("signIn.endSessionsConfirm") : t("signIn.disableTwoFactorConfirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
