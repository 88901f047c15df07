import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";

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
      {/* AlertDescription's classes with its text colour replaced, spelled out: `cn` does not resolve
          conflicting classes before sign-in (lib/utils.ts). */}
      <div
        data-slot="alert-description"
        className={`col-start-2 grid justify-items-start gap-1 text-sm [&_p]:leading-relaxed ${kind === "success" ? "text-foreground" : "text-destructive"}`}
      >
        {children}
      </div>
    </Alert>
  );
}
