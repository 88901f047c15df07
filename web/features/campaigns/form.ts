import type { Language } from "@domain/roles";
import { type CampaignForm, type CampaignInput, campaignInputSchema } from "@domain/schemas/campaigns";
import type { TFunction } from "i18next";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { errorMessageKey, isApiError } from "@/lib/api";
import { createCodeResolver } from "@/lib/code-resolver";
import { i18n } from "@/lib/i18n";
import { closedMonthDate, formatMonthYear } from "./month-closed";

// The add-data and edit forms validate with the API's own schema (campaignInputSchema), so the
// browser and the server agree on every rule. Its messages are codes; they become translation keys
// here (campaigns:validation.<code>), which FormMessage translates.

export type CampaignFormValues = {
  date: string;
  offerId: string;
  spent: string;
  clicks: string;
  installations: string;
  registrations: string;
  deposits: string;
};

export const campaignFieldNames = [
  "date",
  "offerId",
  "spent",
  "clicks",
  "installations",
  "registrations",
  "deposits",
] as const;

/** The translation key for a validation or field error code. */
export function validationKey(code: string): string {
  const own = `campaigns:validation.${code}`;
  if (i18n.exists(own)) return own;
  const general = `errors:${code}`;
  if (i18n.exists(general)) return general;
  return "campaigns:validation.invalid";
}

export const campaignResolver = createCodeResolver<CampaignFormValues, CampaignInput>(
  campaignInputSchema,
  validationKey,
);

/** Form values from a saved campaign (edit) or the blank add-data form. */
export function toFormValues(campaign?: {
  date: string;
  offerId: string | null;
  spent: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
}): CampaignFormValues {
  return {
    date: campaign?.date ?? "",
    offerId: campaign?.offerId ?? "",
    spent: campaign ? campaign.spent : "",
    clicks: campaign ? String(campaign.clicks) : "",
    installations: campaign ? String(campaign.installations) : "",
    registrations: campaign ? String(campaign.registrations) : "",
    deposits: campaign ? String(campaign.deposits) : "",
  };
}

/** The message for the whole form: its translation key and, for month_closed, a date of that month. */
export type FormError = { key: string; month?: string };

/** The whole form's message: a closed month is named (month-closed.ts), anything else by its code. */
export function formErrorOf(
  error: unknown,
  dates: { typed?: string | undefined; saved?: string | undefined },
): FormError {
  const month = closedMonthDate(error, dates);
  return month ? { key: "campaigns:errors.month_closed", month } : { key: errorMessageKey(error) };
}

/** A FormError in the reader's language (the month formatted when it is shown). */
export function formErrorText(t: TFunction, error: FormError, language: Language): string {
  return error.month ? t(error.key, { month: formatMonthYear(error.month, language, true) }) : t(error.key);
}

/**
 * Puts the server's field errors on their fields (nothing typed is touched). Returns the message
 * for the whole form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  dates: { typed?: string | undefined; saved?: string | undefined } = {},
): FormError {
  if (isApiError(error) && error.fields) {
    for (const [field, code] of Object.entries(error.fields)) {
      if ((campaignFieldNames as readonly string[]).includes(field)) {
        setError(field as Parameters<UseFormSetError<T>>[0], {
          type: "server",
          message: validationKey(code),
        });
      }
    }
  }
  return formErrorOf(error, dates);
}

export type { CampaignForm };
