import type { Page } from "@playwright/test";
import { todayIn } from "../../domain/periods";
import type { PaymentHistory, PaymentMonth, PaymentRow } from "../../domain/schemas/payments";
import { formatMoney } from "../../web/lib/format";
import { apiAs } from "./support/api";
import { seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";

// Issue 24, "one money input, everywhere": amounts typed the Brazilian way are read, never cut.
// The payout dialog took "1.030,73" as 1,03 (the field dropped what it did not accept); now the
// text stays as typed, the value to be saved shows beside it, and the payout saved is 1030.73.
// The add-data form's spend goes through the same field (and its draft keeps the typed text).

test.describe.configure({ mode: "serial" });

const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);
const month = today.slice(0, 7);
const suffix = Date.now().toString(36);
const offerName = `Valores Bet ${suffix}`;
const buyerEmail = seededAccounts.buyer.email;
const usd = (value: number | string) => formatMoney(value, "USD", "pt-BR");

async function loadCard(): Promise<PaymentRow> {
  const financial = await apiAs("financial");
  const response = await financial.get(`/api/payments?month=${month}`);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as PaymentMonth;
  await financial.dispose();
  const card = body.items.find((c) => c.email === buyerEmail);
  if (!card) throw new Error("no statement for the seeded buyer");
  return card;
}

/**
 * The seeded buyer's month is shared with the payments journey, which closes, pays and adjusts it:
 * reopen it if it was left cancelled, and add a bonus so that well over 1030.73 is pending.
 */
