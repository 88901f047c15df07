import { isTwoFactorRequiredFor, twoFactorRequirableRoles } from "@domain/permissions";
import { languages } from "@domain/roles";
import {
  backupFrequencies,
  reportingCurrencies,
  type WorkspaceSettings,
  type WorkspaceSettingsInput,
} from "@domain/schemas/settings";
import { useMemo, useState } from "react";
import { type Control, Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { checkboxClass } from "@/components/ui/classes";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth";
import { applyServerErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useSaveSettings } from "../api";
import {
  listTimezones,
  type SettingsFormValues,
  settingsFieldNames,
  settingsResolver,
  toFormValues,
} from "../form";
import { TestReportButton } from "./test-report";

const notificationKeys = ["email", "daily", "weekly", "monthly"] as const;

/** The workspace settings form; a failed save keeps everything typed and marks the bad fields. */
export function SettingsForm({ settings }: { settings: WorkspaceSettings }) {
  const { t } = useTranslation("settings");
  const save = useSaveSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsFormValues, unknown, WorkspaceSettingsInput>({
    resolver: settingsResolver,
    defaultValues: toFormValues(settings),
  });
  // FormField knows no transformed output type; the fields only read and write the raw values.
  const control = form.control as unknown as Control<SettingsFormValues>;
  const timezone = useWatch({ control: form.control, name: "timezone" });
  const zones = useMemo(() => listTimezones(timezone), [timezone]);
  const emailOn = useWatch({ control: form.control, name: "notifications.email" });
  const me = useCurrentUser();
  const requiredRoles = useWatch({ control: form.control, name: "twoFactorRequiredRoles" });
  const requiresMe = !me.twoFactorEnabled && isTwoFactorRequiredFor(me.role, requiredRoles ?? []);

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(input);
      form.reset(toFormValues(saved));
      toast.success(t("toasts.saved"), { duration: 3000 });
    } catch (error) {
      const key = applyServerErrors(error, form.setError, {
        namespace: "settings",
        fields: settingsFieldNames,
      });
      setFormError(key);
      toast.error(t("toasts.saveFailed"), { description: t(key), duration: 5000 });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6" aria-label={t("form.label")}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("general.title")}</h2>
          </CardTitle>
          <CardDescription>{t("general.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field
            control={control}
            name="reportingCurrency"
            label={t("fields.reportingCurrency")}
            description={t("fields.reportingCurrencyHint")}
          >
            {(field, props) => (
              <NativeSelect {...field} {...props}>
                {reportingCurrencies.map((currency) => (
                  <option key={currency} value={currency}>
                    {t(`currencies.${currency}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            control={control}
            name="defaultLanguage"
            label={t("fields.defaultLanguage")}
            description={t("fields.defaultLanguageHint")}
          >
            {(field, props) => (
              <NativeSelect {...field} {...props}>
                {languages.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {t(`common:languages.${language}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            control={control}
            name="timezone"
            label={t("fields.timezone")}
            description={t("fields.timezoneHint")}
            className="sm:col-span-2"
          >
            {(field, props) => (
              <NativeSelect {...field} {...props}>
                <optgroup label={t("fields.timezoneSuggested")}>
                  {zones.suggested.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("fields.timezoneAll")}>
                  {zones.others.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </optgroup>
              </NativeSelect>
            )}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("notifications.title")}</h2>
          </CardTitle>
          <CardDescription>{t("notifications.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-3">
            <legend className="sr-only">{t("notifications.title")}</legend>
            {notificationKeys.map((key) => (
              <Controller
                key={key}
                control={control}
                name={`notifications.${key}`}
                render={({ field }) => (
                  <CheckboxRow
                    field={field}
                    label={t(`notifications.${key}`)}
                    hint={t(`notifications.${key}Hint`)}
                    disabled={key !== "email" && !emailOn}
                  />
                )}
              />
            ))}
          </fieldset>
          <TestReportButton />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("reminders.title")}</h2>
          </CardTitle>
          <CardDescription>{t("reminders.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Controller
            control={control}
            name="remindMissingDays"
            render={({ field }) => (
              <CheckboxRow
                field={field}
                label={t("reminders.remindMissingDays")}
                hint={t("reminders.remindMissingDaysHint")}
                testId="remind-missing-days"
              />
            )}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("schedule.title")}</h2>
          </CardTitle>
          <CardDescription>{t("schedule.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field
            control={control}
            name="backupFrequency"
            label={t("fields.backupFrequency")}
            description={t("fields.backupFrequencyHint")}
          >
            {(field, props) => (
              <NativeSelect {...field} {...props}>
                {backupFrequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`frequencies.${frequency}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            control={control}
            name="retentionDays"
            label={t("fields.retentionDays")}
            description={t("fields.retentionDaysHint")}
          >
            {(field, props) => (
              <Input {...field} {...props} inputMode="numeric" autoComplete="off" className="sm:max-w-40" />
            )}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("security.title")}</h2>
          </CardTitle>
          <CardDescription>{t("security.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Controller
            control={control}
            name="twoFactorRequiredRoles"
            render={({ field }) => (
              <fieldset className="grid gap-3" data-testid="two-factor-required-roles">
                <legend className="sr-only">{t("security.title")}</legend>
                {twoFactorRequirableRoles.map((role, index) => (
                  <label key={role} className="flex items-start gap-3 text-sm">
                    <input
                      type="checkbox"
                      className={`${checkboxClass} mt-0.5`}
                      name={`${field.name}.${role}`}
                      ref={index === 0 ? field.ref : undefined}
                      checked={field.value.includes(role)}
                      onBlur={field.onBlur}
                      onChange={(event) =>
                        field.onChange(
                          twoFactorRequirableRoles.filter((r) =>
                            r === role ? event.target.checked : field.value.includes(r),
                          ),
                        )
                      }
                      data-testid={`require-two-factor-${role}`}
                    />
                    <span className="grid gap-0.5">
                      <span className="font-medium">{t(`security.${role}`)}</span>
                      <span className="text-muted-foreground text-xs">{t(`security.${role}Hint`)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
          />
          {requiresMe ? (
            <Alert data-testid="two-factor-self-warning">
              <AlertDescription>{t("security.selfWarning")}</AlertDescription>
            </Alert>
          ) : null}
          <p className="text-muted-foreground text-xs">{t("security.lostPhone")}</p>
        </CardContent>
      </Card>

      {formError ? (
        <Alert variant="destructive" data-testid="settings-error">
          <AlertDescription>
            {t("toasts.saveFailed")} {t(formError)}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? <Spinner /> : null}
          {t("form.save")}
        </Button>
      </div>
    </form>
  );
}

/** A setting that is on or off: a checkbox with its label and a hint under it. */
function CheckboxRow({
  field,
  label,
  hint,
  disabled,
  testId,
}: {
  field: {
    name: string;
    value: boolean;
    ref: (element: HTMLInputElement | null) => void;
    onBlur: () => void;
    onChange: (value: boolean) => void;
  };
  label: string;
  hint: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className={`${checkboxClass} mt-0.5`}
        name={field.name}
        ref={field.ref}
        checked={field.value}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.checked)}
        disabled={disabled}
        data-testid={testId}
      />
      <span className="grid gap-0.5">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground text-xs">{hint}</span>
      </span>
    </label>
  );
}
