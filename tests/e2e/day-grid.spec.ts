import type { APIRequestContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { computeProfit } from "../../domain/metrics";
import { subtractMoney, sumMoney } from "../../domain/money";
import { addDays, todayIn } from "../../domain/periods";
import { formatMoney, formatPercent } from "../../web/lib/format";
import { expectAccessible } from "./support/axe";
import { screensServer, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/pages";

// Issue 26, the day grid (docs/decisions/0085): a buyer pastes five offers from a spreadsheet
// block into /add-data?mode=day, sees the day's totals, saves once (one batch), and the rows are
// stored; a backwards funnel is warned about beside its row and saved only when confirmed; a draft
// survives a reload; at 360 px the grid is one card per offer without sideways scrolling.

const base = screensServer.baseURL;
const today = todayIn("America/Sao_Paulo");
const yesterday = addDays(today, -1);
// The day this spec logs: one no other spec writes for the shared buyer (the grid's totals are the
// whole day's, every offer included).
const gridDay = addDays(today, -45);
const suffix = Date.now().toString(36);
const offers = [
  { name: `Grade Sol ${suffix}`, payout: "20.00" },
  { name: `Grade Lua ${suffix}`, payout: "15.50" },
  { name: `Grade Mar ${suffix}`, payout: "10.00" },
  { name: `Grade Rio ${suffix}`, payout: "7.25" },
  { name: `Grade Céu ${suffix}`, payout: "33.33" },
];
const offerIds = new Map<string, string>();

async function apiAs(role: "admin" | "buyer"): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: base,
    storageState: storageStatePath(role),
    extraHTTPHeaders: { origin: base },
  });
}

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  for (const offer of offers) {
    const response = await admin.post("/api/offers", {
      data: {
        name: offer.name,
        casinoBrand: "Placar Casino",
        value: "500.00",
        currency: "USD",
        payoutPerDeposit: offer.payout,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    offerIds.set(offer.name, ((await response.json()) as { id: string }).id);
  }
  await admin.dispose();
});

test.use({ storageState: storageStatePath("buyer") });

/** The buyer's spend and revenue already logged on a day. */
async function dayHolds(date: string): Promise<{ spent: string; revenue: string }> {
  const buyer = await apiAs("buyer");
  const response = await buyer.get(`/api/campaigns?from=${date}&to=${date}&pageSize=100`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { spent: string; revenue: string }[] };
  await buyer.dispose();
  return {
    spent: sumMoney(items.map((item) => item.spent)),
    revenue: sumMoney(items.map((item) => item.revenue)),
  };
}

const cell = (page: Page, offer: string, column: string) =>
  page.getByLabel(`${offer}: ${column}`, { exact: true });

/** Pastes text into an input as a spreadsheet's copy does (a paste event with text/plain). */
async function pasteInto(page: Page, offer: string, column: string, text: string) {
  const input = cell(page, offer, column);
  await input.focus();
  await input.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test("a buyer pastes five offers from a spreadsheet, sees the day's totals and saves once", async ({
  page,
}) => {
  await page.goto("/add-data");
  await page.getByTestId("mode-day").click();
  await expect(page).toHaveURL(/mode=day/);
  const grid = page.getByTestId("day-grid");
  await expect(grid).toBeVisible();
  await expect(page.getByTestId("day-grid-date")).toHaveValue(yesterday.split("-").reverse().join("/"));
  await expectAccessible(page, { label: "day grid" });
  // What the day holds already (other specs share this buyer): the totals are the whole day's.
  const held = await dayHolds(gridDay);
  await page.goto(`/add-data?mode=day&date=${gridDay}`);
  await expect(page.getByTestId("day-grid-date")).toHaveValue(gridDay.split("-").reverse().join("/"));

  // A Brazilian spreadsheet's copy: tabs, a header row, decimal commas, one line naming no offer.
  const block = [
    "Oferta\tGasto\tCliques\tInstalações\tCadastros\tDepósitos",
    `${offers[0]!.name}\t1.234,56\t2.000\t300\t40\t10`,
    `${offers[1]!.name.toUpperCase()}\t100,25\t900\t200\t30\t2`,
    `${offers[2]!.name}\t50\t500\t100\t20\t1`,
    `${offers[3]!.name}\t0,75\t10\t5\t5\t0`,
    `${offers[4]!.name}\t200,00\t1.500\t400\t60\t3`,
    `Oferta Fantasma ${suffix}\t1\t1\t1\t1\t1`,
  ].join("\r\n");
  await pasteInto(page, offers[0]!.name, "Gasto", block);

  await expect(cell(page, offers[0]!.name, "Gasto")).toHaveValue("1234,56");
  await expect(cell(page, offers[4]!.name, "Cliques")).toHaveValue("1500");
  await expect(page.getByTestId("paste-unmatched")).toContainText(`Oferta Fantasma ${suffix}`);
  await expect(page.getByTestId("changed-count")).toHaveText("5 linhas alteradas");

  // Pasted: spend 1585.56; revenue 10×20 + 2×15.50 + 1×10 + 0 + 3×33.33 = 340.99; plus the day's.
  const totals = page.getByTestId("day-totals");
  const spent = sumMoney(["1585.56", held.spent]);
  const revenue = sumMoney(["340.99", held.revenue]);
  await expect(totals.getByTestId("total-spent")).toHaveText(formatMoney(spent, "USD", "pt-BR"));
  await expect(totals.getByTestId("total-revenue")).toHaveText(formatMoney(revenue, "USD", "pt-BR"));
  await expect(totals.getByTestId("total-profit")).toHaveText(
    formatMoney(subtractMoney(revenue, spent), "USD", "pt-BR"),
  );
  await expect(totals.getByTestId("total-roi")).toHaveText(
    formatPercent(computeProfit({ spent, revenue }).roi, "pt-BR"),
  );

  // A typed change is live too: the row's revenue follows its deposits.
  const row = page.locator(`[data-offer="${offers[3]!.name}"]`);
  await cell(page, offers[3]!.name, "Depósitos").fill("4");
  await expect(row.getByTestId(/row-\d+-revenue/)).toHaveText(formatMoney("29.00", "USD", "pt-BR"));
  await expect(totals.getByTestId("total-revenue")).toHaveText(
    formatMoney(sumMoney(["369.99", held.revenue]), "USD", "pt-BR"),
  );

  // One save: one batch request with the five changed rows and an idempotency key.
  const batches: { rows: unknown[]; duplicates: string; key: string | null }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/campaigns/batch")) {
      const body = request.postDataJSON() as { rows: unknown[]; duplicates: string };
      batches.push({ ...body, key: request.headers()["idempotency-key"] ?? null });
    }
  });
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/campaigns/batch"));
  await page.getByTestId("day-grid-save").click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("changed-count")).toHaveText("Nenhuma linha alterada");
  expect(batches).toHaveLength(1);
  expect(batches[0]!.rows).toHaveLength(5);
  expect(batches[0]!.duplicates).toBe("replace");
  expect(batches[0]!.key).toBeTruthy();

  // Stored: the buyer's entries of that day, one per offer, with the pasted figures.
  const buyer = await apiAs("buyer");
  const list = await buyer.get(`/api/campaigns?from=${gridDay}&to=${gridDay}&pageSize=100`);
  expect(list.status()).toBe(200);
  const items = (
    (await list.json()) as { items: { offerId: string; spent: string; deposits: number; clicks: number }[] }
  ).items;
  const mine = items.filter((item) => [...offerIds.values()].includes(item.offerId));
  expect(mine).toHaveLength(5);
  const byOffer = new Map(mine.map((item) => [item.offerId, item]));
  expect(byOffer.get(offerIds.get(offers[0]!.name)!)).toMatchObject({
    spent: "1234.56",
    clicks: 2000,
    deposits: 10,
  });
  expect(byOffer.get(offerIds.get(offers[3]!.name)!)).toMatchObject({ spent: "0.75", deposits: 4 });
  await buyer.dispose();

  // Opened again, the grid holds what the day holds.
  await page.reload();
  await expect(cell(page, offers[0]!.name, "Gasto")).toHaveValue("1234,56");
  await expect(page.getByTestId("changed-count")).toHaveText("Nenhuma linha alterada");
});