async function ensurePending(): Promise<PaymentRow> {
  let card = await loadCard();
  const financial = await apiAs("financial");
  if (card.status === "cancelled") {
    const reopened = await financial.post(`/api/payments/${card.statementId}/reopen`, { data: {} });
    expect(reopened.status(), await reopened.text()).toBe(200);
  }
  const bonus = await financial.post(`/api/payments/${card.statementId}/adjustments`, {
    data: { amount: "2000.00", reason: `Money input e2e ${suffix}` },
  });
  expect(bonus.status(), await bonus.text()).toBe(201);
  await financial.dispose();
  card = await loadCard();
  return card;
}

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const offer = await admin.post("/api/offers", {
    data: { name: offerName, casinoBrand: "Placar Casino", value: "500.00", payoutPerDeposit: "50.00" },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const { id: offerId } = (await offer.json()) as { id: string };
  await admin.dispose();
  // Revenue 100 × 50 = 5000, spent 1000: profit 4000, ROI 400%, so well over 1030.73 is due.
  const buyer = await apiAs("buyer");
  const campaign = await buyer.post("/api/campaigns", {
    data: { date: today, offerId, spent: "1000.00", clicks: 900, deposits: 100 },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  await buyer.dispose();
});

async function openPayoutDialog(page: Page) {
  await page.goto(`/financial/payments?month=${month}`);
  const entry = page.locator(
    `[data-testid="payment-row"][data-buyer="${buyerEmail}"], [data-testid="payment-card"][data-buyer="${buyerEmail}"]`,
  );
  await entry.getByTestId("open-details").click();
  const sheet = page.getByTestId("statement-sheet");
  await expect(sheet).toBeVisible();
  await sheet.getByTestId("register-payment").click();
  const dialog = page.getByTestId("payout-dialog");
  await expect(dialog).toBeVisible();
  return { dialog, sheet };
}

test.describe("as the financial user", () => {
  test.use({ storageState: storageStatePath("financial") });

  test("a payout typed as 1.030,73 in pt-BR is saved as 1030.73", async ({ page }) => {
    const before = await ensurePending();
    expect(Number(before.pending)).toBeGreaterThan(1030.73);
    const { dialog, sheet } = await openPayoutDialog(page);
    const amount = dialog.getByTestId("payout-amount");
    const value = dialog.getByTestId("payout-amount-value");
    await expect(amount).toHaveAttribute("placeholder", "0,00");
    await expect(amount).toHaveAttribute("inputmode", "decimal");

    // What the old field cut is now kept as typed and either read whole or refused with a reason.
    await amount.fill("-100");
    await dialog.getByTestId("payout-note").click();
    await expect(amount).toHaveValue("-100");
    await expect(value).toHaveText("O valor não pode ser negativo.");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await dialog.getByTestId("payout-submit").click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("O valor não pode ser negativo.")).toHaveCount(1);

    await amount.fill("10.999");
    await expect(value).toHaveText(`= ${usd(10999)}`);
    await amount.fill("1,030");
    await dialog.getByTestId("payout-note").click();
    await expect(value).toContainText("Pode ser lido de duas formas");
    await amount.fill("1.030,73a");
    await dialog.getByTestId("payout-note").click();
    await expect(amount).toHaveValue("1.030,73a");
    await expect(value).toContainText("Não é um número");

    // Typed key by key, the Brazilian way: the text stays and the value to be saved shows beside it.
    await amount.fill("");
    await amount.pressSequentially("1.030,73");
    await expect(amount).toHaveValue("1.030,73");
    await expect(value).toHaveText(`= ${usd(1030.73)}`);
    await expect(amount).not.toHaveAttribute("aria-invalid", "true");
    await dialog.getByTestId("payout-note").fill(`Pix ${suffix}`);
    await dialog.getByTestId("payout-submit").click();
    await expect(dialog).toBeHidden();

    // The history shows it, and the server stored exactly 1030.73.
    const row = sheet.getByTestId("payout-row").filter({ hasText: `Pix ${suffix}` });
    await expect(row).toContainText(usd(1030.73));
    const financial = await apiAs("financial");
    const history = (await (
      await financial.get(`/api/payments/${before.statementId}/history`)
    ).json()) as PaymentHistory;
    await financial.dispose();
    const payout = history.items.find((item) => item.note === `Pix ${suffix}`);
    expect(payout?.amount).toBe("1030.73");
    const after = await loadCard();
    expect(after.paid).toBe((Number(before.paid) + 1030.73).toFixed(2));
  });
});

test.describe("as a buyer", () => {
  test.use({ storageState: storageStatePath("buyer") });

  test("the add-data spend typed as 1.030,73 is saved as 1030.73, and a reload keeps the text", async ({
    page,
  }) => {
    await page.goto("/add-data");
    const form = page.getByRole("form", { name: "Dados do dia" });
    // Yesterday: today already holds this offer's entry (beforeAll), and there is one per day.
    await form.getByRole("button", { name: "Ontem" }).click();
    await form.getByLabel("Oferta").selectOption({ label: `${offerName} · Placar Casino` });
    const spent = form.getByLabel("Gasto (USD)");
    await spent.pressSequentially("1.030,73");
    await expect(page.getByTestId("campaign-spent-value")).toHaveText(`= ${usd(1030.73)}`);
    await form.getByLabel("Cliques").fill("10");
    await form.getByLabel("Depósitos").fill("30");
    // The preview computes with the value as it will be saved: 30 × 50 − 1030.73.
    await expect(page.getByTestId("preview-profit")).toHaveText(usd(1500 - 1030.73));

    // A reload offers the typed text back, exactly as typed.
    await page.waitForTimeout(500); // the draft is written 300 ms after the last keystroke
    await page.reload();
    await expect(page.getByTestId("draft-notice")).toBeVisible();
    await expect(spent).toHaveValue("1.030,73");

    // A text that cannot be read blocks the submission with its message and stays as typed.
    await spent.fill("1,030");
    await page.getByTestId("submit").click();
    await expect(form.getByText("Pode ser lido de duas formas")).toHaveCount(1);
    await expect(spent).toHaveValue("1,030");

    await spent.fill("1.030,73");
    const created = page.waitForResponse(
      (response) => response.url().endsWith("/api/campaigns") && response.request().method() === "POST",
    );
    await page.getByTestId("submit").click();
    const response = await created;
    expect(response.status()).toBe(201);
    const campaign = (await response.json()) as { id: string; spent: string };
    expect(campaign.spent).toBe("1030.73");
    expect(JSON.parse(response.request().postData() ?? "{}")).toMatchObject({ spent: "1030.73" });
    await expect(page.getByTestId("form-success")).toBeVisible();

    // Leave the buyer's month as it was.
    const buyer = await apiAs("buyer");
    expect((await buyer.delete(`/api/campaigns/${campaign.id}`)).status()).toBe(204);
    await buyer.dispose();
  });
});
