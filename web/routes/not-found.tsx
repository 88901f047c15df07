import { homePathFor } from "@domain/permissions";
import { MapPinOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/features/auth/session";

export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  return (
    <div className="flex min-h-[60svh] items-center justify-center">
      <div className="flex max-w-md flex-col items-center gap-3 text-center" data-testid="not-found">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <MapPinOff className="size-6" aria-hidden="true" />
        </span>
        <p className="font-semibold text-muted-foreground text-sm tabular-nums">404</p>
        <h1 className="font-semibold text-2xl tracking-tight outline-none">{t("common:notFound.title")}</h1>
        <p className="break-all text-muted-foreground text-sm">
          {t("common:notFound.description", { path: pathname })}
        </p>
        <Button asChild className="mt-2">
          <Link to={homePathFor(user.role)}>{t("common:notFound.home")}</Link>
        </Button>
      </div>
    </div>
  );
}
