import type { Browser, Page } from "@playwright/test";
import { totp, wrongTotp } from "../totp";
import { apiAs, restoreLanguage } from "./support/api";
import { fillSignIn, signOut } from "./support/auth";
import { expectAccessible } from "./support/axe";
import { seededAccounts, storageStatePath } from "./support/env";
import { type ConsoleGuard, expect, test } from "./support/fixtures";
import { expectScreen, languages, openPage, themes, viewportNames } from "./support/pages";

// Issue 10, sign-in protection, in the browser: a buyer turns on two-factor on /account (the test
// reads the key shown and computes the app's code itself), signs out, signs in with a code and then
// with a backup code; an admin requires two-factor for the financial role and a financial user
// without it is kept on /account until they turn it on; the admin ends a user's sessions and turns
// off their two-factor from the users screen. Then the new screens in every language, theme and width.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const mfa = seededAccounts.mfa;
const mfaFinancial = seededAccounts.mfaFinancial;
let secret = "";
let backupCodes: string[] = [];

/** Puts the workspace back as other specs expect it: no role has to use two-factor. */
async function requireNoRole() {
  const api = await apiAs("admin");
  const current = await (await api.get("/api/settings")).json();
  const { updatedAt: _ignored, ...settings } = current;
  await api.put("/api/settings", { data: { ...settings, twoFactorRequiredRoles: [] } });
  await api.dispose();
}

test.afterAll(async () => {
  await requireNoRole();
  // The language checks switch the profile language; later specs read pt-BR.
  await restoreLanguage(["buyer", "admin"]);
});

async function freshPage(browser: Browser, guard: ConsoleGuard, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
  const page = await context.newPage();
  guard.watch(page);
  return page;
}

/** Turns two-factor on from /account, as a person does; returns the key and the backup codes. */
async function turnOnTwoFactor(page: Page, password: string) {
  const card = page.getByTestId("two-factor-card");
  await expect(card).toHaveAttribute("data-enabled", "false");
  await card.getByTestId("enable-two-factor").click();
  const dialog = page.getByTestId("enable-two-factor-dialog");
  await dialog.getByTestId("two-factor-password").fill(password);
  await dialog.getByTestId("two-factor-continue").click();
  await expect(dialog.getByTestId("totp-qr")).toBeVisible();
  // The key as shown (groups of four), the way someone types it into an app that cannot scan.
  const shown = (await dialog.getByTestId("totp-secret").textContent()) ?? "";
  const key = shown.replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByTestId("two-factor-code").fill(totp(key));
  await dialog.getByTestId("two-factor-confirm").click();
  const codes = dialog.getByTestId("backup-code");
  await expect(codes).toHaveCount(10);
  const list = (await codes.allTextContents()).map((code) => code.trim());
  const download = page.waitForEvent("download");
  await dialog.getByTestId("download-backup-codes").click();
  expect((await download).suggestedFilename()).toBe("placar-backup-codes.txt");
  await dialog.getByTestId("enable-two-factor-done").click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveAttribute("data-enabled", "true");
  return { key, codes: list };
}

