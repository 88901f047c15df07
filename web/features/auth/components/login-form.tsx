import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FieldLayout } from "@/components/field-layout";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { signIn } from "../api";
import type { LoginNotice, LoginValues } from "../schemas";
import { completeSignIn } from "../session";
import { checkLogin, checkLoginField, type LoginErrors, type LoginField } from "../sign-in-checks";
import { HumanCheck, type HumanCheckHandle, useHumanCheckRequired } from "./human-check";

const noticeText: Record<LoginNotice, { kind: "success" | "error"; key: string }> = {
  registered: { kind: "success", key: "auth:register.success" },
  passwordReset: { kind: "success", key: "auth:reset.done" },
  invalidResetLink: { kind: "error", key: "auth:reset.invalidLink" },
  secondStepExpired: { kind: "error", key: "auth:twoFactor.expired" },
};

export function LoginForm({
  next,
  notice,
  defaultEmail,
  onSecondStep,
}: {
  next: string | null;
  notice?: LoginNotice | undefined;
  defaultEmail?: string | undefined;
  /** The password was right and the account has two-factor on: the second step follows. */
  onSecondStep: (email: string) => void;
}) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  // Plain state, not react-hook-form (decision 0047), with its behaviour: nothing is checked until
  // the first submit; from then on a field's message follows what is typed; a failed check focuses
  // the first wrong field.
  const [values, setValues] = useState<LoginValues>({ email: defaultEmail ?? "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const humanCheck = useRef<HumanCheckHandle>(null);
  const checkRequired = useHumanCheckRequired();
  const [solution, setSolution] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showNotice, setShowNotice] = useState(true);

  // Sign-in stays disabled until the verification is solved (spec section 2).
  const verified = checkRequired === false || (checkRequired === true && solution !== null);

  const onChange = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (submitted) setErrors((current) => ({ ...current, [field]: checkLoginField(field, value) }));
  };

  const signInWith = async (credentials: LoginValues) => {
    setError(null);
    setShowNotice(false);
    try {
      const result = await signIn({ ...credentials, captcha: solution });
      if (result?.twoFactorRedirect) {
        onSecondStep(credentials.email);
        return;
      }
    } catch (failure) {
      setError(errorMessageKey(failure, "auth:login.error"));
      humanCheck.current?.reset();
      return;
    }
    try {
      navigate(await completeSignIn(next), { replace: true });
    } catch (failure) {
      setError(errorMessageKey(failure, "errors:unknown"));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkLogin(values);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      inputs[checked.errors.email ? "email" : "password"].current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await signInWith(checked.values);
    } finally {
      setSubmitting(false);
    }
  };

  const banner = error
    ? { kind: "error" as const, key: error }
    : notice && showNotice
      ? noticeText[notice]
      : null;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("login.title")}>
      {banner ? <FormBanner kind={banner.kind}>{t(banner.key)}</FormBanner> : null}
      <FieldLayout label={t("fields.email")} error={errors.email}>
        {(control) => (
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t("fields.emailPlaceholder")}
            required
            {...control}
            ref={inputs.email}
            name="email"
            value={values.email}
            onChange={onChange("email")}
          />
        )}
      </FieldLayout>
      <FieldLayout
        label={t("fields.password")}
        error={errors.password}
        labelAside={
          <Link
            to="/forgot-password"
            className="rounded-sm text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("login.forgot")}
          </Link>
        }
      >
        {(control) => (
          <PasswordInput
            autoComplete="current-password"
            required
            {...control}
            ref={inputs.password}
            name="password"
            value={values.password}
            onChange={onChange("password")}
          />
        )}
      </FieldLayout>
      <HumanCheck ref={humanCheck} onSolved={setSolution} />
      <Button type="submit" className="w-full" disabled={!verified || submitting} data-testid="submit">
        {submitting ? <Spinner /> : null}
        {submitting ? t("login.submitting") : t("login.submit")}
      </Button>
      {checkRequired && !verified ? (
        <p className="text-center text-muted-foreground text-xs">{t("captcha.hint")}</p>
      ) : null}
    </form>
  );
}
