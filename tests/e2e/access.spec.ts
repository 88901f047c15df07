import type { Page } from "@playwright/test";
import { todayIn } from "../../domain/periods";
import { apiAs } from "./support/api";
import { fillSignIn } from "./support/auth";
import { seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { adminRoutes, buyerRoutes, everyRoleRoutes, financialRoutes } from "./support/routes";

// Every route of the route table exists behind its guard, for every role.

function escapeRegExp(path: string) {
  return path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

// Each test loads many full pages: more than the default minute on a slow two-core CI machine.
test.describe.configure({ timeout: 180_000 });

async function expectPage(page: Page, path: string, title: string) {
  await page.goto(path);
  // Screens may add their filters to the URL (bookmarkable views).
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}(\\?[^#]*)?$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function expectSentTo(page: Page, from: string, to: string) {
  await page.goto(from);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(to)}(\\?[^#]*)?$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test.describe("a buyer", () => {
  test.use({ storageState: storageStatePath("buyer") });

  test("reaches every buyer route, each with its title and the buyer sidebar", async ({ page }) => {
    for (const route of buyerRoutes) {
      await expectPage(page, route.path, route.title);
      await expect(page.getByTestId("sidebar-buyer")).toBeVisible();
    }
    await page.goto("/request-creative");
    await expect(page.getByTestId("creative-form")).toBeVisible();
    await expect(page.getByTestId("user-menu")).toContainText("Gestor");
  });

  test("is sent to / from the admin and financial areas", async ({ page }) => {
    const areaRoutes = [...adminRoutes, ...financialRoutes].filter((r) => !everyRoleRoutes.includes(r.path));
    for (const route of [...areaRoutes, { path: "/admin" }, { path: "/financial" }]) {
      await expectSentTo(page, route.path, "/");
      await expect(page.getByTestId("sidebar-buyer")).toBeVisible();
    }
  });

  test("is sent home from the sign-in screens", async ({ page }) => {
    await expectSentTo(page, "/login", "/");
    await expectSentTo(page, "/register", "/");
  });

  test("sees a translated 404 inside the shell", async ({ page }) => {
    await page.goto("/nothing/here");
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByTestId("sidebar-buyer")).toBeVisible();
    await page.getByRole("link", { name: "Ir para o início" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("uses a drawer for the sidebar on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByTestId("sidebar-buyer")).toBeHidden();
    await page.getByTestId("open-menu").click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByTestId("sidebar-buyer")).toBeVisible();
    await drawer.getByRole("link", { name: "Campanhas" }).click();
    await expect(page).toHaveURL(/\/campanhas$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Campanhas" })).toBeFocused();
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("a five-figure pending commission fits the 360 px top bar", async ({ page }) => {
    // Revenue 1,000 × 50 = 50,000 today: whatever the buyer's model, well over 1,000 is pending.
    const admin = await apiAs("admin");
    const offer = await admin.post("/api/offers", {
      data: {
        name: `Top bar ${Date.now()}`,
        casinoBrand: "Placar Casino",
        value: "50.00",
        payoutPerDeposit: "50.00",
      },
    });
    expect(offer.status(), await offer.text()).toBe(201);
    const { id: offerId } = (await offer.json()) as { id: string };
    await admin.dispose();
    const buyer = await apiAs("buyer");
    const day = await buyer.post("/api/campaigns", {
      data: { date: todayIn("America/Sao_Paulo"), offerId, spent: "100.00", clicks: 9000, deposits: 1000 },
    });
    expect(day.status(), await day.text()).toBe(201);
    const mine = (await (await buyer.get("/api/me/payment")).json()) as { pending: string };
    await buyer.dispose();
    expect(Number(mine.pending)).toBeGreaterThanOrEqual(1000);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    // Whole units on the phone (cut, never rounded up); the exact amount is in the badge's label.
    const whole = mine.pending.split(".")[0] ?? "";
    await expect(page.getByTestId("pending-badge-amount-phone")).toHaveText(
      new Intl.NumberFormat("pt-BR", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(
        BigInt(whole),
      ),
    );
    await expect(page.getByTestId("pending-badge")).toHaveAttribute("aria-label", /pendente do mês/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const bar = await page.locator("header").boundingBox();
    const menu = await page.getByTestId("user-menu").boundingBox();
    expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual((bar?.width ?? 0) + 0.5);
  });
});

test.describe("a team lead", () => {
  test.use({ storageState: storageStatePath("manager") });

  test("has the buyer area and sidebar, with the Líder label", async ({ page }) => {
    await expectPage(page, "/", "Dashboard");
    await expect(page.getByTestId("sidebar-buyer")).toBeVisible();
    await expect(page.getByTestId("user-menu")).toContainText("Líder");
    await expectSentTo(page, "/admin/users", "/");
    await expectSentTo(page, "/financial/dashboard", "/");
  });
});

test.describe("a financial user", () => {
  test.use({ storageState: storageStatePath("financial") });

  test("reaches every financial route with the financial sidebar", async ({ page }) => {
    for (const route of financialRoutes) {
      await expectPage(page, route.path, route.title);
      const sidebar = page.getByTestId("sidebar-financial");
      await expect(sidebar.getByRole("link", { name: route.title, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
    await expect(page.getByTestId("sidebar-financial").getByRole("link")).toHaveText([
      "Dashboard",
      "Análises",
      "Equipe",
      "Usuários",
      "Relatórios",
      "Pagamentos",
      "Conciliação",
    ]);
    await expect(page.getByTestId("user-menu")).toContainText("Financeiro");
  });

  test("is kept out of the admin area; / leads to the financial dashboard", async ({ page }) => {
    await expectSentTo(page, "/admin/users", "/financial/dashboard");
    await expectSentTo(page, "/", "/financial/dashboard");
  });
});

test.describe("an admin", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("reaches every admin and financial route with the admin sidebar", async ({ page }) => {
    for (const route of [...adminRoutes, ...financialRoutes]) {
      await expectPage(page, route.path, route.title);
      await expect(page.getByTestId("sidebar-admin")).toBeVisible();
    }
    await expectSentTo(page, "/", "/admin/dashboard");
    await expectSentTo(page, "/admin", "/admin/dashboard");
    await expect(page.getByTestId("language-switcher")).toBeVisible();
  });
});

test("an unauthenticated deep link comes back after sign-in", async ({ browser, consoleGuard }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  consoleGuard.watch(page);
  await page.goto("/user/analytics?period=30#top");
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fanalytics%3Fperiod%3D30%23top$/);
  await fillSignIn(page, seededAccounts.deepLink.email, seededAccounts.deepLink.password);
  await expect(page).toHaveURL(/\/user\/analytics\?period=30#top$/);
  await expect(page.getByRole("heading", { level: 1, name: "Análises" })).toBeVisible();
  await context.close();
});

test("a guard's redirect interrupted by the sign-in form's own navigation still lands", async ({
  browser,
  consoleGuard,
}) => {
  // Last CI's blank screen, made certain: a buyer signs in with ?next= an admin page. The guard
  // sends them on to / while / still loads its page, and the sign-in form, done saving the device
  // language to a profile that had none, navigates to ?next= again. React Router's Navigate fired
  // once per mount, so the guard went on rendering it at /admin/users and nothing else happened.
  const context = await browser.newContext();
  const page = await context.newPage();
  consoleGuard.watch(page);
  let releaseDashboard = () => {};
  const dashboardHeld = new Promise<void>((resolve) => {
    releaseDashboard = resolve;
  });
  let dashboardAsked = () => {};
  const redirectPending = new Promise<void>((resolve) => {
    dashboardAsked = resolve;
  });
  await page.route(/\/assets\/dashboard-[\w-]+\.js$/, async (route) => {
    dashboardAsked();
    await dashboardHeld;
    await route.continue();
  });
  await page.route(/\/api\/me$/, async (route) => {
    if (route.request().method() === "PATCH") {
      // Answered (without saving) once the guard's redirect to / is waiting for its page; the page
      // is let through after the form's navigation has landed.
      await redirectPending;
      const landed = page.waitForEvent("framenavigated", (frame) => frame.url().endsWith("/admin/users"));
      await route.fulfill({ json: {} });
      await landed;
      releaseDashboard();
      return;
    }
    await route.fallback();
  });
  await page.route(/\/api\/session$/, async (route) => {
    // A first sign-in: no language in the profile yet, so the form saves the device's.
    const response = await route.fetch();
    const session = (await response.json()) as { user: Record<string, unknown> | null };
    await route.fulfill({
      response,
      json: session.user ? { user: { ...session.user, language: null } } : session,
    });
  });
  await page.goto("/login?next=%2Fadmin%2Fusers");
  await fillSignIn(page, seededAccounts.deepLink.email, seededAccounts.deepLink.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await context.close();
});
