import { useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { RouteProgress, useDocumentTitle } from "@/components/layout/route-effects";
import { useAppConfig } from "@/lib/config";
import { changeLanguage, currentLanguage, readStoredLanguage } from "@/lib/i18n";

/** Applies the workspace's default language on a device that never chose one. */
function useWorkspaceDefaultLanguage() {
  const { data } = useAppConfig();
  const defaultLanguage = data?.defaultLanguage;
  useEffect(() => {
    if (!defaultLanguage || readStoredLanguage()) return;
    if (defaultLanguage !== currentLanguage()) void changeLanguage(defaultLanguage, { remember: false });
  }, [defaultLanguage]);
}

export function Root() {
  useDocumentTitle();
  useWorkspaceDefaultLanguage();
  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
