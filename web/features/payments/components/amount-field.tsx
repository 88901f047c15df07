import type { MoneyInputResult } from "@domain/money-input";
import type { ReactNode } from "react";
import { Field, fieldAria } from "@/components/field";
import { MoneyInput } from "@/components/money-input";
import { moneyErrorKey, readMoneyText } from "@/lib/money-input";
import { useFormatters } from "@/lib/use-formatters";

// The payments dialogs' money field: the shared MoneyInput (docs/decisions/0063-money-input.md)
// inside the dialogs' Field. The text stays as typed; MoneyInput shows the amount as it will be saved.

export type AmountReading = { ok: true; value: string } | { ok: false; errorKey: string };

/** Reads the field's text as the dialogs submit it, in the reader's language and currency. */
export function useAmountReader(): (text: string) => AmountReading {
  const f = useFormatters();
  return (text) => toReading(readMoneyText(text, f.language, { currency: f.currency }));
}

function toReading(result: MoneyInputResult): AmountReading {
  return result.ok ? result : { ok: false, errorKey: moneyErrorKey(result.code) };
}

export function AmountField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  id: string;
  label: ReactNode;
  /** the text as typed */
  value: string;
  onChange: (text: string) => void;
  /** a translation key */
  error?: string | undefined;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <MoneyInput
        {...fieldAria(id, error, hint !== undefined)}
        className="max-w-48"
        value={value}
        onChange={onChange}
        {...(testId ? { "data-testid": testId } : {})}
      />
    </Field>
  );
}
