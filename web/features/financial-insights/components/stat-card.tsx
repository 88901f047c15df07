import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** One headline number with its label and an optional note; use inside a <dl>. */
export function StatCard({
  label,
  value,
  note,
  testId,
  valueClassName,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
  valueClassName?: string;
}) {
  return (
    <Card className="min-w-0 gap-1 px-3 py-3 sm:px-4 sm:py-4" data-testid={testId}>
      <dt className="text-muted-foreground text-xs sm:text-sm">{label}</dt>
      <dd
        className={cn("min-w-0 font-semibold text-base tabular-nums sm:text-xl", valueClassName)}
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </dd>
      {note ? (
        <dd className="text-muted-foreground text-xs" data-testid={testId ? `${testId}-note` : undefined}>
          {note}
        </dd>
      ) : null}
    </Card>
  );
}
