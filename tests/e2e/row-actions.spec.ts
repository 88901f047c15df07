import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { todayIn } from "../../domain/periods";
import { apiAs } from "./support/api";
import { seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";

// Issue 25, decision 0078: the screens show only the actions the server allows for the row. A team
// lead reads their buyer's rows (with whose they are, and a buyer filter) but gets no Edit or
// Delete on them; their own rows keep both; a buyer sees neither the buyer column nor the filter.

test.describe.configure({ mode: "serial", timeout: 180_000 });

type Ids = { lead: string; buyer: string; offer: string; buyerRow: string; leadRow: string };
let ids: Ids;

async function idOf(api: APIRequestContext, email: string): Promise<string> {
  const users = (await (await api.get(`/api/users?q=${encodeURIComponent(email)}`)).json()) as {
    id: string;
    email: string;
  }[];
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no seeded user ${email}`);
  return user.id;
}

async function log(api: APIRequestContext, offerId: string, spent: string): Promise<string> {
  const response = await api.post("/api/campaigns", {
    data: {
      date: todayIn("America/Sao_Paulo"),
      offerId,
      spent,
      clicks: 10,
      installations: 2,
      registrations: 1,
      deposits: 0,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const lead = await idOf(admin, seededAccounts.manager.email);
  const buyer = await idOf(admin, seededAccounts.buyer.email);
  // The seeded buyer joins the seeded lead's team for this spec (put back afterwards).
  expect((await admin.patch(`/api/users/${buyer}`, { data: { managerId: lead } })).status()).toBe(200);
  const created = await admin.post("/api/offers", {
    data: {
      name: `Oferta linhas ${Date.now()}`,
      casinoBrand: "Cassino linhas",
      value: "100.00",
      currency: "USD",
      payoutPerDeposit: "40.00",
    },
  });
  expect(created.status()).toBe(201);
  const offer = ((await created.json()) as { id: string }).id;
  await admin.dispose();
  const buyerApi = await apiAs("buyer");
  const buyerRow = await log(buyerApi, offer, "98765.43");
  await buyerApi.dispose();
  const leadApi = await apiAs("manager");
  const leadRow = await log(leadApi, offer, "98764.21");
  await leadApi.dispose();
  ids = { lead, buyer, offer, buyerRow, leadRow };
});

test.afterAll(async () => {
  if (!ids) return;
  const buyerApi = await apiAs("buyer");
  await buyerApi.delete(`/api/campaigns/${ids.buyerRow}`);
  await buyerApi.dispose();
  const leadApi = await apiAs("manager");
  await leadApi.delete(`/api/campaigns/${ids.leadRow}`);
  await leadApi.dispose();
  const admin = await apiAs("admin");
  await admin.patch(`/api/users/${ids.buyer}`, { data: { managerId: null } });
  await admin.delete(`/api/offers/${ids.offer}`);
  await admin.dispose();
});

/** The dashboard's campaign list (one person's rows with userId), largest spend first: ours lead. */
async function openList(page: Page, userId?: string): Promise<Locator> {
  await page.goto(`/?sort=-spent${userId ? `&userId=${userId}` : ""}`);
  await page.getByRole("tab", { name: /Campanhas/ }).click();
  const table = page.getByTestId("campaigns-table");
  await expect(table.getByTestId("campaign-row").first()).toBeVisible();
  return table;
}

async function menuOf(page: Page, row: Locator) {
  await row.getByRole("button", { name: "Ações da campanha" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Análise" })).toBeVisible();
  return menu;
}

test.describe("a team lead", () => {
  test.use({ storageState: storageStatePath("manager") });

  test("reads the team's rows with whose they are, and changes only their own", async ({ page }) => {
    const table = await openList(page);
    await expect(page.getByRole("tab", { name: "Campanhas da equipe" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Gestor" })).toBeVisible();

    // The buyer filter narrows the list to the buyer's rows, read-only.
    await table.getByTestId("filter-buyer").selectOption(ids.buyer);
    await expect(page).toHaveURL(new RegExp(`userId=${ids.buyer}`));
    const row = table.getByTestId("campaign-row").filter({ hasText: "98.765,43" });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("campaign-buyer")).toHaveText(seededAccounts.buyer.name);
    const buyerMenu = await menuOf(page, row);
    await expect(buyerMenu.getByRole("menuitem", { name: "Editar" })).toHaveCount(0);
    await expect(buyerMenu.getByRole("menuitem", { name: "Excluir" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("read-only-note")).toContainText(seededAccounts.buyer.name);

    // Their own row keeps Edit and Delete.
    const own = await openList(page, ids.lead);
    const ownRow = own.getByTestId("campaign-row").filter({ hasText: "98.764,21" });
    await expect(ownRow).toHaveCount(1);
    const ownMenu = await menuOf(page, ownRow);
    await expect(ownMenu.getByRole("menuitem", { name: "Editar" })).toBeVisible();
    await expect(ownMenu.getByRole("menuitem", { name: "Excluir" })).toBeVisible();
    await page.keyboard.press("Escape");

    // /campanhas: the buyer's card has no Edit or Delete, the lead's own card has both.
    await page.goto(`/campanhas?userId=${ids.buyer}`);
    const buyerCard = page.locator(`[data-testid=campaign-card][data-id="${ids.buyerRow}"]`);
    await expect(buyerCard.getByTestId("card-analytics")).toBeVisible();
    await expect(buyerCard.getByTestId("card-edit")).toHaveCount(0);
    await expect(buyerCard.getByTestId("card-delete")).toHaveCount(0);
    await page.goto("/campanhas");
    const ownCard = page.locator(`[data-testid=campaign-card][data-id="${ids.leadRow}"]`);
    await expect(ownCard.getByTestId("card-edit")).toBeVisible();
    await expect(ownCard.getByTestId("card-delete")).toBeVisible();
  });
});

test.describe("a buyer", () => {
  test.use({ storageState: storageStatePath("buyer") });

  test("sees their own rows with Edit and Delete, and no buyer column or filter", async ({ page }) => {
    const table = await openList(page);
    await expect(page.getByRole("tab", { name: "Campanhas", exact: true })).toBeVisible();
    await expect(table.getByTestId("filter-buyer")).toHaveCount(0);
    await expect(table.getByRole("columnheader", { name: "Gestor" })).toHaveCount(0);
    const row = table.getByTestId("campaign-row").filter({ hasText: "98.765,43" });
    await expect(row).toHaveCount(1);
    const menu = await menuOf(page, row);
    await expect(menu.getByRole("menuitem", { name: "Editar" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Excluir" })).toBeVisible();
  });
});
