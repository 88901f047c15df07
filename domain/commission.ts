import { applyPercent, fromCents, toBasisPoints, toCents } from "./money";
import { rateText } from "./ratios";

// Commission per buyer per calendar month (decisions.md, "Commission"). Exact: money in cents,
// thresholds compared with integer arithmetic, the result rounded half-up to cents.

export type CommissionModel = "simple" | "tiered";

export type RevenueTier = {
  minRevenue: string;
  /** null = unlimited */
  maxRevenue: string | null;
  commissionBelowRoi: string;
  commissionAboveRoi: string;
};

export type CommissionSettings = {
  modelType: CommissionModel;
  baseCommissionRate: string;
  highRoiCommissionRate: string;
  roiThreshold: string;
  tieredRoiThreshold: string;
  minimumMonthlyRevenue: string;
  revenueTiers: RevenueTier[];
};

export const defaultRevenueTiers: RevenueTier[] = [
  { minRevenue: "0", maxRevenue: "4000", commissionBelowRoi: "0", commissionAboveRoi: "0" },
  { minRevenue: "4000", maxRevenue: "8000", commissionBelowRoi: "10", commissionAboveRoi: "15" },
  { minRevenue: "8000", maxRevenue: "13000", commissionBelowRoi: "15", commissionAboveRoi: "20" },
  { minRevenue: "13000", maxRevenue: "23000", commissionBelowRoi: "20", commissionAboveRoi: "25" },
  { minRevenue: "23000", maxRevenue: "33000", commissionBelowRoi: "25", commissionAboveRoi: "30" },
  { minRevenue: "33000", maxRevenue: "43000", commissionBelowRoi: "30", commissionAboveRoi: "35" },
  { minRevenue: "43000", maxRevenue: "57000", commissionBelowRoi: "35", commissionAboveRoi: "40" },
  { minRevenue: "57000", maxRevenue: null, commissionBelowRoi: "40", commissionAboveRoi: "45" },
];

export const defaultCommissionSettings: CommissionSettings = {
  modelType: "simple",
  baseCommissionRate: "30",
  highRoiCommissionRate: "35",
  roiThreshold: "50",
  tieredRoiThreshold: "30",
  minimumMonthlyRevenue: "4000",
  revenueTiers: defaultRevenueTiers,
};

export type CommissionInput = { revenue: string; profit: string; spent: string };

export type CommissionResult = {
  /** percent applied, e.g. "35" */
  rate: string;
  commission: string;
  /** the tier used by the tiered model, or null */
  tier: RevenueTier | null;
  /** whether the ROI reached the model's threshold */
  roiReached: boolean;
};

/** ROI ≥ threshold, exactly: profit / spent × 100 ≥ threshold; ROI is 0 when spent is 0. */
export function isRoiAtLeast(profit: string, spent: string, thresholdPercent: string): boolean {
  const spentCents = toCents(spent);
  const threshold = toBasisPoints(thresholdPercent);
  if (spentCents === 0n) return 0n >= threshold;
  // profit/spent*100 >= threshold/100  ⇔  profit * 10000 >= threshold * spent (spent > 0)
  return toCents(profit) * 10_000n >= threshold * spentCents;
}

export function findTier(tiers: RevenueTier[], revenue: string): RevenueTier | null {
  const cents = toCents(revenue);
  return (
    tiers.find(
      (tier) =>
        toCents(tier.minRevenue) <= cents && (tier.maxRevenue === null || cents < toCents(tier.maxRevenue)),
    ) ?? null
  );
}

/** How the model reads a month: the one evaluation calculateCommission and explainCommission share. */
function evaluateCommission(settings: CommissionSettings, input: CommissionInput) {
  const simple = settings.modelType === "simple";
  const roiThreshold = simple ? settings.roiThreshold : settings.tieredRoiThreshold;
  const roiReached = isRoiAtLeast(input.profit, input.spent, roiThreshold);
  const belowMinimum = !simple && toCents(input.revenue) < toCents(settings.minimumMonthlyRevenue);
  const tier = simple || belowMinimum ? null : findTier(settings.revenueTiers, input.revenue);
  const rate = simple
    ? roiReached
      ? settings.highRoiCommissionRate
      : settings.baseCommissionRate
    : tier
      ? roiReached
        ? tier.commissionAboveRoi
        : tier.commissionBelowRoi
      : "0";
  const base = toCents(input.profit) > 0n ? input.profit : "0";
  return { roiThreshold, roiReached, belowMinimum, tier, rate, commission: applyPercent(base, rate) };
}

export function calculateCommission(settings: CommissionSettings, input: CommissionInput): CommissionResult {
  const result = evaluateCommission(settings, input);
  return {
    rate: normalizePercent(result.rate),
    commission: result.commission,
    tier: result.tier,
    // Below the tiered model's minimum no rate applies, so no threshold was reached.
    roiReached: result.belowMinimum ? false : result.roiReached,
  };
}

