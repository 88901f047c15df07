import type { CampaignInput } from "@domain/schemas/campaigns";
import type { Offer } from "@domain/schemas/offers";
import type { ReactNode } from "react";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "@/components/money-input";
import { DateInput } from "@/components/ui/date-input";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
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
}: {
  control: Control<CampaignFormValues, unknown, CampaignInput>;
  offers: Offer[];
  offersLoading?: boolean;
  dateHint?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation("campaigns");
  // FormField knows no transformed output type; the fields only read and write the raw values.
  const fieldControl = control as unknown as Control<CampaignFormValues>;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField
        control={fieldControl}
        name="date"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("fields.date")}</FormLabel>
            <FormControl>
              <DateInput required disabled={disabled} {...field} />
            </FormControl>
            {dateHint}
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={fieldControl}
        name="offerId"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("fields.offer")}</FormLabel>
            <FormControl>
              <NativeSelect required disabled={disabled || offersLoading} {...field}>
                <option value="">{offersLoading ? t("form.loadingOffers") : t("form.chooseOffer")}</option>
                {offers.map((offer) => (
                  <option key={offer.id} value={offer.id}>
                    {offer.name} · {offer.casinoBrand}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={fieldControl}
        name="spent"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{t("fields.spentUsd")}</FormLabel>
            <FormControl>
              <MoneyInput disabled={disabled} data-testid="campaign-spent" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      {countFields.map((name) => (
        <FormField
          key={name}
          control={fieldControl}
          name={name}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t(`fields.${name}`)}</FormLabel>
              <FormControl>
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="0"
                  disabled={disabled}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      ))}
    </div>
  );
}
