import { Monitor, Moon, Sun } from "lucide-react";
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
import { type ThemeMode, themeModes, useTheme } from "@/lib/theme";
import type { DeferredMenuProps } from "./deferred-menu";
import { modeLabels } from "./theme-toggle";

const modeIcons = { light: Sun, dark: Moon, system: Monitor } as const;

/** The colour-mode menu behind ThemeToggle's button (loaded on first use). */
export default function ThemeMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const { t } = useTranslation();
  const { mode, setMode } = useTheme();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuLabel className="text-muted-foreground text-xs">
          {t("common:theme.label")}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={mode} onValueChange={(value) => setMode(value as ThemeMode)}>
          {themeModes.map((value) => {
            const ItemIcon = modeIcons[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <ItemIcon aria-hidden="true" />
                {t(modeLabels[value])}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
