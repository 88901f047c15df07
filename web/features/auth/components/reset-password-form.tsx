import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { codeResolver } from "@/lib/code-resolver";
import { queryKeys } from "@/lib/query-keys";
import { resetPassword } from "../api";
import { type LoginLocationState, type ResetPasswordValues, resetPasswordSchema } from "../schemas";

/** Spec section 9: the reset screen goes to /login 2 seconds after success. */
export const resetRedirectDelayMs = 2000;

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ResetPasswordValues>({
    resolver: codeResolver<ResetPasswordValues, ResetPasswordValues>(resetPasswordSchema, "auth"),
    // Ending the other sessions is the safe default after a reset (someone may know the old password).
    defaultValues: { password: "", confirmPassword: "", revokeOtherSessions: true },
  });
  const [result, setResult] = useState<{ kind: "success" | "error"; key: string } | null>(null);
  const done = result?.kind === "success";
  const submitting = form.formState.isSubmitting;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      const state: LoginLocationState = { notice: "passwordReset" };
      navigate("/login", { replace: true, state });
    }, resetRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await resetPassword({
        newPassword: values.password,
        token,
        revokeOtherSessions: values.revokeOtherSessions,
      });
    } catch (failure) {
      setResult({ kind: "error", key: errorMessageKey(failure, "auth:reset.error") });
      return;
    }
    // The user signs in again with the new password (and, if asked, every other session ended).
    queryClient.setQueryData(queryKeys.me, null);
    setResult({ kind: "success", key: "auth:reset.success" });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("reset.title")}>
      {result ? <FormBanner kind={result.kind}>{t(result.key)}</FormBanner> : null}
      <Field
        control={form.control}
        name="password"
        label={t("fields.newPassword")}
        description={t("fields.passwordHint")}
      >
        {(field, props) => (
          <PasswordInput autoComplete="new-password" required {...field} {...props} disabled={done} />
        )}
      </Field>
      <Field control={form.control} name="confirmPassword" label={t("fields.confirmNewPassword")}>
        {(field, props) => (
          <PasswordInput autoComplete="new-password" required {...field} {...props} disabled={done} />
        )}
      </Field>
      <Controller
        control={form.control}
        name="revokeOtherSessions"
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
              disabled={done}
              data-testid="revoke-other-sessions"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{t("reset.revokeOtherSessions")}</span>
              <span className="text-muted-foreground text-xs">{t("reset.revokeOtherSessionsHint")}</span>
            </span>
          </label>
        )}
      />
      <Button type="submit" className="w-full" disabled={submitting || done} data-testid="submit">
        {submitting || done ? <Spinner /> : null}
        {submitting ? t("reset.submitting") : t("reset.submit")}
      </Button>
    </form>
  );
}
