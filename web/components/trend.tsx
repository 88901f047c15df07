import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { signOf } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

/** Colour for a signed amount: green when up, red when down. */
export function trendClass(value: string | number): string {
  const sign = signOf(value);
  return sign > 0 ? "text-success" : sign < 0 ? "text-destructive" : "text-muted-foreground";
}

/** An up/down arrow with its meaning spelled out for screen readers. */
export function TrendIcon({ value, className }: { value: string | number; className?: string }) {
  const { t } = useTranslation("campaigns");
  const sign = signOf(value);
  const Icon = sign > 0 ? ArrowUpRight : sign < 0 ? ArrowDownRight : Minus;
  const label = sign > 0 ? t("trend.up") : sign < 0 ? t("trend.down") : t("trend.flat");
  return (
    <span className={cn("inline-flex items-center", trendClass(value), className)} data-trend={sign}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
