import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page, ViewportSize } from "@playwright/test";
import { type SeededRole, screensServer, storageStatePath } from "./env";
import { type ConsoleGuard, expect } from "./fixtures";

// Opening a screen the way a person sees it: a language, a theme, a window size and a session.

const base = screensServer.baseURL;

export const languages = ["pt-BR", "en"] as const;
/** Every language of the app: the layout walk (layout.spec.ts) measures each. */
export const allLanguages = ["pt-BR", "en", "ru"] as const;
export const themes = ["light", "dark"] as const;
export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
export const viewportNames = Object.keys(viewports) as ViewportName[];

export type Language = (typeof languages)[number];
export type Theme = (typeof themes)[number];
export type ViewportName = keyof typeof viewports;

const testResults = path.join(import.meta.dirname, "..", "..", "..", "test-results");
/** test-results/shots: settings.spec.ts saves its downloads beside it. */
export const shotsDir = path.join(testResults, "shots");
const localesDir = path.join(import.meta.dirname, "..", "..", "..", "web", "locales");

export type OpenPageOptions = {
  /** Signed in with the role's stored session; without role or cookie the page is signed out. */
  role?: SeededRole;
  /** A session cookie header ("a=1; b=2") for an account with no stored state. */
  cookie?: string;
  language?: (typeof allLanguages)[number];
  theme?: Theme;
  viewport?: ViewportName | ViewportSize;
  /** "reduce" makes Recharts draw without animating, so checks see the finished chart. */
  reducedMotion?: "reduce" | "no-preference";
};

/** A new page in its own browser context, watched by the console guard; close its context after. */
export async function openPage(browser: Browser, guard: ConsoleGuard, options: OpenPageOptions = {}) {
  const { role, cookie, language = "pt-BR", theme = "light", viewport = "desktop" } = options;
  const context = await browser.newContext({
    viewport: typeof viewport === "string" ? viewports[viewport] : viewport,
    // New contexts inherit the file's storage state: a cookie session starts from an empty one.
    ...(cookie ? { storageState: { cookies: [], origins: [] } } : {}),
    ...(role && !cookie ? { storageState: storageStatePath(role) } : {}),
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
  });
  if (cookie) {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
  }
  const page = await context.newPage();
  guard.watch(page);
  await page.addInitScript(
    ([lang, mode]) => {
      localStorage.setItem("placar.language", lang as string);
      localStorage.setItem("placar.theme", mode as string);
    },
    [language, theme],
  );
  if (role || cookie) {
    // Signed in, the profile's language wins over the device's: set it there too.
    const response = await page.request.patch(`${base}/api/me`, {
      data: { language },
      headers: { origin: base },
    });
    expect(response.ok()).toBe(true);
  }
  return page;
}

/**
 * Switches an open page's theme without reloading it, the way a choice made in another tab arrives
 * (web/lib/theme.tsx re-reads the stored mode on a storage event), and waits until it is applied.
 * A later navigation in the same page starts again from openPage's theme.
 */
export async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate((mode) => {
    localStorage.setItem("placar.theme", mode);
    window.dispatchEvent(new StorageEvent("storage", { key: "placar.theme", newValue: mode }));
  }, theme);
  await expect(page.locator("html")).toHaveCSS("color-scheme", theme);
}

/** Resizes an open page's window (the app lays itself out again without a reload). */
export async function resizeTo(page: Page, viewport: ViewportName | ViewportSize) {
  await page.setViewportSize(typeof viewport === "string" ? viewports[viewport] : viewport);
  // The layout follows the window before anything is measured.
  await page.waitForFunction((width) => window.innerWidth === width, page.viewportSize()?.width ?? 0);
}

export type ScreenOptions = {
  /** Texts the screen must show (visible), in the page's language. */
  texts?: (string | RegExp)[];
};

const routeErrorTitles = languages.map(
  (language) =>
    (JSON.parse(readFileSync(path.join(localesDir, language, "common.json"), "utf8")) as LocaleCommon)
      .routeError.title,
);
type LocaleCommon = { routeError: { title: string } };

