import { TrendIcon } from "@/components/trend";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

/** Green when ≥ 0, red below; the class the financial screens give a profit. */
export function profitClass(value: string | number): string {
  return Number(value) < 0 ? "text-destructive" : "text-success";
}

/**
 * A profit amount: coloured, with an explicit sign ("+" above zero, the locale's minus below) and an
 * arrow that names the direction for screen readers, so colour is never the only cue.
 */
export function ProfitValue({ value, className }: { value: string; className?: string }) {
  const f = useFormatters();
  const positive = Number(value) > 0;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-1", profitClass(value), className)}>
      <span className="min-w-0 break-words">
        {positive ? "+" : ""}
        {f.money(value)}
      </span>
      <TrendIcon value={value} className={profitClass(value)} />
    </span>
  );
}
