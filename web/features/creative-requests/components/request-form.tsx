import { todayIn } from "@domain/periods";
import { type CreativeRequestInput, creativeFormats, creativeTypes } from "@domain/schemas/creative-requests";
import { useState } from "react";
import { type Control, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DraftNotice } from "@/components/draft-notice";
import { Field } from "@/components/field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { textareaClass } from "@/components/ui/classes";
import { DateInput } from "@/components/ui/date-input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth";
import { useAppConfig } from "@/lib/config";
import { useFormDraft } from "@/lib/form-draft";
import { applyServerErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreateCreativeRequest } from "../api";
import { blankCreativeForm, type CreativeFormValues, creativeResolver } from "../form";

const fieldNames = ["type", "format", "deadline", "description"] as const;

/** /request-creative: type, format, deadline (today or later) and description. */
export function CreativeRequestForm() {
  const { t } = useTranslation("creative");
  const config = useAppConfig();
  const create = useCreateCreativeRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreativeFormValues, unknown, CreativeRequestInput>({
    resolver: creativeResolver,
    defaultValues: blankCreativeForm,
  });
  const control = form.control as unknown as Control<CreativeFormValues>;
  const user = useCurrentUser();
  const draft = useFormDraft({
    form,
    userId: user.id,
    formKey: "creative-request",
    blank: blankCreativeForm,
    worthKeeping: (values) => values.description.trim() !== "",
  });
  const today = todayIn(config.data?.workspaceTimezone ?? "America/Sao_Paulo");

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    if (input.deadline < today) {
      form.setError("deadline", { type: "validate", message: "creative:validation.date_in_past" });
      return;
    }
    try {
      await create.mutateAsync(input);
      draft.clear();
      toast.success(t("request.created"), { duration: 3000 });
      form.reset(blankCreativeForm);
    } catch (error) {
      // What was typed stays; the server's field codes go to their fields.
      const key = applyServerErrors(error, form.setError, { namespace: "creative", fields: fieldNames });
      setFormError(key);
      toast.error(t("request.createFailed"), { description: t(key), duration: 5000 });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("request.formTitle")}</h2>
        </CardTitle>
        <CardDescription>{t("request.formDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-5"
          aria-label={t("request.formTitle")}
          data-testid="creative-form"
        >
          <DraftNotice draft={draft} />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field control={control} name="type" label={t("request.type")}>
              {(field, props) => (
                <NativeSelect {...field} {...props}>
                  {creativeTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(`types.${type}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field control={control} name="format" label={t("request.format")}>
              {(field, props) => (
                <NativeSelect {...field} {...props}>
                  {creativeFormats.map((format) => (
                    <option key={format} value={format}>
                      {t(`formats.${format}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field control={control} name="deadline" label={t("request.deadline")}>
              {(field, props) => <DateInput required min={today} {...field} {...props} />}
            </Field>
          </div>
          <Field control={control} name="description" label={t("request.descriptionLabel")}>
            {(field, props) => (
              <textarea
                rows={4}
                required
                maxLength={5000}
                placeholder={t("request.descriptionPlaceholder")}
                className={textareaClass}
                {...field}
                {...props}
              />
            )}
          </Field>
          {formError ? (
            <Alert variant="destructive" data-testid="form-error">
              <AlertDescription>
                {t("request.createFailed")}: {t(formError)}
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              disabled={create.isPending}
              data-testid="submit"
              className="w-full sm:w-auto"
            >
              {create.isPending ? <Spinner /> : null}
              {t("request.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
