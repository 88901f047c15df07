import type { Page, Request } from "@playwright/test";
import { addDays, todayIn } from "../../domain/periods";
import type { Campaign, CampaignPage } from "../../domain/schemas/campaigns";
import { apiAs } from "./support/api";
import { storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/pages";

// Issue 27, "writes that lose nothing" (docs/decisions/0069): a save that cannot reach the server
// says so within 10 s, keeps what was typed and offers Retry; the retry sends the same Idempotency-Key,
// so a save that did arrive is answered again, never made twice. An edit keeps a revenue entered
// directly unless the buyer ticks "recompute from deposits".

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStatePath("buyer"), viewport: { width: 360, height: 780 } });

const today = todayIn("America/Sao_Paulo");
const suffix = Date.now().toString(36);
const offerName = `Sem Rede Bet ${suffix}`;
let offerId = "";

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const offer = await admin.post("/api/offers", {
    data: { name: offerName, casinoBrand: "Placar Casino", value: "100.00", payoutPerDeposit: "0.20" },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  offerId = ((await offer.json()) as { id: string }).id;
  await admin.dispose();
});

test.afterAll(async () => {
  // Leave the buyer's month as it was: this spec's rows go.
  const buyer = await apiAs("buyer");
  const page = (await (
    await buyer.get(`/api/campaigns?offerId=${offerId}&pageSize=100`)
  ).json()) as CampaignPage;
  for (const campaign of page.items) await buyer.delete(`/api/campaigns/${campaign.id}`);
  await buyer.dispose();
});

async function savedRows(): Promise<Campaign[]> {
  const buyer = await apiAs("buyer");
  const response = await buyer.get(`/api/campaigns?offerId=${offerId}&pageSize=100`);
  expect(response.status()).toBe(200);
  const page = (await response.json()) as CampaignPage;
  await buyer.dispose();
  return page.items;
}

async function fillDay(page: Page, spent: string) {
  await page.goto("/add-data");
  const form = page.getByRole("form", { name: "Dados do dia" });
  await form.getByLabel("Oferta").selectOption({ label: `${offerName} · Placar Casino` });
  await form.getByLabel("Gasto (USD)").fill(spent);
  await form.getByLabel("Cliques").fill("12");
  await form.getByLabel("Depósitos").fill("3");
  return form;
}

const keyOf = (request: Request) => request.headers()["idempotency-key"];

test("offline: the save says so at once in Portuguese, keeps the form, and Retry saves one row", async ({
  page,
  context,
}) => {
  const form = await fillDay(page, "7,50");
  const keys: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/campaigns"))
      keys.push(keyOf(request) ?? "");
  });
  await context.setOffline(true);
  const clicked = Date.now();
  await page.getByTestId("submit").click();
  const notice = page.getByTestId("unreachable");
  await expect(notice).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - clicked).toBeLessThan(10_000);
  await expect(notice).toContainText("Não foi possível falar com o servidor");
  await expect(notice.getByTestId("unreachable-retry")).toHaveText("Tentar novamente");
  // What was typed stays, and the message fits a 360 px phone.
  await expect(form.getByLabel("Gasto (USD)")).toHaveValue("7,50");
  await expect(form.getByLabel("Depósitos")).toHaveValue("3");
  await expectNoHorizontalScroll(page);
  expect(await savedRows()).toHaveLength(0);

  await context.setOffline(false);
  await notice.getByTestId("unreachable-retry").click();
  await expect(page.getByTestId("form-success")).toBeVisible();
  await expect(notice).toHaveCount(0);
  const rows = await savedRows();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ spent: "7.50", deposits: 3, date: today });
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
});

test("an answer that never comes: the message within 10 s, and Retry is answered without a second row", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // One entry per offer and day (decision 0083): the day the test before saved is cleared first.
  const buyer = await apiAs("buyer");
  for (const row of await savedRows())
    expect((await buyer.delete(`/api/campaigns/${row.id}`)).status()).toBe(204);
  await buyer.dispose();
  const before = (await savedRows()).length;
  const form = await fillDay(page, "4,25");
  const sent: Request[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The first save reaches the server (and is saved), but its answer is held back past the limit.
  await page.route("**/api/campaigns", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    sent.push(route.request());
    if (sent.length > 1) return route.fallback();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response }).catch(() => {}); // the page gave up on it already
  });
  const clicked = Date.now();
  await page.getByTestId("submit").click();
  const notice = page.getByTestId("unreachable");
  await expect(notice).toBeVisible({ timeout: 10_500 });
  expect(Date.now() - clicked).toBeLessThanOrEqual(10_000);
  await expect(form.getByLabel("Gasto (USD)")).toHaveValue("4,25");
  expect((await savedRows()).length).toBe(before + 1);

  const retried = page.waitForResponse(
    (response) => response.url().endsWith("/api/campaigns") && response.request().method() === "POST",
  );
  await notice.getByTestId("unreachable-retry").click();
  const answer = await retried;
  expect(answer.status()).toBe(201);
  expect(answer.headers()["idempotent-replayed"]).toBe("true");
  expect(sent).toHaveLength(2);
  expect(keyOf(sent[1]!)).toBe(keyOf(sent[0]!));
  await expect(page.getByTestId("form-success")).toBeVisible();
  expect((await savedRows()).length).toBe(before + 1);
  release();
  await page.unroute("**/api/campaigns");
});

test("the edit form keeps a revenue entered directly unless the buyer ticks recompute", async ({ page }) => {
  const buyer = await apiAs("buyer");
  const created = await buyer.post("/api/campaigns", {
    // Yesterday: today holds this offer's entry from the tests before (one entry per day).
    data: { date: addDays(today, -1), offerId, spent: "1.00", deposits: 1, depositPayment: "0.25" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as Campaign;
  await buyer.dispose();

  await page.goto("/campanhas");
  const card = page.locator(`[data-testid="campaign-card"][data-id="${id}"]`);
  await card.getByTestId("card-edit").click();
  const dialog = page.getByTestId("edit-dialog");
  await expect(dialog).toBeVisible();
  const recompute = dialog.getByTestId("recompute-revenue");
  // 0.25 is not 1 × 0.20: entered directly, so the choice starts at "keep".
  await expect(recompute).not.toBeChecked();
  await expect(dialog.getByTestId("revenue-kept")).toContainText("0,25");
  await dialog.getByRole("textbox", { name: "Depósitos" }).fill("2");
  await expect(
    dialog.getByText(/Recalcular a receita pelos depósitos \(2 × US\$\s?0,20 = US\$\s?0,40\)/),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await dialog.getByTestId("edit-save").click();
  await expect(dialog).toBeHidden();
  let saved = (await savedRows()).find((row) => row.id === id);
  expect(saved).toMatchObject({ deposits: 2, revenue: "0.25" });

  await card.getByTestId("card-edit").click();
  await expect(recompute).not.toBeChecked();
  await dialog.getByRole("textbox", { name: "Depósitos" }).fill("3");
  await recompute.check();
  await expect(dialog.getByTestId("revenue-kept")).toHaveCount(0);
  await dialog.getByTestId("edit-save").click();
  await expect(dialog).toBeHidden();
  saved = (await savedRows()).find((row) => row.id === id);
  expect(saved).toMatchObject({ deposits: 3, revenue: "0.60" });
});
