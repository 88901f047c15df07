import { describe, expect, it } from "vitest";
import {
  dateMatchesSearch,
  dateTextParts,
  normalizeDateText,
  renderDateText,
  searchableDateStyles,
} from "./date-search";
import { languages } from "./roles";

function everyDayOf(year: number): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

describe("dateTextParts", () => {
  // Compared as a search compares them: spaces of any width alike (Intl itself varies the kind of
  // space between months in ru), letters in any case.
  it.each(languages)("rebuilds what Intl shows, every day of a leap year and another (%s)", (language) => {
    for (const style of searchableDateStyles) {
      const parts = dateTextParts(language, style);
      const intl = new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: "UTC" });
      for (const iso of [...everyDayOf(2024), ...everyDayOf(2026)]) {
        expect(normalizeDateText(renderDateText(parts, iso)), `${language} ${style} ${iso}`).toBe(
          normalizeDateText(intl.format(new Date(`${iso}T00:00:00Z`))),
        );
      }
    }
  });
});

describe("dateMatchesSearch", () => {
  it("finds the date as shown in pt-BR and its numeric forms", () => {
    for (const search of [
      "25 de nov",
      "25 DE NOV.",
      "nov. de 2026",
      "25 de novembro",
      "25/11",
      "25/11/2026",
      "2026-11-25",
    ]) {
      expect(dateMatchesSearch("2026-11-25", search, "pt-BR"), search).toBe(true);
    }
    for (const search of ["25 de dez", "26 de nov", "Nov 25", "11/25"]) {
      expect(dateMatchesSearch("2026-11-25", search, "pt-BR"), search).toBe(false);
    }
  });

  it("finds the date as shown in en", () => {
    for (const search of ["Nov 25", "nov 25, 2026", "November 25", "11/25/26", "25/11"]) {
      expect(dateMatchesSearch("2026-11-25", search, "en"), search).toBe(true);
    }
    expect(dateMatchesSearch("2026-11-25", "25 de nov", "en")).toBe(false);
  });

  it("finds the date as shown in ru", () => {
    for (const search of ["25 нояб", "25 ноября", "25.11.2026", "нояб. 2026"]) {
      expect(dateMatchesSearch("2026-11-25", search, "ru"), search).toBe(true);
    }
    expect(dateMatchesSearch("2026-11-25", "25 дек", "ru")).toBe(false);
  });

  it("does not let a short day match inside a longer one's text by padding", () => {
    expect(dateMatchesSearch("2026-11-05", "5 de nov", "pt-BR")).toBe(true);
    expect(dateMatchesSearch("2026-11-05", "05 de nov", "pt-BR")).toBe(false);
  });

  it("reads Intl's no-break spaces as typed spaces", () => {
    expect(normalizeDateText("25\u00a0нояб.\u202f2026")).toBe("25 нояб. 2026");
  });
});
