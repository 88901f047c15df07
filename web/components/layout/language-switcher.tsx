import { type Language, languages } from "@domain/roles";
import { Languages } from "lucide-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useChangeLanguage } from "@/features/auth";
import { currentLanguage } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { cn, loadClassMerge } from "@/lib/utils";
import { DeferredMenu } from "./deferred-menu";

// Language names are written in their own language, the same in every locale.
export const languageNames: Record<Language, string> = {
  "pt-BR": "common:languages.pt-BR",
  en: "common:languages.en",
  ru: "common:languages.ru",
};
const languageCodes: Record<Language, string> = { "pt-BR": "PT", en: "EN", ru: "RU" };

export function useSwitchLanguage() {
  const { t } = useTranslation();
  const change = useChangeLanguage();
  return (language: Language) =>
    change(language).catch(() => toast.error(t("common:language.saveError"), { duration: 5000 }));
}

const loadMenu = () => Promise.all([import("./language-menu"), loadClassMerge()]).then(([menu]) => menu);
const LanguageMenu = lazy(loadMenu);

/** The top bar's language menu, for every role (decisions.md, "Languages"). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage as Language | undefined) ?? currentLanguage();
  return (
    <DeferredMenu
      menu={LanguageMenu}
      preload={loadMenu}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="h-9 gap-1.5 px-2 sm:px-2.5"
          // The visible code stays part of the accessible name (WCAG 2.5.3).
          aria-label={`${t("common:language.label")}: ${languageCodes[language]} – ${t(languageNames[language])}`}
          data-testid="language-switcher"
        >
          <Languages className="max-sm:hidden" aria-hidden="true" />
          <span className="font-semibold text-xs">{languageCodes[language]}</span>
        </Button>
      }
    />
  );
}

// Button size "sm" in the secondary or ghost variant, made smaller: spelled out rather than
// overridden, because `cn` does not resolve conflicting classes before sign-in (lib/utils.ts).
const languageButtonClasses =
  "inline-flex h-7 shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-xs outline-none transition-[color,background-color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:ring-destructive/20 has-[>svg]:px-2.5 [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0";
const languageButtonActiveClasses =
  "bg-secondary font-semibold text-secondary-foreground shadow-xs hover:bg-secondary/80";
const languageButtonIdleClasses = "font-medium hover:bg-accent hover:text-accent-foreground";

/** The PT / EN / RU buttons of the auth screens. */
export function LanguageButtons({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const language = (i18n.resolvedLanguage as Language | undefined) ?? currentLanguage();
  return (
    <fieldset className={cn("inline-flex rounded-md border bg-background p-0.5 shadow-xs", className)}>
      <legend className="sr-only">{t("common:language.label")}</legend>
      {languages.map((value) => (
        <button
          key={value}
          type="button"
          data-slot="button"
          className={cn(
            languageButtonClasses,
            value === language ? languageButtonActiveClasses : languageButtonIdleClasses,
          )}
          aria-pressed={value === language}
          aria-label={`${languageCodes[value]} – ${t(languageNames[value])}`}
          lang={value}
          onClick={() => switchLanguage(value)}
        >
          {languageCodes[value]}
        </button>
      ))}
    </fieldset>
  );
}
