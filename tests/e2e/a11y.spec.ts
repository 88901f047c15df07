import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { resetLinkFile, seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { type Theme, themes } from "./support/pages";

// axe-core on the auth screens and the shell, light and dark: no serious or critical violations.

async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => localStorage.setItem("placar.theme", value), theme);
}

for (const theme of themes) {
  test.describe(`auth screens, ${theme}`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    for (const path of ["/login", "/register", "/forgot-password"]) {
      test(`${path} has no serious violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("altcha-widget .altcha")).toBeVisible();
        await expectAccessible(page);
      });
    }

    test("/register with validation messages has no serious violations", async ({ page }) => {
      await page.goto("/register");
      await page.getByTestId("submit").click();
      await expect(page.getByText("Informe seu e-mail.")).toBeVisible();
      await expectAccessible(page);
    });

    test("/reset-password has no serious violations", async ({ page }) => {
      await page.goto(readFileSync(resetLinkFile, "utf8"));
      await expect(page.getByRole("heading", { level: 1, name: "Nova senha" })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test.describe(`the shell, ${theme}`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    for (const [role, path] of [
      ["buyer", "/"],
      ["admin", "/admin/dashboard"],
      ["financial", "/financial/dashboard"],
    ] as const) {
      test(`${role} at ${path} has no serious violations`, async ({ browser, consoleGuard }) => {
        const context = await browser.newContext({ storageState: storageStatePath(role) });
        const page = await context.newPage();
        consoleGuard.watch(page);
        await useTheme(page, theme);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessible(page);

        await page.getByTestId("user-menu").click();
        await expect(page.getByTestId("sign-out")).toBeVisible();
        await expectAccessible(page);
        await page.keyboard.press("Escape");

        await page.setViewportSize({ width: 360, height: 740 });
        await page.getByTestId("open-menu").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectAccessible(page);
        await context.close();
      });
    }

    test("/admin/users, a row's labelled menu and a tooltip have no serious violations", async ({
      browser,
      consoleGuard,
    }) => {
      const context = await browser.newContext({ storageState: storageStatePath("admin") });
      const page = await context.newPage();
      consoleGuard.watch(page);
      await useTheme(page, theme);
      await page.goto("/admin/users");
      const row = page.locator(`tr[data-user-email="${seededAccounts.buyer.email}"]`);
      await expect(row).toBeVisible();
      await expectAccessible(page, { label: "/admin/users" });
      // Issue 28: the row's icon buttons say their name on keyboard focus.
      await row.getByRole("button", { name: /^Notas/ }).focus();
      await expect(page.getByRole("tooltip")).toHaveText("Notas");
      await row.getByTestId("user-more-actions").click();
      await expect(page.getByRole("menuitem").first()).toBeVisible();
      await expectAccessible(page, { label: "/admin/users, a row's menu" });
      await context.close();
    });

    test("/account and its two-factor dialog have no serious violations", async ({
      browser,
      consoleGuard,
    }) => {
      const context = await browser.newContext({ storageState: storageStatePath("buyer") });
      const page = await context.newPage();
      consoleGuard.watch(page);
      await useTheme(page, theme);
      await page.goto("/account");
      await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
      await expect(page.getByTestId("session-row").first()).toBeVisible();
      await expectAccessible(page, { label: "/account" });
      await page.getByTestId("enable-two-factor").click();
      await expect(page.getByTestId("two-factor-password")).toBeVisible();
      await expectAccessible(page, { label: "/account, turning two-factor on" });
      await context.close();
    });
  });
}
