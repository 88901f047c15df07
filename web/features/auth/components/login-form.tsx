import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { signIn } from "../api";
import { type LoginNotice, type LoginValues, loginSchema } from "../schemas";
import { completeSignIn } from "../session";
import { FormBanner } from "./form-banner";
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
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail ?? "", password: "" },
  });
  const humanCheck = useRef<HumanCheckHandle>(null);
  const checkRequired = useHumanCheckRequired();
  const [solution, setSolution] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showNotice, setShowNotice] = useState(true);

  const submitting = form.formState.isSubmitting;
  // Sign-in stays disabled until the verification is solved (spec section 2).
  const verified = checkRequired === false || (checkRequired === true && solution !== null);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setShowNotice(false);
    try {
      const result = await signIn({ email: values.email, password: values.password, captcha: solution });
      if (result?.twoFactorRedirect) {
        onSecondStep(values.email);
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
  });

  const banner = error
    ? { kind: "error" as const, key: error }
    : notice && showNotice
      ? noticeText[notice]
      : null;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("login.title")}>
        {banner ? <FormBanner kind={banner.kind}>{t(banner.key)}</FormBanner> : null}
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("fields.email")}</FormLabel>
              <FormControl>
                <Input
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  placeholder={t("fields.emailPlaceholder")}
                  required
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between gap-2">
                <FormLabel>{t("fields.password")}</FormLabel>
                <Link
                  to="/forgot-password"
                  className="rounded-sm text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {t("login.forgot")}
                </Link>
              </div>
              <FormControl>
                <PasswordInput autoComplete="current-password" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <HumanCheck ref={humanCheck} onSolved={setSolution} />
        <Button type="submit" className="w-full" disabled={!verified || submitting} data-testid="submit">
          {submitting ? <Spinner /> : null}
          {submitting ? t("login.submitting") : t("login.submit")}
        </Button>
        {checkRequired && !verified ? (
          <p className="text-center text-muted-foreground text-xs">{t("captcha.hint")}</p>
        ) : null}
      </form>
    </Form>
  );
}
