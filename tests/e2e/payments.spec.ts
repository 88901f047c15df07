import type { Browser, Locator, Page } from "@playwright/test";
import { todayIn } from "../../domain/periods";
import type { PaymentHistory, PaymentMonth, PaymentRow } from "../../domain/schemas/payments";
import { formatMoney } from "../../web/lib/format";
import { apiAs, restoreLanguage } from "./support/api";
import { expectAccessible } from "./support/axe";
import { seededAccounts, storageStatePath } from "./support/env";
import { type ConsoleGuard, expect, test } from "./support/fixtures";
import { expectScreen, languages, openPage, themes, viewportNames } from "./support/pages";

// Issue 24's month close on the seeded "screens" server. The admin creates an offer and the buyer
// logs today's results through the API. The financial user finds the buyer in the month's table
// (filters and sort in the URL, the server's totals), reads why the amount is what it is, closes the
// month early (the dialog names the days still to come), confirms the payment (a double click pays
// once) while the buyer's badge turns to "Pago" live, and reverses it with a reason. A second test
// types a pt-BR amount, pays part, edits the payout's note (never its amount), reverses the partial
// payout, adds a clawback and a bonus, processes in bulk and reopens, and saves commission settings
// from a month; a third shows the buyer's /user/payments. Each test leaves the statement pending
// with nothing paid and adjustments netting to zero: later specs log days in this month.
// Every language, theme and width: expectScreen (language, no error page, nothing wider than the window).

test.describe.configure({ mode: "serial" });

const timeZone = "America/Sao_Paulo";
const today = todayIn(timeZone);
const month = today.slice(0, 7);
const suffix = Date.now().toString(36);
const buyerEmail = seededAccounts.buyer.email;
const usd = (value: number | string, language: "pt-BR" | "en" = "pt-BR") =>
  formatMoney(value, "USD", language);

async function loadMonth(): Promise<PaymentMonth> {
  const financial = await apiAs("financial");
  const response = await financial.get(`/api/payments?month=${month}`);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as PaymentMonth;
  await financial.dispose();
  return body;
}

async function loadRow(): Promise<PaymentRow> {
  const row = (await loadMonth()).items.find((item) => item.email === buyerEmail);
  if (!row) throw new Error("no statement for the seeded buyer");
  return row;
}

