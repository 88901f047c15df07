import { formatMoneyForInput } from "@domain/money-input";
import type { Language } from "@domain/roles";
import {
  type Currency,
  currencies,
  type Offer,
  type OfferInput,
  offerInputSchema,
} from "@domain/schemas/offers";
import type { User } from "@domain/schemas/users";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, type FieldError, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { MoneyInput } from "@/components/money-input";
import { Button } from "@/components/ui/button";
import { checkboxClass, textareaClass } from "@/components/ui/classes";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { codeResolver } from "@/lib/code-resolver";
import { applyServerErrors } from "@/lib/form-errors";
import { readMoneyFields } from "@/lib/money-input";
import { toast } from "@/lib/toast";
import { useLanguage } from "@/lib/use-language";
import { useSaveOffer } from "../api";

type Values = {
  name: string;
  description: string;
  value: string;
  currency: Currency;
  casinoBrand: string;
  payoutPerDeposit: string;
  visibleToAll: boolean;
  code: string;
  assignedUserIds: string[];
};

const blank: Values = {
  name: "",
  description: "",
  value: "",
  currency: "USD",
  casinoBrand: "",
  payoutPerDeposit: "",
  visibleToAll: true,
  code: "",
  assignedUserIds: [],
};

const fieldNames = [
  "name",
  "description",
  "value",
  "currency",
  "casinoBrand",
  "payoutPerDeposit",
  "visibleToAll",
  "code",
  "assignedUserIds",
] as const;

const schemaResolver = codeResolver<Values, OfferInput>(offerInputSchema, "offers");

/**
 * The API's own schema, the amounts read as typed in the reader's language first (the value in the
 * offer's currency, the payout in the reporting one): a text that cannot be read keeps the money
 * input's message, a blank one the schema's "required". A blank description is none, and 'visible
 * to all' sends no assigned buyers.
 */
function offerResolver(language: Language, reportingCurrency: string): Resolver<Values, unknown, OfferInput> {
  return async (values, ...rest) => {
    const money = readMoneyFields(
      { value: values.value, payoutPerDeposit: values.payoutPerDeposit },
      language,
      { value: { currency: values.currency }, payoutPerDeposit: { currency: reportingCurrency } },
    );
    const result = await schemaResolver(
      {
        ...values,
        ...money.values,
        description: values.description.trim() ? values.description : null,
        assignedUserIds: values.visibleToAll ? [] : values.assignedUserIds,
      } as unknown as Values,
      ...rest,
    );
    const moneyErrors = Object.entries(money.errors) as [keyof Values, string][];
    if (moneyErrors.length === 0) return result;
    const errors: FieldErrors<Values> = { ...result.errors };
    for (const [name, message] of moneyErrors) errors[name] = { type: "money", message };
    return { values: {}, errors };
  };
}

