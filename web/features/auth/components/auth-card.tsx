import type { ReactNode } from "react";
import { CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";

/** The card every auth screen sits in; `title` is the page's h1. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    // Card's classes with gap-5 and shadow-md, spelled out: `cn` does not resolve conflicting
    // classes before sign-in (lib/utils.ts).
    <div
      data-slot="card"
      className="flex flex-col gap-5 rounded-xl border bg-card py-6 text-card-foreground shadow-md"
    >
      <CardHeader>
        <h1 className="font-semibold text-xl leading-tight tracking-tight">{title}</h1>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer ? (
        <CardFooter className="flex-col items-center gap-2 border-t pt-5 text-center text-sm">
          {footer}
        </CardFooter>
      ) : null}
    </div>
  );
}
