import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/**
 * A button that shows only an icon (issue 28): its name is said by screen readers (aria-label) and
 * shown on hover and on keyboard focus (a tooltip), never left to a guess. `label` is the tooltip;
 * `ariaLabel`, when given, is a longer accessible name ("Edit Ana Souza") that starts with it.
 */
export function IconButton({
  label,
  ariaLabel,
  children,
  variant = "ghost",
  size = "icon",
  ...props
}: Omit<ButtonProps, "aria-label" | "title"> & { label: string; ariaLabel?: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant={variant} size={size} aria-label={ariaLabel ?? label} {...props}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
