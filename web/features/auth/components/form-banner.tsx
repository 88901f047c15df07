import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";

/** A success or error banner above a form; announced to screen readers when it appears. */
export function FormBanner({ kind, children }: { kind: "success" | "error"; children: ReactNode }) {
  const Icon = kind === "success" ? CircleCheck : CircleAlert;
  return (
    <Alert
      variant={kind === "success" ? "success" : "destructive"}
      role={kind === "success" ? "status" : "alert"}
      data-testid={`banner-${kind}`}
    >
      <Icon aria-hidden="true" />
      <AlertDescription className={kind === "success" ? "text-foreground" : "text-destructive"}>
        {children}
      </AlertDescription>
    </Alert>
  );
}
