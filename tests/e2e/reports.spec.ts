import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { parseCsv } from "../../domain/csv";
import { addDays, todayIn } from "../../domain/periods";
import { formatMoney, formatNumber, formatPercent } from "../../web/lib/format";
import { apiAs, restoreLanguage } from "./support/api";
import { fillSignIn } from "./support/auth";
import { expectAccessible } from "./support/axe";
import { shownDate } from "./support/dates";
import { screensServer, seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll, expectScreen, languages, openPage, themes } from "./support/pages";

// Issue 6's report journey on the seeded "screens" server: two buyers log campaigns on two new
// offers (through the API) on days no other spec uses; the financial user builds a report with a
// custom range, ROI bounds that sit exactly on two campaigns' ROI, then a user and an offer; the
// exported CSV (parsed) equals the tables on screen row by row; badges and a reload keep the
// filters; bad bounds show translated messages and keep what was typed. Then the screen at 360 px
// and the screen in pt-BR and English, light and dark (expectScreen).

test.describe.configure({ mode: "serial" });

const base = screensServer.baseURL;
const today = todayIn("America/Sao_Paulo");
const suffix = Date.now().toString(36);
const day = (n: number) => addDays(today, -n);
// A range 170 to 172 days back, outside every named period but "all": the other specs log recent
// days, so these hold only ours.
const from = day(172);
const to = day(170);
const offerA = `Relatório Alfa ${suffix}`;
const offerB = `Relatório Beta ${suffix}`;
const bruno = seededAccounts.buyer;
const diana = seededAccounts.deepLink;
let offerIds: { a: string; b: string };
let dianaId = "";

type Entry = { offer: "a" | "b"; date: string; spent: string; revenue: string };

