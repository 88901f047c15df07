import { fillSignIn, register, signOut, waitForHumanCheck } from "./support/auth";
import { journeyServer } from "./support/env";
import { expect, test } from "./support/fixtures";
import { findLink, waitForMail } from "./support/mail";

// The foundation journey on an empty installation (issue 2): the first account becomes admin,
// a second one is a buyer kept out of the admin and financial areas, and a forgotten password is
// recovered through the mail caught by a real SMTP server. Sign-in is rate limited (5 a minute
// per address), so the steps share sign-ins: four in all.

const admin = { email: "owner@journey.test", password: "first-admin-pass" };
const buyer = { email: "maria.buyer@journey.test", password: "buyer-pass-1", newPassword: "buyer-pass-2" };

test.describe.configure({ mode: "serial" });

test("the first account becomes admin and lands in the admin area", async ({ page }) => {
  await page.goto("/register");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Criar conta" })).toBeVisible();

  // Validation in the form, in the current language, keeping what was typed.
  const form = page.getByRole("form");
  await page.getByTestId("submit").click();
  await expect(form.getByText("Informe seu e-mail.")).toBeVisible();
  await form.getByRole("textbox", { name: "E-mail" }).fill(admin.email);
  const passwords = form.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill("short");
  await passwords.nth(1).fill("different");
  await waitForHumanCheck(page);
  await page.getByTestId("submit").click();
  await expect(form.getByText("A senha precisa ter pelo menos 8 caracteres.")).toBeVisible();
  await expect(form.getByText("As senhas não coincidem.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "E-mail" })).toHaveValue(admin.email);

  const registeredAt = new Date(Date.now() - 1000);
  await register(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/login$/);
  // True for a new and a taken address alike (issue 28): both get a mail.
  await expect(page.getByTestId("banner-success")).toContainText("Confira seu e-mail para continuar");
  await expect(page.getByTestId("banner-success")).not.toContainText("criada");
  const welcome = await waitForMail(journeyServer.mailDir, admin.email, registeredAt);
  expect(welcome.subject).toBe("Sua conta no Placar está pronta");
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(admin.email);

  await fillSignIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const sidebar = page.getByTestId("sidebar-admin");
  await expect(sidebar.getByRole("link")).toHaveText([
    "Dashboard",
    "Análises",
    "Equipe",
    "Relatórios",
    "Usuários",
    "Ofertas",
    "Solicitações de Criativos",
    "Financeiro",
    "Conciliação",
    "Postbacks",
    "Configurações",
    "Auditoria",
  ]);
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("user-menu")).toContainText("Administrador");
  await expect(page.getByTestId("user-menu")).toContainText(admin.email);
  // Every role can switch language, admins too (decisions.md, "Languages").
  await expect(page.getByTestId("language-switcher")).toBeVisible();

  await sidebar.getByRole("link", { name: "Usuários" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  await expect(page).toHaveTitle("Usuários · Placar");

  // Colour mode: dark survives a reload without a flash (boot.js sets the class before the
  // bundle runs, so it is there at DOMContentLoaded already).
  await page.getByTestId("theme-toggle").click();
  await page.getByRole("menuitemradio", { name: "Escuro" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload({ waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  await page.getByTestId("theme-toggle").click();
  await page.getByRole("menuitemradio", { name: "Claro" }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  await signOut(page);
});

test("a second account is a buyer, kept out of the admin and financial areas", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: /^EN/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  await register(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("banner-success")).toContainText("Check your e-mail to continue");
  await fillSignIn(page, buyer.email, buyer.password);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("sidebar-buyer").getByRole("link")).toHaveText([
    "Dashboard",
    "Campaigns",
    "Request creative",
    "Analytics",
    "Reports",
    "Notes",
    "My payments",
    "Postbacks",
  ]);
  await expect(page.getByTestId("user-menu")).toContainText("Buyer");
  // Named from the e-mail's local part (decisions.md).
  await expect(page.getByTestId("user-menu")).toContainText("Maria.buyer");

  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/financial/payments");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("sidebar-buyer")).toBeVisible();

  // The buyer's language choice goes to the profile too.
  await page.getByTestId("language-switcher").click();
  await page.getByRole("menuitemradio", { name: "Русский" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { level: 1, name: "Дашборд" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Дашборд" })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toContainText("Байер");

  await page.goto("/no/such/page");
  await expect(page.getByTestId("not-found")).toContainText("Страница не найдена");
  await signOut(page);
});

test("registering a taken address answers as for a new one and mails its owner", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: /^EN/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const triedAt = new Date(Date.now() - 1000);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-up/email"));
  await register(page, admin.email, "someone-else-typed-this");
  expect((await answered).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  // The same words as for the buyer's new address above: nothing tells the address is taken.
  await expect(page.getByTestId("banner-success")).toContainText("Check your e-mail to continue");
  // The owner's mail is in the owner's language (the profile's pt-BR), with a reset link.
  const mail = await waitForMail(journeyServer.mailDir, admin.email, triedAt);
  expect(mail.subject).toBe("Tentativa de cadastro com o seu e-mail no Placar");
  const link = findLink(mail, `${journeyServer.baseURL}/reset-password?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "New password" })).toBeVisible();
});

test("a forgotten password is reset through the mailed link", async ({ page, consoleGuard }) => {
  await page.goto("/login");
  // A choice made on the signed-out screens, different from the profile's language: it wins at
  // sign-in and becomes the profile's (docs/decisions/0093).
  await page.getByRole("button", { name: /^EN/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  const requestedAt = new Date(Date.now() - 1000);
  await page.getByRole("textbox", { name: "E-mail" }).fill(buyer.email);
  await waitForHumanCheck(page);
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("banner-success")).toContainText("Recovery e-mail sent! Check your inbox.");

  const mail = await waitForMail(journeyServer.mailDir, buyer.email, requestedAt);
  const link = findLink(mail, `${journeyServer.baseURL}/reset-password?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "New password" })).toBeVisible();

  const passwords = page.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill(buyer.newPassword);
  await passwords.nth(1).fill(`${buyer.newPassword}x`);
  await page.getByTestId("submit").click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  await passwords.nth(1).fill(buyer.newPassword);
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("banner-success")).toContainText(
    "Password changed! Redirecting to sign in...",
  );
  // Spec: to /login 2 seconds after success.
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await expect(page.getByTestId("banner-success")).toContainText(
    "Password changed. Sign in with your new password.",
  );

  // The used link does not work twice.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("banner-error")).toContainText("invalid or has expired");

  // The old password no longer works; what was typed stays in the form.
  consoleGuard.allowHttpError(/\/api\/auth\/sign-in\/email$/, 401);
  await fillSignIn(page, buyer.email, buyer.password);
  await expect(page.getByTestId("banner-error")).toContainText("Invalid e-mail or password.");
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(buyer.email);

  // An unauthenticated deep link comes back after sign-in, here with the new password.
  await page.goto("/user/notes?tab=all");
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fnotes%3Ftab%3Dall$/);
  await fillSignIn(page, buyer.email, buyer.newPassword);
  await expect(page).toHaveURL(/\/user\/notes\?tab=all$/);
  // The language picked before sign-in (EN) wins over the profile's (RU) and replaces it.
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Notes" })).toBeVisible();
  await expect(page.getByTestId("sidebar-buyer").getByRole("link", { name: "Notes" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect
    .poll(async () => ((await (await page.request.get("/api/me")).json()) as { language: string }).language)
    .toBe("en");
  // Without a pick on the signed-out screens, the profile's language wins over the device's.
  await page.evaluate(() => localStorage.setItem("placar.language", "ru"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Notes" })).toBeVisible();
});

test("a recovery page without a valid token goes to /login", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("banner-error")).toBeVisible();
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("banner-error")).toBeVisible();
});
