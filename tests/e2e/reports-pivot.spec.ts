import { readFileSync } from "node:fs";
import { readSheet } from "read-excel-file/node";
import { parseCsv } from "../../domain/csv";
import { resolvePeriod, todayIn } from "../../domain/periods";
import { apiAs } from "./support/api";
import { seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/pages";

// Issue 25's pivot journey on the seeded "screens" server, as the financial user: "by team, then by
// week" for last month, compared with the month before; saved under a name and reopened from the
// saved list (the whole state comes back); a drill into the team (breadcrumb, then Back); the XLSX
// and the CSV downloaded and read — the CSV's totals row equals the totals on screen, the XLSX holds
// numbers as numbers. Then the screen at 360 px.
//
// Data: for the journey Bruno (buyer) is led by Lara (team lead) and logs three days of last month
// on an offer of this run; afterAll gives him back his own (no) team lead.

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStatePath("financial") });

const suffix = Date.now().toString(36);
const lastMonth = resolvePeriod("previous_month", todayIn("America/Sao_Paulo"));
const monthStart = lastMonth.from as string;
const day = (n: number) => `${monthStart.slice(0, 8)}${String(n).padStart(2, "0")}`;
const viewName = `Equipes por semana ${suffix}`;
let buyerId = "";
let leadId = "";
let previousLead: string | null = null;

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const users = (await (await admin.get("/api/users")).json()) as {
    id: string;
    email: string;
    managerId: string | null;
  }[];
  const buyer = users.find((user) => user.email === seededAccounts.buyer.email);
  const lead = users.find((user) => user.email === seededAccounts.manager.email);
  if (!buyer || !lead) throw new Error("the seeded buyer and team lead are missing");
  buyerId = buyer.id;
  leadId = lead.id;
  previousLead = buyer.managerId;
  const patched = await admin.patch(`/api/users/${buyerId}`, { data: { managerId: leadId } });
  expect(patched.status(), await patched.text()).toBe(200);
  const offer = await admin.post("/api/offers", {
    data: {
      name: `Pivô ${suffix}`,
      casinoBrand: `Cassino Pivô ${suffix}`,
      value: "100.00",
      currency: "USD",
      payoutPerDeposit: "40.00",
    },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const offerId = ((await offer.json()) as { id: string }).id;
  await admin.dispose();
  const api = await apiAs("buyer");
  for (const [date, spent, revenue] of [
    [day(3), "120.50", "300.00"],
    [day(12), "80.25", "40.00"],
    [day(20), "55.00", "99.99"],
  ] as const) {
    const response = await api.post("/api/campaigns", {
      data: {
        date,
        offerId,
        spent,
        clicks: 500,
        installations: 90,
        registrations: 30,
        deposits: 3,
        depositPayment: revenue,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await api.dispose();
});

test.afterAll(async () => {
  const admin = await apiAs("admin");
  await admin.patch(`/api/users/${buyerId}`, { data: { managerId: previousLead } });
  await admin.dispose();
});

/** Waits until the table shows the answer to the address on screen. */
async function tableReady(page: import("@playwright/test").Page) {
  await expect(page.getByTestId("pivot-result")).toHaveAttribute("data-ready", "true");
}

/** A decimal of either CSV dialect ("1.234,50" is never written: no thousands separators). */
const csvNumber = (text: string) => Number(text.replace(/\s/g, "").replace(",", "."));

test("builds, compares, saves, reopens, drills into and exports a report by team and week", async ({
  page,
}) => {
  await page.goto("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Relatórios" })).toBeVisible();
  await tableReady(page);

  // By team, then by week; last month; compared with the month before.
  // Each change is a navigation: the next control is used once the address shows the last one.
  await page.getByTestId("groupby-0").selectOption("team");
  await expect(page).toHaveURL(/groupBy=team(&|$)/);
  await page.getByTestId("groupby-add").click();
  await expect(page.getByTestId("groupby-1")).toBeVisible();
  await page.getByTestId("groupby-1").selectOption("week");
  await expect(page).toHaveURL(/groupBy=team%2Cweek/);
  await page.getByTestId("pivot-range").selectOption("previous_month");
  await expect(page).toHaveURL(/period=previous_month/);
  await page.getByTestId("pivot-compare").check();
  await expect(page).toHaveURL(/compare=previous/);
  await expect(page).toHaveURL(/groupBy=team%2Cweek/);
  await expect(page).toHaveURL(/period=previous_month/);
  await tableReady(page);
  const table = page.getByTestId("pivot-table");
  await expect(table.getByRole("columnheader", { name: "Equipe" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Semana" })).toBeVisible();
  const laraRows = page.getByTestId("pivot-row").filter({ hasText: seededAccounts.manager.name });
  await expect(laraRows.first()).toBeVisible();
  // ISO weeks read "sem. N (d–d mmm)"; with compare each figure shows its previous value and Δ.
  await expect(laraRows.first().getByTestId("drill-1")).toHaveText(/^sem\. \d{1,2} \(/);
  await expect(page.getByTestId("total-spent").getByTestId("change")).toBeVisible();
  await expect(page.getByTestId("card-spent")).not.toBeEmpty();
  const totalSpent = (await page.getByTestId("total-spent").getAttribute("data-value")) as string;
  const totalRevenue = (await page.getByTestId("total-revenue").getAttribute("data-value")) as string;
  expect(Number(totalSpent)).toBeGreaterThanOrEqual(255.75);
  const builtUrl = new URL(page.url());

  // Saved under a name…
  await page.getByTestId("saved-save").click();
  await page.getByTestId("saved-name").fill(viewName);
  await page.getByTestId("saved-submit").click();
  await expect(page.getByTestId("saved-views").locator("option", { hasText: viewName })).toHaveCount(1);

  // …and reopened from a fresh screen: the whole state comes back.
  await page.goto("/reports");
  await tableReady(page);
  await expect(page.getByTestId("groupby-0")).toHaveValue("buyer");
  const savedId = await page
    .getByTestId("saved-views")
    .locator("option", { hasText: viewName })
    .getAttribute("value");
  await page.getByTestId("saved-views").selectOption(savedId as string);
  await expect(page).toHaveURL(/groupBy=team%2Cweek/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(
    Object.fromEntries(builtUrl.searchParams),
  );
  await expect(page.getByTestId("groupby-0")).toHaveValue("team");
  await expect(page.getByTestId("groupby-1")).toHaveValue("week");
  await expect(page.getByTestId("pivot-range")).toHaveValue("previous_month");
  await expect(page.getByTestId("pivot-compare")).toBeChecked();
  await tableReady(page);
  await expect(page.getByTestId("total-spent")).toHaveAttribute("data-value", totalSpent);

  // Drill into Lara's team: filtered by it, grouped by week; the breadcrumb walks back, so does Back.
  await laraRows.first().getByTestId("drill-0").click();
  await expect(page).toHaveURL(new RegExp(`teamId=${leadId}`));
  const crumbs = page.getByTestId("pivot-breadcrumb");
  await expect(crumbs).toContainText(`Equipe: ${seededAccounts.manager.name}`);
  await expect(page.getByTestId("groupby-0")).toHaveValue("week");
  await expect(page.getByTestId("groupby-1")).toHaveCount(0);
  await tableReady(page);
  await crumbs.getByTestId("crumb-0").click();
  await expect(crumbs).toHaveCount(0);
  await expect(page.getByTestId("groupby-1")).toHaveValue("week");
  expect(new URL(page.url()).searchParams.get("teamId")).toBeNull();
  await laraRows.first().getByTestId("drill-0").click();
  await expect(crumbs).toBeVisible();
  await page.goBack();
  await expect(crumbs).toHaveCount(0);
  await expect(page.getByTestId("groupby-0")).toHaveValue("team");
  await tableReady(page);

  // XLSX: numbers are number cells; the totals row carries the screen's totals.
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  const rows = await readSheet(readFileSync((await xlsx.path()) as string));
  const numberCells = rows.flat().filter((cell) => typeof cell === "number");
  expect(numberCells.length).toBeGreaterThan(0);
  const xlsxTotals = rows.find((row) => row.some((cell) => typeof cell === "string" && /^total/i.test(cell)));
  expect(xlsxTotals, "the XLSX has a totals row").toBeDefined();
  expect(xlsxTotals).toContain(Number(totalSpent));

  // CSV in the reader's dialect (pt-BR: ";" and decimal commas): its totals row equals the screen's.
  await expect(page.getByTestId("export-dialect")).toHaveValue("semicolon");
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const text = readFileSync((await csv.path()) as string, "utf8").replace(/^\uFEFF/, "");
  const parsed = parseCsv(text, ";");
  const header = parsed[0] as string[];
  const totals = parsed.find((row) => /^total/i.test(row[0] ?? ""));
  expect(totals, "the CSV has a totals row").toBeDefined();
  const spentColumn = header.indexOf("Gasto");
  const revenueColumn = header.indexOf("Receita");
  expect(spentColumn).toBeGreaterThan(0);
  expect(csvNumber((totals as string[])[spentColumn] as string)).toBe(Number(totalSpent));
  expect(csvNumber((totals as string[])[revenueColumn] as string)).toBe(Number(totalRevenue));
});

test("at 360 px the report never scrolls the page sideways", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/reports?groupBy=team%2Cweek&period=previous_month&compare=previous");
  await tableReady(page);
  await expect(page.getByTestId("pivot-row").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
});
