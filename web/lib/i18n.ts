import { defaultLanguage, isLanguage, type Language } from "@domain/roles";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultResources, loadLocale, namespaces } from "@/locales/load";

// i18next with pt-BR as default and fallback. The choice is kept in local storage (and, when signed
// in, in the profile: see features/auth/use-language.ts). web/public/boot.js reads the same key.

export const languageStorageKey = "placar.language";

export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function storeLanguage(language: Language) {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : defaultLanguage;
}

async function ensureLoaded(language: Language) {
  if (i18n.hasResourceBundle(language, "common")) return;
  const resources = await loadLocale(language);
  for (const [namespace, content] of Object.entries(resources)) {
    i18n.addResourceBundle(language, namespace, content, true, true);
  }
}

/** Initialises i18next with the stored language; resolves once its texts are loaded. */
export async function initI18n(): Promise<void> {
  const language = readStoredLanguage() ?? defaultLanguage;
  await i18n.use(initReactI18next).init({
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: ["pt-BR", "en", "ru"],
    ns: namespaces,
    defaultNS: "common",
    resources: { [defaultLanguage]: defaultResources },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  if (language !== defaultLanguage) {
    try {
      await ensureLoaded(language);
      await i18n.changeLanguage(language);
    } catch {
      // A language chunk that fails to load leaves the app in pt-BR rather than blank.
    }
  }
  document.documentElement.lang = currentLanguage();
}

/** Switches the UI language and (unless told otherwise) remembers it on this device. */
export async function changeLanguage(
  language: Language,
  options: { remember?: boolean } = {},
): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  if (options.remember ?? true) storeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
