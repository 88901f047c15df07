import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * The table of components/ui/table in a labelled scroll region that the keyboard can reach: on a
 * phone these wide tables scroll sideways, and a scroll box must be focusable (WCAG 2.1.1).
 */
export function ScrollTable({ label, className, ...props }: ComponentProps<"table"> & { label: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </section>
  );
}
