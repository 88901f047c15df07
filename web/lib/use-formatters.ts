import { defaultLanguage, isLanguage, type Language } from "@domain/roles";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "@/lib/config";
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatPercent,
  formatTime,
} from "@/lib/format";

/** Formatters bound to the reader's language and the workspace's reporting currency. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const config = useAppConfig();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(resolved) ? resolved : defaultLanguage;
  const currency = config.data?.reportingCurrency ?? "USD";
  const timeZone = config.data?.workspaceTimezone ?? "America/Sao_Paulo";
  return useMemo(() => createFormatters({ language, currency, timeZone }), [language, currency, timeZone]);
}

export type Formatters = ReturnType<typeof createFormatters>;

/**
 * Formatters for one reader: their language, the workspace's currency and time zone. Every instant
 * (an ISO timestamp) is shown in the workspace's time zone, whatever the browser's (one clock);
 * a calendar date ("2026-11-27") is that day everywhere.
 */
export function createFormatters({
  language,
  currency,
  timeZone,
}: {
  language: Language;
  currency: string;
  timeZone: string;
}) {
  return {
    language,
    currency,
    timeZone,
    money: (value: string | number) => formatMoney(value, currency, language),
    /** A headline's short form of a large amount; show it with the full one (components/money.tsx). */
    moneyCompact: (value: string | number) => formatMoneyCompact(value, currency, language),
    number: (value: string | number, digits = 0) => formatNumber(value, language, digits),
    percent: (value: string | number, digits = 2) => formatPercent(value, language, digits),
    date: (value: string, style: "short" | "medium" | "long" = "medium") =>
      formatDate(value, language, { style, timeZone }),
    dateTime: (value: string | Date, options: { showZone?: boolean } = {}) =>
      formatDateTime(value, language, timeZone, options),
    time: (value: string | Date, options: { showZone?: boolean } = {}) =>
      formatTime(value, language, timeZone, options),
  };
}

/** Sign of a money string: 1, 0 or -1. */
export function signOf(value: string | number): number {
  const number = typeof value === "number" ? value : Number(value);
  return number > 0 ? 1 : number < 0 ? -1 : 0;
}
