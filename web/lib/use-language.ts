import { defaultLanguage, isLanguage, type Language } from "@domain/roles";
import { useTranslation } from "react-i18next";

/** The reader's language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const resolved = instance.resolvedLanguage ?? instance.language;
  return isLanguage(resolved) ? resolved : defaultLanguage;
}
