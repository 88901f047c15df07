import type { Language } from "@domain/roles";

// Locale files live in web/locales/<language>/<namespace>.json. pt-BR (default and fallback) is
// bundled with the app; the others load on demand, one chunk per language.

export type LocaleResources = Record<string, Record<string, unknown>>;

function byNamespace(modules: Record<string, Record<string, unknown>>): LocaleResources {
  const resources: LocaleResources = {};
  for (const [file, content] of Object.entries(modules)) {
    const namespace = file.replace(/^.*\//, "").replace(/\.json$/, "");
    resources[namespace] = content;
  }
  return resources;
}

export const defaultResources = byNamespace(
  import.meta.glob<Record<string, unknown>>("./pt-BR/*.json", { eager: true, import: "default" }),
);

export const namespaces = Object.keys(defaultResources).sort();

const loaders: Record<Exclude<Language, "pt-BR">, () => Promise<LocaleResources>> = {
  en: () => import("./en").then((module) => byNamespace(module.modules)),
  ru: () => import("./ru").then((module) => byNamespace(module.modules)),
};

export function loadLocale(language: Language): Promise<LocaleResources> {
  return language === "pt-BR" ? Promise.resolve(defaultResources) : loaders[language]();
}