/** Create or edit an offer; 'visible to all' clears the assigned buyers, unticking lets the admin pick. */
export function OfferDialog({
  open,
  onOpenChange,
  offer,
  buyers,
  reportingCurrency,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer?: Offer | null;
  buyers: User[];
  reportingCurrency: string;
}) {
  const { t } = useTranslation("offers");
  const baseId = useId();
  const save = useSaveOffer();
  const language = useLanguage();
  // Read when the dialog opens: a language switch while typing must not reset the text.
  const openingLanguage = useRef(language);
  openingLanguage.current = language;
  const form = useForm<Values, unknown, OfferInput>({
    defaultValues: blank,
    resolver: offerResolver(language, reportingCurrency),
  });
  const { control, reset, handleSubmit, setError, setValue, watch } = form;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    reset(
      offer
        ? {
            name: offer.name,
            description: offer.description ?? "",
            value: formatMoneyForInput(offer.value, openingLanguage.current),
            currency: offer.currency,
            casinoBrand: offer.casinoBrand,
            payoutPerDeposit: formatMoneyForInput(offer.payoutPerDeposit, openingLanguage.current),
            visibleToAll: offer.visibleToAll,
            code: offer.code ?? "",
            assignedUserIds: offer.assignedUsers.map((u) => u.id),
          }
        : blank,
    );
    setFormError(null);
  }, [open, offer, reset]);

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await save.mutateAsync({ ...(offer ? { id: offer.id } : {}), input });
      toast.success(offer ? t("toasts.updated") : t("toasts.created"));
      onOpenChange(false);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, { namespace: "offers", fields: fieldNames }));
      toast.error(t("toasts.saveFailed"));
    }
  });

  const currency = watch("currency");
  const visibleToAll = watch("visibleToAll");
  const id = (name: string) => `${baseId}-${name}`;
  const assignedCount = watch("assignedUserIds").length;

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{offer ? t("dialog.editTitle") : t("dialog.createTitle")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field control={control} name="name" label={t("fields.name")}>
              {(field, props) => <Input {...field} {...props} />}
            </Field>
            <Field control={control} name="casinoBrand" label={t("fields.casinoBrand")}>
              {(field, props) => <Input {...field} {...props} />}
            </Field>
            <Field control={control} name="code" label={t("fields.code")} description={t("fields.codeHint")}>
              {(field, props) => (
                <Input {...field} {...props} maxLength={40} className="font-mono" data-testid="offer-code" />
              )}
            </Field>
          </div>
          <Field control={control} name="description" label={t("fields.description")}>
            {(field, props) => <textarea {...field} {...props} className={textareaClass} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem_1fr]">
            <Field control={control} name="value" label={t("fields.value")}>
              {(field, props) => (
                <MoneyInput {...field} {...props} currency={currency} data-testid="offer-value" />
              )}
            </Field>
            <Field control={control} name="currency" label={t("fields.currency")}>
              {(field, props) => (
                <NativeSelect {...field} {...props}>
                  {currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              control={control}
              name="payoutPerDeposit"
              label={t("fields.payoutPerDeposit", { currency: reportingCurrency })}
            >
              {(field, props) => (
                <MoneyInput {...field} {...props} currency={reportingCurrency} data-testid="offer-payout" />
              )}
            </Field>
          </div>
          <Controller
            control={control}
            name="visibleToAll"
            render={({ field }) => (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  checked={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.checked);
                    if (e.target.checked) setValue("assignedUserIds", []);
                  }}
                />
                {t("fields.visibleToAll")}
              </label>
            )}
          />
          {visibleToAll ? null : (
            <fieldset className="grid gap-2 rounded-md border p-3" aria-describedby={id("assigned-hint")}>
              <legend className="px-1 font-medium text-sm">{t("fields.assignedUsers")}</legend>
              <p id={id("assigned-hint")} className="text-muted-foreground text-xs">
                {t("fields.assignedHint", { count: assignedCount })}
              </p>
              {buyers.length === 0 ? (
                <p className="text-muted-foreground text-sm">{t("fields.noBuyers")}</p>
              ) : (
                <Controller
                  control={control}
                  name="assignedUserIds"
                  render={({ field, fieldState }) => (
                    <>
                      <ul className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
                        {buyers.map((buyer) => (
                          <li key={buyer.id}>
                            <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-accent">
                              <input
                                type="checkbox"
                                className={checkboxClass}
                                checked={field.value.includes(buyer.id)}
                                onChange={(e) =>
                                  field.onChange(
                                    e.target.checked
                                      ? [...field.value, buyer.id]
                                      : field.value.filter((x) => x !== buyer.id),
                                  )
                                }
                              />
                              <span className="min-w-0 truncate">
                                {buyer.name} <span className="text-muted-foreground">({buyer.email})</span>
                              </span>
                            </label>
                          </li>
                        ))}
                      </ul>
                      {listError(fieldState.error) ? (
                        <p className="text-destructive text-sm">{t(listError(fieldState.error) ?? "")}</p>
                      ) : null}
                    </>
                  )}
                />
              )}
            </fieldset>
          )}
          {formError ? (
            <p role="alert" className="text-destructive text-sm">
              {t(formError)}
            </p>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={save.isPending}
            >
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {offer ? t("dialog.save") : t("dialog.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A list's own error, or its first item's (an unknown buyer id). */
function listError(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  const items = error as unknown as Record<string, FieldError | undefined>;
  return Object.values(items).find((item) => item && typeof item.message === "string")?.message;
}
