import type { PivotMetric } from "@domain/schemas/pivot";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Money } from "@/components/money";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { changePercent, metricKind } from "../pivot-state";

/** A figure as the reader writes it: money in the reporting currency, a percentage, or a count. */
export function MetricValue({
  metric,
  value,
  compact = false,
}: {
  metric: PivotMetric;
  value: string | number;
  /** A headline card: the short form of a large amount, the full one on hover. */
  compact?: boolean;
}) {
  const f = useFormatters();
  const kind = metricKind(metric);
  if (kind === "money") return <Money value={value} compact={compact} />;
  const text = kind === "percent" ? f.percent(value) : f.number(value);
  return <span className="whitespace-nowrap tabular-nums">{text}</span>;
}

/** Costs are better when they fall: their change is coloured the other way. */
const lowerIsBetter: readonly PivotMetric[] = [
  "spent",
  "costPerClick",
  "costPerInstall",
  "costPerRegistration",
  "costPerDeposit",
];

/**
 * Δ% against the previous period: a sign, an arrow, a colour and the words for screen readers,
 * so the meaning never rests on colour alone. "—" when there is nothing to compare with.
 */
export function ChangeText({
  metric,
  current,
  previous,
  className,
}: {
  metric: PivotMetric;
  current: string | number;
  previous: string | number;
  className?: string;
}) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const change = changePercent(current, previous);
  if (change === null)
    return (
      <span className={cn("text-muted-foreground text-xs", className)} data-testid="change" data-change="">
        <span aria-hidden="true">Δ —</span>
        <span className="sr-only">{t("compare.noChange")}</span>
      </span>
    );
  const sign = Number(change) > 0 ? 1 : Number(change) < 0 ? -1 : 0;
  const good = lowerIsBetter.includes(metric) ? -sign : sign;
  const Icon = sign > 0 ? ArrowUpRight : sign < 0 ? ArrowDownRight : Minus;
  const text = `${sign > 0 ? "+" : ""}${f.percent(change, 1)}`;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 text-xs tabular-nums",
        good > 0 ? "text-success" : good < 0 ? "text-destructive" : "text-muted-foreground",
        className,
      )}
      data-testid="change"
      data-change={change}
    >
      <Icon className="size-3" aria-hidden="true" />
      <span>{text}</span>
      <span className="sr-only">
        {t(sign > 0 ? "compare.up" : sign < 0 ? "compare.down" : "compare.flat")}
      </span>
    </span>
  );
}
