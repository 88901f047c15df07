import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches, useNavigation } from "react-router";

/** What a route declares in its `handle`: the translation key of its title. */
export type RouteHandle = { title?: string };

/** Keeps document.title in step with the deepest route that names a title, in the current language. */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const key = title?.title;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a real input of t().
  useEffect(() => {
    document.title = key ? `${t(key)} · Placar` : "Placar";
  }, [key, t, i18n.resolvedLanguage]);
}

/**
 * After an in-app navigation, moves focus to the new page's heading so keyboard and screen-reader
 * users start at the new content (the first load keeps the browser's default).
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // The previous path rather than a "first run" flag, so StrictMode's double effects change nothing.
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const heading = main.current?.querySelector<HTMLElement>("h1");
    const target = heading ?? main.current;
    if (!target) return;
    if (heading) heading.tabIndex = -1;
    target.focus({ preventScroll: true });
  }, [pathname, main]);
}

/** A thin bar at the top while a page's code or data loads. */
export function RouteProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("common:loading")}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-[route-progress_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