test("spreadsheet keys move between cells and Escape puts the cell back", async ({ page }) => {
  const date = addDays(today, -4);
  await page.goto(`/add-data?mode=day&date=${date}`);
  const first = page.getByTestId("cell-0-spent");
  await first.click();
  await page.keyboard.type("12,5");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("cell-0-clicks")).toBeFocused();
  await page.keyboard.type("99");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("cell-0-clicks")).toHaveValue("");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cell-1-clicks")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByTestId("cell-0-clicks")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(first).toBeFocused();
  await expect(first).toHaveValue("12,5");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("cell-1-spent")).toBeFocused();
});

test("a draft survives a reload, is announced and can be discarded; leaving asks first", async ({ page }) => {
  const date = addDays(today, -3);
  await page.goto(`/add-data?mode=day&date=${date}`);
  await cell(page, offers[1]!.name, "Gasto").fill("42,00");
  await expect(page.getByTestId("changed-count")).toHaveText("1 linha alterada");

  // An in-app navigation is held with a question.
  await page.getByTestId("mode-one").click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("button", { name: "Continuar editando" }).click();
  await expect(page).toHaveURL(/mode=day/);

  // The draft is written a moment after typing; a reload restores it with a notice.
  await page.waitForTimeout(600);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByTestId("draft-notice")).toBeVisible();
  await expect(cell(page, offers[1]!.name, "Gasto")).toHaveValue("42,00");
  await page.getByTestId("draft-notice").getByRole("button").click();
  await expect(cell(page, offers[1]!.name, "Gasto")).toHaveValue("");
  await expect(page.getByTestId("draft-notice")).toHaveCount(0);
});

