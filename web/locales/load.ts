import type { Language } from "@domain/roles";

// Locale files live in web/locales/<language>/<namespace>.json, in two groups per language: the
// signed-out texts (auth, common, errors: the sign-in screens, guards and error pages) and the
// rest, which only signed-in screens use. pt-BR's signed-out texts (default and fallback) are
// bundled with the app; every other group is its own chunk, loaded when needed (lib/i18n.ts), so
// the sign-in screen does not download the texts of every screen.

export type LocaleResources = Record<string, Record<string, unknown>>;
export type TextGroup = "public" | "app";

/** The namespaces of the signed-out group (tests/unit/locales.test.ts checks the auth screens use no other). */
export const publicNamespaces = ["auth", "common", "errors"] as const;

function byNamespace(modules: Record<string, Record<string, unknown>>): LocaleResources {
  const resources: LocaleResources = {};
  for (const [file, content] of Object.entries(modules)) {
    const namespace = file.replace(/^.*\//, "").replace(/\.json$/, "");
    resources[namespace] = content;
  }
  return resources;
}

export const defaultResources = byNamespace(
  import.meta.glob<Record<string, unknown>>("./pt-BR/{auth,common,errors}.json", {
    eager: true,
    import: "default",
  }),
);

const loaders: Record<TextGroup, Record<Language, () => Promise<LocaleResources>>> = {
  public: {
    "pt-BR": () => Promise.resolve(defaultResources),
    en: () => import("./public-en").then((module) => byNamespace(module.modules)),
    ru: () => import("./public-ru").then((module) => byNamespace(module.modules)),
  },
  app: {
    "pt-BR": () => import("./app-pt-BR").then((module) => byNamespace(module.modules)),
    en: () => import("./app-en").then((module) => byNamespace(module.modules)),
    ru: () => import("./app-ru").then((module) => byNamespace(module.modules)),
  },
};

export function loadLocale(language: Language, group: TextGroup): Promise<LocaleResources> {
  return loaders[group][language]();
}
