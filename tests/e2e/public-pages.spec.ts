import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Issue 28: a signed-out visitor's pages log nothing to the console, in any language. The session
// probe answers 200 with no user (GET /api/session), so even the "am I signed in?" check is quiet.
// Each page is checked on its own (not only by the suite-wide guard) so a failure names the page.

const publicPages = [
  { path: "/login", heading: { "pt-BR": "Entrar", en: "Sign in", ru: "Вход" } },
  { path: "/register", heading: null },
  { path: "/forgot-password", heading: null },
  { path: "/reset-password", heading: null },
  { path: "/reset-password?token=not-a-real-token", heading: null },
  // A signed-in page asked for while signed out sends the visitor to sign in, quietly.
  { path: "/admin/users", heading: null },
  { path: "/no-such-page", heading: null },
];

const languages = ["pt-BR", "en", "ru"] as const;

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

for (const language of languages) {
  test(`every public page loads without a console error (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: language });
    await context.addInitScript((lang) => localStorage.setItem("placar.language", lang), language);
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    for (const entry of publicPages) {
      const sessionChecked = page.waitForResponse((r) => r.url().endsWith("/api/session"));
      await page.goto(entry.path);
      const session = await sessionChecked;
      expect(session.status(), `${entry.path}: the session probe`).toBe(200);
      expect(await session.json()).toEqual({ user: null });
      await expect(page.locator("h1").first()).toBeVisible();
      if (entry.heading) await expect(page.locator("h1").first()).toHaveText(entry.heading[language]);
      // Lets late requests (config, captcha challenge, lazy chunks) report before judging the page.
      await page.waitForLoadState("networkidle");
      expect(errors, `console errors on ${entry.path} (${language})`).toEqual([]);
    }
    await context.close();
  });
}
