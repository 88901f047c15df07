import { readFileSync } from "node:fs";
import { restoreLanguage } from "./support/api";
import { resetLinkFile, seededAccounts } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectScreen, languages, openPage, themes, viewportNames } from "./support/pages";

// Every shared screen in pt-BR and English, light and dark, desktop and a 360 px phone: its language,
// no error page, nothing wider than the window, menus inside it (expectScreen). No pictures are
// written: nothing compared them (issue 27).

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
          await expectScreen(page, `${prefix}-${screen}`);
        }
        await page.goto("/register");
        await page.getByTestId("submit").click();
        await expect(page.locator("[data-slot=form-message]").first()).toBeVisible();
        await expectScreen(page, `${prefix}-register-errors`);

        await page.goto(readFileSync(resetLinkFile, "utf8"));
        await expect(page.locator("input[autocomplete=new-password]").first()).toBeVisible();
        await expectScreen(page, `${prefix}-reset-password`);
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
          await expectScreen(page, `${prefix}-${role}`);
          if (role === "buyer") {
            await page.goto("/missing-page");
            await expect(page.getByTestId("not-found")).toBeVisible();
            await expectScreen(page, `${prefix}-not-found`);
            await page.goto("/");
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          }
          if (viewport === "phone") {
            await page.getByTestId("open-menu").click();
            await expect(page.getByRole("dialog")).toBeVisible();
            await expectScreen(page, `${prefix}-${role}-menu`);
            await page.keyboard.press("Escape");
          }
          await page.getByTestId("user-menu").click();
          await expect(page.getByTestId("sign-out")).toBeVisible();
          await expectScreen(page, `${prefix}-${role}-user-menu`, { texts: [seededAccounts[role].name] });
          await page.context().close();
        }
      });
    }
  }
}
