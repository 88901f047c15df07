import type { APIRequestContext } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { addDays, todayIn } from "../../domain/periods";
import { formatMoney } from "../../web/lib/format";
import { screensServer, seededAccounts, storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/pages";

// Issue 11: a buyer imports a spreadsheet export (semicolons, decimal commas), fixes the one column
// Placar could not guess, sees the two bad rows flagged, imports the rest and finds it on /campanhas.

const base = screensServer.baseURL;
const today = todayIn("America/Sao_Paulo");
const suffix = Date.now().toString(36);
const offerName = `Importa Bet ${suffix}`;

async function apiAs(role: "admin" | "buyer"): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: base,
    storageState: storageStatePath(role),
    extraHTTPHeaders: { origin: base },
  });
}

test.beforeAll(async () => {
  const admin = await apiAs("admin");
  const response = await admin.post("/api/offers", {
    data: {
      name: offerName,
      casinoBrand: "Placar Casino",
      value: "500.00",
      currency: "BRL",
      payoutPerDeposit: "20.00",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await admin.dispose();
});

/** dd/mm/yyyy, as a Brazilian spreadsheet writes dates. */
const brDate = (iso: string) => iso.split("-").reverse().join("/");

test.use({ storageState: storageStatePath("buyer") });

test("a buyer imports a semicolon file with decimal commas", async ({ page }) => {
  const days = [20, 19, 18, 17].map((n) => addDays(today, -n));
  const csv = [
    "Dia;Oferta;Investido;Cliques;Instalações;Cadastros;Depósitos",
    `${brDate(days[0]!)};${offerName};12,50;1.200;300;40;2`,
    `${brDate(days[1]!)};${offerName};100,25;900;200;30;1`,
    `${brDate(days[2]!)};Oferta Inexistente ${suffix};5,00;10;1;0;0`,
    `${brDate(days[3]!)};${offerName};7,75;100;10;5;0`,
    `31/02/2026;${offerName};3,00;10;1;0;0`,
    `${brDate(addDays(today, -16))};${offerName};1.234,56;5.000;800;90;6`,
  ].join("\r\n");

  await page.goto("/campanhas");
  await page.getByTestId("import-link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Importar resultados" })).toBeVisible();

  const firstPreview = page.waitForResponse((r) => r.url().endsWith("/api/imports/preview") && r.ok());
  await page.getByTestId("import-file").setInputFiles({
    name: "resultados.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${csv}`, "utf8"),
  });
  await firstPreview;
  // "Investido" is not a name Placar knows: the spend column starts unmapped.
  await expect(page.getByTestId("mapping-date")).toHaveValue("Dia");
  await expect(page.getByTestId("mapping-spent")).toHaveValue("");

  const secondPreview = page.waitForResponse((r) => r.url().endsWith("/api/imports/preview") && r.ok());
  await page.getByTestId("mapping-spent").selectOption("Investido");
  await secondPreview;
  await expect(page.getByTestId("mapping-spent")).toHaveValue("Investido");

  const preview = page.getByTestId("import-preview");
  await expect(preview.getByText(formatMoney("1234.56", "USD", "pt-BR"))).toBeVisible();
  const flagged = page.locator('[data-testid="import-row"][data-status="error"]');
  await expect(flagged).toHaveCount(2);
  await expect(flagged.nth(0)).toContainText("Oferta: oferta desconhecida");
  await expect(flagged.nth(1)).toContainText("Data: data inválida");
  await expect(page.getByTestId("count-error")).toContainText("2");

  const commit = page.waitForResponse(
    (r) => r.url().endsWith("/api/imports") && r.request().method() === "POST",
  );
  await page.getByTestId("import-submit").click();
  expect((await commit).status()).toBe(200);
  await expect(page.getByText("Importado: 4 adicionadas, 0 substituídas, 2 ignoradas")).toBeVisible();
  await expect(page).toHaveURL(/\/campanhas$/);

  // The default history window is the last 30 days: every imported day is in it.
  const cards = page.getByTestId("campaign-card").filter({ hasText: offerName });
  await expect(cards).toHaveCount(4);
  await expect(cards.filter({ hasText: formatMoney("1234.56", "USD", "pt-BR") })).toHaveCount(1);
  await expect(cards.filter({ hasText: formatMoney("12.50", "USD", "pt-BR") })).toHaveCount(1);
});

test("a buyer creates an API token from the user menu, sees it once and revokes it", async ({ page }) => {
  await page.goto("/campanhas");
  await page.getByTestId("user-menu").click();
  await page.getByTestId("tokens-link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Tokens de API" })).toBeVisible();
  const name = `Script ${suffix}`;
  // A buyer's token has their own scope: no access choice; every token expires (90 days preselected).
  await expect(page.getByTestId("token-access")).toHaveCount(0);
  await expect(page.getByTestId("token-expiry")).toHaveValue("90");
  await expect(page.getByTestId("token-expiry").locator("option")).toHaveText([
    "em 30 dias",
    "em 90 dias",
    "em 365 dias",
  ]);
  await page.getByTestId("token-name").fill(name);
  await page.getByTestId("token-create").click();
  const secret = (await page.getByTestId("token-secret").textContent()) ?? "";
  expect(secret).toMatch(/^plc_/);

  // The token works on the campaign endpoints until it is revoked.
  const script = await playwrightRequest.newContext({ baseURL: base });
  const auth = { authorization: `Bearer ${secret}` };
  expect((await script.get("/api/campaigns", { headers: auth })).status()).toBe(200);
  const row = page.getByTestId("token-row").filter({ hasText: name });
  await expect(row).toHaveAttribute("data-state", "active");
  await page.reload();
  await expect(page.getByTestId("token-secret")).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByTestId("token-revoke").click();
  await page.getByTestId("token-revoke-confirm").click();
  await expect(row).toHaveAttribute("data-state", "revoked");
  expect((await script.get("/api/campaigns", { headers: auth })).status()).toBe(401);
  await script.dispose();
});

