import type { Language } from "../../../domain/roles";

// The financial report CSV in the reader's language.
export const reportCsvLabels: Record<
  Language,
  { header: string[]; user: string; offer: string; offerNotFound: string }
> = {
  "pt-BR": {
    header: [
      "Tipo",
      "Nome",
      "E-mail / Cassino",
      "Campanhas",
      "Investimento",
      "Receita",
      "Lucro",
      "ROI (%)",
      "EPC",
      "Depósitos",
    ],
    user: "Usuário",
    offer: "Oferta",
    offerNotFound: "Oferta não encontrada",
  },
  en: {
    header: [
      "Type",
      "Name",
      "E-mail / Casino",
      "Campaigns",
      "Spent",
      "Revenue",
      "Profit",
      "ROI (%)",
      "EPC",
      "Deposits",
    ],
    user: "User",
    offer: "Offer",
    offerNotFound: "Offer not found",
  },
  ru: {
    header: [
      "Тип",
      "Название",
      "E-mail / Казино",
      "Кампании",
      "Расход",
      "Доход",
      "Прибыль",
      "ROI (%)",
      "EPC",
      "Депозиты",
    ],
    user: "Пользователь",
    offer: "Оффер",
    offerNotFound: "Оффер не найден",
  },
};
