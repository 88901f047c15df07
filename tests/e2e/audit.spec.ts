import { apiAs, restoreLanguage } from "./support/api";
import { expectAccessible } from "./support/axe";
import { storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import {
  expectNoHorizontalScroll,
  expectScreen,
  languages,
  openPage,
  themes,
  viewports,
} from "./support/pages";

// Issue 10 on the seeded "screens" server: the admin changes a user's role on /admin/users, finds
// the event on /admin/audit by action and user (with the old → new role), and a buyer is kept out of
// the screen and the API. The trail is checked in every language, theme and width.

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStatePath("admin") });
test.setTimeout(180_000);

const stamp = Date.now().toString(36);
const person = { email: `auditado-${stamp}@audit.test`, name: `Otávio Auditado ${stamp}` };
let personId = "";

test.afterAll(async () => {
  await restoreLanguage(["admin"]);
  if (!personId) return;
  const api = await apiAs("admin");
  await api.delete(`/api/users/${personId}`);
  await api.dispose();
});

test("the admin changes a role and finds it in the audit log, filtered by action and user", async ({
  page,
}) => {
  const api = await apiAs("admin");
  const created = await api.post("/api/users", {
    data: { email: person.email, name: person.name, role: "user", managerId: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  personId = (await created.json()).user.id as string;
  await api.dispose();

  // The audited change, made the way an admin makes it.
  await page.goto("/admin/users");
  await page.getByRole("button", { name: `Editar ${person.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Editar usuário" });
  await dialog.getByRole("combobox", { name: "Papel" }).selectOption("manager");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Usuário atualizado com sucesso!")).toBeVisible();

  // Reached from the admin sidebar.
  await page.getByRole("link", { name: "Auditoria" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
  await expect(page.getByTestId("audit-event").first()).toBeVisible();

  const filters = page.getByRole("search", { name: "Filtros da auditoria" });
  await filters.getByRole("combobox", { name: "Ação" }).selectOption({ label: "Papel alterado" });
  await filters.getByRole("combobox", { name: "Usuário" }).selectOption(personId);
  await expect(page).toHaveURL(/action=user\.role_changed/);
  await expect(page).toHaveURL(new RegExp(`userId=${personId}`));

  const events = page.getByTestId("audit-event");
  await expect(events).toHaveCount(1);
  const event = events.first();
  await expect(event.getByTestId("audit-event-action")).toHaveText("Papel alterado");
  await expect(event.getByTestId("audit-event-actor")).toContainText("Ana Admin");
  await expect(event.getByTestId("audit-event-target")).toContainText(person.name);
  const role = event.locator('[data-testid="audit-detail"][data-key="role"]');
  await expect(role).toContainText("Papel:");
  await expect(role).toContainText(/Gestor.*Líder/);
  await expect(page.getByTestId("audit-shown")).toHaveText("1 evento, todos mostrados.");

  // A reload (or a shared link) keeps the filters.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Ação" })).toHaveValue("user.role_changed");
  await expect(page.getByRole("combobox", { name: "Usuário" })).toHaveValue(personId);
  await expect(page.getByTestId("audit-event")).toHaveCount(1);

  // No role change failed: the outcome filter empties the list.
  await page.getByRole("combobox", { name: "Resultado" }).selectOption("failure");
  await expect(page.getByText("Nenhum evento com estes filtros")).toBeVisible();
  await page.getByTestId("audit-clear-filters").click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByTestId("audit-event").first()).toBeVisible();
});

test("the audit log has no serious axe violations and fits a phone, light and dark", async ({
  browser,
  consoleGuard,
}) => {
  for (const theme of themes) {
    const page = await openPage(browser, consoleGuard, { role: "admin", theme });
    await page.goto(`/admin/audit?userId=${personId}`);
    await expect(page.getByTestId("audit-event").first()).toBeVisible();
    await expectAccessible(page, { label: `audit, ${theme}` });
    await page.setViewportSize(viewports.phone);
    await expect(page.getByTestId("audit-event").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.context().close();
  }
});

test("a buyer is kept out of the audit log, on screen and in the API", async ({ browser, consoleGuard }) => {
  const context = await browser.newContext({ storageState: storageStatePath("buyer") });
  const page = await context.newPage();
  consoleGuard.watch(page);
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("sidebar-buyer")).toBeVisible();
  await expect(page.getByRole("link", { name: "Auditoria" })).toHaveCount(0);
  await context.close();

  const api = await apiAs("buyer");
  const response = await api.get("/api/audit");
  expect(response.status()).toBe(403);
  expect((await response.json()).error.code).toBe("forbidden");
  await api.dispose();
});

test("the audit log in pt-BR and English, light and dark, desktop and phone", async ({
  browser,
  consoleGuard,
}) => {
  for (const language of languages) {
    for (const theme of themes) {
      for (const viewport of ["desktop", "phone"] as const) {
        const page = await openPage(browser, consoleGuard, { role: "admin", language, theme, viewport });
        await page.goto("/admin/audit");
        await expect(page.getByTestId("audit-event").first()).toBeVisible();
        await expectScreen(page, `audit-${language}-${theme}-${viewport}`);
        await page.context().close();
      }
    }
  }
});
