import { readFileSync } from "node:fs";
import { restoreLanguage } from "./support/api";
import { resetLinkFile } from "./support/env";
import { expect, test } from "./support/fixtures";
import { languages, openPage, shoot, themes, viewportNames } from "./support/pages";

// Screenshots of every screen in pt-BR and English, light and dark, desktop and a 360 px phone,
// written to test-results/screenshots/<language>-<theme>-<viewport>-<screen>.png for review.

test.afterAll(async () => {
  await restoreLanguage(["buyer", "admin", "financial"]);
});

for (const language of languages) {
  for (const theme of themes) {
    for (const viewport of viewportNames) {
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
