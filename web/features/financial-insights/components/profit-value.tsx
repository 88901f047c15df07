import { Money } from "@/components/money";
import { TrendIcon } from "@/components/trend";
import { cn } from "@/lib/utils";

/** Green when ≥ 0, red below; the class the financial screens give a profit. */
export function profitClass(value: string | number): string {
  return Number(value) < 0 ? "text-destructive" : "text-success";
}

/**
 * A profit amount: coloured, with an explicit sign ("+" above zero, the locale's minus below) and an
 * arrow that names the direction for screen readers, so colour is never the only cue.
 */
export function ProfitValue({
  value,
  className,
  compact = false,
}: {
  value: string;
  className?: string;
  /** A headline: the short form of a large amount, the full one on hover (components/money.tsx). */
  compact?: boolean;
}) {
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-1", profitClass(value), className)}>
      <Money value={value} signed compact={compact} />
      <TrendIcon value={value} className={profitClass(value)} />
    </span>
  );
}
