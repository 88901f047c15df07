import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { codeResolver } from "@/lib/code-resolver";
import { requestPasswordReset } from "../api";
import { type ForgotPasswordValues, forgotPasswordSchema } from "../schemas";
import { HumanCheck, type HumanCheckHandle, useHumanCheckRequired } from "./human-check";

export function ForgotPasswordForm() {
  const { t } = useTranslation("auth");
  const form = useForm<ForgotPasswordValues>({
    resolver: codeResolver<ForgotPasswordValues, ForgotPasswordValues>(forgotPasswordSchema, "auth"),
    defaultValues: { email: "" },
  });
  const humanCheck = useRef<HumanCheckHandle>(null);
  const checkRequired = useHumanCheckRequired();
  const [solution, setSolution] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState(false);
  const [result, setResult] = useState<{ kind: "success" | "error"; key: string } | null>(null);
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    if (checkRequired !== false && solution === null) {
      setCaptchaError(true);
      return;
    }
    try {
      // The server answers the same for known and unknown addresses.
      await requestPasswordReset({ email: values.email, captcha: solution });
      setResult({ kind: "success", key: "auth:forgot.success" });
    } catch (failure) {
      setResult({ kind: "error", key: errorMessageKey(failure, "auth:forgot.error") });
    }
    // A solution is good for one request.
    humanCheck.current?.reset();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("forgot.title")}>
      {result ? <FormBanner kind={result.kind}>{t(result.key)}</FormBanner> : null}
      <Field control={form.control} name="email" label={t("fields.email")}>
        {(field, props) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("fields.emailPlaceholder")}
            required
            {...field}
            {...props}
          />
        )}
      </Field>
      <HumanCheck
        ref={humanCheck}
        onSolved={(value) => {
          setSolution(value);
          if (value) setCaptchaError(false);
        }}
        error={captchaError ? t("captcha.required") : undefined}
      />
      <Button type="submit" className="w-full" disabled={submitting} data-testid="submit">
        {submitting ? <Spinner /> : null}
        {submitting ? t("forgot.submitting") : t("forgot.submit")}
      </Button>
    </form>
  );
}
