import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { computeMetrics } from "../../domain/metrics";
import { fromCents, toCents } from "../../domain/money";
import { addDays, type DateRange, resolvePeriod, todayIn } from "../../domain/periods";
import type { Analytics, MetricsTotals } from "../../domain/schemas/campaigns";
import type { Dashboard } from "../../domain/schemas/reports";
import type { User } from "../../domain/schemas/users";
import { formatMoney, formatNumber, formatPercent } from "../../web/lib/format";
import { apiAs, restoreLanguage } from "./support/api";
import { expectAccessible } from "./support/axe";
import { shownDate } from "./support/dates";
import { seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import {
  expectNoHorizontalScroll,
  expectScreen,
  languages,
  openPage,
  themes,
  viewportNames,
} from "./support/pages";

// Issue 6's admin screens on the seeded "screens" server. Two buyers (the seeded buyer and the
// team lead) log campaigns on different dates for two fresh offers; the admin's dashboard must show
// exactly those figures for each period and user filter, keep the filters in the URL (reload, back
// button), and admin analytics must show the cards and the chart for one user and a custom range.
// Other specs may have logged campaigns for the same people on the same server: every expectation
// is "what the server had before" (read through the API first) plus what this spec created, summed
// with the domain's own exact arithmetic. A last test checks every language, theme and width.

test.describe.configure({ mode: "serial" });

const suffix = Date.now().toString(36);
const offerNames = { alpha: `Insights Alpha ${suffix}`, beta: `Insights Beta ${suffix}` } as const;
const payouts = { alpha: "20.00", beta: "30.00" } as const;

type Person = "buyer" | "manager";
type Planned = { who: Person; daysAgo: number; offer: "alpha" | "beta"; spent: string; deposits: number };
type Sums = Pick<
  MetricsTotals,
  "spent" | "revenue" | "clicks" | "installations" | "registrations" | "deposits" | "campaigns"
>;

// Today and 3, 20 days ago for the buyer; today, 10 and 45 days ago for the team lead: each period
// (today, 7 days, 30 days) holds a different set, and day −45 is in none of them.
const planned: Planned[] = [
  { who: "buyer", daysAgo: 0, offer: "alpha", spent: "100.00", deposits: 8 },
  { who: "buyer", daysAgo: 3, offer: "beta", spent: "50.00", deposits: 5 },
  { who: "buyer", daysAgo: 20, offer: "alpha", spent: "80.00", deposits: 2 },
  { who: "manager", daysAgo: 0, offer: "beta", spent: "60.00", deposits: 4 },
  { who: "manager", daysAgo: 10, offer: "alpha", spent: "30.50", deposits: 3 },
  { who: "manager", daysAgo: 45, offer: "beta", spent: "10.00", deposits: 1 },
];
const funnel = (row: Planned) => ({
  clicks: row.deposits * 50,
  installations: row.deposits * 12,
  registrations: row.deposits * 4,
});

const usd = (value: number | string, language: "pt-BR" | "en" = "pt-BR") =>
  formatMoney(value, "USD", language);
const pct = (value: string | number) => formatPercent(value, "pt-BR");
const int = (value: number) => formatNumber(value, "pt-BR");

async function getJson<T>(context: APIRequestContext, url: string): Promise<T> {
  const response = await context.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const zero: Sums = {
  spent: "0.00",
  revenue: "0.00",
  clicks: 0,
  installations: 0,
  registrations: 0,
  deposits: 0,
  campaigns: 0,
};

function addSums(a: Sums, b: Sums): Sums {
  return {
    spent: fromCents(toCents(a.spent) + toCents(b.spent)),
    revenue: fromCents(toCents(a.revenue) + toCents(b.revenue)),
    clicks: a.clicks + b.clicks,
    installations: a.installations + b.installations,
    registrations: a.registrations + b.registrations,
    deposits: a.deposits + b.deposits,
    campaigns: a.campaigns + b.campaigns,
  };
}

function plannedSums(rows: Planned[]): Sums {
  return rows.reduce<Sums>(
    (sum, row) =>
      addSums(sum, {
        spent: row.spent,
        revenue: fromCents(BigInt(row.deposits) * toCents(payouts[row.offer])),
        ...funnel(row),
        deposits: row.deposits,
        campaigns: 1,
      }),
    zero,
  );
}

/** Exact expected metrics: what the server had before plus what this spec logged. */
function expected(before: Sums | undefined, rows: Planned[]) {
  const sums = addSums(before ?? zero, plannedSums(rows));
  return { ...computeMetrics(sums), campaigns: sums.campaigns };
}

const dashboardPeriods = ["today", "7d", "30d"] as const;
type DashboardPeriod = (typeof dashboardPeriods)[number];
const periodDays: Record<DashboardPeriod, number> = { today: 1, "7d": 7, "30d": 30 };
const inPeriod = (period: DashboardPeriod) => (row: Planned) => row.daysAgo < periodDays[period];

// Filled in beforeAll.
let today = "";
let timeZone = "";
const ids = { buyer: "", manager: "", alpha: "", beta: "" };
const baseline = new Map<string, Dashboard>();
const baselineKey = (period: string, userId?: string) => `${period}|${userId ?? "all"}`;
let customRange: DateRange = { from: "", to: "" };
let customBefore: Analytics | undefined;
let lastMonthBefore: Analytics | undefined;

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  timeZone = (await getJson<{ workspaceTimezone: string }>(admin, "/api/config")).workspaceTimezone;
  today = todayIn(timeZone);
  const users = await getJson<User[]>(admin, "/api/users");
  for (const who of ["buyer", "manager"] as const) {
    const user = users.find((candidate) => candidate.email === seededAccounts[who].email);
    if (!user) throw new Error(`seeded ${who} missing`);
    ids[who] = user.id;
  }
  for (const key of ["alpha", "beta"] as const) {
    const response = await admin.post("/api/offers", {
      data: {
        name: offerNames[key],
        casinoBrand: `Casino ${key}`,
        value: "500.00",
        currency: "BRL",
        payoutPerDeposit: payouts[key],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids[key] = ((await response.json()) as { id: string }).id;
  }
  // The server's figures before this spec logs anything.
  for (const period of dashboardPeriods) {
    for (const userId of [undefined, ids.buyer, ids.manager]) {
      const query = new URLSearchParams({ period, ...(userId ? { userId } : {}) });
      baseline.set(baselineKey(period, userId), await getJson(admin, `/api/admin/dashboard?${query}`));
    }
  }
  customRange = { from: addDays(today, -3), to: addDays(today, -3) };
  customBefore = await getJson(
    admin,
    `/api/analytics?${new URLSearchParams({ ...customRange, userId: ids.buyer })}`,
  );
  // The old "last month" link opens as the last 30 days (docs/decisions/0081).
  const lastMonth = resolvePeriod("30d", today) as DateRange;
  lastMonthBefore = await getJson(
    admin,
    `/api/analytics?${new URLSearchParams({ ...lastMonth, userId: ids.buyer })}`,
  );
  await admin.dispose();

  for (const who of ["buyer", "manager"] as const) {
    const context = await apiAs(who);
    for (const row of planned.filter((candidate) => candidate.who === who)) {
      const response = await context.post("/api/campaigns", {
        data: {
          date: addDays(today, -row.daysAgo),
          offerId: ids[row.offer],
          spent: row.spent,
          ...funnel(row),
          deposits: row.deposits,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await context.dispose();
  }
});

test.use({ storageState: storageStatePath("admin") });

/** A user's row before this spec; dashboard rows carry no funnel counts, which no asserted cell needs. */
function userBefore(
  period: DashboardPeriod,
  filterUserId: string | undefined,
  who: Person,
): Sums | undefined {
  const row = baseline
    .get(baselineKey(period, filterUserId))
    ?.byUser.find((user) => user.userId === ids[who]);
  return row ? { ...zero, ...row } : undefined;
}

/** The dashboard shows exactly the expected cards and table rows for a period and user filter. */
async function expectDashboard(page: Page, period: DashboardPeriod, filterUser?: Person) {
  const filterUserId = filterUser ? ids[filterUser] : undefined;
  const rows = planned.filter(inPeriod(period)).filter((row) => !filterUser || row.who === filterUser);
  const content = page.getByTestId("dashboard-content");
  await expect(content).toHaveAttribute("data-state", "ready");

  const totals = expected(baseline.get(baselineKey(period, filterUserId))?.totals, rows);
  const cards = page.getByTestId("dashboard-cards");
  await expect(cards.getByTestId("card-campaigns")).toHaveText(int(totals.campaigns));
  await expect(cards.getByTestId("card-revenue")).toHaveText(usd(totals.revenue));
  await expect(cards.getByTestId("card-profit")).toContainText(usd(totals.profit));
  await expect(cards.getByTestId("card-roi")).toHaveText(pct(totals.roi));

  // The fresh offers hold only this spec's campaigns: their rows are exact.
  for (const offer of ["alpha", "beta"] as const) {
    const row = page.locator(`[data-testid=offer-row][data-offer-id="${ids[offer]}"]`);
    const mine = rows.filter((candidate) => candidate.offer === offer);
    if (mine.length === 0) {
      await expect(row).toHaveCount(0);
      continue;
    }
    const sums = plannedSums(mine);
    await expectCells(row, {
      offer: offerNames[offer],
      casino: `Casino ${offer}`,
      campaigns: int(sums.campaigns),
      deposits: int(sums.deposits),
      revenue: usd(sums.revenue),
    });
  }
  for (const who of ["buyer", "manager"] as const) {
    const row = page.locator(`[data-testid=user-row][data-user-id="${ids[who]}"]`);
    const before = userBefore(period, filterUserId, who);
    const mine = rows.filter((candidate) => candidate.who === who);
    if (mine.length === 0 && !before) {
      await expect(row).toHaveCount(0);
      continue;
    }
    const metrics = expected(before, mine);
    await expectCells(row, {
      user: seededAccounts[who].name,
      campaigns: int(metrics.campaigns),
      deposits: int(metrics.deposits),
      revenue: usd(metrics.revenue),
      profit: usd(metrics.profit),
      roi: pct(metrics.roi),
    });
  }
}

async function expectCells(row: Locator, cells: Record<string, string>) {
  for (const [key, value] of Object.entries(cells)) {
    await expect(row.getByTestId(`cell-${key}`)).toContainText(value);
  }
}

test("the admin dashboard follows the period and user filters, and the URL keeps them", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const period = page.getByTestId("filter-period");
  const user = page.getByTestId("filter-user");
  await expect(period).toHaveValue("today");
  await expect(user).toHaveValue("");
  await expect(page.getByTestId("range-caption")).toHaveAttribute("data-from", today);
  await expectDashboard(page, "today");

  await period.selectOption({ label: "Últimos 7 dias" });
  await expect(page).toHaveURL(/[?&]period=7d/);
  await expect(page.getByTestId("range-caption")).toHaveAttribute("data-from", addDays(today, -6));
  await expectDashboard(page, "7d");

  await user.selectOption({ label: seededAccounts.manager.name });
  await expect(page).toHaveURL(new RegExp(`[?&]user=${ids.manager}`));
  await expectDashboard(page, "7d", "manager");
  await expect(page.getByTestId("user-row")).toHaveCount(1);

  // A reload (or a shared link) opens the same view.
  await page.reload();
  await expect(period).toHaveValue("7d");
  await expect(user).toHaveValue(ids.manager);
  await expectDashboard(page, "7d", "manager");

  // The back button returns to every user, then to today.
  await page.goBack();
  await expect(user).toHaveValue("");
  await expectDashboard(page, "7d");
  await page.goBack();
  await expect(period).toHaveValue("today");
  await expectDashboard(page, "today");

  await page.goto(`/admin/dashboard?period=30d&user=${ids.buyer}`);
  await expect(period).toHaveValue("30d");
  await expect(user).toHaveValue(ids.buyer);
  await expectDashboard(page, "30d", "buyer");
  await page.getByTestId("filter-user").selectOption("");
  await expectDashboard(page, "30d");
  await expect(page).not.toHaveURL(/[?&]user=/);
});

test("the dashboard says when a period is empty and when loading fails", async ({ page, consoleGuard }) => {
  // The financial user never logs campaigns: an empty view, with zeroed cards.
  const users = await getJson<User[]>(page.request, "/api/users");
  const financial = users.find((user) => user.email === seededAccounts.financial.email);
  if (!financial) throw new Error("seeded financial user missing");
  await page.goto(`/admin/dashboard?period=30d&user=${financial.id}`);
  await expect(page.getByTestId("empty-state")).toContainText("Nenhuma campanha neste período");
  await expect(page.getByTestId("card-campaigns")).toHaveText("0");
  await expect(page.getByTestId("offer-table")).toHaveCount(0);

  // A failing server shows the error with a retry that recovers.
  consoleGuard.allowHttpError(/\/api\/admin\/dashboard/, 500);
  let fail = true;
  await page.route("**/api/admin/dashboard?*", (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "internal", message: "boom" } }),
        })
      : route.continue(),
  );
  await page.getByTestId("filter-period").selectOption("7d");
  const error = page.getByTestId("error-state");
  await expect(error).toContainText("Erro ao carregar o dashboard");
  fail = false;
  await error.getByRole("button").click();
  await expect(page.getByTestId("dashboard-content")).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("empty-state")).toBeVisible();
});

test("admin analytics shows one user's cards and chart, for last month and a custom range", async ({
  page,
}) => {
  const buyerRows = planned.filter((row) => row.who === "buyer");
  await page.goto(`/admin/analytics?user=${ids.buyer}&period=last_month`);
  await expect(page.getByRole("heading", { level: 1, name: "Análises" })).toBeVisible();
  await expect(page.getByTestId("filter-user")).toHaveValue(ids.buyer);
  // An old link's "last month" (from this day a month ago) opens as the nearest preset, 30 days.
  await expect(page.getByTestId("filter-period")).toHaveValue("30d");
  const lastMonth = resolvePeriod("30d", today) as DateRange;
  await expect(page.getByTestId("range-caption")).toHaveAttribute("data-from", lastMonth.from);
  await expect(page.getByTestId("analytics-content")).toHaveAttribute("data-state", "ready");
  // Every planned buyer row (today, −3, −20) is inside the 30 days.
  await expectAnalyticsCards(page, expected(lastMonthBefore?.totals, buyerRows));
  const chart = page.getByTestId("revenue-chart");
  await expect(chart.locator(".recharts-wrapper")).toBeVisible();
  await expect(chart.locator(".recharts-line")).toHaveCount(2);
  await expect(chart.getByText("Receita")).toBeVisible();
  await expect(chart.getByText("Lucro")).toBeVisible();

  // Custom starts from the range on screen; a reversed range is refused and changes nothing.
  await page.getByTestId("filter-period").selectOption("custom");
  await expect(page).toHaveURL(/[?&]period=custom/);
  await expect(page.getByTestId("filter-period-from")).toHaveValue(shownDate(lastMonth.from));
  await expect(page.getByTestId("filter-period-to")).toHaveValue(shownDate(today));
  await page.getByTestId("filter-period-to").fill(shownDate(customRange.to));
  await expect(page).toHaveURL(new RegExp(`[?&]to=${customRange.to}`));
  await page.getByTestId("filter-period-from").fill(shownDate(today));
  await expect(page.getByText("A data final deve ser igual ou posterior à inicial.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${lastMonth.from}`));

  await page.getByTestId("filter-period-from").fill(shownDate(customRange.from));
  await expect(page).toHaveURL(new RegExp(`[?&]from=${customRange.from}&to=${customRange.to}`));
  await expect(page.getByTestId("range-caption")).toHaveAttribute("data-from", customRange.from);
  await expect(page.getByTestId("analytics-content")).toHaveAttribute("data-state", "ready");
  await expectAnalyticsCards(
    page,
    expected(
      customBefore?.totals,
      buyerRows.filter((row) => row.daysAgo === 3),
    ),
  );

  // The offer filter narrows it further and survives a reload.
  await page.getByTestId("filter-offer").selectOption({ label: offerNames.alpha });
  await expect(page).toHaveURL(new RegExp(`[?&]offer=${ids.alpha}`));
  await page.reload();
  await expect(page.getByTestId("filter-offer")).toHaveValue(ids.alpha);
  await expect(page.getByTestId("filter-period-from")).toHaveValue(shownDate(customRange.from));
  await expect(page.getByTestId("analytics-content")).toHaveAttribute("data-state", "ready");
  // The buyer logged nothing for alpha on day −3.
  await expect(page.getByTestId("analytics-revenue")).toHaveText(usd(0));
  await expect(page.getByTestId("revenue-chart").getByTestId("empty-state")).toBeVisible();
});

async function expectAnalyticsCards(page: Page, metrics: ReturnType<typeof expected>) {
  await expect(page.getByTestId("analytics-spent")).toHaveText(usd(metrics.spent));
  await expect(page.getByTestId("analytics-revenue")).toHaveText(usd(metrics.revenue));
  await expect(page.getByTestId("analytics-profit")).toContainText(usd(metrics.profit));
  await expect(page.getByTestId("analytics-cards")).toContainText(`ROI ${pct(metrics.roi)}`);
  await expect(page.getByTestId("analytics-epc")).toHaveText(usd(metrics.epc));
  await expect(page.getByTestId("analytics-costPerClick")).toHaveText(usd(metrics.costPerClick));
  await expect(page.getByTestId("analytics-costPerInstall")).toHaveText(usd(metrics.costPerInstall));
  await expect(page.getByTestId("analytics-costPerRegistration")).toHaveText(
    usd(metrics.costPerRegistration),
  );
  await expect(page.getByTestId("analytics-costPerDeposit")).toHaveText(usd(metrics.costPerDeposit));
  for (const step of ["clickToInstall", "installToRegistration", "registrationToDeposit"] as const) {
    await expect(page.getByRole("progressbar", { name: stepLabels[step] })).toBeVisible();
    await expect(page.getByText(pct(metrics[step]), { exact: true }).first()).toBeVisible();
  }
}

const stepLabels = {
  clickToInstall: "Clique para instalação",
  installToRegistration: "Instalação para registro",
  registrationToDeposit: "Registro para depósito",
} as const;

// Accessibility, phone width, every language and theme -------------------------------------------

test("both screens pass axe, fit a 360 px phone, and show their figures in every language and theme", async ({
  browser,
  consoleGuard,
}) => {
  test.setTimeout(300_000);
  const dashboardUrl = `/admin/dashboard?period=30d`;
  // A free range, so the range picker's two date inputs are on screen too (they must fit 360 px).
  const analyticsUrl = `/admin/analytics?user=${ids.buyer}&period=custom&from=${addDays(today, -29)}&to=${today}`;
  for (const language of languages) {
    for (const theme of themes) {
      for (const viewport of viewportNames) {
        const prefix = `admin-insights-${language}-${theme}-${viewport}`;
        const page = await openPage(browser, consoleGuard, {
          role: "admin",
          language,
          theme,
          viewport,
          // Recharts then draws without animating, so the checks see the finished chart.
          reducedMotion: "reduce",
        });
        await page.goto(dashboardUrl);
        await expect(page.getByTestId("dashboard-content")).toHaveAttribute("data-state", "ready");
        // Phones get the tables' rows as lists: the same figures, no sideways scrolling.
        await expect(page.locator(`[data-offer-id="${ids.alpha}"]:visible`)).toContainText(offerNames.alpha);
        await expect(page.locator(`[data-user-id="${ids.buyer}"]:visible`)).toContainText(
          seededAccounts.buyer.name,
        );
        if (viewport === "phone") await expectNoHorizontalScroll(page);
        if (language === "pt-BR") await expectAccessible(page);
        await expectScreen(page, `${prefix}-dashboard`);

        await page.goto(analyticsUrl);
        await expect(page.getByTestId("analytics-content")).toHaveAttribute("data-state", "ready");
        await expect(page.getByTestId("filter-period-to")).toBeVisible();
        await expect(page.getByTestId("revenue-chart").locator(".recharts-line")).toHaveCount(2);
        if (viewport === "phone") await expectNoHorizontalScroll(page);
        if (language === "pt-BR") await expectAccessible(page);
        await expectScreen(page, `${prefix}-analytics`);
        await page.context().close();
      }
    }
  }
  await restoreLanguage(["admin"]);
});
