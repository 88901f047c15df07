import type { TokenAccessChoice } from "@domain/permissions";
import {
  type ApiTokenInput,
  apiTokenInputSchema,
  defaultTokenExpiryDays,
  tokenExpiryChoices,
} from "@domain/schemas/tokens";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessageKey } from "@/lib/api";
import { createCodeResolver } from "@/lib/code-resolver";
import { validationKey } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreateToken } from "../api";

type Values = { name: string; expiresInDays: string; access: "intake" | "full" };

// The API's own schema; a missing name says so in the token screen's words.
const schemaResolver = createCodeResolver<Values, ApiTokenInput>(apiTokenInputSchema, (code) =>
  code === "required" ? "tokens:create.nameRequired" : validationKey("tokens", code),
);

/** Only an admin chooses the access (docs/decisions/0068); the choice is sent only then. */
function tokenResolver(choice: TokenAccessChoice): Resolver<Values, unknown, ApiTokenInput> {
  return (values, ...rest) =>
    schemaResolver(
      {
        name: values.name,
        expiresInDays: values.expiresInDays,
        ...(choice === "choose" ? { fullAccess: values.access === "full" } : {}),
      } as unknown as Values,
      ...rest,
    );
}

/** Create a token: a name, an expiry and (admins) its access; the secret goes to `onCreated`. */
export function CreateTokenForm({
  choice,
  onCreated,
}: {
  choice: TokenAccessChoice;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation("tokens");
  const id = useId();
  const create = useCreateToken();
  const { control, handleSubmit, resetField, watch } = useForm<Values, unknown, ApiTokenInput>({
    defaultValues: { name: "", expiresInDays: String(defaultTokenExpiryDays), access: "intake" },
    resolver: tokenResolver(choice),
  });
  const access = watch("access");

  const submit = handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync(input);
      onCreated(created.token);
      resetField("name");
    } catch (error) {
      toast.error(t(errorMessageKey(error)));
    }
  });

  return (
    <>
      <form
        className={
          choice === "choose"
            ? "grid gap-4 sm:grid-cols-2 sm:items-start lg:grid-cols-[minmax(0,1fr)_11rem_17rem_auto]"
            : "grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
        }
        onSubmit={submit}
        noValidate
      >
        <Field control={control} name="name" label={t("create.name")}>
          {(field, props) => (
            <Input
              {...field}
              {...props}
              maxLength={100}
              placeholder={t("create.namePlaceholder")}
              data-testid="token-name"
            />
          )}
        </Field>
        <Field control={control} name="expiresInDays" label={t("create.expiry")}>
          {(field, props) => (
            <NativeSelect {...field} {...props} data-testid="token-expiry">
              {tokenExpiryChoices.map((days) => (
                <option key={days} value={String(days)}>
                  {t("create.days", { count: days })}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {choice === "choose" ? (
          <Field control={control} name="access" label={t("create.access")}>
            {(field, props) => (
              <NativeSelect
                {...field}
                {...props}
                aria-describedby={`${id}-access-hint`}
                data-testid="token-access"
              >
                <option value="intake">{t("access.intake")}</option>
                <option value="full">{t("access.full")}</option>
              </NativeSelect>
            )}
          </Field>
        ) : null}
        {/* The labels' height above, so the button lines up with the controls. */}
        <div className="grid gap-2">
          <span aria-hidden="true" className="hidden h-3.5 sm:block" />
          <Button type="submit" disabled={create.isPending} data-testid="token-create">
            <KeyRound aria-hidden="true" />
            {t("create.submit")}
          </Button>
        </div>
      </form>
      {choice === "choose" ? (
        <p id={`${id}-access-hint`} className="text-muted-foreground text-sm" data-testid="token-access-hint">
          {t(access === "full" ? "create.accessFullHint" : "create.accessIntakeHint")}
        </p>
      ) : choice === "full-only" ? (
        <p className="text-muted-foreground text-sm">{t("create.accessReadHint")}</p>
      ) : null}
    </>
  );
}
