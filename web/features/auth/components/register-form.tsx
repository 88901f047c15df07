import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { codeResolver } from "@/lib/code-resolver";
import { signOut, signUp } from "../api";
import { type LoginLocationState, type RegisterValues, registerSchema } from "../schemas";
import { HumanCheck, type HumanCheckHandle, useHumanCheckRequired } from "./human-check";

export function RegisterForm({ next }: { next: string | null }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    resolver: codeResolver<RegisterValues, RegisterValues>(registerSchema, "auth"),
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });
  const humanCheck = useRef<HumanCheckHandle>(null);
  const checkRequired = useHumanCheckRequired();
  const [solution, setSolution] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    if (checkRequired !== false && solution === null) {
      setCaptchaError(true);
      return;
    }
    try {
      const result = await signUp({ email: values.email, password: values.password, captcha: solution });
      // Success goes to /login (spec section 2); a server that signs new accounts in at once is
      // signed out again so the two paths behave alike.
      if (result?.token) await signOut().catch(() => undefined);
    } catch (failure) {
      setError(errorMessageKey(failure, "auth:register.error"));
      humanCheck.current?.reset();
      return;
    }
    const state: LoginLocationState = { notice: "registered", email: values.email };
    navigate(next ? `/login?next=${encodeURIComponent(next)}` : "/login", { replace: true, state });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("register.title")}>
      {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
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
      <Field
        control={form.control}
        name="password"
        label={t("fields.password")}
        description={t("fields.passwordHint")}
      >
        {(field, props) => <PasswordInput autoComplete="new-password" required {...field} {...props} />}
      </Field>
      <Field control={form.control} name="confirmPassword" label={t("fields.confirmPassword")}>
        {(field, props) => <PasswordInput autoComplete="new-password" required {...field} {...props} />}
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
        {submitting ? t("register.submitting") : t("register.submit")}
      </Button>
    </form>
  );
}
