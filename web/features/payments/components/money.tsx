import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

/**
 * An amount in the reporting currency, in the reader's language; never broken between its sign
 * and its digits. `tone` colours losses red and gains green; `signed` shows a "+" on gains.
 */
export function Money({
  value,
  tone = false,
  signed = false,
  className,
  testId,
}: {
  value: string;
  tone?: boolean;
  signed?: boolean;
  className?: string;
  testId?: string;
}) {
  const f = useFormatters();
  const number = Number(value);
  const text = f.money(value);
  return (
    <span
      className={cn(
        "whitespace-nowrap tabular-nums",
        tone && number < 0 && "text-red-700 dark:text-red-400",
        tone && number > 0 && "text-emerald-700 dark:text-emerald-400",
        className,
      )}
      data-testid={testId}
    >
      {signed && number > 0 ? `+${text}` : text}
    </span>
  );
}
