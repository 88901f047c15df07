import { toRatioUnits } from "@domain/ratios";
import type { Language } from "@domain/roles";
import { readMoneyFields } from "@/lib/money-input";

// The typed filters of the pivot (ROI bounds, minimum spend). Apart from pivot-state.ts: reading
// money text loads zod, which the report's first paint does without (the filters load lazily).

export type Bounds = { minRoi: string; maxRoi: string; minSpend: string };

/** "12.50" → "12.5": short, stable addresses. */
function compact(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/**
 * Reads the typed ROI bounds and minimum spend in the reader's language (the money-input rules) and
 * checks what pivotQuerySchema checks of them (reversed bounds: `roi_bounds_reversed` on maxRoi), so
 * the typed text stays in the field whatever its state and only a valid set reaches the address.
 * Errors are translation keys.
 */
export function checkBounds(
  draft: Bounds,
  language: Language,
):
  | { ok: true; values: Record<keyof Bounds, string | null> }
  | { ok: false; errors: Partial<Record<keyof Bounds, string>> } {
  const percent = { kind: "percent", allowNegative: true } as const;
  const read = readMoneyFields(draft, language, {
    minRoi: percent,
    maxRoi: percent,
    minSpend: { kind: "money" },
  });
  if (Object.keys(read.errors).length > 0) return { ok: false, errors: read.errors };
  const values = {
    minRoi: read.values.minRoi.trim() ? compact(read.values.minRoi) : null,
    maxRoi: read.values.maxRoi.trim() ? compact(read.values.maxRoi) : null,
    minSpend: read.values.minSpend.trim() ? read.values.minSpend : null,
  };
  if (
    values.minRoi !== null &&
    values.maxRoi !== null &&
    toRatioUnits(values.minRoi) > toRatioUnits(values.maxRoi)
  )
    return { ok: false, errors: { maxRoi: "reports:validation.roi_bounds_reversed" } };
  return { ok: true, values };
}
