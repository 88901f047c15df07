import { describe, expect, it } from "vitest";
import { formatDateInput, parseDateInput } from "../../web/lib/date-input";

describe("dates typed in the reader's language", () => {
  it("shows an ISO date in each language's order", () => {
    expect(formatDateInput("2026-11-03", "pt-BR")).toBe("03/11/2026");
    expect(formatDateInput("2026-11-03", "en")).toBe("11/03/2026");
    expect(formatDateInput("2026-11-03", "ru")).toBe("03.11.2026");
    expect(formatDateInput("", "en")).toBe("");
    expect(formatDateInput("3/11", "pt-BR")).toBe("3/11");
  });

  it("reads what was typed in that order, with any separator", () => {
    expect(parseDateInput("03/11/2026", "pt-BR")).toBe("2026-11-03");
    expect(parseDateInput("3.11.26", "ru")).toBe("2026-11-03");
    expect(parseDateInput("11/03/2026", "en")).toBe("2026-11-03");
    expect(parseDateInput("11-3-2026", "en")).toBe("2026-11-03");
    expect(parseDateInput("2026-11-03", "ru")).toBe("2026-11-03");
  });

  it("refuses what is not a real date", () => {
    expect(parseDateInput("31/02/2026", "pt-BR")).toBeNull();
    expect(parseDateInput("13/13/2026", "en")).toBeNull();
    expect(parseDateInput("2026-02-30", "en")).toBeNull();
    expect(parseDateInput("03/11", "pt-BR")).toBeNull();
    expect(parseDateInput("03/11/202", "pt-BR")).toBeNull();
    expect(parseDateInput("amanhã", "pt-BR")).toBeNull();
    expect(parseDateInput("", "pt-BR")).toBeNull();
  });
});
