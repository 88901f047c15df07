import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { formErrorOf, formErrorText } from "@/features/campaigns/form";
import { ApiError } from "@/lib/api";
import { closedMonthDate, formatMonthYear } from "@/lib/month-closed";

// 409 month_closed names no month the web could translate: the screens name the month of the date
// they sent (a new date the server marks) or showed (the saved row's), in the reader's language.

const languages = ["pt-BR", "en", "ru"] as const;
const texts = i18next.createInstance();

beforeAll(async () => {
  const resources = Object.fromEntries(
    languages.map((language) => [
      language,
      Object.fromEntries(
        ["campaigns", "import", "errors"].map((namespace) => [
          namespace,
          JSON.parse(
            readFileSync(
              path.join(import.meta.dirname, "../../web/locales", language, `${namespace}.json`),
              "utf8",
            ),
          ),
        ]),
      ),
    ]),
  );
  await texts.init({ resources, lng: "pt-BR", fallbackLng: "pt-BR", interpolation: { escapeValue: false } });
});

const refused = (fields?: Record<string, string>) =>
  new ApiError(409, "month_closed", "November 2026 is closed for payment.", fields);

describe("a month closed for payment", () => {
  it("is named in each language, capitalised at the start of a sentence", () => {
    expect(formatMonthYear("2026-11-21", "pt-BR", true)).toBe("Novembro de 2026");
    expect(formatMonthYear("2026-11-21", "pt-BR")).toBe("novembro de 2026");
    expect(formatMonthYear("2026-11-21", "en")).toBe("November 2026");
    expect(formatMonthYear("2026-01-01", "ru", true)).toBe("Январь 2026 г.");
  });

  it("is the typed date's month when the server marks the date field, else the saved date's", () => {
    expect(
      closedMonthDate(refused({ date: "month_closed" }), { typed: "2026-11-03", saved: "2026-10-30" }),
    ).toBe("2026-11-03");
    // Editing or moving a row of a closed month: the saved date is the closed one.
    expect(closedMonthDate(refused(), { typed: "2026-11-03", saved: "2026-10-30" })).toBe("2026-10-30");
    expect(closedMonthDate(refused(), { saved: "2026-10-30" })).toBe("2026-10-30");
    expect(closedMonthDate(new ApiError(409, "conflict", "x"), { typed: "2026-11-03" })).toBeUndefined();
  });

  it("reads as the buyer's form shows it in pt-BR, en and ru", async () => {
    const error = formErrorOf(refused({ date: "month_closed" }), { typed: "2026-11-21" });
    expect(error).toEqual({ key: "campaigns:errors.month_closed", month: "2026-11-21" });
    const shown: Record<string, string> = {};
    for (const language of languages) {
      await texts.changeLanguage(language);
      shown[language] = formErrorText(texts.t, error, language);
    }
    expect(shown).toEqual({
      "pt-BR": "Novembro de 2026 está fechado para pagamento: peça ao financeiro para reabrir o mês.",
      en: "November 2026 is closed for payment: ask finance to reopen the month.",
      ru: "Ноябрь 2026 г. закрыт для выплат: попросите финансовый отдел снова открыть месяц.",
    });
    await texts.changeLanguage("pt-BR");
  });

  it("has a field message and an import problem that names the month", async () => {
    expect(texts.t("campaigns:validation.month_closed")).toBe("Este mês está fechado para pagamento.");
    expect(texts.t("import:problems.month_closed", { month: formatMonthYear("2026-09-14", "pt-BR") })).toBe(
      "setembro de 2026 está fechado para pagamento",
    );
  });
});
