import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "@/locales/en/notifications.json";
import ptBR from "@/locales/pt-BR/notifications.json";
import ru from "@/locales/ru/notifications.json";
import { renderNotification } from "./render";

// A missing_day reminder (docs/decisions/0088) is stored as { day } and rendered per reader: the
// sentence in their language, the day through Intl in that language, a link to log it for buyers.

const item = {
  id: "n1",
  type: "missing_day" as const,
  metadata: { day: "2026-11-22" },
  read: false,
  createdAt: "2026-11-23T13:00:00.000Z",
};

beforeAll(async () => {
  await i18n.init({
    lng: "en",
    resources: { en: { notifications: en }, "pt-BR": { notifications: ptBR }, ru: { notifications: ru } },
  });
});

const render = (language: "en" | "pt-BR" | "ru", role: "user" | "manager" | "admin" = "user") =>
  renderNotification(item, { t: i18n.getFixedT(language), language, currency: "USD", role });

describe("the missing_day notification", () => {
  it("names the day in the reader's language and links a buyer to logging it", () => {
    expect(render("en")).toEqual({
      title: "Day not logged",
      text: "Nothing was logged for November 22, 2026. Add that day's numbers so your dashboard and commission stay right.",
      href: "/add-data",
    });
    expect(render("pt-BR").title).toBe("Dia sem lançamento");
    expect(render("pt-BR").text).toContain("22 de novembro de 2026");
    expect(render("ru").title).toBe("День не заполнен");
    expect(render("ru").text).toContain("22 ноября 2026");
    expect(render("en", "manager").href).toBe("/add-data");
    expect(render("en", "admin").href).toBeNull();
  });
});
