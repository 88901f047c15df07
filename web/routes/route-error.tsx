import { RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";

function isStaleChunk(error: unknown) {
  // After a deploy, an open tab may ask for page chunks that no longer exist.
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** The last line of defence for a page that failed to load or render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const stale = isStaleChunk(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex h-14 items-center border-b px-4">
        <a
          href="/"
          className="flex items-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo />
        </a>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center p-6">
        <div role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <TriangleAlert className="size-6" aria-hidden="true" />
          </span>
          <h1 className="font-semibold text-xl">
            {notFound ? t("common:notFound.title") : t("common:routeError.title")}
          </h1>
          <p className="text-muted-foreground text-sm">
            {stale ? t("common:routeError.updated") : t("common:routeError.description")}
          </p>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            {t("common:routeError.reload")}
          </Button>
        </div>
      </main>
    </div>
  );
}
