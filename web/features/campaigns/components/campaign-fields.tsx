import type { CampaignInput } from "@domain/schemas/campaigns";
import type { GuardrailWarning } from "@domain/schemas/guardrails";
import type { Offer } from "@domain/schemas/offers";
import type { ReactNode } from "react";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { FieldWarnings } from "@/components/guardrail-warnings";
import { MoneyInput } from "@/components/money-input";
import { DateInput } from "@/components/ui/date-input";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { CampaignFormValues } from "../form";

type CountField = "clicks" | "installations" | "registrations" | "deposits";
const countFields: CountField[] = ["clicks", "installations", "registrations", "deposits"];

/** Date, offer and the day's numbers: the fields the add-data form and the edit dialog share. */
export function CampaignFields({
  control,
  offers,
  offersLoading,
  dateHint,
  disabled,
  maxDate,
  warnings = [],
}: {
  control: Control<CampaignFormValues, unknown, CampaignInput>;
  offers: Offer[];
  offersLoading?: boolean;
  dateHint?: ReactNode;
  disabled?: boolean;
  /** Today in the workspace time zone: later days are refused (400 future_date). */
  maxDate?: string | undefined;
  /** Guardrail warnings to confirm, shown under their fields. */
  warnings?: readonly GuardrailWarning[];
}) {
  const { t } = useTranslation("campaigns");
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field control={control} name="date" label={t("fields.date")} below={dateHint}>
        {(field, props) => <DateInput required disabled={disabled} max={maxDate} {...field} {...props} />}
      </Field>
      <Field control={control} name="offerId" label={t("fields.offer")}>
        {(field, props) => (
          <NativeSelect required disabled={disabled || offersLoading} {...field} {...props}>
            <option value="">{offersLoading ? t("form.loadingOffers") : t("form.chooseOffer")}</option>
            {offers.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.name} · {offer.casinoBrand}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field
        control={control}
        name="spent"
        label={t("fields.spentUsd")}
        className="sm:col-span-2"
        below={<FieldWarnings warnings={warnings} field="spent" />}
      >
        {(field, props) => (
          <MoneyInput disabled={disabled} data-testid="campaign-spent" {...field} {...props} />
        )}
      </Field>
      {countFields.map((name) => (
        <Field
          key={name}
          control={control}
          name={name}
          label={t(`fields.${name}`)}
          below={<FieldWarnings warnings={warnings} field={name} />}
        >
          {(field, props) => (
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              disabled={disabled}
              {...field}
              {...props}
            />
          )}
        </Field>
      ))}
    </div>
  );
}
