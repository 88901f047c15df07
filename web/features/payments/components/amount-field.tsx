import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { useFormatters } from "@/features/campaigns/use-formatters";
import { Field, fieldAria } from "@/features/users/components/field";
import { type AmountReading, readAmount } from "../amount";

// The payments dialogs' money field. The shared MoneyInput (web/components/money-input.tsx) is
// being built in parallel; when it lands, the <Input> below is the one line to swap for it (and
// readAmount for its parser). Until then this field keeps the text exactly as typed, marks what it
// cannot read as invalid, and shows the amount as it will be saved.

/** Reads the field's text as the dialogs submit it. */
export function useAmountReader(): (text: string) => AmountReading {
  const f = useFormatters();
  return (text) => readAmount(text, f.language);
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
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const reading = value.trim() === "" ? null : readAmount(value, f.language);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Input
          {...fieldAria(id, error, hint !== undefined)}
          className="max-w-48"
          inputMode="decimal"
          autoComplete="off"
          placeholder={f.number(1030.73, 2)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
        />
        {reading?.ok ? (
          <output
            htmlFor={id}
            className="whitespace-nowrap text-muted-foreground text-sm tabular-nums"
            data-testid={testId ? `${testId}-preview` : undefined}
          >
            {t("amount.preview", { amount: f.money(reading.value) })}
          </output>
        ) : null}
      </div>
    </Field>
  );
}
