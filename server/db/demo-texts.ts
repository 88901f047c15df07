import type { Language } from "../../domain/roles";

// The demo's words in each workspace language (issue 28: the demo tells its story in the
// workspace's language): offer themes and descriptions, creative requests, the admin's notes on
// them and to buyers, payout notes, adjustment and reversal reasons. Proper names stay as they are.

export type DemoTexts = {
  offerThemes: readonly string[];
  offerDescription: (theme: string, region: string) => string;
  requestDescriptions: readonly string[];
  requestNotes: { firstDraft: string; delivered: string; refused: string };
  notes: readonly string[];
  payoutNote: (date: string) => string;
  reversalReason: string;
  resentNote: string;
  bonusReason: string;
  clawbackReason: string;
};

export const demoTexts: Record<Language, DemoTexts> = {
  "pt-BR": {
    offerThemes: [
      "Bônus de Boas-vindas",
      "Primeiro Depósito 100%",
      "Rodadas Grátis",
      "Cashback de Fim de Semana",
      "Recarga VIP",
      "Promo Crash",
      "Roleta ao Vivo",
      "Combo Esportivo",
      "Instalação do App",
      "Alto Valor",
    ],
    offerDescription: (theme, region) =>
      `${theme} para novos jogadores (${region}). Depósito mínimo exigido.`,
    requestDescriptions: [
      "Três banners estáticos para o bônus de boas-vindas, texto em português, cores vivas.",
      "Vídeo vertical de 15 segundos para o TikTok mostrando as rodadas grátis no celular.",
      "GIF em loop da roleta com a chamada do cashback.",
      "Corte para Reels do vídeo que mais converteu no mês passado, com gancho nos 2 primeiros segundos.",
      "Imagem de destaque da landing page para a recarga VIP.",
      "Banner prometendo ganhos garantidos no jogo crash.",
      "Selo animado 'Bônus de 100%' para anúncios nativos.",
    ],
    requestNotes: {
      firstDraft: "Primeira versão até sexta.",
      delivered: "Entregue no drive da equipe.",
      refused: "A marca não permite esse tipo de promessa.",
    },
    notes: [
      "Ótimo mês! Mantenha o ROI acima de 40% nas ofertas do Lucky Palms.",
      "Teste criativos novos no Golden Spin antes de escalar o orçamento.",
      "Custo por registro subiu na última semana; revise as segmentações.",
      "Boas-vindas à equipe! Comece com orçamento diário de até $200.",
      "Pausar a oferta com prejuízo há 5 dias seguidos.",
      "Envie o relatório semanal até sexta-feira.",
    ],
    payoutNote: (date) => `Pix enviado em ${date}`,
    reversalReason: "Pix devolvido: chave Pix de outra pessoa.",
    resentNote: "Reenviado para a chave Pix correta",
    bonusReason: "Bônus por bater a meta do mês",
    clawbackReason: "Estorno de depósitos recusados pela rede",
  },
  en: {
    offerThemes: [
      "Welcome Bonus",
      "First Deposit 100%",
      "Free Spins",
      "Cashback Weekend",
      "VIP Reload",
      "Crash Game Promo",
      "Live Roulette",
      "Sports Combo",
      "Mobile App Install",
      "High Roller",
    ],
    offerDescription: (theme, region) => `${theme} for new players in ${region}. Minimum deposit applies.`,
    requestDescriptions: [
      "Three static banners for the welcome bonus, Portuguese copy, bright colours.",
      "15-second vertical video for TikTok showing the free spins flow on a phone.",
      "Looping GIF of the roulette wheel with the cashback headline.",
      "Reels cut of last month's best-performing video, new hook in the first 2 seconds.",
      "Landing page hero image for the VIP reload offer.",
      "Banner promising guaranteed wins for the crash game.",
      "Animated badge '100% bonus' for native ads.",
    ],
    requestNotes: {
      firstDraft: "First version by Friday.",
      delivered: "Delivered to the team drive.",
      refused: "The brand does not allow this kind of promise.",
    },
    notes: [
      "Great month! Keep ROI above 40% on the Lucky Palms offers.",
      "Test new creatives on Golden Spin before scaling the budget.",
      "Cost per registration rose last week; review the targeting.",
      "Welcome to the team! Start with a daily budget of up to $200.",
      "Pause the offer that has lost money 5 days in a row.",
      "Send the weekly report by Friday.",
    ],
    payoutNote: (date) => `Bank transfer sent on ${date}`,
    reversalReason: "Transfer returned: the account belongs to someone else.",
    resentNote: "Sent again to the right account",
    bonusReason: "Bonus for hitting the month's target",
    clawbackReason: "Deposits the network refused, clawed back",
  },
  ru: {
    offerThemes: [
      "Приветственный бонус",
      "Первый депозит 100%",
      "Бесплатные вращения",
      "Кэшбэк выходного дня",
      "VIP-пополнение",
      "Промо краш-игры",
      "Живая рулетка",
      "Спортивный комбо",
      "Установка приложения",
      "Хайроллер",
    ],
    offerDescription: (theme, region) => `${theme} для новых игроков (${region}). Нужен минимальный депозит.`,
    requestDescriptions: [
      "Три статичных баннера для приветственного бонуса, текст на португальском, яркие цвета.",
      "Вертикальное видео на 15 секунд для TikTok: бесплатные вращения на телефоне.",
      "Зацикленный GIF с рулеткой и заголовком про кэшбэк.",
      "Нарезка для Reels из лучшего видео прошлого месяца, новый крючок в первые 2 секунды.",
      "Главное изображение лендинга для VIP-пополнения.",
      "Баннер с обещанием гарантированного выигрыша в краш-игре.",
      "Анимированный значок «Бонус 100%» для нативной рекламы.",
    ],
    requestNotes: {
      firstDraft: "Первая версия к пятнице.",
      delivered: "Загружено на диск команды.",
      refused: "Бренд не разрешает такие обещания.",
    },
    notes: [
      "Отличный месяц! Держите ROI выше 40% на офферах Lucky Palms.",
      "Протестируйте новые креативы на Golden Spin, прежде чем повышать бюджет.",
      "Стоимость регистрации выросла за неделю; пересмотрите таргетинг.",
      "Добро пожаловать в команду! Начните с дневного бюджета до $200.",
      "Остановите оффер, который пять дней подряд в убытке.",
      "Пришлите недельный отчёт до пятницы.",
    ],
    payoutNote: (date) => `Перевод отправлен ${date}`,
    reversalReason: "Перевод вернулся: счёт принадлежит другому человеку.",
    resentNote: "Отправлено повторно на верный счёт",
    bonusReason: "Бонус за выполнение плана месяца",
    clawbackReason: "Списание депозитов, отклонённых сетью",
  },
};
