import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// Steps through the auth screens the way a person does, with the real ALTCHA widget.

/** Waits until the human-verification widget is solved (it starts when the form gets focus). */
export async function waitForHumanCheck(page: Page) {
  const widget = page.locator("altcha-widget .altcha");
  await expect(widget).toBeVisible();
  const state = await widget.getAttribute("data-state");
  if (state === "unverified" || state === "expired" || state === "error") {
    // The widget may start verifying on its own between the read above and the click, and its
    // spinner then covers the checkbox; a dispatched click is the person's click without the race.
    const checkbox = page.locator("altcha-widget input[type=checkbox]");
    if (!(await checkbox.isChecked())) await checkbox.dispatchEvent("click");
  }
  await expect(widget).toHaveAttribute("data-state", "verified", { timeout: 30_000 });
}

export async function signIn(page: Page, email: string, password: string, path = "/login") {
  await page.goto(path);
  await fillSignIn(page, email, password);
}

/** Fills and submits the sign-in form already on screen. */
export async function fillSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form");
  await form.getByRole("textbox", { name: /e-mail/i }).fill(email);
  await form.locator('input[autocomplete="current-password"]').fill(password);
  await waitForHumanCheck(page);
  const submit = page.getByTestId("submit");
  await expect(submit).toBeEnabled();
  await submit.click();
}

export async function register(page: Page, email: string, password: string, confirmation = password) {
  await page.goto("/register");
  const form = page.getByRole("form");
  await form.getByRole("textbox", { name: /e-mail/i }).fill(email);
  const passwords = form.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill(password);
  await passwords.nth(1).fill(confirmation);
  await waitForHumanCheck(page);
  await page.getByTestId("submit").click();
}

export async function signOut(page: Page) {
  // A menu that is still closing (its exit animation) returns focus to its own button when it
  // unmounts, which dismisses a menu opened in the meantime: wait until none is left.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await page.getByTestId("user-menu").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
}