async function loadHistory(statementId: string): Promise<PaymentHistory> {
  const financial = await apiAs("financial");
  const response = await financial.get(`/api/payments/${statementId}/history`);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as PaymentHistory;
  await financial.dispose();
  return body;
}

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const offer = await admin.post("/api/offers", {
    data: {
      name: `Pagamentos Bet ${suffix}`,
      casinoBrand: "Placar Casino",
      value: "500.00",
      currency: "BRL",
      payoutPerDeposit: "50.00",
    },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const { id: offerId } = (await offer.json()) as { id: string };
  await admin.dispose();
  // Today's results: revenue 6 × 50 = 300, spent 100, profit 200 (ROI 200%).
  const buyer = await apiAs("buyer");
  const campaign = await buyer.post("/api/campaigns", {
    data: {
      date: today,
      offerId,
      spent: "100.00",
      clicks: 400,
      installations: 80,
      registrations: 20,
      deposits: 6,
    },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  await buyer.dispose();
});

test.use({ storageState: storageStatePath("financial") });

/** The buyer's row (a table wider than a phone) or card (a phone). */
function buyerEntry(page: Page): Locator {
  return page.locator(
    `[data-testid="payment-row"][data-buyer="${buyerEmail}"], [data-testid="payment-card"][data-buyer="${buyerEmail}"]`,
  );
}

/** Opens the buyer's side sheet: the explanation, the ledger and every action. */
async function openSheet(page: Page): Promise<Locator> {
  await buyerEntry(page).getByTestId("open-details").click();
  const sheet = page.getByTestId("statement-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId("sheet-explanation")).toBeVisible();
  return sheet;
}

/** A buyer's page in a context of its own, on the dashboard, watched by the console guard. */
async function buyerPage(browser: Browser, guard: ConsoleGuard, path = "/") {
  const context = await browser.newContext({ storageState: storageStatePath("buyer") });
  const page = await context.newPage();
  guard.watch(page);
  await page.goto(path);
  return { page, context };
}

test("the financial user filters the month, closes it early, confirms and reverses the payment", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const initial = await loadRow();
  expect(initial.status).toBe("pending");
  expect(Number(initial.pending)).toBeGreaterThan(0);
  const due = usd(initial.pending);
  const monthData = await loadMonth();
  // The current month has not ended: closing it is an early close.
  expect(monthData.monthOver).toBe(false);

  // The buyer watches the top bar: it shows the pending commission and will change live.
  const buyer = await buyerPage(browser, consoleGuard);
  await expect(buyer.page.getByTestId("pending-badge-amount")).toHaveText(due);

  await page.goto(`/financial/payments?month=${month}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamentos" })).toBeVisible();
  const entry = buyerEntry(page);
  await expect(entry.getByTestId("row-status")).toHaveText("Pendente");
  await expect(entry.getByTestId("row-pending")).toContainText(due);
  await expect(page.getByTestId("month-open-notice")).toBeVisible();
  // The totals row is the server's, never summed here.
  await expect(page.getByTestId("total-pending")).toHaveText(usd(monthData.totals.pending));

  // Filters live in the URL and reach the server; an empty result says so.
  await page.getByTestId("filter-status").selectOption("paid");
  await expect(page).toHaveURL(/status=paid/);
  await expect(entry).toHaveCount(0);
  await page.getByTestId("filter-status").selectOption("");
  await page.getByTestId("filter-pending").check();
  await expect(page).toHaveURL(/pending=1/);
  await expect(entry).toBeVisible();
  // The buyer's own team lead, or "none" for a buyer without one.
  const lead = initial.teamLead?.id ?? "none";
  await page.getByTestId("filter-lead").selectOption(lead);
  await expect(page).toHaveURL(new RegExp(`lead=${lead}`));
  await expect(entry).toBeVisible();
  await page.getByTestId("clear-filters").click();
  await expect(page).not.toHaveURL(/pending=1|lead=|status=/);
  // Sorting too: largest pending first, then the other way.
  await page.getByTestId("sort-pending").click();
  await expect(page).toHaveURL(/sort=pending&dir=desc/);
  await page.getByTestId("sort-pending").click();
  await expect(page).toHaveURL(/sort=pending&dir=asc/);
  await page.reload();
  await expect(page.getByTestId("sort-pending").locator("..")).toHaveAttribute("aria-sort", "ascending");

  // Why the amount: the model, the ROI against the threshold, profit × rate.
  const sheet = await openSheet(page);
  await expect(sheet.getByTestId("explain-commission")).toContainText(usd(initial.explanation.commission));
  await expect(sheet.getByTestId("sheet-pending")).toHaveText(due);
  await expect(sheet.getByText("Nenhum pagamento encontrado para este mês.")).toBeVisible();

  // Processar before the month ends: the dialog names the days still to come.
  await sheet.getByRole("button", { name: "Processar", exact: true }).click();
  const confirm = page.getByTestId("confirm-action-dialog");
  await expect(confirm.getByTestId("early-close-notice")).toBeVisible();
  await expect(confirm.getByTestId("early-close-notice")).toContainText(/Dias ainda por vir|Hoje/);
  await confirm.getByRole("button", { name: "Fechar antes e processar" }).click();
  await expect(confirm).toBeHidden();
  await expect(sheet.getByTestId("sheet-status")).toHaveText("Processando");
  await expect(sheet.getByRole("button", { name: "Processar", exact: true })).toBeDisabled();
  await expect(sheet.getByRole("button", { name: "Reabrir" })).toBeEnabled();

  // Confirmar Pagamento asks first with the amount; a double click on the confirmation pays once.
  await sheet.getByRole("button", { name: "Confirmar Pagamento" }).click();
  await expect(confirm).toContainText(due);
  await expect(confirm.getByTestId("early-close-notice")).toBeVisible();
  await confirm.getByTestId("confirm-action").dblclick();
  await expect(page.getByText("Pagamento realizado com sucesso!").first()).toBeVisible();
  await expect(sheet.getByTestId("sheet-status")).toHaveText("Pago");
  await expect(sheet.getByTestId("sheet-pending")).toHaveText(usd(0));
  await expect(sheet.getByTestId("register-payment")).toBeDisabled();
  const payouts = sheet.getByTestId("payout-row");
  await expect(payouts).toHaveCount(1);
  await expect(payouts.first()).toContainText(due);
  await expect(payouts.first()).toContainText("Pagamento confirmado em");
  expect((await loadHistory(initial.statementId)).total).toBe(1);

  // Live: the buyer's badge reads "Pago" with the date, without a reload.
  await expect(buyer.page.getByTestId("pending-badge")).toHaveAttribute("data-state", "paid");
  await expect(buyer.page.getByTestId("pending-badge")).toContainText("Pago");

  // Reverse: the amount is repeated and a reason is required.
  await payouts.first().getByTestId("reverse-payout").click();
  const reverse = page.getByTestId("reverse-dialog");
  await expect(reverse.getByTestId("reverse-amount")).toHaveText(due);
  await reverse.getByTestId("reverse-submit").click();
  await expect(reverse.getByText("Informe o motivo da reversão.")).toBeVisible();
  await reverse.getByTestId("reverse-reason").fill("Conta bancária errada");
  await expect(reverse.getByTestId("reverse-submit")).toHaveText(`Reverter ${due}`);
  await reverse.getByTestId("reverse-submit").click();
  await expect(page.getByText("Pagamento revertido com sucesso!").first()).toBeVisible();
  await expect(reverse).toBeHidden();
  await expect(sheet.getByTestId("sheet-status")).toHaveText("Pendente");
  await expect(sheet.getByTestId("sheet-pending")).toHaveText(due);
  await expect(payouts.first()).toContainText("Revertido");
  await expect(payouts.first()).toContainText("Conta bancária errada");
  await expect(payouts.first().getByTestId("reverse-payout")).toHaveCount(0);

  // The trail: every step, who did it, from → to.
  const trail = (await sheet.getByTestId("status-change").allTextContents()).join(" | ");
  for (const text of ["Processado", "Pagamento confirmado", "Pagamento revertido", "Conta bancária errada"])
    expect(trail).toContain(text);
  expect(trail).toContain(seededAccounts.financial.name);

  // The buyer's badge is back to the pending amount (a reversal sends no notification: on reload).
  await buyer.page.reload();
  await expect(buyer.page.getByTestId("pending-badge-amount")).toHaveText(due);
  await buyer.context.close();

  const history = await loadHistory(initial.statementId);
  expect(history.total).toBe(1);
  expect(history.items[0]?.reversalReason).toBe("Conta bancária errada");
  expect((await loadRow()).status).toBe("pending");
});

test("a typed pt-BR amount, a partial payout, its note and reversal, adjustments, bulk and settings", async ({
  page,
  consoleGuard,
}) => {
  // Paying more than is pending is checked here first; the server refuses it too (409).
  consoleGuard.allowHttpError(/\/payouts$/, 409);
  const initial = await loadRow();
  const pending = Number(initial.pending);
  await page.goto(`/financial/payments?month=${month}`);
  const sheet = await openSheet(page);

  // Register New Payment: what cannot be read is kept as typed and refused, never trimmed.
  await sheet.getByTestId("register-payment").click();
  const dialog = page.getByTestId("payout-dialog");
  await expect(dialog.getByRole("heading", { name: "Registrar Novo Pagamento" })).toBeVisible();
  const amount = dialog.getByTestId("payout-amount");
  await amount.fill("-100");
  await dialog.getByTestId("payout-submit").click();
  await expect(dialog.getByText("O valor não pode ser negativo.")).toBeVisible();
  await expect(amount).toHaveValue("-100");
  await amount.fill("10,555");
  await dialog.getByTestId("payout-submit").click();
  // Nothing typed is cut: in pt-BR "10,555" could be 10,555 or 10.555, so it is refused, not guessed.
  await expect(dialog.getByText(/Pode ser lido de duas formas/)).toBeVisible();
  await expect(amount).toHaveValue("10,555");
  await amount.fill(formatMoney(pending + 1, "USD", "pt-BR").replace(/^US\$\s/, ""));
  await dialog.getByTestId("payout-submit").click();
  await expect(dialog.getByText("O valor é maior que o pendente.")).toBeVisible();
  // pt-BR: the comma is the decimal mark; the value as it will be saved is shown beside the field.
  await amount.fill("10,00");
  await expect(dialog.getByTestId("payout-amount-value")).toHaveText(`= ${usd(10)}`);
  await dialog.getByTestId("payout-note").fill("Adiantamento");
  await expect(dialog.getByTestId("payout-submit")).toHaveText(`Registrar ${usd(10)}`);
  await dialog.getByTestId("payout-submit").click();
  await expect(dialog).toBeHidden();
  await expect(sheet.getByTestId("sheet-pending")).toHaveText(usd(pending - 10));
  const partial = sheet.getByTestId("payout-row").filter({ hasText: "Adiantamento" });
  await expect(partial).toContainText(usd(10));

  // Edit: the note only; the amount is shown and stays.
  await partial.getByTestId("edit-payout").click();
  const noteDialog = page.getByTestId("payout-note-dialog");
  await expect(noteDialog.getByTestId("payout-note-amount")).toHaveText(usd(10));
  await expect(noteDialog.getByTestId("payout-amount")).toHaveCount(0);
  await noteDialog.getByTestId("payout-note-input").fill("Adiantamento via Pix");
  await noteDialog.getByTestId("payout-note-submit").click();
  await expect(page.getByText("Pagamento atualizado").first()).toBeVisible();
  const edited = sheet.getByTestId("payout-row").filter({ hasText: "Adiantamento via Pix" });
  await expect(edited).toContainText(usd(10));

  // A partial payout is reversed like any other.
  await edited.getByTestId("reverse-payout").click();
  const reverse = page.getByTestId("reverse-dialog");
  await reverse.getByTestId("reverse-reason").fill("Pix devolvido");
  await reverse.getByTestId("reverse-submit").click();
  await expect(reverse).toBeHidden();
  await expect(sheet.getByTestId("sheet-pending")).toHaveText(usd(pending));
  await expect(edited).toHaveAttribute("data-reversed", "true");

  // A clawback: a positive amount with its sign chosen, a reason, and a confirmation with the sign.
  await sheet.getByTestId("add-adjustment").click();
  const adjust = page.getByTestId("adjustment-dialog");
  await adjust.locator("label", { has: page.getByTestId("adjustment-clawback") }).click();
  await adjust.getByTestId("adjustment-amount").fill("5,00");
  await adjust.getByTestId("adjustment-next").click();
  await expect(adjust.getByText("Informe o motivo do ajuste.")).toBeVisible();
  await adjust.getByTestId("adjustment-reason").fill("Chargeback do cassino");
  await adjust.getByTestId("adjustment-next").click();
  await expect(adjust.getByTestId("adjustment-review-amount")).toHaveText(usd(-5));
  await adjust.getByTestId("adjustment-confirm").click();
  await expect(page.getByText("Ajuste adicionado").first()).toBeVisible();
  await expect(adjust).toBeHidden();
  await expect(sheet.getByTestId("sheet-adjustments")).toHaveText(usd(-5));
  await expect(sheet.getByTestId("sheet-pending")).toHaveText(usd(pending - 5));
  await expect(
    sheet.getByTestId("adjustment-item").filter({ hasText: "Chargeback do cassino" }),
  ).toBeVisible();

  // And a bonus of the same: the month nets to what it was.
  await sheet.getByTestId("add-adjustment").click();
  await adjust.locator("label", { has: page.getByTestId("adjustment-bonus") }).click();
  await adjust.getByTestId("adjustment-amount").fill("5");
  await adjust.getByTestId("adjustment-reason").fill("Estorno do chargeback");
  await adjust.getByTestId("adjustment-next").click();
  await expect(adjust.getByTestId("adjustment-review-amount")).toHaveText(`+${usd(5)}`);
  await adjust.getByTestId("adjustment-confirm").click();
  await expect(adjust).toBeHidden();
  await expect(sheet.getByTestId("sheet-pending")).toHaveText(usd(pending));
  await expect(sheet.getByTestId("adjustment-item")).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  // Bulk: select the buyer, process early; each row shows its own result.
  await buyerEntry(page).getByTestId("select-row").check();
  await expect(page.getByTestId("bulk-count")).toHaveText("Selecionados: 1");
  await page.getByTestId("bulk-process").click();
  const bulk = page.getByTestId("bulk-dialog");
  await expect(bulk.getByTestId("early-close-notice")).toBeVisible();
  await bulk.getByTestId("bulk-run").click();
  await expect(bulk.locator(`[data-testid="bulk-row"][data-buyer="${buyerEmail}"]`)).toHaveAttribute(
    "data-state",
    "done",
  );
  await bulk.getByTestId("bulk-close").click();
  await expect(buyerEntry(page).getByTestId("row-status")).toHaveText("Processando");
  // Reopen from processing: the month is open again for the buyer's days.
  const again = await openSheet(page);
  await again.getByRole("button", { name: "Reabrir" }).click();
  await expect(again.getByTestId("sheet-status")).toHaveText("Pendente");

  // The commission model from a month on, validated before saving; the history lists versions.
  await again.getByTestId("edit-rates").click();
  const rates = page.getByTestId("commission-dialog");
  await expect(rates.getByLabel("Comissão base (%)")).toHaveValue("30");
  await expect(rates.getByTestId("commission-effective-from").getByTestId("month-select")).toHaveValue(
    String(Number(month.slice(5, 7)) - 1),
  );
  await rates.getByTestId("commission-model").selectOption("tiered");
  await expect(rates.getByTestId("tier-row")).toHaveCount(8);
  await rates.getByLabel("Limite de ROI (%)").fill("150");
  await rates.getByTestId("commission-submit").click();
  await expect(rates.getByText("Use um valor entre 0 e 100.")).toBeVisible();
  await rates.getByLabel("Limite de ROI (%)").fill("30");
  await rates.getByLabel("Receita de (faixa 2)").fill("3000");
  await rates.getByTestId("commission-submit").click();
  await expect(rates.getByText("Esta faixa começa antes do fim da anterior.")).toBeVisible();
  await rates.getByLabel("Receita de (faixa 2)").fill("4000");
  // No minimum and 20% in the first tier on both sides of the ROI threshold: this month earns
  // commission whatever the month's ROI (other specs log days for this buyer too).
  await rates.getByLabel("Receita mínima mensal (USD)").fill("0");
  await rates.getByLabel("Abaixo do ROI (%) (faixa 1)").fill("20");
  await rates.getByLabel("Acima do ROI (%) (faixa 1)").fill("20");
  await rates.getByTestId("commission-submit").click();
  await expect(page.getByText("Taxas atualizadas").first()).toBeVisible();
  await expect(rates).toBeHidden();
  const tiered = await loadRow();
  expect(tiered.model).toBe("tiered");
  expect(tiered.explanation.settingsEffectiveFrom).toBe(month);
  await expect(again.getByTestId("sheet-pending")).toHaveText(usd(tiered.pending));
  await again.getByTestId("edit-rates").click();
  await expect(rates.getByTestId("commission-version").first()).toContainText("Por faixas");
  await page.keyboard.press("Escape");

  const history = await loadHistory(initial.statementId);
  expect(history.adjustments.map((a) => a.amount).sort()).toEqual(["-5.00", "5.00"]);
  expect((await loadRow()).status).toBe("pending");
});

test("the buyer reads their statements by month", async ({ browser, consoleGuard }) => {
  const row = await loadRow();
  const buyer = await buyerPage(browser, consoleGuard, "/user/payments");
  await expect(buyer.page.getByRole("heading", { level: 1, name: "Meus pagamentos" })).toBeVisible();
  const statement = buyer.page.locator(`[data-testid="my-statement"][data-month="${month}"]`);
  await expect(statement.getByTestId("my-pending")).toHaveText(usd(row.pending));
  await expect(statement.getByTestId("my-payout")).toHaveCount(2);
  await expect(statement.locator('[data-testid="my-payout"][data-reversed="true"]')).toHaveCount(2);
  await expect(statement.getByText("Revertido: Pix devolvido")).toBeVisible();
  await expect(statement.getByTestId("my-adjustment")).toHaveCount(2);
  // Reached from the sidebar.
  await buyer.page.goto("/");
  await buyer.page.getByTestId("sidebar-buyer").getByRole("link", { name: "Meus pagamentos" }).click();
  await expect(buyer.page).toHaveURL(/\/user\/payments$/);
  await buyer.context.close();
});

// Every language, theme and width --------------------------------------------------------------

// One test per language and theme: each has its own time budget on a slow machine.
for (const language of languages) {
  for (const theme of themes) {
    test(`the payments screen and its dialogs in every width (${language}, ${theme})`, async ({
      browser,
      consoleGuard,
    }) => {
      test.setTimeout(240_000);
      const en = language === "en";
      for (const viewport of viewportNames) {
        const prefix = `payments-${language}-${theme}-${viewport}`;
        const page = await openPage(browser, consoleGuard, { role: "financial", language, theme, viewport });
        await page.goto(`/financial/payments?month=${month}`);
        await expect(buyerEntry(page)).toBeVisible();
        await expect(
          page.getByTestId(viewport === "phone" ? "payment-cards" : "payments-table"),
        ).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport === "phone" ? 360 : 1280,
        );
        await expectScreen(page, `${prefix}-screen`);
        if (viewport === "desktop") await expectAccessible(page);
        const sheet = await openSheet(page);
        await expect(sheet.getByTestId("payout-row").first()).toBeVisible();
        await expectScreen(page, `${prefix}-sheet`);
        if (viewport === "desktop") await expectAccessible(page);
        await sheet.getByTestId("register-payment").click();
        await expect(page.getByTestId("payout-dialog")).toBeVisible();
        await page.getByTestId("payout-amount").fill(en ? "1,030.73" : "1.030,73");
        await expectScreen(page, `${prefix}-register`);
        if (viewport === "desktop") await expectAccessible(page);
        await page.keyboard.press("Escape");
        // The closing dialog's overlay swallows a click that comes too soon (seen under load).
        await expect(page.getByTestId("payout-dialog")).toBeHidden();
        await sheet.getByTestId("add-adjustment").click();
        await expect(page.getByTestId("adjustment-dialog")).toBeVisible();
        await expectScreen(page, `${prefix}-adjustment`);
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("adjustment-dialog")).toBeHidden();
        await sheet.getByTestId("edit-rates").click();
        await expect(page.getByTestId("tier-row").first()).toBeVisible();
        await expectScreen(page, `${prefix}-rates`);
        if (viewport === "desktop") await expectAccessible(page);
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("commission-dialog")).toBeHidden();
        await sheet.getByRole("button", { name: en ? "Confirm Payment" : "Confirmar Pagamento" }).click();
        await expect(page.getByTestId("confirm-action-dialog")).toBeVisible();
        await expectScreen(page, `${prefix}-confirm`);
        await page.keyboard.press("Escape");
        await page.context().close();

        const buyer = await openPage(browser, consoleGuard, { role: "buyer", language, theme, viewport });
        await buyer.goto("/");
        await buyer.getByTestId("pending-badge").hover();
        await expect(buyer.getByRole("tooltip")).toBeVisible();
        await expectScreen(buyer, `${prefix}-buyer-badge`);
        await buyer.goto("/user/payments");
        await expect(buyer.getByTestId("my-statement").first()).toBeVisible();
        expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport === "phone" ? 360 : 1280,
        );
        await expectScreen(buyer, `${prefix}-buyer-statements`);
        if (viewport === "desktop") await expectAccessible(buyer);
        await buyer.context().close();
      }
      await restoreLanguage(["financial", "buyer"]);
    });
  }
}
