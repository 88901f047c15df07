import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every decision says when it was taken and whether it still holds, so a reader knows which to trust.
const folder = path.resolve(import.meta.dirname, "../../docs/decisions");
const files = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));

describe("docs/decisions", () => {
  it("has decisions to check", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files)("%s has a title, a Date and a Status", (name) => {
    const lines = readFileSync(path.join(folder, name), "utf8").split("\n");
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. \\S`));
    const header = lines.slice(1, 6).join("\n");
    expect(header).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    expect(header).toMatch(/^Status: (accepted|superseded|proposed)/m);
  });
});
