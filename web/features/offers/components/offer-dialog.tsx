import { formatMoneyForInput } from "@domain/money-input";
import { type Currency, currencies, type Offer, offerInputSchema } from "@domain/schemas/offers";
import type { User } from "@domain/schemas/users";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, fieldAria } from "@/components/field";
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
import { isApiError } from "@/lib/api";
import { errorKey, fieldCodesFromZod, validationKey } from "@/lib/form-errors";
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
  assignedUserIds: [],
};

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
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues(
      offer
        ? {
            name: offer.name,
            description: offer.description ?? "",
            value: formatMoneyForInput(offer.value, openingLanguage.current),
            currency: offer.currency,
            casinoBrand: offer.casinoBrand,
            payoutPerDeposit: formatMoneyForInput(offer.payoutPerDeposit, openingLanguage.current),
            visibleToAll: offer.visibleToAll,
            assignedUserIds: offer.assignedUsers.map((u) => u.id),
          }
        : blank,
    );
    setErrors({});
    setFormError(null);
  }, [open, offer]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    // The amounts are read as typed, in the reader's language; a text that cannot be read stays.
    const money = readMoneyFields(
      { value: values.value, payoutPerDeposit: values.payoutPerDeposit },
      language,
      {
        value: { currency: values.currency },
        payoutPerDeposit: { currency: reportingCurrency },
      },
    );
    const parsed = offerInputSchema.safeParse({
      ...values,
      ...money.values,
      description: values.description.trim() ? values.description : null,
      assignedUserIds: values.visibleToAll ? [] : values.assignedUserIds,
    });
    if (!parsed.success || Object.keys(money.errors).length > 0) {
      setErrors({ ...(parsed.success ? {} : mapCodes(fieldCodesFromZod(parsed.error))), ...money.errors });
      return;
    }
    try {
      await save.mutateAsync({ ...(offer ? { id: offer.id } : {}), input: parsed.data });
      toast.success(offer ? t("toasts.updated") : t("toasts.created"));
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(mapCodes(error.fields));
      setFormError(errorKey("offers", error));
      toast.error(t("toasts.saveFailed"));
    }
  }

  const id = (name: string) => `${baseId}-${name}`;
  const assignedCount = values.assignedUserIds.length;

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{offer ? t("dialog.editTitle") : t("dialog.createTitle")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("name")} label={t("fields.name")} error={errors.name}>
              <Input
                {...fieldAria(id("name"), errors.name)}
                value={values.name}
                onChange={(e) => set("name", e.target.value)}
              />
            </Field>
            <Field id={id("casino")} label={t("fields.casinoBrand")} error={errors.casinoBrand}>
              <Input
                {...fieldAria(id("casino"), errors.casinoBrand)}
                value={values.casinoBrand}
                onChange={(e) => set("casinoBrand", e.target.value)}
              />
            </Field>
          </div>
          <Field id={id("description")} label={t("fields.description")} error={errors.description}>
            <textarea
              {...fieldAria(id("description"), errors.description)}
              className={textareaClass}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem_1fr]">
            <Field id={id("value")} label={t("fields.value")} error={errors.value}>
              <MoneyInput
                {...fieldAria(id("value"), errors.value)}
                currency={values.currency}
                value={values.value}
                onChange={(text) => set("value", text)}
                data-testid="offer-value"
              />
            </Field>
            <Field id={id("currency")} label={t("fields.currency")} error={errors.currency}>
              <NativeSelect
                {...fieldAria(id("currency"), errors.currency)}
                value={values.currency}
                onChange={(e) => set("currency", e.target.value as Currency)}
              >
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              id={id("payout")}
              label={t("fields.payoutPerDeposit", { currency: reportingCurrency })}
              error={errors.payoutPerDeposit}
            >
              <MoneyInput
                {...fieldAria(id("payout"), errors.payoutPerDeposit)}
                currency={reportingCurrency}
                value={values.payoutPerDeposit}
                onChange={(text) => set("payoutPerDeposit", text)}
                data-testid="offer-payout"
              />
            </Field>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={values.visibleToAll}
              onChange={(e) =>
                setValues((current) => ({
                  ...current,
                  visibleToAll: e.target.checked,
                  assignedUserIds: e.target.checked ? [] : current.assignedUserIds,
                }))
              }
            />
            {t("fields.visibleToAll")}
          </label>
          {values.visibleToAll ? null : (
            <fieldset className="grid gap-2 rounded-md border p-3" aria-describedby={id("assigned-hint")}>
              <legend className="px-1 font-medium text-sm">{t("fields.assignedUsers")}</legend>
              <p id={id("assigned-hint")} className="text-muted-foreground text-xs">
                {t("fields.assignedHint", { count: assignedCount })}
              </p>
              {buyers.length === 0 ? (
                <p className="text-muted-foreground text-sm">{t("fields.noBuyers")}</p>
              ) : (
                <ul className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
                  {buyers.map((buyer) => (
                    <li key={buyer.id}>
                      <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-accent">
                        <input
                          type="checkbox"
                          className={checkboxClass}
                          checked={values.assignedUserIds.includes(buyer.id)}
                          onChange={(e) =>
                            set(
                              "assignedUserIds",
                              e.target.checked
                                ? [...values.assignedUserIds, buyer.id]
                                : values.assignedUserIds.filter((x) => x !== buyer.id),
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
              )}
              {errors.assignedUserIds ? (
                <p className="text-destructive text-sm">{t(errors.assignedUserIds)}</p>
              ) : null}
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

function mapCodes(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, code]) => [
      field.replace(/\.\d+$/, ""),
      validationKey("offers", code),
    ]),
  );
}