test.describe("an admin imports on behalf of a buyer", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("chooses the buyer, whose private offer then applies, and imports into their history", async ({
    page,
  }) => {
    const buyer = seededAccounts.buyer;
    const admin = await apiAs("admin");
    const users = await admin.get(`/api/users?q=${encodeURIComponent(buyer.email)}`);
    const buyerId = ((await users.json()) as { id: string; email: string }[]).find(
      (u) => u.email === buyer.email,
    )!.id;
    const privateOffer = `Privada ${suffix}`;
    const created = await admin.post("/api/offers", {
      data: {
        name: privateOffer,
        casinoBrand: "Placar Casino",
        value: "300.00",
        currency: "BRL",
        payoutPerDeposit: "15.00",
        visibleToAll: false,
        assignedUserIds: [buyerId],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await admin.dispose();

    const days = [12, 11, 10].map((n) => addDays(today, -n));
    const csv = [
      "Data;Oferta;Gasto;Cliques;Instalações;Cadastros;Depósitos",
      ...days.map((day, i) => `${brDate(day)};${privateOffer};${i + 1}0,50;100;20;5;${i}`),
    ].join("\r\n");

    // From the team page, the buyer's row opens the import with the buyer chosen.
    await page.goto("/admin/users");
    await page.locator(`tr[data-user-email="${buyer.email}"]`).getByTestId("user-more-actions").click();
    await page.getByTestId("user-import-link").click();
    await expect(page).toHaveURL(new RegExp(`/import\\?userId=${buyerId}$`));
    const target = page.getByTestId("import-target");
    await expect(target).toHaveValue(buyerId);

    // For the admin themself, the buyer's private offer is not available.
    await target.selectOption("");
    await expect(page).toHaveURL(/\/import$/);
    const mine = page.waitForResponse((r) => r.url().endsWith("/api/imports/preview") && r.ok());
    await page.getByTestId("import-file").setInputFiles({
      name: "compradora.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv, "utf8"),
    });
    await mine;
    await expect(page.locator('[data-testid="import-row"][data-status="error"]')).toHaveCount(3);
    await expect(page.getByTestId("import-problems").first()).toContainText(
      "Oferta: oferta não disponível para você",
    );

    // The same file for the buyer: every row is ready.
    const forBuyer = page.waitForResponse((r) => r.url().endsWith("/api/imports/preview") && r.ok());
    await target.selectOption(buyerId);
    await forBuyer;
    await expect(page.locator('[data-testid="import-row"][data-status="ok"]')).toHaveCount(3);
    const commit = page.waitForResponse(
      (r) => r.url().endsWith("/api/imports") && r.request().method() === "POST",
    );
    await page.getByTestId("import-submit").click();
    expect((await commit).status()).toBe(200);
    await expect(page.getByText("Importado: 3 adicionadas, 0 substituídas, 0 ignoradas")).toBeVisible();
    await expect(page).toHaveURL(/\/campanhas$/);
    const cards = page.getByTestId("campaign-card").filter({ hasText: privateOffer });
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(buyer.name);

    // The days are the buyer's own.
    const asBuyer = await apiAs("buyer");
    const list = await asBuyer.get(`/api/campaigns?from=${days[0]}&to=${days[2]}&pageSize=100`);
    const items = ((await list.json()) as { items: { offer: { name: string } | null }[] }).items;
    expect(items.filter((item) => item.offer?.name === privateOffer)).toHaveLength(3);
    await asBuyer.dispose();
  });
});

test.describe("an admin's API tokens", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("create campaigns only unless made with full campaign access, which the list shows; the screen fits 360 px and 1280 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/tokens");
    await expect(page.getByRole("heading", { level: 1, name: "Tokens de API" })).toBeVisible();
    const access = page.getByTestId("token-access");
    await expect(access).toHaveValue("intake");
    await expect(page.getByTestId("token-access-hint")).toContainText("só pode criar campanhas");

    const script = await playwrightRequest.newContext({ baseURL: base });
    const secrets: Record<string, string> = {};
    for (const [label, choice] of [
      [`Intake ${suffix}`, "intake"],
      [`Full ${suffix}`, "full"],
    ] as const) {
      await page.getByTestId("token-name").fill(label);
      await access.selectOption(choice);
      await page.getByTestId("token-create").click();
      secrets[choice] = (await page.getByTestId("token-secret").textContent()) ?? "";
      expect(secrets[choice]).toMatch(/^plc_/);
      await page.getByRole("button", { name: "Concluir" }).click();
    }
    const rows = page.getByTestId("token-row");
    await expect(rows.filter({ hasText: `Intake ${suffix}` }).getByTestId("token-access-cell")).toHaveText(
      "Só criar campanhas",
    );
    await expect(rows.filter({ hasText: `Full ${suffix}` }).getByTestId("token-access-cell")).toHaveText(
      "Acesso completo",
    );
    await expect(page.getByTestId("token-count")).toContainText("de 20 tokens ativos");

    const list = (secret: string) =>
      script.get("/api/campaigns", { headers: { authorization: `Bearer ${secret}` } });
    const refused = await list(secrets.intake!);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("token_intake_only");
    expect((await list(secrets.full!)).status()).toBe(200);
    await script.dispose();

    // The form and the list fit: no sideways scroll of the page at 1280 px and at 360 px, and the
    // access choice is fully visible in both.
    await expectNoHorizontalScroll(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoHorizontalScroll(page, { message: `the tokens screen scrolls sideways at ${width} px` });
      const box = await access.boundingBox();
      expect(box, `access choice at ${width} px`).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    // At 1280 px the list fits its card, revoke buttons included (at 360 px it scrolls in its box).
    const table = page.locator('[data-slot="table-container"]');
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
  });
});
