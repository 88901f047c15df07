import { defaultLanguage, isLanguage, type Language } from "@domain/roles";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "@/lib/config";
import { formatDate, formatMoney, formatMoneyCompact, formatNumber, formatPercent } from "@/lib/format";

/** Formatters bound to the reader's language and the workspace's reporting currency. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const config = useAppConfig();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(resolved) ? resolved : defaultLanguage;
  const currency = config.data?.reportingCurrency ?? "USD";
  const timeZone = config.data?.workspaceTimezone ?? "America/Sao_Paulo";
  return useMemo(
    () => ({
      language,
      currency,
      timeZone,
      money: (value: string | number) => formatMoney(value, currency, language),
      /** A headline's short form of a large amount; show it with the full one (components/money.tsx). */
      moneyCompact: (value: string | number) => formatMoneyCompact(value, currency, language),
      number: (value: string | number, digits = 0) => formatNumber(value, language, digits),
      percent: (value: string | number, digits = 2) => formatPercent(value, language, digits),
      date: (value: string, style: "short" | "medium" | "long" = "medium") =>
        formatDate(value, language, { style }),
    }),
    [language, currency, timeZone],
  );
}

/** "2026-11-21" → "21/11/2026", the Brazilian format the add-data screen shows next to the date. */
export function formatBrazilianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

/** Sign of a money string: 1, 0 or -1. */
export function signOf(value: string | number): number {
  const number = typeof value === "number" ? value : Number(value);
  return number > 0 ? 1 : number < 0 ? -1 : 0;
}
