import path from "node:path";
import type { Browser, Page, ViewportSize } from "@playwright/test";
import { type SeededRole, screensServer, storageStatePath } from "./env";
import { type ConsoleGuard, expect } from "./fixtures";

// Opening a screen the way a person sees it: a language, a theme, a window size and a session.

const base = screensServer.baseURL;

export const languages = ["pt-BR", "en"] as const;
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
/** Screenshots of whole journeys, one per screen and variant. */
export const screenshotsDir = path.join(testResults, "screenshots");
/** Screenshots the insights, reports and settings specs write for review. */
export const shotsDir = path.join(testResults, "shots");

export type OpenPageOptions = {
  /** Signed in with the role's stored session; without role or cookie the page is signed out. */
  role?: SeededRole;
  /** A session cookie header ("a=1; b=2") for an account with no stored state. */
  cookie?: string;
  language?: Language;
  theme?: Theme;
  viewport?: ViewportName | ViewportSize;
  /** "reduce" makes Recharts draw without animating, so a screenshot shows the finished chart. */
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

export type ShootOptions = {
  dir?: string;
  /** Dialogs are fixed to the viewport: shoot the viewport, not the full page. */
  fullPage?: boolean;
  /** Lets transitions (menus, dialogs, toasts) settle before the picture. */
  settleMs?: number;
};

/** Saves <dir>/<name>.png, with the caret hidden so runs compare. */
export async function shoot(page: Page, name: string, options: ShootOptions = {}) {
  const { dir = screenshotsDir, fullPage = true, settleMs = 350 } = options;
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage, caret: "hide" });
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
