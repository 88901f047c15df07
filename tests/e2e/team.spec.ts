import type { APIRequestContext } from "@playwright/test";
import { addDays, todayIn } from "../../domain/periods";
import { apiAs } from "./support/api";
import { seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/pages";

// Issue 25, the team screen: the seeded team lead opens /team, sees the buyers they lead with the
// "nothing logged yesterday" flag on the one who skipped it, sorts last week by profit ascending to
// find the weakest buyer, and clicks through to that buyer's analytics for the same week. Buyers,
// an offer and their days are arranged through the API as the admin (users, then an import in each
// buyer's name); the figures themselves are the API tests' business (server/features/team).

const stamp = Date.now().toString(36);
const buyers = {
  weak: { name: `Wagner Fraco ${stamp}`, email: `weak-${stamp}@team-screen.test` },
  strong: { name: `Sara Forte ${stamp}`, email: `strong-${stamp}@team-screen.test` },
  quiet: { name: `Quitéria Quieta ${stamp}`, email: `quiet-${stamp}@team-screen.test` },
};
type Key = keyof typeof buyers;
const ids: Record<Key, string> = { weak: "", strong: "", quiet: "" };
const offerName = `Roleta Equipe ${stamp}`;
const brDate = (iso: string) => iso.split("-").reverse().join("/");

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Imports days for a buyer as the admin: spend and deposits per day (revenue = deposits × 100). */
async function importDays(api: APIRequestContext, userId: string, days: [string, string, number][]) {
  const csv = [
    "Data;Oferta;Gasto;Cliques;Instalações;Cadastros;Depósitos",
    ...days.map(([date, spent, deposits]) => `${brDate(date)};${offerName};${spent};100;20;10;${deposits}`),
  ].join("\r\n");
  const preview = await api.post("/api/imports/preview", {
    multipart: {
      file: { name: "dias.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") },
      userId,
    },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const { token } = (await preview.json()) as { token: string };
  const commit = await api.post("/api/imports", { data: { token } });
  expect(commit.status(), await commit.text()).toBe(200);
  expect(((await commit.json()) as { added: number }).added).toBe(days.length);
}

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const { workspaceTimezone } = await json<{ workspaceTimezone: string }>(admin, "/api/config");
  const today = todayIn(workspaceTimezone);
  const day = (n: number) => addDays(today, -n);
  const users = await json<{ id: string; email: string }[]>(admin, "/api/users");
  const lead = users.find((user) => user.email === seededAccounts.manager.email);
  if (!lead) throw new Error("the seeded team lead is missing");
  const offer = await admin.post("/api/offers", {
    data: {
      name: offerName,
      casinoBrand: "Casino Equipe",
      value: "500.00",
      currency: "BRL",
      payoutPerDeposit: "100.00",
    },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  for (const key of Object.keys(buyers) as Key[]) {
    const created = await admin.post("/api/users", {
      data: { ...buyers[key], role: "user", managerId: lead.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids[key] = ((await created.json()) as { user: { id: string } }).user.id;
  }
  // Last week: the weak buyer loses far more than anyone could have made elsewhere in the suite;
  // the quiet one logged three days ago and not since.
  await importDays(admin, ids.weak, [
    [day(1), "90.000,00", 1],
    [day(3), "80.000,00", 2],
  ]);
  await importDays(admin, ids.strong, [
    [day(1), "10,00", 5],
    [day(2), "20,00", 4],
  ]);
  await importDays(admin, ids.quiet, [[day(3), "50,00", 1]]);
  await admin.dispose();
});

test.use({ storageState: storageStatePath("manager") });

test("a team lead finds last week's weakest buyer on /team and opens their analytics", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Equipe" }).first().click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("heading", { level: 1, name: "Equipe" })).toBeVisible();

  // Last 7 days, chosen in the one range picker (it is also the default).
  await page.getByTestId("team-range").selectOption("7d");
  const table = page.getByTestId("team-table");
  await expect(table).toHaveAttribute("data-ready", "true");
  const row = (key: Key) => table.locator(`tr[data-buyer="${buyers[key].name}"]`);
  for (const key of Object.keys(buyers) as Key[]) await expect(row(key)).toBeVisible();

  // The quiet buyer logged nothing yesterday: flagged with words, not colour alone.
  await expect(row("quiet").getByTestId("missed-yesterday")).toHaveText("Nada lançado ontem");
  await expect(row("weak").getByTestId("missed-yesterday")).toHaveCount(0);
  await expect(row("strong").getByTestId("missed-yesterday")).toHaveCount(0);

  // Profit: the first click sorts largest first, the second smallest first; the sort is in the URL.
  await page.getByTestId("sort-profit").click();
  await expect(page).toHaveURL(/sort=-profit/);
  await page.getByTestId("sort-profit").click();
  await expect(page).toHaveURL(/sort=profit/);
  const first = table.locator("tbody tr").first();
  await expect(first).toHaveAttribute("data-buyer", buyers.weak.name);
  await expect(first.getByTestId("cell-profit")).toContainText("-");

  // At 360 px the page itself never scrolls sideways (the table scrolls in its own box).
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A click on the row (not on a link) opens the buyer's analytics for the same week.
  await first.getByTestId("cell-spent").click();
  await expect(page).toHaveURL(new RegExp(`/user/analytics\\?userId=${ids.weak}&period=7d$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The keyboard path: the buyer's name is a link to the same place; the dashboard link is beside it.
  await page.goBack();
  await expect(table).toHaveAttribute("data-ready", "true");
  await expect(row("weak").getByTestId("buyer-link")).toHaveAttribute(
    "href",
    `/user/analytics?userId=${ids.weak}&period=7d`,
  );
  await expect(row("weak").getByTestId("dashboard-link")).toHaveAttribute("href", `/?userId=${ids.weak}`);
});

test.describe("other roles", () => {
  test.describe("an admin", () => {
    test.use({ storageState: storageStatePath("admin") });

    test("picks the lead whose team to read; the choice is in the URL and the lead column goes", async ({
      page,
    }) => {
      await page.goto("/team");
      const table = page.getByTestId("team-table");
      await expect(table).toHaveAttribute("data-ready", "true");
      // Every buyer, each with their lead.
      await expect(table.locator(`tr[data-buyer="${buyers.weak.name}"]`)).toContainText(
        seededAccounts.manager.name,
      );
      await page.getByTestId("team-lead").selectOption({ label: seededAccounts.manager.name });
      await expect(page).toHaveURL(/leadId=/);
      await expect(table).toHaveAttribute("data-ready", "true");
      await expect(page.getByTestId("sort-lead")).toHaveCount(0);
      for (const key of Object.keys(buyers) as Key[])
        await expect(table.locator(`tr[data-buyer="${buyers[key].name}"]`)).toBeVisible();
    });
  });

  test.describe("a buyer", () => {
    test.use({ storageState: storageStatePath("buyer") });

    test("has no team screen: no nav entry, and /team sends them home", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("sidebar-buyer")).toBeVisible();
      await expect(page.getByRole("link", { name: "Equipe" })).toHaveCount(0);
      await page.goto("/team");
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
