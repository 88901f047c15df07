import { type Language, languages } from "@domain/roles";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { currentLanguage } from "@/lib/i18n";
import type { DeferredMenuProps } from "./deferred-menu";
import { languageNames, useSwitchLanguage } from "./language-switcher";

/** The language menu behind LanguageSwitcher's button (loaded on first use). */
export default function LanguageMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const language = (i18n.resolvedLanguage as Language | undefined) ?? currentLanguage();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel className="text-muted-foreground text-xs">
          {t("common:language.label")}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={language} onValueChange={(value) => switchLanguage(value as Language)}>
          {languages.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} lang={value}>
              {t(languageNames[value])}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