// The guardrails (422 needs_confirmation on POST /api/campaigns/batch, decision 0084).
test("a backwards funnel is warned about beside its row and saved only when confirmed", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError(/\/api\/campaigns\/batch$/, 422);
  const date = addDays(today, -2);
  await page.goto(`/add-data?mode=day&date=${date}`);
  const name = offers[2]!.name;
  await cell(page, name, "Gasto").fill("10");
  await cell(page, name, "Cliques").fill("10");
  await cell(page, name, "Instalações").fill("500");
  await cell(page, name, "Registros").fill("900");
  await cell(page, name, "Depósitos").fill("1000");
  const warned = page.waitForResponse((r) => r.url().endsWith("/api/campaigns/batch"));
  await page.getByTestId("day-grid-save").click();
  expect((await warned).status()).toBe(422);
  await expect(page.getByTestId("day-grid-error")).toBeVisible();
  // Beside its row: the messages line that follows the offer's row names the backwards funnel.
  await expect(
    page
      .getByRole("list", { name: `Avisos de ${name}` })
      .getByTestId("row-warning")
      .first(),
  ).toBeVisible();

  // Corrected: the deposits go back under the registrations, and the save asks nothing.
  await cell(page, name, "Instalações").fill("5");
  await cell(page, name, "Registros").fill("4");
  await cell(page, name, "Depósitos").fill("1");
  const corrected = page.waitForResponse((r) => r.url().endsWith("/api/campaigns/batch"));
  await page.getByTestId("day-grid-save").click();
  expect((await corrected).status()).toBe(200);

  // Or confirmed as it is: "Salvar mesmo assim" resends with acknowledgeWarnings.
  await cell(page, name, "Registros").fill("900");
  await cell(page, name, "Depósitos").fill("1000");
  const again = page.waitForResponse((r) => r.url().endsWith("/api/campaigns/batch"));
  await page.getByTestId("day-grid-save").click();
  expect((await again).status()).toBe(422);
  const confirmed = page.waitForRequest((r) => r.url().endsWith("/api/campaigns/batch"));
  await page.getByTestId("day-grid-confirm").click();
  expect((await confirmed).postDataJSON()).toMatchObject({ acknowledgeWarnings: true });
  await expect(page.getByTestId("changed-count")).toHaveText("Nenhuma linha alterada");
});

test("at 360 px the grid is one card per offer, without sideways scrolling", async ({ page }) => {
  // Its own day, logged here: the test stands alone (a retry runs it in a fresh worker, with new offers).
  const phoneDay = addDays(today, -46);
  const buyer = await apiAs("buyer");
  const logged = await buyer.post("/api/campaigns/batch", {
    data: {
      duplicates: "replace",
      rows: [{ date: phoneDay, offerId: offerIds.get(offers[0]!.name), spent: "1234.56", clicks: 2000 }],
    },
  });
  expect(logged.status(), await logged.text()).toBe(200);
  await buyer.dispose();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/add-data?mode=day&date=${phoneDay}`);
  await expect(page.getByTestId("day-grid-cards")).toBeVisible();
  await expect(page.getByTestId("day-grid-table")).toHaveCount(0);
  await expect(page.locator(`section[data-offer="${offers[0]!.name}"]`)).toBeVisible();
  await expect(page.getByLabel(`Gasto · ${offers[0]!.name}`, { exact: true })).toHaveValue("1234,56");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, { label: "day grid at 360 px" });
});
