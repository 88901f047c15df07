import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languages } from "../../domain/roles";
import { pivotFileLabels } from "../../server/features/reports/pivot-file";

// The exported report carries exactly what the screen shows (issue 25): its column headings are the
// screen's words, so a reader finds in the spreadsheet the names they picked on /reports.
const locale = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(new URL(`../../web/locales/${language}/${namespace}.json`, import.meta.url), "utf8"),
  );

describe("the report file's headings", () => {
  for (const language of languages) {
    it(`are the screen's words in ${language}`, () => {
      const labels = pivotFileLabels[language];
      expect(labels.dimensions).toEqual(locale(language, "reports").dimensions);
      const screen = locale(language, "campaigns").metrics as Record<string, string>;
      for (const [metric, heading] of Object.entries(labels.metrics)) {
        // Percent columns add the unit the spreadsheet cell no longer shows.
        expect(heading.replace(/ \(%\)$/, ""), metric).toBe(screen[metric]);
      }
    });
  }
});
