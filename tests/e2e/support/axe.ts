import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// The accessibility bar every screen is held to: WCAG 2.2 AA, no serious or critical violations.
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type AxeOptions = {
  /** Names the screen in the failure message when one test audits several. */
  label?: string;
  /** Selectors axe should skip (for third-party markup the app does not control). */
  exclude?: string[];
};

/** Runs axe-core on what is on screen and fails with one line per serious or critical violation. */
export async function expectAccessible(page: Page, options: AxeOptions = {}) {
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const prefix = options.label ? `${options.label}: ` : "";
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${prefix}${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}`).join("\n")}`,
    );
  expect(serious, "serious or critical axe violations").toEqual([]);
}
