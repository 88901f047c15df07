import { Copy } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey, isApiError } from "@/lib/api";
import { codeResolver } from "@/lib/code-resolver";
import { toast } from "@/lib/toast";
import { groupSecret, readTotpSecret, useConfirmTwoFactor, useStartTwoFactor } from "../api";
import {
  type ConfirmCodeForm,
  type ConfirmCodeValues,
  confirmCodeSchema,
  type PasswordOnlyValues,
  passwordOnlySchema,
} from "../schemas";
import { BackupCodes } from "./backup-codes";

// Turning two-factor on, in three steps: the password → a QR code and the secret to type, then a
// code from the app → the 10 backup codes, shown once. Two-factor is on only after the code.

const QrCode = lazy(() => import("./qr-code").then((module) => ({ default: module.QrCode })));

type Step =
  | { name: "password" }
  | { name: "scan"; uri: string; codes: string[] }
  | { name: "codes"; codes: string[] };

export function EnableTwoFactorDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const { t } = useTranslation("account");
  const [step, setStep] = useState<Step>({ name: "password" });
  // Each opening starts at the password.
  useEffect(() => {
    if (open) setStep({ name: "password" });
  }, [open]);

  const description =
    step.name === "password"
      ? t("twoFactor.enable.passwordStep")
      : step.name === "scan"
        ? t("twoFactor.enable.scanStep")
        : t("twoFactor.enable.codesStep");

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t("common:close")}
        className="sm:max-w-xl"
        data-testid="enable-two-factor-dialog"
      >
        <DialogHeader>
          <DialogTitle>
            {step.name === "codes" ? t("twoFactor.enable.doneTitle") : t("twoFactor.enable.title")}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {step.name === "password" ? (
          <PasswordStep onDone={(uri, codes) => setStep({ name: "scan", uri, codes })} />
        ) : step.name === "scan" ? (
          <ScanStep
            uri={step.uri}
            email={email}
            onDone={() => setStep({ name: "codes", codes: step.codes })}
          />
        ) : (
          <div className="grid gap-4">
            <p className="font-medium text-sm" role="status">
              {t("twoFactor.enable.onNow")}
            </p>
            <p className="text-muted-foreground text-sm">{t("backupCodes.keepSafe")}</p>
            <BackupCodes codes={step.codes} email={email} />
            <div className="flex justify-end">
              <Button type="button" onClick={() => onOpenChange(false)} data-testid="enable-two-factor-done">
                {t("twoFactor.enable.finish")}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PasswordStep({ onDone }: { onDone: (uri: string, codes: string[]) => void }) {
  const { t } = useTranslation("account");
  const start = useStartTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordOnlyValues>({
    resolver: codeResolver<PasswordOnlyValues, PasswordOnlyValues>(passwordOnlySchema, "account"),
    defaultValues: { password: "" },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const result = await start.mutateAsync(password);
      onDone(result.totpURI, result.backupCodes);
    } catch (failure) {
      if (isApiError(failure) && failure.code === "INVALID_PASSWORD") {
        form.setError("password", { type: "server", message: "account:password.wrongCurrent" });
        form.setFocus("password");
        return;
      }
      setError(errorMessageKey(failure));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("twoFactor.enable.title")}>
      {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
      <Field control={form.control} name="password" label={t("password.current")}>
        {(field, props) => (
          <PasswordInput
            autoComplete="current-password"
            required
            {...field}
            {...props}
            data-testid="two-factor-password"
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={start.isPending} data-testid="two-factor-continue">
          {start.isPending ? <Spinner /> : null}
          {t("twoFactor.enable.continue")}
        </Button>
      </div>
    </form>
  );
}

function ScanStep({ uri, email, onDone }: { uri: string; email: string; onDone: () => void }) {
  const { t } = useTranslation("account");
  const confirm = useConfirmTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const secret = readTotpSecret(uri);
  const form = useForm<ConfirmCodeForm, unknown, ConfirmCodeValues>({
    resolver: codeResolver<ConfirmCodeForm, ConfirmCodeValues>(confirmCodeSchema, "account"),
    defaultValues: { code: "" },
  });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await confirm.mutateAsync(code);
      onDone();
    } catch (failure) {
      if (isApiError(failure) && failure.code === "INVALID_CODE") {
        form.setError("code", { type: "server", message: "errors:INVALID_CODE" });
        form.setFocus("code");
        return;
      }
      setError(errorMessageKey(failure));
    }
  });
  const copySecret = () =>
    void navigator.clipboard
      ?.writeText(secret)
      .then(() => toast.success(t("twoFactor.enable.secretCopied")))
      .catch(() => toast.error(t("backupCodes.copyFailed")));

  return (
    <div className="grid gap-5">
      <div className="grid items-center gap-4 sm:grid-cols-[auto_1fr]">
        <div className="flex justify-center">
          <Suspense fallback={<Skeleton className="size-48" />}>
            <QrCode value={uri} label={t("twoFactor.enable.qrLabel", { email })} />
          </Suspense>
        </div>
        <div className="grid min-w-0 gap-2 text-sm">
          <p className="text-muted-foreground">{t("twoFactor.enable.cantScan")}</p>
          <code
            className="break-all rounded bg-muted p-2 font-mono text-sm tracking-wide"
            data-testid="totp-secret"
          >
            {groupSecret(secret)}
          </code>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={copySecret}>
              <Copy aria-hidden="true" />
              {t("twoFactor.enable.copySecret")}
            </Button>
          </div>
        </div>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-label={t("twoFactor.enable.codeLabel")}
      >
        {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
        <Field
          control={form.control}
          name="code"
          label={t("twoFactor.enable.codeLabel")}
          description={t("auth:twoFactor.totpHint")}
        >
          {(field, props) => (
            <Input
              {...field}
              {...props}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={9}
              className="font-mono tracking-widest sm:max-w-48"
              data-testid="two-factor-code"
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={confirm.isPending} data-testid="two-factor-confirm">
            {confirm.isPending ? <Spinner /> : null}
            {t("twoFactor.enable.confirm")}
          </Button>
        </div>
      </form>
    </div>
  );
}
