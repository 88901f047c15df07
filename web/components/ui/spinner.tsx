import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A spinning icon. Give it a `label` when nothing else on screen says what is loading. */
export function Spinner({ className, label, ...props }: ComponentProps<"svg"> & { label?: string }) {
  return (
    <LoaderCircle
      data-slot="spinner"
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      // No default size when one is given: `cn` may not resolve the conflict (lib/utils.ts).
      className={cn("animate-spin", !/(^|\s)size-/.test(className ?? "") && "size-4", className)}
      {...props}
    />
  );
}
