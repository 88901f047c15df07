import { ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import type { Me } from "@/features/auth";
import { errorMessageKey, isApiError } from "@/lib/api";
import { codeResolver } from "@/lib/code-resolver";
import { toast } from "@/lib/toast";
import { useDisableTwoFactor, useRegenerateBackupCodes } from "../api";
import { type PasswordOnlyValues, passwordOnlySchema } from "../schemas";
import { BackupCodes } from "./backup-codes";
import { EnableTwoFactorDialog } from "./enable-two-factor-dialog";

// Two-factor sign-in: its state, and turning it on, new backup codes, or turning it off. The last
// two ask for the password again. A role that requires two-factor cannot turn it off here.

type PasswordAction = "regenerate" | "disable";

export function TwoFactorCard({ user }: { user: Me }) {
  const { t } = useTranslation("account");
  const [enabling, setEnabling] = useState(false);
  const [action, setAction] = useState<PasswordAction | null>(null);
  const on = user.twoFactorEnabled;

  return (
    <Card data-testid="two-factor-card" data-enabled={on}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{t("twoFactor.title")}</h2>
          <Badge variant={on ? "accent" : "outline"} data-testid="two-factor-state">
            {on ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
            {on ? t("twoFactor.on") : t("twoFactor.off")}
          </Badge>
        </CardTitle>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {on ? (
          <>
            <p className="text-sm">{t("twoFactor.onText")}</p>
            {user.twoFactorRequired ? (
              <p className="text-muted-foreground text-sm">{t("twoFactor.requiredNoDisable")}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => setAction("regenerate")}
                data-testid="regenerate-codes"
              >
                {t("twoFactor.regenerate")}
              </Button>
              {user.twoFactorRequired ? null : (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setAction("disable")}
                  data-testid="disable-two-factor"
                >
                  {t("twoFactor.disable")}
                </Button>
              )}
            </div>
          </>
        ) : (
          <>
            <p className="text-sm">{t("twoFactor.offText")}</p>
            <div>
              <Button type="button" onClick={() => setEnabling(true)} data-testid="enable-two-factor">
                <ShieldCheck aria-hidden="true" />
                {t("twoFactor.enableAction")}
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <EnableTwoFactorDialog open={enabling} onOpenChange={setEnabling} email={user.email} />
      <PasswordActionDialog action={action} email={user.email} onClose={() => setAction(null)} />
    </Card>
  );
}

function PasswordActionDialog({
  action,
  email,
  onClose,
}: {
  action: PasswordAction | null;
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("account");
  const regenerate = useRegenerateBackupCodes();
  const disable = useDisableTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordOnlyValues>({
    resolver: codeResolver<PasswordOnlyValues, PasswordOnlyValues>(passwordOnlySchema, "account"),
    defaultValues: { password: "" },
  });
  const pending = regenerate.isPending || disable.isPending;
  // Each opening starts empty.
  useEffect(() => {
    if (action) {
      setCodes(null);
      setError(null);
      form.reset({ password: "" });
    }
  }, [action, form]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      if (action === "regenerate") {
        const result = await regenerate.mutateAsync(password);
        setCodes(result.backupCodes);
      } else {
        await disable.mutateAsync(password);
        toast.success(t("twoFactor.disabled"));
        onClose();
      }
    } catch (failure) {
      if (isApiError(failure) && failure.code === "INVALID_PASSWORD") {
        form.setError("password", { type: "server", message: "account:password.wrongCurrent" });
        form.setFocus("password");
        return;
      }
      setError(errorMessageKey(failure));
    }
  });

  const title = action === "disable" ? t("twoFactor.disableTitle") : t("twoFactor.regenerateTitle");
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {codes
              ? t("backupCodes.keepSafe")
              : action === "disable"
                ? t("twoFactor.disableWarning")
                : t("twoFactor.regenerateWarning")}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <div className="grid gap-4">
            <BackupCodes codes={codes} email={email} />
            <div className="flex justify-end">
              <Button type="button" onClick={onClose}>
                {t("twoFactor.enable.finish")}
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={title}>
            {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
            <Field control={form.control} name="password" label={t("password.current")}>
              {(field, props) => (
                <PasswordInput
                  autoComplete="current-password"
                  required
                  {...field}
                  {...props}
                  data-testid="action-password"
                />
              )}
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
                {t("actions.cancel")}
              </Button>
              <Button
                type="submit"
                variant={action === "disable" ? "destructive" : "default"}
                disabled={pending}
                data-testid="action-confirm"
              >
                {pending ? <Spinner /> : null}
                {action === "disable" ? t("twoFactor.disable") : t("twoFactor.regenerate")}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
