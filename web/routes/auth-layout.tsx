import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageButtons } from "@/components/layout/language-switcher";
import { Logo } from "@/components/layout/logo";
import { ThemeToggle } from "@/components/layout/theme-toggle";

// The frame of /login, /register, /forgot-password and /reset-password: PT/EN/RU buttons and the
// colour mode on top, the form card in the middle.

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh flex-col bg-muted/40 dark:bg-background">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1">
          <LanguageButtons />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <div className="flex w-full max-w-sm flex-col gap-6">
          <Outlet />
          <p className="text-center text-muted-foreground text-xs">{t("auth:tagline")}</p>
        </div>
      </main>
    </div>
  );
}
