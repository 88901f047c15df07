import { fileNamePart } from "../../../domain/csv";
import type { Language } from "../../../domain/roles";

// Column titles of the campaigns CSV export in the reader's language (same order as the rows).
export const csvHeaders: Record<Language, string[]> = {
  "pt-BR": [
    "Data",
    "Oferta",
    "Cassino",
    "Gestor",
    "E-mail",
    "Investimento",
    "Cliques",
    "Instalações",
    "Registros",
    "Depósitos",
    "Receita",
    "Lucro",
    "ROI (%)",
    "EPC",
    "Custo por clique",
    "Custo por instalação",
    "Custo por registro",
    "Custo por depósito",
    "Clique → instalação (%)",
    "Instalação → registro (%)",
    "Registro → depósito (%)",
  ],
  en: [
    "Date",
    "Offer",
    "Casino",
    "Buyer",
    "E-mail",
    "Spent",
    "Clicks",
    "Installations",
    "Registrations",
    "Deposits",
    "Revenue",
    "Profit",
    "ROI (%)",
    "EPC",
    "Cost per click",
    "Cost per install",
    "Cost per registration",
    "Cost per deposit",
    "Click → install (%)",
    "Install → registration (%)",
    "Registration → deposit (%)",
  ],
  ru: [
    "Дата",
    "Оффер",
    "Казино",
    "Байер",
    "E-mail",
    "Расход",
    "Клики",
    "Установки",
    "Регистрации",
    "Депозиты",
    "Доход",
    "Прибыль",
    "ROI (%)",
    "EPC",
    "Цена клика",
    "Цена установки",
    "Цена регистрации",
    "Цена депозита",
    "Клик → установка (%)",
    "Установка → регистрация (%)",
    "Регистрация → депозит (%)",
  ],
};

const fileWords: Record<Language, { name: string; all: string }> = {
  "pt-BR": { name: "campanhas", all: "tudo" },
  en: { name: "campaigns", all: "all" },
  ru: { name: "kampanii", all: "vse" },
};

/**
 * "campanhas_2026-10-01_2026-10-31_cassino-x_maria_busca.csv": the period (from, or "all", to the
 * end or today) and each filter given (offer, buyer, search) as ASCII in the reader's language.
 */
export function campaignsFileName(
  language: Language,
  filter: {
    from?: string | undefined;
    to?: string | undefined;
    today: string;
    offerName: string | null;
    creatorName: string | null;
    q?: string | undefined;
  },
): string {
  const words = fileWords[language];
  const parts = [
    words.name,
    filter.from ?? words.all,
    filter.to ?? filter.today,
    ...[filter.offerName, filter.creatorName, filter.q].map((text) => (text ? fileNamePart(text) : "")),
  ].filter(Boolean);
  return `${parts.join("_")}.csv`;
}
