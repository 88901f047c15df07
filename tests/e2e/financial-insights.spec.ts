import type { Locator, Page } from "@playwright/test";
import { addDays, todayIn } from "../../domain/periods";
import type { Dashboard, FinancialAnalytics, FinancialUser, UserStats } from "../../domain/schemas/reports";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../web/lib/format";
import { apiAs, restoreLanguage } from "./support/api";
import { expectAccessible } from "./support/axe";
import { type SeededRole, seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import {
  expectNoHorizontalScroll,
  expectScreen,
  languages,
  openPage,
  themes,
  viewportNames,
} from "./support/pages";

// Issue 6's financial screens on the seeded "screens" server. The admin creates two offers; the
// buyer and the team lead log campaigns through the API at 2, 10 and 45 days ago. The financial
// user then checks that the dashboard's cards and per-user rows follow the period, that the
// analytics funnel and top-10 lists show the data, and that the users search, role filter and
// details dialog work, with every filter in the URL (reload and Back keep them). Other specs share
// this server, so every expectation is the server's own answer for the same filter (the API's sums
// are proven exact by the API tests) plus what our own campaigns must change.

test.describe.configure({ mode: "serial" });

const today = todayIn("America/Sao_Paulo");
const suffix = Date.now().toString(36);
const topOffer = `Topo Fin ${suffix}`;
const oldOffer = `Antiga Fin ${suffix}`;
const buyer = seededAccounts.buyer;
const lead = seededAccounts.manager;

const usd = (value: number | string) => formatMoney(value, "USD", "pt-BR");
const pct = (value: number | string) => formatPercent(value, "pt-BR");
const num = (value: number) => formatNumber(value, "pt-BR");
/** How the screens write a profit: an explicit "+" above zero. */
const signedUsd = (value: string) => `${Number(value) > 0 ? "+" : ""}${usd(value)}`;

async function getJson<T>(url: string): Promise<T> {
  const financial = await apiAs("financial");
  const response = await financial.get(url);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as T;
  await financial.dispose();
  return body;
}

async function logCampaign(role: SeededRole, data: Record<string, unknown>) {
  const context = await apiAs(role);
  const response = await context.post("/api/campaigns", { data });
  expect(response.status(), await response.text()).toBe(201);
  await context.dispose();
}

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const ids: string[] = [];
  for (const [name, payout] of [
    [topOffer, "1000.00"],
    [oldOffer, "30.00"],
  ] as const) {
    const response = await admin.post("/api/offers", {
      data: { name, casinoBrand: "Cassino Fin", value: "100.00", currency: "USD", payoutPerDeposit: payout },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  await admin.dispose();
  const [topId, oldId] = ids;
  // The buyer: a big win 2 days ago (in every period) and a small loss 45 days ago (90 days and all).
  await logCampaign("buyer", {
    date: addDays(today, -2),
    offerId: topId,
    spent: "500.00",
    clicks: 1000,
    installations: 300,
    registrations: 100,
    deposits: 20,
  });
  await logCampaign("buyer", {
    date: addDays(today, -45),
    offerId: oldId,
    spent: "200.00",
    clicks: 400,
    installations: 100,
    registrations: 40,
    deposits: 5,
  });
  // The team lead: a loss 10 days ago (30 days and longer).
  await logCampaign("manager", {
    date: addDays(today, -10),
    offerId: oldId,
    spent: "100.00",
    clicks: 200,
    installations: 50,
    registrations: 10,
    deposits: 1,
  });
});

test.use({ storageState: storageStatePath("financial") });

function userRow(table: Locator, email: string) {
  return table.locator(`tr[data-user-email="${email}"]`);
}

async function expectDashboardRow(
  table: Locator,
  row: Dashboard["byUser"][number] | undefined,
  email: string,
) {
  if (!row) {
    await expect(userRow(table, email)).toHaveCount(0);
    return;
  }
  const cells = userRow(table, email);
  await expect(cells.getByTestId("cell-campaigns")).toHaveText(num(row.campaigns));
  await expect(cells.getByTestId("cell-invested")).toHaveText(usd(row.spent));
  await expect(cells.getByTestId("cell-revenue")).toHaveText(usd(row.revenue));
  await expect(cells.getByTestId("cell-profit")).toContainText(signedUsd(row.profit));
  await expect(cells.getByTestId("cell-profit").locator("span").first()).toHaveClass(
    Number(row.profit) < 0 ? /text-destructive/ : /text-success/,
  );
  await expect(cells.getByTestId("cell-roi")).toHaveText(pct(row.roi));
}

test("the dashboard's cards and per-user rows follow the period, kept in the URL", async ({ page }) => {
  await page.goto("/financial/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const content = page.getByTestId("dashboard-content");
  // All time is the default.
  await expect(content).toHaveAttribute("data-period", "all");
  await expect(page.getByLabel("Período")).toHaveValue("all");
  const table = page.getByTestId("dashboard-users");

  const counts: Record<string, number> = {};
  for (const [period, label] of [
    ["7d", "Últimos 7 dias"],
    ["30d", "Últimos 30 dias"],
    ["90d", "Últimos 90 dias"],
    ["all", "Todo o período"],
  ] as const) {
    await page.getByLabel("Período").selectOption({ label });
    // The default (all time) leaves no trace in the address.
    if (period === "all") await expect(page).not.toHaveURL(/[?&]period=/);
    else await expect(page).toHaveURL(new RegExp(`[?&]period=${period}`));
    await expect(content).toHaveAttribute("data-period", period);
    const expected = await getJson<Dashboard>(`/api/financial/dashboard?period=${period}`);
    // From 100 000 on, the card shows the short form and keeps the full amount for screen readers.
    await expect(page.getByTestId("card-invested-value")).toContainText(usd(expected.totals.spent));
    await expect(page.getByTestId("card-revenue-value")).toContainText(usd(expected.totals.revenue));
    await expect(page.getByTestId("card-profit-value")).toContainText(signedUsd(expected.totals.profit));
    await expect(page.getByTestId("card-roi-value")).toHaveText(pct(expected.totals.roi));
    const buyerRow = expected.byUser.find((row) => row.email === buyer.email);
    const leadRow = expected.byUser.find((row) => row.email === lead.email);
    await expectDashboardRow(table, buyerRow, buyer.email);
    await expectDashboardRow(table, leadRow, lead.email);
    await expect(table.locator("tbody tr")).toHaveCount(expected.byUser.length);
    counts[period] = buyerRow?.campaigns ?? 0;
    if (period !== "7d") expect(leadRow?.campaigns ?? 0).toBeGreaterThanOrEqual(1);
  }
  // Our own campaigns: the one 45 days ago counts in 90 days, not in 30; the lead's loss is red.
  expect(counts["90d"]).toBeGreaterThan(counts["30d"] as number);
  expect(counts["7d"]).toBeGreaterThanOrEqual(1);

  // The period is in the address: a reload keeps it, Back returns to the previous one.
  await page.getByLabel("Período").selectOption({ label: "Últimos 90 dias" });
  await expect(content).toHaveAttribute("data-period", "90d");
  await page.reload();
  await expect(page.getByLabel("Período")).toHaveValue("90d");
  await expect(content).toHaveAttribute("data-period", "90d");
  await page.goBack();
  await expect(page).not.toHaveURL(/period=/);
  await expect(content).toHaveAttribute("data-period", "all");
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByTestId("card-profit")).toBeVisible();
  await expectNoHorizontalScroll(page, { withoutScrollbar: true, slackPx: 1 });
});

test("analytics shows the growth, the funnel and the top-10 lists for the period", async ({ page }) => {
  await page.goto("/financial/analytics?period=7d");
  await expect(page.getByRole("heading", { level: 1, name: "Análises" })).toBeVisible();
  const content = page.getByTestId("analytics-content");
  await expect(content).toHaveAttribute("data-period", "7d");
  await expect(page.getByLabel("Período")).toHaveValue("7d");
  const data = await getJson<FinancialAnalytics>("/api/financial/analytics?period=7d");

  await expect(page.getByTestId("card-users-value")).toHaveText(num(data.totalUsers));
  await expect(page.getByTestId("card-users-note")).toHaveText(`${num(data.activeUsers)} ativos no período`);
  await expect(page.getByTestId("card-revenue-value")).toContainText(usd(data.totals.revenue));
  if (data.revenueGrowth === null) {
    await expect(page.getByTestId("growth-none")).toBeVisible();
  } else {
    await expect(page.getByTestId("growth")).toContainText(pct(data.revenueGrowth));
  }
  await expect(page.getByTestId("card-profit-note")).toHaveText(`ROI ${pct(data.totals.roi)}`);
  await expect(page.getByTestId("card-conversion-value")).toHaveText(
    pct((data.totals.deposits / data.totals.clicks) * 100),
  );

  // The funnel: counts, and each step's rate against the step before.
  for (const [key, step] of [
    ["clicks", null],
    ["installations", data.totals.clickToInstall],
    ["registrations", data.totals.installToRegistration],
    ["deposits", data.totals.registrationToDeposit],
  ] as const) {
    const stage = page.getByTestId(`funnel-${key}`);
    await expect(stage.getByTestId("funnel-count")).toHaveText(num(data.totals[key]));
    if (step !== null)
      await expect(stage.getByTestId("funnel-step")).toHaveText(`${pct(step)} da etapa anterior`);
  }
  await expect(page.getByTestId("rate-clickToInstall-value")).toHaveText(pct(data.totals.clickToInstall));
  await expect(page.getByTestId("rate-registrationToDeposit-value")).toHaveText(
    pct(data.totals.registrationToDeposit),
  );

  // Top lists: the server's order, our big offer and our buyer in them, ranks 1–3 highlighted.
  const offers = page.getByTestId("top-offers").locator("tbody tr");
  await expect(offers).toHaveCount(data.topOffers.length);
  await expect
    .poll(() => offers.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-offer-name"))))
    .toEqual(data.topOffers.map((offer) => offer.offerName ?? ""));
  const ourOffer = data.topOffers.find((offer) => offer.offerName === topOffer);
  expect(ourOffer, "the new offer is in the top 10").toBeTruthy();
  await expect(page.locator(`tr[data-offer-name="${topOffer}"]`).getByTestId("cell-revenue")).toHaveText(
    usd(ourOffer?.revenue ?? 0),
  );
  const users = page.getByTestId("top-users").locator("tbody tr");
  await expect(users).toHaveCount(data.topUsers.length);
  const ourBuyer = data.topUsers.find((row) => row.email === buyer.email);
  expect(ourBuyer, "the buyer is in the top 10").toBeTruthy();
  await expect(userRow(page.getByTestId("top-users"), buyer.email).getByTestId("cell-profit")).toContainText(
    signedUsd(ourBuyer?.profit ?? "0"),
  );
  await expect(users.first().getByTestId("rank")).toHaveAttribute("data-podium", "true");
  await expect(users.first().getByTestId("rank")).toContainText("1º lugar");
  if (data.topUsers.length > 3)
    await expect(users.nth(3).getByTestId("rank")).not.toHaveAttribute("data-podium", "true");

  // Another period: the URL follows, a reload keeps it.
  await page.getByLabel("Período").selectOption({ label: "Todo o período" });
  await expect(page).toHaveURL(/period=all/);
  await expect(content).toHaveAttribute("data-period", "all");
  const all = await getJson<FinancialAnalytics>("/api/financial/analytics?period=all");
  await expect(page.getByTestId("funnel-clicks").getByTestId("funnel-count")).toHaveText(
    num(all.totals.clicks),
  );
  await page.reload();
  await expect(content).toHaveAttribute("data-period", "all");
  await expect(page.getByTestId("card-revenue-value")).toContainText(usd(all.totals.revenue));
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByTestId("funnel")).toBeVisible();
  await expectNoHorizontalScroll(page, { withoutScrollbar: true, slackPx: 1 });
});

async function expectUserEmails(page: Page, expected: FinancialUser[]) {
  const rows = page.getByTestId("users-table").locator("tbody tr");
  await expect
    .poll(() => rows.evaluateAll((list) => list.map((row) => row.getAttribute("data-user-email"))))
    .toEqual(expected.map((user) => user.email));
}

test("users: search, role filter and the details dialog, all in the URL", async ({ page, consoleGuard }) => {
  await page.goto("/financial/users");
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  const everyone = await getJson<FinancialUser[]>("/api/financial/users");
  await expectUserEmails(page, everyone);
  const buyerRow = userRow(page.getByTestId("users-table"), buyer.email);
  const me = everyone.find((user) => user.email === buyer.email) as FinancialUser;
  await expect(buyerRow.getByTestId("role-badge")).toHaveText("Gestor");
  await expect(buyerRow.getByTestId("cell-campaigns")).toHaveText(num(me.campaigns));
  await expect(buyerRow.getByTestId("cell-last-campaign")).toHaveText(
    formatDate(me.lastCampaignDate ?? "", "pt-BR", { style: "short" }),
  );

  // Search is case-insensitive and lands in the URL after a pause.
  await page.getByLabel("Buscar").fill("BRUNO");
  await expect(page).toHaveURL(/[?&]q=BRUNO/);
  const found = await getJson<FinancialUser[]>("/api/financial/users?q=BRUNO");
  expect(found.map((user) => user.email)).toContain(buyer.email);
  await expectUserEmails(page, found);

  // The role filter, with the search cleared.
  await page.getByLabel("Buscar").fill("");
  await expect(page).not.toHaveURL(/[?&]q=/);
  await page.getByLabel("Função").selectOption({ label: "Financeiro" });
  await expect(page).toHaveURL(/[?&]role=financial/);
  const financial = await getJson<FinancialUser[]>("/api/financial/users?role=financial");
  await expectUserEmails(page, financial);
  for (const badge of await page.getByTestId("role-badge").all())
    await expect(badge).toHaveText("Financeiro");

  // Both filters together, nothing matches: the empty state; a reload keeps both.
  await page.getByLabel("Buscar").fill("bruno");
  await expect(page).toHaveURL(/q=bruno/);
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Buscar")).toHaveValue("bruno");
  await expect(page.getByLabel("Função")).toHaveValue("financial");
  await expect(page.getByTestId("empty-state")).toBeVisible();

  // Back to the buyer, then 'Ver'.
  await page.getByLabel("Função").selectOption({ label: "Todas as funções" });
  await expect(buyerRow).toBeVisible();
  await buyerRow.getByRole("button", { name: `Ver detalhes de ${buyer.name}` }).click();
  const dialog = page.getByRole("dialog", { name: buyer.name });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]user=${me.id}`));
  await expect(dialog.getByTestId("details-email")).toHaveText(buyer.email);
  await expect(dialog.getByTestId("details-role")).toHaveText("Gestor");
  await expect(dialog.getByTestId("details-registered")).toHaveText(
    formatDate(me.createdAt, "pt-BR", { timeZone: "America/Sao_Paulo" }),
  );

  const expectStats = async (query: string) => {
    const stats = await getJson<UserStats>(`/api/financial/users/${me.id}/stats?${query}`);
    await expect(dialog.getByTestId("details-stats")).toHaveAttribute("data-ready", "true");
    await expect(dialog.getByTestId("stat-campaigns")).toHaveText(num(stats.totals.campaigns));
    await expect(dialog.getByTestId("stat-invested")).toHaveText(usd(stats.totals.spent));
    await expect(dialog.getByTestId("stat-revenue")).toHaveText(usd(stats.totals.revenue));
    await expect(dialog.getByTestId("stat-profit")).toContainText(signedUsd(stats.totals.profit));
    await expect(dialog.getByTestId("stat-roi")).toHaveText(pct(stats.totals.roi));
    return stats;
  };
  // Default: last 30 days.
  await expect(dialog.getByLabel("Período")).toHaveValue("30d");
  await expectStats("period=30d");
  await dialog.getByLabel("Período").selectOption({ label: "Todo o período" });
  await expect(page).toHaveURL(/[?&]stats=all/);
  const allTime = await expectStats("period=all");
  await dialog.getByLabel("Período").selectOption({ label: "Mês passado" });
  await expect(page).toHaveURL(/[?&]stats=previous_month/);
  await expectStats("period=previous_month");

  // A custom range around the campaign 45 days ago (inclusive at both ends).
  await dialog.getByLabel("Período").selectOption({ label: "Personalizado…" });
  await expect(page).toHaveURL(/[?&]stats=custom/);
  const from = addDays(today, -45);
  const to = addDays(today, -45);
  await dialog.getByLabel("De", { exact: true }).fill(from);
  await dialog.getByLabel("Até", { exact: true }).fill(to);
  await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}`));
  const custom = await expectStats(`from=${from}&to=${to}`);
  expect(custom.totals.campaigns).toBeGreaterThanOrEqual(1);
  expect(custom.totals.campaigns).toBeLessThan(allTime.totals.campaigns);
  // A reversed range is explained and not sent.
  await dialog.getByLabel("De", { exact: true }).fill(addDays(today, -30));
  await expect(dialog.getByTestId("field-error")).toHaveText(
    "A data final deve ser igual ou posterior à inicial.",
  );
  await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}`));

  // The open dialog survives a reload; Escape closes it and clears it from the URL.
  await dialog.getByLabel("De", { exact: true }).fill(from);
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Período")).toHaveValue("custom");
  await expect(dialog.getByTestId("stat-campaigns")).toHaveText(num(custom.totals.campaigns));
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]user=/);

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page, { withoutScrollbar: true, slackPx: 1 });
  await buyerRow.getByRole("button", { name: `Ver detalhes de ${buyer.name}` }).click();
  await expect(dialog).toBeVisible();
  await expectNoHorizontalScroll(page, { withoutScrollbar: true, slackPx: 1 });

  // An unknown user in a bookmark: the dialog says so instead of spinning.
  consoleGuard.allowHttpError(/\/api\/financial\/users\/[^/]+\/stats/, 404);
  await page.goto("/financial/users?user=missing-user");
  await expect(page.getByRole("dialog").getByTestId("error-state")).toBeVisible();
});

test("the three screens in pt-BR and English, light and dark, desktop and phone", async ({
  browser,
  consoleGuard,
}) => {
  test.setTimeout(240_000);
  const buyerId = (await getJson<FinancialUser[]>(`/api/financial/users?q=${buyer.email}`))[0]?.id;
  try {
    for (const language of languages) {
      for (const theme of themes) {
        for (const viewport of viewportNames) {
          const page = await openPage(browser, consoleGuard, {
            role: "financial",
            language,
            theme,
            viewport,
          });
          const prefix = `${language}-${theme}-${viewport}`;
          for (const [screen, url, ready] of [
            ["dashboard", "/financial/dashboard?period=30d", "dashboard-content"],
            ["analytics", "/financial/analytics?period=30d", "analytics-content"],
            ["users", "/financial/users", "users-table"],
            ["user-details", `/financial/users?user=${buyerId}&stats=all`, "details-stats"],
          ] as const) {
            await page.goto(url);
            await expect(page.getByTestId(ready)).toBeVisible();
            await expectScreen(page, `${prefix}-${screen}`);
          }
          await page.context().close();
        }
      }
    }
  } finally {
    await restoreLanguage(["financial"]);
  }
});
