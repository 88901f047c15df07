import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { signOut, signUp } from "../api";
import { type LoginLocationState, type RegisterValues, registerSchema } from "../schemas";
import { HumanCheck, type HumanCheckHandle, useHumanCheckRequired } from "./human-check";

export function RegisterForm({ next }: { next: string | null }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
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
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("register.title")}>
        {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("fields.email")}</FormLabel>
              <FormControl>
                <Input
                  type="email"
                  autoComplete="email"
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
            <FormItem hint={t("fields.passwordHint")}>
              <FormLabel>{t("fields.password")}</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("fields.confirmPassword")}</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
    </Form>
  );
}