async function logCampaigns(api: APIRequestContext, entries: Entry[]) {
  for (const entry of entries) {
    const response = await api.post("/api/campaigns", {
      data: {
        date: entry.date,
        offerId: offerIds[entry.offer],
        spent: entry.spent,
        clicks: 1000,
        installations: 200,
        registrations: 50,
        deposits: 5,
        depositPayment: entry.revenue,
      },
      headers: { origin: base },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Diana has no stored browser state: she signs in once, the way a person does. */
async function signInDiana(browser: Browser): Promise<void> {
  // Signed out: the file's storage state (financial) would otherwise apply to this context too.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await fillSignIn(page, diana.email, diana.password);
  await expect(page).toHaveURL(/\/$/);
  const me = await context.request.get(`${base}/api/me`);
  dianaId = ((await me.json()) as { id: string }).id;
  // ROI: 120 % (the max bound exactly), 10 % (the min bound exactly), and 900 % a day before the range.
  await logCampaigns(context.request, [
    { offer: "a", date: day(172), spent: "100.00", revenue: "220.00" },
    { offer: "b", date: day(170), spent: "300.00", revenue: "330.00" },
    { offer: "a", date: day(173), spent: "10.00", revenue: "100.00" },
  ]);
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  const admin = await apiAs("admin");
  const ids: string[] = [];
  for (const name of [offerA, offerB]) {
    const response = await admin.post("/api/offers", {
      data: {
        name,
        casinoBrand: `Cassino ${suffix}`,
        value: "100.00",
        currency: "USD",
        payoutPerDeposit: "40.00",
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  await admin.dispose();
  offerIds = { a: ids[0] as string, b: ids[1] as string };
  // Bruno: ROI 50 % (kept), −20 % (below the min) and 300 % (above the max).
  const buyer = await apiAs("buyer");
  await logCampaigns(buyer, [
    { offer: "a", date: day(171), spent: "200.00", revenue: "300.00" },
    { offer: "b", date: day(171), spent: "100.00", revenue: "80.00" },
    { offer: "a", date: day(170), spent: "50.00", revenue: "200.00" },
  ]);
  await buyer.dispose();
  await signInDiana(browser);
});

test.use({ storageState: storageStatePath("financial") });

const usd = (value: string) => formatMoney(value, "USD", "pt-BR");
const num = (value: string) => formatNumber(value, "pt-BR");
const pct = (value: string) => formatPercent(value, "pt-BR");

/** One table row as the screen shows it: name, detail and the numbers in the CSV's column order. */
async function readRows(table: Locator): Promise<string[][]> {
  // A tab's table mounts after the click that shows it: read it once it is there.
  await expect(table).toBeVisible();
  const rows = table.getByTestId("report-row");
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const cells: string[] = [];
    for (const col of ["name", "detail", "campaigns", "spent", "revenue", "profit", "roi", "epc", "deposits"])
      cells.push(((await row.locator(`[data-col="${col}"]`).textContent()) ?? "").trim());
    out.push(cells);
  }
  return out;
}

/** A CSV data row (raw numbers) formatted the way the screen formats it. */
function asScreen(row: string[]): string[] {
  const [
    ,
    name = "",
    detail = "",
    campaigns = "",
    spent = "",
    revenue = "",
    profit = "",
    roi = "",
    epc = "",
    deposits = "",
  ] = row;
  return [
    name,
    detail,
    num(campaigns),
    usd(spent),
    usd(revenue),
    usd(profit),
    pct(roi),
    usd(epc),
    num(deposits),
  ];
}

async function exportCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-csv").click(),
  ]);
  expect(download.suggestedFilename()).toBe(`relatorio-financeiro-${today}.csv`);
  const file = await download.path();
  return parseCsv(readFileSync(file, "utf8"));
}

/** The CSV equals both tables on screen, row by row and in order. */
async function expectCsvEqualsScreen(page: Page, csv: string[][]) {
  expect(csv[0]).toEqual([
    "Tipo",
    "Nome",
    "E-mail / Cassino",
    "Campanhas",
    "Investimento",
    "Receita",
    "Lucro",
    "ROI (%)",
    "EPC",
    "Depósitos",
  ]);
  const userRows = csv.slice(1).filter((row) => row[0] === "Usuário");
  const offerRows = csv.slice(1).filter((row) => row[0] === "Oferta");
  expect(userRows.length + offerRows.length).toBe(csv.length - 1);

  await page.getByTestId("tab-user").click();
  expect(await readRows(page.getByTestId("report-by-user"))).toEqual(userRows.map(asScreen));
  await page.getByTestId("tab-offer").click();
  expect(await readRows(page.getByTestId("report-by-offer"))).toEqual(offerRows.map(asScreen));
  await page.getByTestId("tab-user").click();
}

async function waitForReport(page: Page) {
  await expect(page.getByTestId("report-result")).toHaveAttribute("aria-busy", "false");
}

test("the financial user builds a filtered report and its CSV equals the screen", async ({ page }) => {
  await page.goto("/financial/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Relatórios" })).toBeVisible();
  // Nothing in the URL: the last 30 days, shown as the one (fixed) badge.
  await expect(page.getByTestId("filter-period")).toHaveValue("30d");
  await expect(page.getByTestId("filter-badge")).toHaveText(["Período: Últimos 30 dias"]);
  await waitForReport(page);

  // A custom range and ROI bounds that sit exactly on Diana's 10 % and 120 % campaigns.
  await page.getByTestId("filter-from").fill(from);
  await page.getByTestId("filter-to").fill(to);
  await expect(page.getByTestId("filter-period")).toHaveValue("custom");
  await page.getByTestId("filter-min-roi").fill("10");
  await page.getByTestId("filter-max-roi").fill("120");
  // Edited but not generated: the export waits, so it can never differ from the screen.
  await expect(page.getByTestId("filters-pending")).toHaveText(
    "Os filtros mudaram: gere o relatório para ver e exportar os novos resultados.",
  );
  await expect(page.getByTestId("export-csv")).toBeDisabled();
  await page.getByTestId("generate-report").click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}&minRoi=10&maxRoi=120$`));
  await expect(page.getByTestId("filters-pending")).toHaveText("");
  await waitForReport(page);
  await expect(page.getByTestId("summary-campaigns")).toHaveText("3");

  // The independent arithmetic: Diana 100+300 spent, 220+330 revenue; Bruno 200 / 300.
  const byUser = await readRows(page.getByTestId("report-by-user"));
  expect(byUser.map((row) => row[0])).toEqual([diana.name, bruno.name]);
  expect(byUser[0]?.slice(2)).toEqual([
    num("2"),
    usd("400"),
    usd("550"),
    usd("150"),
    pct("37.5"),
    usd("0.275"),
    num("10"),
  ]);
  expect(byUser[1]?.slice(2)).toEqual([
    num("1"),
    usd("200"),
    usd("300"),
    usd("100"),
    pct("50"),
    usd("0.3"),
    num("5"),
  ]);
  await expectCsvEqualsScreen(page, await exportCsv(page));

  // Now one user and one offer on top.
  await page.getByTestId("filter-user").selectOption(dianaId);
  await page.getByTestId("filter-offer").selectOption(offerIds.a);
  await page.getByTestId("generate-report").click();
  await expect(page).toHaveURL(new RegExp(`userId=${dianaId}&offerId=${offerIds.a}`));
  await waitForReport(page);
  await expect(page.getByTestId("summary-campaigns")).toHaveText("1");
  const badges = [
    `Data inicial: ${new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${from}T00:00:00Z`))}`,
    `Data final: ${new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${to}T00:00:00Z`))}`,
    `Usuário: ${diana.name}`,
    `Oferta: ${offerA}`,
    `ROI mínimo (%): ${pct("10")}`,
    `ROI máximo (%): ${pct("120")}`,
  ];
  await expect(page.getByTestId("filter-badge")).toHaveText(badges);
  const csv = await exportCsv(page);
  expect(csv).toHaveLength(3);
  await expectCsvEqualsScreen(page, csv);
  expect(asScreen(csv[1] ?? [])).toEqual([
    diana.name,
    diana.email,
    num("1"),
    usd("100"),
    usd("220"),
    usd("120"),
    pct("120"),
    usd("0.22"),
    num("5"),
  ]);

  // A reload (or a bookmark) brings back the same filters, badges and rows.
  await page.reload();
  await waitForReport(page);
  await expect(page.getByTestId("filter-badge")).toHaveText(badges);
  await expect(page.getByTestId("filter-from")).toHaveValue(shownDate(from));
  await expect(page.getByTestId("filter-user")).toHaveValue(dianaId);
  await expect(page.getByTestId("filter-offer")).toHaveValue(offerIds.a);
  await expect(page.getByTestId("filter-max-roi")).toHaveValue("120");
  await page.getByTestId("tab-offer").click();
  await expect(page).toHaveURL(/tab=offer/);
  await expect(page.getByTestId("report-by-offer").getByTestId("report-row")).toHaveCount(1);
  expect(await readRows(page.getByTestId("report-by-offer"))).toEqual([
    [
      offerA,
      `Cassino ${suffix}`,
      num("1"),
      usd("100"),
      usd("220"),
      usd("120"),
      pct("120"),
      usd("0.22"),
      num("5"),
    ],
  ]);

  // Removing one badge removes that filter only.
  await page.getByRole("button", { name: `Remover filtro Oferta: ${offerA}` }).click();
  await expect(page).not.toHaveURL(/offerId=/);
  await waitForReport(page);
  await expect(page.getByTestId("filter-badge")).toHaveCount(5);
  await expect(page.getByTestId("filter-offer")).toHaveValue("");
  await expect(page.getByTestId("summary-campaigns")).toHaveText("2");

  // Bad bounds: translated messages, the typed text stays, the URL (and the report) do not change.
  const url = page.url();
  await page.getByTestId("filter-min-roi").fill("abc");
  await page.getByTestId("generate-report").click();
  await expect(page.getByText("Não é um número. Use só dígitos e vírgula para decimais")).toBeVisible();
  await expect(page.getByTestId("filter-min-roi")).toHaveValue("abc");
  await expect(page.getByTestId("filter-min-roi")).toBeFocused();
  await page.getByTestId("filter-min-roi").fill("150,5");
  await expect(page.getByText("O ROI máximo deve ser maior ou igual ao mínimo.")).toBeVisible();
  await page.getByTestId("filter-to").fill(day(180));
  await page.getByTestId("generate-report").click();
  await expect(page.getByText("A data final deve ser igual ou posterior à inicial.")).toBeVisible();
  await expect(page.getByTestId("filter-min-roi")).toHaveValue("150,5");
  expect(page.url()).toBe(url);
  // Switching tabs changes the URL but keeps what is being typed.
  await page.getByTestId("tab-user").click();
  await expect(page).not.toHaveURL(/tab=offer/);
  await expect(page.getByTestId("filter-min-roi")).toHaveValue("150,5");
  await expect(page.getByTestId("filter-to")).toHaveValue(shownDate(day(180)));

  // Clear filters: back to the last 30 days.
  await page.getByTestId("clear-filters").click();
  await expect(page).toHaveURL(/\/financial\/reports$/);
  await expect(page.getByTestId("filter-period")).toHaveValue("30d");
  await expect(page.getByTestId("filter-min-roi")).toHaveValue("");
  await expect(page.getByTestId("filter-badge")).toHaveText(["Período: Últimos 30 dias"]);
});

test("the report fits a 360 px phone in two languages and themes", async ({ browser, consoleGuard }) => {
  const query = `from=${from}&to=${to}&minRoi=10&maxRoi=120`;
  try {
    for (const language of languages) {
      for (const theme of themes) {
        for (const width of [1280, 360]) {
          const page = await openPage(browser, consoleGuard, {
            role: "financial",
            language,
            theme,
            viewport: { width, height: 800 },
          });
          await page.goto(`/financial/reports?${query}`);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(
            language === "en" ? "Reports" : "Relatórios",
          );
          await waitForReport(page);
          await expect(page.getByTestId("report-row")).toHaveCount(2);
          // Nothing but the table itself may scroll sideways.
          await expectNoHorizontalScroll(page, { message: `page overflow at ${width}px` });
          if (width === 1280) await expectAccessible(page);
          await expectScreen(page, `reports-${language}-${theme}-${width}`);
          if (width === 360 && theme === "light") {
            // The validation state, on a phone.
            await page.getByTestId("filter-max-roi").fill("5");
            await page.getByTestId("generate-report").click();
            await expect(page.getByTestId("field-error")).toHaveCount(1);
            await expectScreen(page, `reports-${language}-invalid-360`);
          }
          await page.context().close();
        }
      }
    }
  } finally {
    await restoreLanguage(["financial"]);
  }
});
