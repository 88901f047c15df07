import { useEffect, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey, isApiError } from "@/lib/api";
import { codeResolver } from "@/lib/code-resolver";
import { verifySecondFactor } from "../api";
import { type SecondFactorForm, type SecondFactorValues, secondFactorSchema } from "../schemas";
import { completeSignIn } from "../session";

// The second sign-in step (a code from the authenticator app, or a backup code), shown by /login
// when the account has two-factor on. Loaded only then, so the first paint of /login stays small.

/** Answers that mean the half-done sign-in is gone (10 minutes passed, or 5 wrong codes): start over. */
const challengeEnded = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

export function TwoFactorStep({
  next,
  onRestart,
}: {
  next: string | null;
  /** Back to e-mail and password: by choice, or because the challenge ended. */
  onRestart: (reason: "back" | "expired") => void;
}) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const form = useForm<SecondFactorForm, unknown, SecondFactorValues>({
    resolver: codeResolver<SecondFactorForm, SecondFactorValues>(secondFactorSchema, "auth"),
    defaultValues: { method: "totp", code: "", trustDevice: false },
  });
  const method = useWatch({ control: form.control, name: "method" });
  const [error, setError] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;
  // The step replaces the password form: the code field takes the focus.
  useEffect(() => form.setFocus("code"), [form]);

  const switchMethod = () => {
    setError(null);
    form.clearErrors();
    form.setValue("method", method === "totp" ? "backup" : "totp");
    form.setValue("code", "");
    form.setFocus("code");
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await verifySecondFactor({ method: values.method, code: values.code, trustDevice: values.trustDevice });
    } catch (failure) {
      if (isApiError(failure) && challengeEnded.has(failure.code)) {
        onRestart("expired");
        return;
      }
      setError(errorMessageKey(failure, "auth:twoFactor.error"));
      form.setFocus("code");
      return;
    }
    try {
      navigate(await completeSignIn(next), { replace: true });
    } catch (failure) {
      setError(errorMessageKey(failure, "errors:unknown"));
    }
  });

  const isTotp = method === "totp";
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("twoFactor.title")}>
      {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
      <p className="text-muted-foreground text-sm">
        {isTotp ? t("twoFactor.totpIntro") : t("twoFactor.backupIntro")}
      </p>
      <Field
        control={form.control}
        name="code"
        label={isTotp ? t("twoFactor.totpLabel") : t("twoFactor.backupLabel")}
        description={isTotp ? t("twoFactor.totpHint") : t("twoFactor.backupHint")}
      >
        {(field, props) => (
          <Input
            {...field}
            {...props}
            autoComplete={isTotp ? "one-time-code" : "off"}
            inputMode={isTotp ? "numeric" : "text"}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={isTotp ? 9 : 14}
            className="font-mono tracking-widest"
            data-testid="second-factor-code"
          />
        )}
      </Field>
      <Controller
        control={form.control}
        name="trustDevice"
        render={({ field }) => (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary"
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.checked)}
              data-testid="trust-device"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{t("twoFactor.trustDevice")}</span>
              <span className="text-muted-foreground text-xs">{t("twoFactor.trustDeviceHint")}</span>
            </span>
          </label>
        )}
      />
      <Button type="submit" className="w-full" disabled={submitting} data-testid="submit-second-factor">
        {submitting ? <Spinner /> : null}
        {submitting ? t("twoFactor.submitting") : t("twoFactor.submit")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={switchMethod}
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="switch-second-factor"
        >
          {isTotp ? t("twoFactor.useBackup") : t("twoFactor.useApp")}
        </button>
        <button
          type="button"
          onClick={() => onRestart("back")}
          className="rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t("twoFactor.back")}
        </button>
      </div>
    </form>
  );
}
