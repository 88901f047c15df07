import { MoreHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/**
 * A table row's "…" button that opens its actions menu (place it inside a DropdownMenu). Its name
 * is shown as a tooltip on hover and focus; `ariaLabel` may name the row too ("Actions for Ana").
 */
export function RowMenuTrigger({
  label,
  ariaLabel,
  testId = "row-menu",
}: {
  label: string;
  ariaLabel?: string;
  testId?: string;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={ariaLabel ?? label}
            data-testid={testId}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
