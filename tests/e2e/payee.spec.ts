import { apiAs } from "./support/api";
import { expectAccessible } from "./support/axe";
import { storageStatePath } from "./support/env";
import { expect, test } from "./support/fixtures";

// Issue 24 on the seeded "screens" server: the buyer keeps where they are paid on /account, in
// pt-BR. A CPF whose check digit is wrong is refused with a translated message and nothing typed is
// lost; the right one is saved, shown masked, and financial reads the whole key. At 360 px wide the
// card fits the screen.

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStatePath("buyer") });

test("a buyer saves a Pix CPF key on /account after an invalid CPF is refused", async ({ page }) => {
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
  const card = page.getByTestId("payee-card");
  await expect(card.getByRole("heading", { name: "Dados para pagamento" })).toBeVisible();
  // A retried run finds the details of the first try: open the form again.
  const edit = card.getByTestId("payee-edit");
  const form = card.getByRole("form", { name: "Dados para pagamento" });
  await expect(edit.or(form)).toBeVisible();
  if (await edit.isVisible()) await edit.click();

  await form.getByRole("radio", { name: "Pix" }).check();
  await form.getByRole("combobox", { name: "Tipo de chave" }).selectOption("cpf");
  const key = form.getByRole("textbox", { name: "Chave Pix" });
  await key.fill("529.982.247-24");
  await form.getByRole("button", { name: "Salvar dados" }).click();
  await expect(form.getByText("CPF inválido: confira os dígitos.")).toBeVisible();
  await expect(key).toHaveAttribute("aria-invalid", "true");
  await expect(key).toHaveValue("529.982.247-24");
  await expectAccessible(page, { label: "/account, payment details refused" });

  await key.fill("529.982.247-25");
  await form.getByRole("button", { name: "Salvar dados" }).click();
  await expect(page.getByText("Dados para pagamento salvos.")).toBeVisible();
  const saved = card.getByTestId("payee-saved");
  await expect(saved.getByTestId("payee-method")).toHaveText("Pix");
  await expect(saved).toContainText("CPF");
  await expect(saved).toContainText("••••4725");
  await expect(saved).not.toContainText("52998224725");

  // Financial reads the whole key, normalised to its digits.
  const buyerApi = await apiAs("buyer");
  const me = (await (await buyerApi.get("/api/me")).json()) as { id: string };
  await buyerApi.dispose();
  const financial = await apiAs("financial");
  const answer = await financial.get(`/api/users/${me.id}/payee`);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({
    payee: { method: "pix", pixKeyType: "cpf", pixKey: "52998224725" },
  });
  await financial.dispose();
});

test("the payment details card fits a 360 px phone, saved and in its bank form", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/account");
  const card = page.getByTestId("payee-card");
  await expect(card.getByTestId("payee-saved")).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await card.getByTestId("payee-edit").click();
  await card.getByRole("radio", { name: "Conta bancária" }).check();
  await expect(card.getByRole("textbox", { name: "CPF ou CNPJ do titular" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Cancelling keeps the saved details as they were.
  await card.getByRole("button", { name: "Cancelar" }).click();
  await expect(card.getByTestId("payee-saved")).toContainText("••••4725");
});
