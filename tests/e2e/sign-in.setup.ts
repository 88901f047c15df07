import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { signIn, waitForHumanCheck } from "./support/auth";
import {
  resetLinkFile,
  type SeededRole,
  screensServer,
  seededAccounts,
  storageStatePath,
} from "./support/env";
import { expect, test as setup } from "./support/fixtures";
import { findLink, waitForMail } from "./support/mail";

// Signs each seeded account in once (sign-in is rate limited per address) and keeps the browser
// state for the screens project; also asks for one recovery link for the /reset-password checks.

const roles: SeededRole[] = ["admin", "financial", "manager", "buyer"];
const homes: Record<string, RegExp> = {
  admin: /\/admin\/dashboard$/,
  financial: /\/financial\/dashboard$/,
  manager: /\/$/,
  buyer: /\/$/,
};

for (const role of roles) {
  setup(`sign in as ${role}`, async ({ page }) => {
    const account = seededAccounts[role];
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(homes[role] as RegExp);
    mkdirSync(path.dirname(storageStatePath(role)), { recursive: true });
    await page.context().storageState({ path: storageStatePath(role) });
  });
}

setup("ask for a recovery link", async ({ page }) => {
  const since = new Date(Date.now() - 1000);
  await page.goto("/forgot-password");
  await page.getByRole("textbox", { name: "E-mail" }).fill(seededAccounts.manager.email);
  await waitForHumanCheck(page);
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("banner-success")).toBeVisible();
  const mail = await waitForMail(screensServer.mailDir, seededAccounts.manager.email, since);
  const link = findLink(mail, `${screensServer.baseURL}/reset-password?token=`);
  writeFileSync(resetLinkFile, link);
});