test("a buyer turns on two-factor, then signs in with a code and with a backup code", async ({
  browser,
  consoleGuard,
}) => {
  // A wrong code is part of the journey: its 401 is expected.
  consoleGuard.allowHttpError(/\/api\/auth\/two-factor\/verify-totp$/, 401);
  const page = await freshPage(browser, consoleGuard);
  await page.goto("/login");
  await fillSignIn(page, mfa.email, mfa.password);
  await expect(page).toHaveURL(/\/$/);

  // The account page is in the user menu, for every role.
  await page.getByTestId("user-menu").click();
  await page.getByTestId("account-link").click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
  await expect(page.getByTestId("this-device")).toBeVisible();

  ({ key: secret, codes: backupCodes } = await turnOnTwoFactor(page, mfa.password));
  await expect(page.getByTestId("two-factor-state")).toHaveText("Ativada");
  await signOut(page);

  // The password alone is not enough any more.
  await fillSignIn(page, mfa.email, mfa.password);
  await expect(page.getByRole("heading", { level: 1, name: "Verificação em duas etapas" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId("second-factor-code").fill(wrongTotp(secret));
  await page.getByTestId("submit-second-factor").click();
  await expect(page.getByTestId("banner-error")).toContainText("Esse código não está correto");
  await page.getByTestId("second-factor-code").fill(totp(secret));
  await page.getByTestId("submit-second-factor").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await signOut(page);

  // A backup code instead of the app.
  await fillSignIn(page, mfa.email, mfa.password);
  await page.getByTestId("switch-second-factor").click();
  await expect(page.getByText("Código de backup", { exact: true })).toBeVisible();
  await page.getByTestId("second-factor-code").fill(backupCodes[0] ?? "");
  await page.getByTestId("submit-second-factor").click();
  await expect(page).toHaveURL(/\/$/);

  // Back on /account: two sessions ended by now, this one marked.
  await page.goto("/account");
  await expect(page.getByTestId("two-factor-state")).toHaveText("Ativada");
  await expect(page.getByTestId("session-row").first()).toHaveAttribute("data-current", "true");
  await page.context().close();
});

test("an admin requires two-factor for financial staff; one without it is kept on /account", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const admin = await browser.newContext({ storageState: storageStatePath("admin") });
  const adminPage = await admin.newPage();
  consoleGuard.watch(adminPage);
  await adminPage.goto("/admin/settings");
  const roles = adminPage.getByTestId("two-factor-required-roles");
  await roles.getByTestId("require-two-factor-financial").check();
  await adminPage.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(adminPage.getByText("Configurações salvas.")).toBeVisible();

  // The financial user signs in and lands on /account, whatever they ask for.
  await page.goto("/login?next=%2Ffinancial%2Fpayments");
  await fillSignIn(page, mfaFinancial.email, mfaFinancial.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("two-factor-required-banner")).toBeVisible();
  await expect(page.getByTestId("two-factor-required-banner")).toContainText(
    "Ative a verificação em duas etapas para continuar",
  );
  await page.goto("/financial/dashboard");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("sidebar-financial").getByRole("link")).toHaveText(["Minha conta"]);

  // Turning it on opens the rest of Placar.
  await turnOnTwoFactor(page, mfaFinancial.password);
  await expect(page.getByTestId("two-factor-required-banner")).toBeHidden();
  // Required of this role: it cannot be turned off here.
  await expect(page.getByTestId("disable-two-factor")).toHaveCount(0);
  await page.goto("/financial/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await requireNoRole();
  await admin.close();
});

test("an admin ends a user's sessions and turns off their two-factor from the users screen", async ({
  browser,
  consoleGuard,
}) => {
  // The user, signed in on a second device.
  const device = await freshPage(browser, consoleGuard);
  await device.goto("/login");
  await fillSignIn(device, mfa.email, mfa.password);
  await device.getByTestId("second-factor-code").fill(totp(secret));
  await device.getByTestId("submit-second-factor").click();
  await expect(device).toHaveURL(/\/$/);

  const admin = await browser.newContext({ storageState: storageStatePath("admin") });
  const page = await admin.newPage();
  consoleGuard.watch(page);
  await page.goto("/admin/users");
  const row = page.locator(`tr[data-user-email="${mfa.email}"]`);
  await expect(row.getByTestId("two-factor-badge")).toBeVisible();

  await row.getByTestId("user-more-actions").click();
  await page.getByTestId("end-user-sessions").click();
  const endDialog = page.getByTestId("confirm-endSessions");
  await expect(endDialog).toContainText(mfa.name);
  await endDialog.getByTestId("confirm-sign-in-action").click();
  await expect(page.getByText(/Sessões encerradas: \d+\./)).toBeVisible();

  // The user's next request finds no session: the app goes to sign-in.
  consoleGuard.allowHttpError(/\/api\//, 401);
  await device.goto("/campanhas");
  await expect(device).toHaveURL(/\/login\?next=%2Fcampanhas$/);

  await row.getByTestId("user-more-actions").click();
  await page.getByTestId("disable-user-two-factor").click();
  await page.getByTestId("confirm-disableTwoFactor").getByTestId("confirm-sign-in-action").click();
  await expect(row.getByTestId("two-factor-badge")).toHaveCount(0);

  // The password alone signs in again.
  await fillSignIn(device, mfa.email, mfa.password);
  await expect(device).toHaveURL(/\/campanhas$/);
  await device.context().close();
  await admin.close();
});

// One test per variant: a slow, shared machine takes minutes for the whole set.
for (const language of languages) {
  for (const theme of themes) {
    for (const viewport of viewportNames) {
      const prefix = `${language}-${theme}-${viewport}`;
      test(`/account, the second sign-in step, the settings addition (${prefix})`, async ({
        browser,
        consoleGuard,
      }) => {
        const account = await openPage(browser, consoleGuard, { role: "buyer", language, theme, viewport });
        await account.goto("/account");
        await expect(account.getByTestId("session-row").first()).toBeVisible();
        await expectScreen(account, `${prefix}-account`);
        await account.getByTestId("enable-two-factor").click();
        await account.getByTestId("two-factor-password").fill(seededAccounts.buyer.password);
        await account.getByTestId("two-factor-continue").click();
        await expect(account.getByTestId("totp-qr")).toBeVisible();
        await expectScreen(account, `${prefix}-account-enable`);
        await account.context().close();

        const settings = await openPage(browser, consoleGuard, { role: "admin", language, theme, viewport });
        await settings.goto("/admin/settings");
        await expect(settings.getByTestId("two-factor-required-roles")).toBeVisible();
        await expectScreen(settings, `${prefix}-settings-security`);
        await settings.context().close();

        // The second step, for the financial account that kept two-factor on.
        const login = await openPage(browser, consoleGuard, { language, theme, viewport });
        await login.goto("/login");
        await fillSignIn(login, mfaFinancial.email, mfaFinancial.password);
        await expect(login.getByTestId("second-factor-code")).toBeVisible();
        await expectScreen(login, `${prefix}-login-second-step`);
        if (viewport === "desktop") await expectAccessible(login, { label: `second step ${prefix}` });
        await login.context().close();
      });
    }
  }
}
