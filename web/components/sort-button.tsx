import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A sortable column's header button: its label and an arrow for the order (a neutral one when the
 * column is not the sort). alignEnd puts the arrow first, for right-aligned (numeric) columns.
 */
export function SortButton({
  label,
  active,
  direction,
  onClick,
  alignEnd = false,
  testId,
}: {
  label: ReactNode;
  active: boolean;
  direction: "asc" | "desc" | undefined;
  onClick: () => void;
  alignEnd?: boolean;
  testId: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === "desc" ? ArrowDown : ArrowUp;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        "-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        alignEnd && "flex-row-reverse",
      )}
      data-testid={testId}
    >
      {label}
      <Icon className={cn("size-3.5", !active && "text-muted-foreground")} aria-hidden="true" />
    </button>
  );
}
