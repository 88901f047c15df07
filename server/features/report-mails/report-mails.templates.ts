import type { Language } from "../../../domain/roles";
import type { Analytics } from "../../../domain/schemas/campaigns";
import type { RenderedMail } from "../../mail/templates";

// The scheduled summary e-mail in pt-BR, en and ru: totals, top buyers, top offers and a link back
// into the app. Plain text and HTML from the same strings; everything interpolated is escaped.

export type ReportFrequency = "daily" | "weekly" | "monthly";

type Strings = {
  subject: Record<ReportFrequency, string>;
  intro: (from: string, to: string) => string;
  totals: string;
  spent: string;
  revenue: string;
  profit: string;
  roi: string;
  deposits: string;
  campaigns: string;
  topBuyers: string;
  topOffers: string;
  noData: string;
  deletedOffer: string;
  open: string;
  footer: string;
};

const strings: Record<Language, Strings> = {
  "pt-BR": {
    subject: {
      daily: "Placar: resumo diário",
      weekly: "Placar: resumo semanal",
      monthly: "Placar: resumo mensal",
    },
    intro: (from, to) => (from === to ? `Resultados de ${from}.` : `Resultados de ${from} a ${to}.`),
    totals: "Totais",
    spent: "Gasto",
    revenue: "Receita",
    profit: "Lucro",
    roi: "ROI",
    deposits: "Depósitos",
    campaigns: "Lançamentos",
    topBuyers: "Melhores buyers (lucro)",
    topOffers: "Melhores ofertas (receita)",
    noData: "Nenhum lançamento no período.",
    deletedOffer: "Oferta excluída",
    open: "Abrir as análises no Placar",
    footer: "Você recebe este e-mail porque os relatórios estão ligados nas configurações do Placar.",
  },
  en: {
    subject: {
      daily: "Placar: daily summary",
      weekly: "Placar: weekly summary",
      monthly: "Placar: monthly summary",
    },
    intro: (from, to) => (from === to ? `Results for ${from}.` : `Results from ${from} to ${to}.`),
    totals: "Totals",
    spent: "Spend",
    revenue: "Revenue",
    profit: "Profit",
    roi: "ROI",
    deposits: "Deposits",
    campaigns: "Entries",
    topBuyers: "Top buyers (profit)",
    topOffers: "Top offers (revenue)",
    noData: "No entries in this period.",
    deletedOffer: "Deleted offer",
    open: "Open the analytics in Placar",
    footer: "You receive this e-mail because reports are turned on in Placar's settings.",
  },
  ru: {
    subject: {
      daily: "Placar: ежедневная сводка",
      weekly: "Placar: еженедельная сводка",
      monthly: "Placar: ежемесячная сводка",
    },
    intro: (from, to) => (from === to ? `Итоги за ${from}.` : `Итоги с ${from} по ${to}.`),
    totals: "Итого",
    spent: "Расход",
    revenue: "Доход",
    profit: "Прибыль",
    roi: "ROI",
    deposits: "Депозиты",
    campaigns: "Записи",
    topBuyers: "Лучшие байеры (прибыль)",
    topOffers: "Лучшие офферы (доход)",
    noData: "За период записей нет.",
    deletedOffer: "Удалённый оффер",
    open: "Открыть аналитику в Placar",
    footer: "Вы получаете это письмо, потому что отчёты включены в настройках Placar.",
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

export type ReportFormatters = {
  money: (value: string) => string;
  percent: (value: string | number) => string;
  count: (value: number) => string;
  date: (iso: string) => string;
};

/** Intl formatters for a reader: their language, the workspace's currency. */
export function buildReportFormatters(language: Language, currency: string): ReportFormatters {
  const money = new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(language, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const count = new Intl.NumberFormat(language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  return {
    money: (value) => money.format(Number(value)),
    percent: (value) => percent.format(Number(value) / 100),
    count: (value) => count.format(value),
    date: (iso) => date.format(new Date(`${iso}T00:00:00Z`)),
  };
}

export const topListSize = 5;

export function renderReportMail(input: {
  language: Language;
  frequency: ReportFrequency;
  analytics: Analytics;
  from: string;
  to: string;
  currency: string;
  url: string;
}): RenderedMail {
  const s = strings[input.language];
  const f = buildReportFormatters(input.language, input.currency);
  const { totals } = input.analytics;
  const rows: [string, string][] = [
    [s.spent, f.money(totals.spent)],
    [s.revenue, f.money(totals.revenue)],
    [s.profit, f.money(totals.profit)],
    [s.roi, f.percent(totals.roi)],
    [s.deposits, f.count(totals.deposits)],
    [s.campaigns, f.count(totals.campaigns)],
  ];
  const buyers = input.analytics.byUser
    .slice(0, topListSize)
    .map((u) => [u.name, `${f.money(u.profit)} (${s.roi} ${f.percent(u.roi)})`] as const);
  const offers = input.analytics.byOffer
    .slice(0, topListSize)
    .map(
      (o) =>
        [
          o.offerName ?? s.deletedOffer,
          `${f.money(o.revenue)} · ${s.deposits} ${f.count(o.deposits)}`,
        ] as const,
    );
  const intro = s.intro(f.date(input.from), f.date(input.to));
  const subject = `${s.subject[input.frequency]} (${f.date(input.to)})`;
  const empty = totals.campaigns === 0;

  const list = (title: string, items: readonly (readonly [string, string])[]) =>
    items.length ? [title, ...items.map(([name, value], i) => `${i + 1}. ${name}: ${value}`), ""] : [];
  const text = [
    intro,
    "",
    `${s.totals}:`,
    ...rows.map(([label, value]) => `- ${label}: ${value}`),
    "",
    ...(empty ? [s.noData, ""] : [...list(s.topBuyers, buyers), ...list(s.topOffers, offers)]),
    `${s.open}: ${input.url}`,
    "",
    s.footer,
  ].join("\n");

  const htmlList = (title: string, items: readonly (readonly [string, string])[]) =>
    items.length
      ? `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(title)}</h2><ol style="padding-left:20px;margin:0">${items
          .map(([name, value]) => `<li>${escapeHtml(name)}: <strong>${escapeHtml(value)}</strong></li>`)
          .join("")}</ol>`
      : "";
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
<p>${escapeHtml(intro)}</p>
<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(s.totals)}</h2>
<table style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600;text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>
${empty ? `<p>${escapeHtml(s.noData)}</p>` : `${htmlList(s.topBuyers, buyers)}${htmlList(s.topOffers, offers)}`}
<p style="margin-top:24px"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#111;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(s.open)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(s.footer)}</p>
</body></html>`;
  return { subject, text, html };
}
