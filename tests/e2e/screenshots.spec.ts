import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { resetLinkFile, type SeededRole, screensServer, storageStatePath } from "./support/env";
import { type ConsoleGuard, expect, test } from "./support/fixtures";

// Screenshots of every screen in pt-BR and English, light and dark, desktop and a 360 px phone,
// written to test-results/screenshots/<language>-<theme>-<viewport>-<screen>.png for review.

const outDir = path.join(import.meta.dirname, "..", "..", "test-results", "screenshots");
const languages = ["pt-BR", "en"] as const;
const themes = ["light", "dark"] as const;
const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;

type Language = (typeof languages)[number];
type Theme = (typeof themes)[number];
type Viewport = keyof typeof viewports;

async function openPage(
  browser: Browser,
  guard: ConsoleGuard,
  options: { language: Language; theme: Theme; viewport: Viewport; role?: SeededRole },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: viewports[options.viewport],
    ...(options.role ? { storageState: storageStatePath(options.role) } : {}),
  });
  const page = await context.newPage();
  guard.watch(page);
  await page.addInitScript(
    ([language, theme]) => {
      localStorage.setItem("placar.language", language as string);
      localStorage.setItem("placar.theme", theme as string);
    },
    [options.language, options.theme],
  );
  if (options.role) {
    // Signed in, the profile's language wins: set it there too (restored after the run).
    const response = await page.request.patch(`${screensServer.baseURL}/api/me`, {
      data: { language: options.language },
      headers: { origin: screensServer.baseURL },
    });
    expect(response.ok()).toBe(true);
  }
  return page;
}

async function shoot(page: Page, name: string) {
  // Let transitions (drawers, menus) settle; the caret would make screenshots differ run to run.
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true, caret: "hide" });
}

test.beforeAll(() => mkdirSync(outDir, { recursive: true }));

test.afterAll(async ({ browser }) => {
  for (const role of ["buyer", "admin", "financial"] as const) {
    const context = await browser.newContext({ storageState: storageStatePath(role) });
    await context.request.patch(`${screensServer.baseURL}/api/me`, {
      data: { language: "pt-BR" },
      headers: { origin: screensServer.baseURL },
    });
    await context.close();
  }
});

for (const language of languages) {
  for (const theme of themes) {
    for (const viewport of Object.keys(viewports) as Viewport[]) {
      const prefix = `${language}-${theme}-${viewport}`;

      test(`auth screens: ${prefix}`, async ({ browser, consoleGuard }) => {
        const page = await openPage(browser, consoleGuard, { language, theme, viewport });
        for (const screen of ["login", "register", "forgot-password"]) {
          await page.goto(`/${screen}`);
          await expect(page.locator("altcha-widget .altcha")).toBeVisible();
          await shoot(page, `${prefix}-${screen}`);
        }
        await page.goto("/register");
        await page.getByTestId("submit").click();
        await expect(page.locator("[data-slot=form-message]").first()).toBeVisible();
        await shoot(page, `${prefix}-register-errors`);

        await page.goto(readFileSync(resetLinkFile, "utf8"));
        await expect(page.locator("input[autocomplete=new-password]").first()).toBeVisible();
        await shoot(page, `${prefix}-reset-password`);
        await page.context().close();
      });

      test(`the shell: ${prefix}`, async ({ browser, consoleGuard }) => {
        for (const [role, route] of [
          ["buyer", "/"],
          ["admin", "/admin/dashboard"],
          ["financial", "/financial/dashboard"],
        ] as const) {
          const page = await openPage(browser, consoleGuard, { language, theme, viewport, role });
          await page.goto(route);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await shoot(page, `${prefix}-${role}`);
          if (role === "buyer") {
            await page.goto("/missing-page");
            await expect(page.getByTestId("not-found")).toBeVisible();
            await shoot(page, `${prefix}-not-found`);
            await page.goto("/");
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          }
          if (viewport === "phone") {
            await page.getByTestId("open-menu").click();
            await expect(page.getByRole("dialog")).toBeVisible();
            await shoot(page, `${prefix}-${role}-menu`);
            await page.keyboard.press("Escape");
          }
          await page.getByTestId("user-menu").click();
          await expect(page.getByTestId("sign-out")).toBeVisible();
          await shoot(page, `${prefix}-${role}-user-menu`);
          await page.context().close();
        }
      });
    }
  }
}
