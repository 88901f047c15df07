import { MoreHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

/** A table row's "…" button that opens its actions menu (place it inside a DropdownMenu). */
export function RowMenuTrigger({ label }: { label: string }) {
  return (
    <DropdownMenuTrigger asChild>
      <Button variant="ghost" size="icon" className="size-8" aria-label={label} data-testid="row-menu">
        <MoreHorizontal aria-hidden="true" />
      </Button>
    </DropdownMenuTrigger>
  );
}
