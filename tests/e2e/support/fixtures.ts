import { test as base, expect, type Page } from "@playwright/test";

// Every browser test fails on a console error, an uncaught exception or a CSP violation (Chromium
// reports those as console errors). No network error is expected: the session probe (GET
// /api/session) answers 200 while signed out; a test that provokes an error calls allowHttpError first.

type AllowedHttpError = { url: RegExp; status: number };

export type ConsoleGuard = {
  /** Lets a failing API answer through (Chromium logs every 4xx as a console error). */
  allowHttpError: (url: RegExp, status: number) => void;
  /** Watches another page (for example one opened in a new browser context). */
  watch: (page: Page) => void;
};

const httpErrorPattern = /^Failed to load resource: the server responded with a status of (\d{3})/;

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: AllowedHttpError[] = [];
      const watch = (target: Page) => {
        target.on("console", (message) => {
          if (message.type() !== "error") return;
          const text = message.text();
          const url = message.location().url;
          const http = httpErrorPattern.exec(text);
          if (http && allowed.some((entry) => entry.status === Number(http[1]) && entry.url.test(url)))
            return;
          problems.push(`console.error: ${text}${url ? ` (${url})` : ""}`);
        });
        target.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      };
      watch(page);
      await use({
        allowHttpError: (url, status) => {
          allowed.push({ url, status });
        },
        watch,
      });
      expect(problems, "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
