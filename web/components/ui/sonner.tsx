import { useTranslation } from "react-i18next";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useTheme } from "@/lib/theme";

/** Toasts in the current colour mode, with their screen-reader labels in the current language. */
export function Toaster({ toastOptions, ...props }: ToasterProps) {
  const { resolved } = useTheme();
  const { t } = useTranslation();
  return (
    <Sonner
      theme={resolved}
      className="toaster group"
      containerAriaLabel={t("common:toasts.label")}
      toastOptions={{ closeButtonAriaLabel: t("common:toasts.close"), ...toastOptions }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
