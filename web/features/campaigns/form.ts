import { formatMoneyForInput } from "@domain/money-input";
import type { Language } from "@domain/roles";
import { type CampaignForm, type CampaignInput, campaignInputSchema } from "@domain/schemas/campaigns";
import type { TFunction } from "i18next";
import type { FieldValues, Resolver, UseFormSetError } from "react-hook-form";
import { errorMessageKey } from "@/lib/api";
import { createCodeResolver } from "@/lib/code-resolver";
import {
  applyServerErrors as sharedApplyServerErrors,
  validationKey as sharedValidationKey,
} from "@/lib/form-errors";
import { currentLanguage } from "@/lib/i18n";
import { moneyTextSchema } from "@/lib/money-input";
import { closedMonthDate, formatMonthYear } from "@/lib/month-closed";

// The add-data and edit forms validate with the API's own schema (campaignInputSchema), so the
// browser and the server agree on every rule. Its messages are codes; they become translation keys
// here (campaigns:validation.<code>), which FormMessage translates. The spend is the text as typed,
// read in the reader's language (MoneyInput, docs/decisions/0063); a blank spend is 0.

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

/** The translation key for a validation or field error code (campaigns:validation.<code>). */
export function validationKey(code: string): string {
  return sharedValidationKey("campaigns", code);
}

const resolvers = new Map<Language, Resolver<CampaignFormValues, unknown, CampaignInput>>();

/** The form's schema in a language: the API's own, with the spend read from the typed text. */
export function campaignFormSchema(language: Language) {
  return campaignInputSchema.extend({ spent: moneyTextSchema(language, { blank: "zero" }) });
}

/** Checks the form in the language the reader has when submitting. */
export const campaignResolver: Resolver<CampaignFormValues, unknown, CampaignInput> = (values, ...rest) => {
  const language = currentLanguage();
  let resolver = resolvers.get(language);
  if (!resolver) {
    resolver = createCodeResolver<CampaignFormValues, CampaignInput>(
      campaignFormSchema(language),
      validationKey,
    );
    resolvers.set(language, resolver);
  }
  return resolver(values, ...rest);
};

/** Form values from a saved campaign (edit, its spend as the reader writes it) or the blank add-data form. */
export function toFormValues(
  campaign?: {
    date: string;
    offerId: string | null;
    spent: string;
    clicks: number;
    installations: number;
    registrations: number;
    deposits: number;
  },
  language: Language = currentLanguage(),
): CampaignFormValues {
  return {
    date: campaign?.date ?? "",
    offerId: campaign?.offerId ?? "",
    spent: campaign ? formatMoneyForInput(campaign.spent, language) : "",
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
  sharedApplyServerErrors(error, setError, { namespace: "campaigns", fields: campaignFieldNames });
  return formErrorOf(error, dates);
}

export type { CampaignForm };
