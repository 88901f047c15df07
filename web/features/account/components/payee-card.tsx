import { bankAccountTypes, maskTail, payeeMethods, pixKeyTypes } from "@domain/payee";
import type { Payee, PayeeInput } from "@domain/schemas/payee";
import { Pencil } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { type Control, Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { FormBanner } from "@/components/form-banner";
import { ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";
import { applyServerErrors } from "@/lib/form-errors";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useMyPayee, useSaveMyPayee } from "../api";
import {
  type PayeeFormValues,
  payeeFieldsOf,
  payeeResolver,
  payeeValidationKey,
  toPayeeFormValues,
} from "../payee-form";

// "Payment details" on /account, for buyers: where financial pays their commission. Saved details
// are shown masked (last 4 characters) with an edit button; the form checks what the server checks
// (CPF/CNPJ check digits, mobile phone with area code, TRC-20 checksum…) and keeps every character
// typed through a refusal.

export function PayeeCard() {
  const { t } = useTranslation("account");
  const payee = useMyPayee();
  const [editing, setEditing] = useState(false);

  return (
    <Card data-testid="payee-card">
      <CardHeader>
        <CardTitle>
          <h2>{t("payee.title")}</h2>
        </CardTitle>
        <CardDescription>{t("payee.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {payee.isPending ? (
          <Skeleton className="h-24" aria-busy="true" />
        ) : payee.isError ? (
          <ErrorState error={payee.error} onRetry={() => void payee.refetch()} />
        ) : editing || !payee.data.payee ? (
          <PayeeForm
            payee={payee.data.payee}
            onDone={() => setEditing(false)}
            onCancel={payee.data.payee ? () => setEditing(false) : undefined}
          />
        ) : (
          <SavedPayee payee={payee.data.payee} onEdit={() => setEditing(true)} />
        )}
      </CardContent>
    </Card>
  );
}

function SavedPayee({ payee, onEdit }: { payee: Payee; onEdit: () => void }) {
  const { t } = useTranslation("account");
  const format = useFormatters();
  const lines: [string, string][] =
    payee.method === "pix"
      ? [
          [t("payee.fields.pixKeyType"), t(`payee.pixKeyTypes.${payee.pixKeyType}`)],
          [t("payee.fields.pixKey"), maskTail(payee.pixKey) ?? ""],
        ]
      : payee.method === "bank"
        ? [
            [t("payee.fields.bankCode"), payee.bankCode],
            [t("payee.fields.bankBranch"), payee.bankBranch],
            [t("payee.fields.bankAccount"), maskTail(payee.bankAccount) ?? ""],
            [t("payee.fields.bankAccountType"), t(`payee.accountTypes.${payee.bankAccountType}`)],
            [t("payee.fields.holderName"), payee.holderName],
            [t("payee.fields.holderDocument"), maskTail(payee.holderDocument) ?? ""],
          ]
        : [[t("payee.fields.usdtAddress"), maskTail(payee.usdtAddress) ?? ""]];

  return (
    <div className="grid gap-4" data-testid="payee-saved">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <p className="font-medium" data-testid="payee-method">
            {t(`payee.methods.${payee.method}`)}
          </p>
          <p className="text-muted-foreground text-xs">
            {t("payee.updatedAt", {
              when: formatDateTime(payee.updatedAt, format.language, format.timeZone),
            })}
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={onEdit}
          data-testid="payee-edit"
          className="shrink-0"
        >
          <Pencil aria-hidden="true" />
          {t("payee.edit")}
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {lines.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="break-all font-mono" data-testid="payee-value">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function PayeeForm({
  payee,
  onDone,
  onCancel,
}: {
  payee: Payee | null;
  onDone: () => void;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation("account");
  const save = useSaveMyPayee();
  const form = useForm<PayeeFormValues, unknown, PayeeInput>({
    resolver: payeeResolver,
    defaultValues: toPayeeFormValues(payee),
  });
  // FormField knows no transformed output type; the fields only read and write the raw values.
  const control = form.control as unknown as Control<PayeeFormValues>;
  const method = useWatch({ control, name: "method" });
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      await save.mutateAsync(input);
    } catch (failure) {
      // The method's own fields take the server's codes; anything else is said above the form.
      const own = payeeFieldsOf[input.method];
      const key = applyServerErrors(failure, form.setError, {
        namespace: "account",
        fields: own,
        toKey: payeeValidationKey,
      });
      const placed = isApiError(failure) && own.some((field) => typeof failure.fields?.[field] === "string");
      if (!placed) setError(key);
      return;
    }
    toast.success(t("payee.saved"));
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("payee.title")}>
      {error ? <FormBanner kind="error">{t(error)}</FormBanner> : null}
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t("payee.fields.method")}</legend>
            <div className="grid gap-2 sm:grid-cols-3" data-testid="payee-method-picker">
              {payeeMethods.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={option}
                    checked={field.value === option}
                    onChange={() => field.onChange(option)}
                    onBlur={field.onBlur}
                    className="size-4 accent-primary"
                    data-testid={`payee-method-${option}`}
                  />
                  {t(`payee.methods.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      {method === "pix" ? <PixFields control={control} /> : null}
      {method === "bank" ? <BankFields control={control} /> : null}
      {method === "usdt" ? (
        <TextField
          control={control}
          name="usdtAddress"
          label={t("payee.fields.usdtAddress")}
          hint={t("payee.hints.usdtAddress")}
          autoComplete="off"
          spellCheck={false}
          placeholder="T…"
        />
      ) : null}
      <p className="text-muted-foreground text-xs">{t("payee.notice")}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} className="w-full sm:w-auto">
            {t("actions.cancel")}
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto" data-testid="payee-save">
          {save.isPending ? <Spinner /> : null}
          {t("payee.save")}
        </Button>
      </div>
    </form>
  );
}

const pixPlaceholders = {
  cpf: "000.000.000-00",
  cnpj: "00.000.000/0000-00",
  email: "nome@exemplo.com",
  phone: "+55 11 98765-4321",
  random: "xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx",
} as const;

function PixFields({ control }: { control: Control<PayeeFormValues> }) {
  const { t } = useTranslation("account");
  const type = useWatch({ control, name: "pixKeyType" });
  return (
    <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
      <SelectField
        control={control}
        name="pixKeyType"
        label={t("payee.fields.pixKeyType")}
        options={pixKeyTypes.map((option) => [option, t(`payee.pixKeyTypes.${option}`)])}
        testId="payee-pix-type"
      />
      <TextField
        control={control}
        name="pixKey"
        label={t("payee.fields.pixKey")}
        hint={t(`payee.hints.${type}`)}
        placeholder={pixPlaceholders[type]}
        inputMode={
          type === "cpf" ? "numeric" : type === "phone" ? "tel" : type === "email" ? "email" : "text"
        }
        autoComplete="off"
        spellCheck={false}
        testId="payee-pix-key"
      />
    </div>
  );
}

function BankFields({ control }: { control: Control<PayeeFormValues> }) {
  const { t } = useTranslation("account");
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <TextField
        control={control}
        name="bankCode"
        label={t("payee.fields.bankCode")}
        hint={t("payee.hints.bankCode")}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        control={control}
        name="bankBranch"
        label={t("payee.fields.bankBranch")}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        control={control}
        name="bankAccount"
        label={t("payee.fields.bankAccount")}
        hint={t("payee.hints.bankAccount")}
        autoComplete="off"
      />
      <SelectField
        control={control}
        name="bankAccountType"
        label={t("payee.fields.bankAccountType")}
        options={bankAccountTypes.map((option) => [option, t(`payee.accountTypes.${option}`)])}
      />
      <TextField
        control={control}
        name="holderName"
        label={t("payee.fields.holderName")}
        autoComplete="name"
      />
      <TextField
        control={control}
        name="holderDocument"
        label={t("payee.fields.holderDocument")}
        hint={t("payee.hints.holderDocument")}
        autoComplete="off"
      />
    </div>
  );
}

function TextField({
  control,
  name,
  label,
  hint,
  testId,
  ...input
}: {
  control: Control<PayeeFormValues>;
  name: Exclude<keyof PayeeFormValues, "method" | "pixKeyType" | "bankAccountType">;
  label: string;
  hint?: string;
  testId?: string;
} & Omit<ComponentProps<"input">, "name">) {
  return (
    <Field control={control} name={name} label={label} description={hint}>
      {(field, props) => <Input {...input} {...field} {...props} data-testid={testId} />}
    </Field>
  );
}

/** A choice from a fixed list: [value, label] pairs in the order shown. */
function SelectField({
  control,
  name,
  label,
  options,
  testId,
}: {
  control: Control<PayeeFormValues>;
  name: "pixKeyType" | "bankAccountType";
  label: string;
  options: [value: string, label: string][];
  testId?: string;
}) {
  return (
    <Field control={control} name={name} label={label}>
      {(field, props) => (
        <NativeSelect {...field} {...props} data-testid={testId}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
