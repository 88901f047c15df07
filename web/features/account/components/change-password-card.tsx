import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey, isApiError } from "@/lib/api";
import { codeResolver } from "@/lib/code-resolver";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api";
import { type ChangePasswordValues, changePasswordSchema } from "../schemas";
import { CheckboxField } from "./checkbox-field";

// Current password, new one twice, and "sign out of my other sessions" (on by default). A refusal
// marks the field it is about; nothing typed is cleared by an error.

const newPasswordCodes = new Set([
  "PASSWORD_TOO_COMMON",
  "PASSWORD_CONTAINS_EMAIL",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
]);

export function ChangePasswordCard() {
  const { t } = useTranslation("account");
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: codeResolver<ChangePasswordValues, ChangePasswordValues>(changePasswordSchema, "account"),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions: true },
  });
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.revokeOtherSessions,
      });
    } catch (failure) {
      const key = errorMessageKey(failure);
      if (isApiError(failure) && failure.code === "INVALID_PASSWORD") {
        form.setError("currentPassword", { type: "server", message: "account:password.wrongCurrent" });
        form.setFocus("currentPassword");
      } else if (isApiError(failure) && newPasswordCodes.has(failure.code)) {
        form.setError("newPassword", { type: "server", message: key });
        form.setFocus("newPassword");
      } else {
        setError(key);
      }
      return;
    }
    form.reset({ currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions: true });
    toast.success(values.revokeOtherSessions ? t("password.changedAndSignedOut") : t("password.changed"));
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("password.title")}</h2>
        </CardTitle>
        <CardDescription>{t("password.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("password.title")}>
          {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
          <Field control={form.control} name="currentPassword" label={t("password.current")}>
            {(field, props) => (
              <PasswordInput autoComplete="current-password" required {...field} {...props} />
            )}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              control={form.control}
              name="newPassword"
              label={t("auth:fields.newPassword")}
              description={t("auth:fields.passwordHint")}
            >
              {(field, props) => <PasswordInput autoComplete="new-password" required {...field} {...props} />}
            </Field>
            <Field control={form.control} name="confirmPassword" label={t("auth:fields.confirmNewPassword")}>
              {(field, props) => <PasswordInput autoComplete="new-password" required {...field} {...props} />}
            </Field>
          </div>
          <Controller
            control={form.control}
            name="revokeOtherSessions"
            render={({ field }) => (
              <CheckboxField
                name={field.name}
                inputRef={field.ref}
                checked={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
                label={t("password.revokeOthers")}
                hint={t("password.revokeOthersHint")}
                testId="password-revoke-others"
              />
            )}
          />
          <div className="flex justify-end">
            <Button
              type="submit"
              disabled={change.isPending}
              className="w-full sm:w-auto"
              data-testid="change-password"
            >
              {change.isPending ? <Spinner /> : null}
              {t("password.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