/** Why a month's commission is what it is (the payments table's row detail). */
export type CommissionExplanationParts = {
  model: CommissionModel;
  /** the ROI percent that picks the higher rate, two decimals */
  roiThreshold: string;
  roiMet: boolean;
  /** tiered only: the minimum monthly revenue (below it the rate is 0) */
  minimumMonthlyRevenue: string | null;
  belowMinimum: boolean;
  /** tiered only: the tier whose revenue bounds hold the month's revenue */
  tier: { minRevenue: string; maxRevenue: string | null } | null;
  /** the rate applied, percent with two decimals */
  rate: string;
  /** max(profit, 0) × rate / 100, half-up to cents */
  commission: string;
};

const twoDecimals = (value: string) => fromCents(toCents(value));

/**
 * The same evaluation as calculateCommission, laid out to be shown: the model, the threshold and
 * whether the month met it, the tiered model's minimum and tier, the rate and the commission.
 * Money and percents come back with two decimals ("4000.00", "35.00").
 */
export function explainCommission(
  settings: CommissionSettings,
  input: CommissionInput,
): CommissionExplanationParts {
  const result = evaluateCommission(settings, input);
  const tiered = settings.modelType === "tiered";
  return {
    model: settings.modelType,
    roiThreshold: twoDecimals(result.roiThreshold),
    roiMet: result.roiReached,
    minimumMonthlyRevenue: tiered ? twoDecimals(settings.minimumMonthlyRevenue) : null,
    belowMinimum: result.belowMinimum,
    tier: result.tier
      ? {
          minRevenue: twoDecimals(result.tier.minRevenue),
          maxRevenue: result.tier.maxRevenue === null ? null : twoDecimals(result.tier.maxRevenue),
        }
      : null,
    rate: twoDecimals(result.rate),
    commission: result.commission,
  };
}

/** A rate in percent as the API answers it: 2 places (ratios.ts). */
export function normalizePercent(value: string): string {
  // One rule for every rate in every answer: 2 places ("15.00"), never "15" here and "15.00" there.
  return rateText(value);
}

/**
 * What would raise the buyer's rate this month: reaching the model's ROI threshold (the extra
 * profit needed at the current spend) or the next revenue tier (the revenue missing). The
 * dashboard's commission card shows these.
 */
export type CommissionStep = {
  kind: "roi" | "revenue";
  /** the ROI percent or the revenue amount to reach */
  target: string;
  /** the profit (roi) or revenue (revenue) still missing, in money */
  missing: string;
  /** the rate that applies once the step is reached */
  rateAfter: string;
};

/** The smallest profit, in cents, whose ROI over `spentCents` reaches `thresholdPercent`. */
function profitCentsForRoi(spentCents: bigint, thresholdPercent: string): bigint {
  const product = toBasisPoints(thresholdPercent) * spentCents;
  // ceil(product / 10000) for product ≥ 0; the threshold is never negative.
  return (product + 9_999n) / 10_000n;
}

export function findCommissionSteps(settings: CommissionSettings, input: CommissionInput): CommissionStep[] {
  const steps: CommissionStep[] = [];
  const spentCents = toCents(input.spent);
  const profitCents = toCents(input.profit);
  const revenueCents = toCents(input.revenue);
  const roiStep = (threshold: string, rateAfter: string) => {
    // With nothing spent the ROI is 0 and no profit can move it.
    if (spentCents === 0n || isRoiAtLeast(input.profit, input.spent, threshold)) return;
    const missing = profitCentsForRoi(spentCents, threshold) - profitCents;
    steps.push({ kind: "roi", target: normalizePercent(threshold), missing: fromCents(missing), rateAfter });
  };

  if (settings.modelType === "simple") {
    roiStep(settings.roiThreshold, normalizePercent(settings.highRoiCommissionRate));
    return steps;
  }
  const roiReached = isRoiAtLeast(input.profit, input.spent, settings.tieredRoiThreshold);
  const rateIn = (tier: RevenueTier | null) =>
    normalizePercent(tier ? (roiReached ? tier.commissionAboveRoi : tier.commissionBelowRoi) : "0");
  const minimumCents = toCents(settings.minimumMonthlyRevenue);
  if (revenueCents < minimumCents) {
    steps.push({
      kind: "revenue",
      target: fromCents(minimumCents),
      missing: fromCents(minimumCents - revenueCents),
      rateAfter: rateIn(findTier(settings.revenueTiers, settings.minimumMonthlyRevenue)),
    });
    return steps;
  }
  const tier = findTier(settings.revenueTiers, input.revenue);
  if (tier) roiStep(settings.tieredRoiThreshold, normalizePercent(tier.commissionAboveRoi));
  if (tier?.maxRevenue !== null && tier?.maxRevenue !== undefined) {
    const nextCents = toCents(tier.maxRevenue);
    steps.push({
      kind: "revenue",
      target: fromCents(nextCents),
      missing: fromCents(nextCents - revenueCents),
      rateAfter: rateIn(findTier(settings.revenueTiers, tier.maxRevenue)),
    });
  }
  return steps;
}
