import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

/**
 * An amount in the reporting currency, in the reader's language: the one way to show money
 * (decision 0095). It never wraps (formatMoney glues the sign; the box is nowrap); `tone` colours
 * losses red and gains green; `signed` shows a "+" on gains. `compact` is for a figure's headline
 * in a narrow card: from 100 000 units on it shows the short form ("US$ 527,6 mil") and keeps the
 * full amount on hover (title) and for screen readers.
 */
export function Money({
  value,
  tone = false,
  signed = false,
  compact = false,
  className,
  testId,
}: {
  value: string | number;
  tone?: boolean;
  signed?: boolean;
  compact?: boolean;
  className?: string;
  testId?: string;
}) {
  const f = useFormatters();
  const number = Number(value);
  const plus = signed && number > 0 ? "+" : "";
  const full = `${plus}${f.money(value)}`;
  const short = compact ? `${plus}${f.moneyCompact(value)}` : full;
  const classes = cn(
    "whitespace-nowrap tabular-nums",
    tone && number < 0 && "text-red-700 dark:text-red-400",
    tone && number > 0 && "text-emerald-700 dark:text-emerald-400",
    className,
  );
  if (short === full)
    return (
      <span className={classes} data-testid={testId}>
        {full}
      </span>
    );
  return (
    <span className={classes} data-testid={testId} data-full={full} title={full}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}
