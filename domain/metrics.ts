import { divideRoundHalfUp, fromCents, toCents } from "./money";
import { ratioOf } from "./ratios";

// Derived metrics per decisions.md ("Metrics"). Inputs are sums (money as decimal strings, counts as
// integers) so the same function serves one campaign and any aggregate: ratios of sums, never
// averages of ratios. Every ratio is 0 when its denominator is 0.

export type Totals = {
  spent: string;
  revenue: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
};

export type Metrics = {
  spent: string;
  revenue: string;
  profit: string;
  /** percent; every ratio is a decimal string with 4 places (ratios.ts) */
  roi: string;
  epc: string;
  costPerClick: string;
  costPerInstall: string;
  costPerRegistration: string;
  costPerDeposit: string;
  /** percent */
  clickToInstall: string;
  installToRegistration: string;
  registrationToDeposit: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
};

// Ratios are computed from exact integers, rounded half away from zero to 4 places like PostgreSQL's
// round() in the generated columns, and kept as decimal strings (ratios.ts): never through a double.
const ratio = ratioOf;

/** Profit and ROI (percent) of sums, exactly as computeMetrics gives them, without its other ratios. */
export function computeProfit(totals: Pick<Totals, "spent" | "revenue">): { profit: string; roi: string } {
  const spent = toCents(totals.spent);
  const profit = toCents(totals.revenue) - spent;
  return { profit: fromCents(profit), roi: ratio(profit, spent, 100n) };
}

export function computeMetrics(totals: Totals): Metrics {
  const spent = toCents(totals.spent);
  const revenue = toCents(totals.revenue);
  const profit = revenue - spent;
  const clicks = BigInt(totals.clicks);
  const installations = BigInt(totals.installations);
  const registrations = BigInt(totals.registrations);
  const deposits = BigInt(totals.deposits);
  const profitText = fromCents(profit);
  return {
    spent: fromCents(spent),
    revenue: fromCents(revenue),
    profit: profitText,
    roi: ratio(profit, spent, 100n),
    // money per event: cents over (count × 100) gives currency units
    epc: ratio(revenue, clicks * 100n),
    costPerClick: ratio(spent, clicks * 100n),
    costPerInstall: ratio(spent, installations * 100n),
    costPerRegistration: ratio(spent, registrations * 100n),
    costPerDeposit: ratio(spent, deposits * 100n),
    clickToInstall: ratio(installations, clicks, 100n),
    installToRegistration: ratio(registrations, installations, 100n),
    registrationToDeposit: ratio(deposits, registrations, 100n),
    clicks: totals.clicks,
    installations: totals.installations,
    registrations: totals.registrations,
    deposits: totals.deposits,
  };
}

/** Revenue of a day: deposits × the offer's payout per deposit, exact to the cent. */
export function computeDepositPayment(deposits: number, payoutPerDeposit: string): string {
  return fromCents(BigInt(deposits) * toCents(payoutPerDeposit));
}

/** The largest amount a money column holds, numeric(14,2), in cents. */
export const maxMoneyCents = 99_999_999_999_999n;
/** The largest ratio a campaign's generated ratio columns hold, numeric(20,4), in ten-thousandths. */
export const maxRatioUnits = 10n ** 20n - 1n;

/** Why a day's figures cannot be stored: the field to name and its validation code. */
export type DayFiguresProblem = { field: "deposits" | "spent"; code: "revenue_too_large" | "roi_too_large" };

/**
 * What a day WILL store, checked before it is written (issue 27): the revenue (entered, or deposits ×
 * the offer's payout) must fit numeric(14,2), and the row's generated columns must fit theirs. The
 * entered values are already within numeric(14,2) and integer (fields.ts), so profit fits, EPC and the
 * costs per event are at most the revenue or the spend, and the count ratios at most 2^31 × 100.
 * Only the ROI could grow past numeric(20,4); with spend ≥ 0.01 and profit < 10^12 it stays below
 * 10^16 (docs/decisions/0067), and the check stays so a wider money column cannot break it silently.
 */
export function checkDayFigures(day: {
  spent: string;
  deposits: number;
  depositPayment?: string | undefined;
  payoutPerDeposit: string;
}): { revenue: string } | { problem: DayFiguresProblem } {
  const revenue =
    day.depositPayment !== undefined
      ? toCents(day.depositPayment)
      : BigInt(day.deposits) * toCents(day.payoutPerDeposit);
  if (revenue > maxMoneyCents) return { problem: { field: "deposits", code: "revenue_too_large" } };
  const spent = toCents(day.spent);
  if (spent !== 0n) {
    const roi = divideRoundHalfUp((revenue - spent) * 100n * 10_000n, spent);
    if (roi > maxRatioUnits || roi < -maxRatioUnits)
      return { problem: { field: "spent", code: "roi_too_large" } };
  }
  return { revenue: fromCents(revenue) };
}
