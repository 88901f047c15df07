import { request as playwrightRequest } from "@playwright/test";
import { fromCents, toCents } from "../../domain/money";
import { todayIn } from "../../domain/periods";
import { formatMoney } from "../../web/lib/format";
import { apiAs } from "./support/api";
import { expectAccessible } from "./support/axe";
import { screensServer, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectScreen, resizeTo } from "./support/pages";

// Issue 26, postbacks (docs/decisions/0086, 0087): a network's postback lands on the buyer's entry
// for the offer and day, and the buyer's open dashboard shows it without a reload (the coalesced
// refresh on the notification stream). The postbacks screen itself fits a phone.

const base = screensServer.baseURL;
const today = todayIn("America/Sao_Paulo");
const offerName = `Postback Sol ${Date.now().toString(36)}`;
let offerId = "";
let token = "";

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const response = await admin.post("/api/offers", {
    data: {
      name: offerName,
      casinoBrand: "Placar Casino",
      value: "500.00",
      currency: "USD",
      payoutPerDeposit: "25.00",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  offerId = ((await response.json()) as { id: string }).id;
  await admin.dispose();
  const buyer = await apiAs("buyer");
  const created = await buyer.post("/api/postback-keys", { data: { label: "Rede E2E" } });
  expect(created.status(), await created.text()).toBe(201);
  token = ((await created.json()) as { token: string }).token;
  await buyer.dispose();
});

test.use({ storageState: storageStatePath("buyer") });

test("a postback lands on the open dashboard without a reload", async ({ page }) => {
  // Today's revenue as the dashboard's "Hoje" card shows it, before and after.
  const buyer = await apiAs("buyer");
  const todayRevenue = async () => {
    const list = await buyer.get(`/api/campaigns?from=${today}&to=${today}&pageSize=100`);
    expect(list.status()).toBe(200);
    const { items } = (await list.json()) as { items: { depositPayment: string }[] };
    return items.reduce((sum, item) => sum + toCents(item.depositPayment), 0n);
  };
  const before = await todayRevenue();

  await page.goto("/");
  const daily = page.getByTestId("period-daily");
  await expect(daily).toContainText(formatMoney(fromCents(before), "USD", "pt-BR"));
  // A marker on the window: gone if the page were loaded again.
  await page.evaluate(() => {
    (window as unknown as { postbackMarker: number }).postbackMarker = 1;
  });

  const network = await playwrightRequest.newContext({ baseURL: base });
  const answer = await network.get(
    `/api/postback/${token}?event=deposit&tid=e2e-${Date.now()}&offer=${offerId}&date=${today}`,
  );
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toMatchObject({ outcome: "counted" });
  await network.dispose();

  // One deposit at the offer's payout (25.00), on the open page.
  const after = before + toCents("25.00");
  expect(await todayRevenue()).toBe(after);
  await buyer.dispose();
  await expect(daily).toContainText(formatMoney(fromCents(after), "USD", "pt-BR"), { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { postbackMarker?: number }).postbackMarker)).toBe(
    1,
  );
});

test("the postbacks screen shows the key's URL and fits a phone", async ({ page }) => {
  await page.goto("/postbacks");
  await expect(page.getByRole("heading", { level: 1, name: "Postbacks" })).toBeVisible();
  // The keys are a table on a desktop and cards on a phone: the one shown counts.
  await expect(page.getByText("Rede E2E").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(`/api/postback/${token}`).filter({ visible: true }).first()).toBeVisible();
  await expectScreen(page, "postbacks 1280");
  await expectAccessible(page);
  await resizeTo(page, "phone");
  await expectScreen(page, "postbacks 360");
});