/** Pixels the page is wider than the window. */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Open dialogs and menus that do not fit across the window, as "left–right of width". */
function overlaysOutsideWindow(page: Page): Promise<string[]> {
  return page
    .locator("[role=dialog]:visible, [role=alertdialog]:visible, [role=menu]:visible")
    .evaluateAll((elements) =>
      elements.flatMap((element) => {
        const box = element.getBoundingClientRect();
        const [left, right] = [Math.floor(box.left), Math.ceil(box.right)];
        return left < 0 || right > window.innerWidth ? [`${left}–${right} of ${window.innerWidth}`] : [];
      }),
    );
}

/**
 * What every screen must show, checked where tests once wrote screenshots nobody compared: the
 * reader's language on <html>, no error page, nothing wider than the window (the 360 px phone
 * included), open dialogs and menus inside it, and the texts asked for. `name` says which screen
 * failed.
 */
export async function expectScreen(page: Page, name: string, options: ScreenOptions = {}) {
  const stored = await page.evaluate(() => localStorage.getItem("placar.language"));
  if (stored)
    await expect(page.locator("html"), `${name}: the page's language`).toHaveAttribute("lang", stored);
  for (const title of routeErrorTitles)
    await expect(page.getByRole("heading", { name: title }), `${name}: an error page`).toHaveCount(0);
  // Polled: a sheet or menu slides in, and transitions may widen the page for a moment.
  await expect
    .poll(() => horizontalOverflow(page), { message: `${name}: the page scrolls sideways` })
    .toBeLessThanOrEqual(0);
  await expect
    .poll(() => overlaysOutsideWindow(page), { message: `${name}: a dialog or menu leaves the window` })
    .toEqual([]);
  for (const text of options.texts ?? [])
    await expect(
      page.getByText(text).filter({ visible: true }).first(),
      `${name}: shows ${text}`,
    ).toBeVisible();
}

/**
 * Where text leaves its box (issue 28), as readable lines: the page wider than its window, a card
 * ([data-slot=card], the shared Card) or a table cell whose content is wider than the box itself
 * (scrollWidth > clientWidth + 1; the pixel is sub-pixel rounding). Hidden elements are skipped.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);
    for (const element of document.querySelectorAll<HTMLElement>("[data-slot=card], td, th")) {
      if (element.scrollWidth <= element.clientWidth + 1 || !element.checkVisibility()) continue;
      const name =
        element.dataset.testid ?? element.getAttribute("data-slot") ?? element.tagName.toLowerCase();
      const text = (element.textContent || element.getAttribute("aria-label") || "")
        .replace(/\s+/g, " ")
        .trim();
      problems.push(
        `${name} "${text.slice(0, 60)}": ${element.scrollWidth} px of text in ${element.clientWidth} px`,
      );
    }
    return problems;
  });
}

/**
 * Visible buttons that show only an icon (no text of their own) and lack a name or a tooltip (issue
 * 28): each needs an aria-label and a tooltip trigger (data-tooltip, components/ui/tooltip.tsx) or a
 * title. Answers each one's name or markup.
 */
export function iconButtonsWithoutTooltip(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const button of document.querySelectorAll<HTMLElement>(
      "button, a[data-slot=button], [role=button]",
    )) {
      if (!button.checkVisibility() || button.closest("[aria-hidden=true], altcha-widget")) continue;
      // biome-ignore lint/performance/useDomNodeTextContent: the text on screen (not a hidden label)
      if ((button.innerText ?? "").trim() !== "") continue;
      const name = button.getAttribute("aria-label") ?? button.getAttribute("aria-labelledby");
      const tip = button.hasAttribute("data-tooltip") || button.hasAttribute("title");
      if (!name || !tip) found.push(name ?? button.outerHTML.slice(0, 80));
    }
    return found;
  });
}

export type ScrollOptions = {
  message?: string;
  /** Measure against the document's client width (without a vertical scrollbar) instead of the window. */
  withoutScrollbar?: boolean;
  /** Pixels of overflow tolerated (sub-pixel rounding). */
  slackPx?: number;
};

/** The page never scrolls sideways (wide tables scroll inside their own box). */
export async function expectNoHorizontalScroll(page: Page, options: ScrollOptions = {}) {
  const overflow = await page.evaluate(
    (withoutScrollbar) =>
      document.documentElement.scrollWidth -
      (withoutScrollbar ? document.documentElement.clientWidth : window.innerWidth),
    options.withoutScrollbar ?? false,
  );
  expect(overflow, options.message ?? "the page scrolls sideways").toBeLessThanOrEqual(options.slackPx ?? 0);
}
