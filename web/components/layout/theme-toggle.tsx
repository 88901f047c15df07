import { Moon, Sun } from "lucide-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { type ThemeMode, useTheme } from "@/lib/theme";
import { loadClassMerge } from "@/lib/utils";
import { DeferredMenu } from "./deferred-menu";

export const modeLabels: Record<ThemeMode, string> = {
  light: "common:theme.light",
  dark: "common:theme.dark",
  system: "common:theme.system",
};

// The menu's items override their own classes: tailwind-merge comes with it (lib/utils.ts).
const loadMenu = () => Promise.all([import("./theme-menu"), loadClassMerge()]).then(([menu]) => menu);
const ThemeMenu = lazy(loadMenu);

/** Light, dark or system colour mode. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, resolved } = useTheme();
  const Icon = resolved === "dark" ? Moon : Sun;
  return (
    <DeferredMenu
      menu={ThemeMenu}
      preload={loadMenu}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${t("common:theme.label")}: ${t(modeLabels[mode])}`}
          // A native tooltip: this trigger is cloned by DeferredMenu, which a Radix tooltip would wrap.
          title={`${t("common:theme.label")}: ${t(modeLabels[mode])}`}
          data-testid="theme-toggle"
        >
          <Icon aria-hidden="true" />
        </Button>
      }
    />
  );
}
