import type { MoneyInputResult } from "@domain/money-input";
import { moneyErrorKey, readMoneyText } from "@/lib/money-input";
import { useFormatters } from "@/lib/use-formatters";

// The payments dialogs read the amount as typed (docs/decisions/0063-money-input.md) to repeat it
// on their buttons while the reader types; the form itself checks it with moneyTextSchema.

export type AmountReading = { ok: true; value: string } | { ok: false; errorKey: string };

/** Reads the field's text as the dialogs submit it, in the reader's language and currency. */
export function useAmountReader(): (text: string) => AmountReading {
  const f = useFormatters();
  return (text) => toReading(readMoneyText(text, f.language, { currency: f.currency }));
}

function toReading(result: MoneyInputResult): AmountReading {
  return result.ok ? result : { ok: false, errorKey: moneyErrorKey(result.code) };
}
