import { defaultLanguage, isLanguage, type Language } from "@domain/roles";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultResources, loadLocale, publicNamespaces, type TextGroup } from "@/locales/load";

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

// A language picked while signed out (the sign-in, sign-up and recovery screens) is a deliberate
// choice for the session about to start: it wins over the profile's at sign-in and becomes the
// profile's (docs/decisions/0093). Kept for this tab only; taken once, at sign-in.
const chosenSignedOutKey = "placar.language.chosenSignedOut";

export function rememberLanguageChosenSignedOut(language: Language): void {
  try {
    sessionStorage.setItem(chosenSignedOutKey, language);
  } catch {
    // Storage blocked: the profile's language applies at sign-in, as before the pick.
  }
}

/** The language picked while signed out in this tab, if any; forgotten once read. */
export function takeLanguageChosenSignedOut(): Language | null {
  try {
    const chosen = sessionStorage.getItem(chosenSignedOutKey);
    sessionStorage.removeItem(chosenSignedOutKey);
    return isLanguage(chosen) ? chosen : null;
  } catch {
    return null;
  }
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : defaultLanguage;
}

// The signed-in texts load with the signed-in layout (routes/router.tsx); from then on a language
// switch loads both groups of the new language.
let signedInTexts = false;
const loaded = new Set<string>([`${defaultLanguage}:public`]);

async function ensureLoaded(language: Language) {
  const groups: TextGroup[] = signedInTexts ? ["public", "app"] : ["public"];
  const missing = groups.filter((group) => !loaded.has(`${language}:${group}`));
  const bundles = await Promise.all(missing.map((group) => loadLocale(language, group)));
  for (const resources of bundles) {
    for (const [namespace, content] of Object.entries(resources)) {
      i18n.addResourceBundle(language, namespace, content, true, true);
    }
  }
  for (const group of missing) loaded.add(`${language}:${group}`);
}

// The router is created before i18next is initialised (main.tsx), so the signed-in layout can ask
// for its texts first: they download at once but are added once i18next is ready.
let markInitialised: () => void = () => undefined;
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

/** Loads the signed-in screens' texts of the current language (before the signed-in layout shows). */
export async function loadSignedInTexts(): Promise<void> {
  signedInTexts = true;
  const language = i18n.isInitialized ? currentLanguage() : (readStoredLanguage() ?? defaultLanguage);
  void loadLocale(language, "app").catch(() => undefined);
  await initialised;
  try {
    await ensureLoaded(currentLanguage());
  } catch {
    // As at start-up: texts that fail to load show in pt-BR (or as keys) rather than block the app.
    if (currentLanguage() !== defaultLanguage) await ensureLoaded(defaultLanguage).catch(() => undefined);
  }
}

/** Initialises i18next with the stored language; resolves once its texts are loaded. */
export async function initI18n(): Promise<void> {
  const language = readStoredLanguage() ?? defaultLanguage;
  await i18n.use(initReactI18next).init({
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: ["pt-BR", "en", "ru"],
    ns: [...publicNamespaces],
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
  markInitialised();
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
