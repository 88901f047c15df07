import { moneyInputPlaceholder } from "@domain/money-input";
import { type ComponentProps, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { formatMoney } from "@/lib/format";
import { moneyErrorKey, readMoneyText } from "@/lib/money-input";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

// The one field for money and rates (issue 24, docs/decisions/0063-money-input.md). The text stays
// exactly as typed; beside it, the value as it will be saved in the reader's language
// ("= US$ 1.030,73"), or why the text cannot be read. With react-hook-form the form value is the
// text and the form's schema reads it (moneyTextSchema in lib/money-input.ts).

type DecimalInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type" | "defaultValue"> & {
  /** The text as typed ("" when empty). */
  value: string | undefined;
  /** Receives the new text (react-hook-form's field.onChange takes it as is). */
  onChange: (text: string) => void;
  /** Only adjustments and ROI bounds may be below zero. */
  allowNegative?: boolean;
  "data-testid"?: string;
};

export type MoneyInputProps = DecimalInputProps & {
  /** The amount's currency; default the workspace's reporting currency. */
  currency?: string;
};

export function MoneyInput(props: MoneyInputProps) {
  return <DecimalInput kind="money" {...props} />;
}

export type PercentInputProps = DecimalInputProps;

/** Rates, thresholds and ROI bounds: up to 2 decimals, an optional "%", no currency. */
export function PercentInput(props: PercentInputProps) {
  return <DecimalInput kind="percent" {...props} />;
}

/** While typing "1.030," or "US" the text is on its way to a number: no error yet. */
const unfinished = /(^\s*[-−+(]?\s*(U|US|U\$|US\$|R|R\$|USD?|BRL?|B|\$)?\s*$)|[\s.,\-−+(]$/i;

function DecimalInput({
  kind,
  value,
  onChange,
  allowNegative = false,
  currency: fieldCurrency,
  id,
  className,
  placeholder,
  onFocus,
  onBlur,
  "aria-invalid": ariaInvalid,
  "aria-describedby": describedBy,
  "data-testid": testId,
  ...props
}: MoneyInputProps & { kind: "money" | "percent" }) {
  const { t } = useTranslation("common");
  const f = useFormatters();
  const ownId = useId();
  const [focused, setFocused] = useState(false);
  const text = value ?? "";
  const currency = fieldCurrency ?? f.currency;
  const result =
    text.trim() === ""
      ? null
      : readMoneyText(text, f.language, { kind, allowNegative, ...(kind === "money" ? { currency } : {}) });
  // A form that already names this field's error (Field) says it once, there.
  const invalidOutside = ariaInvalid === true || ariaInvalid === "true";
  const showError = result !== null && !result.ok && !invalidOutside && !(focused && unfinished.test(text));
  const line = result?.ok
    ? t("moneyInput.value", {
        value: kind === "money" ? formatMoney(result.value, currency, f.language) : f.percent(result.value),
      })
    : showError && result && !result.ok
      ? t(moneyErrorKey(result.code, kind))
      : null;
  const lineId = `${id ?? ownId}-value`;
  const describedByAll = [describedBy, line ? lineId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("grid min-w-0 gap-1", className)}>
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        id={id}
        value={text}
        placeholder={placeholder ?? moneyInputPlaceholder(f.language)}
        aria-invalid={invalidOutside || showError ? true : undefined}
        aria-describedby={describedByAll}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
        onFocus={(event) => {
          setFocused(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          onBlur?.(event);
        }}
        {...props}
      />
      {line ? (
        <p
          id={lineId}
          className={cn("text-xs tabular-nums", showError ? "text-destructive" : "text-muted-foreground")}
          data-testid={testId ? `${testId}-value` : "money-input-value"}
          data-state={showError ? "invalid" : "valid"}
        >
          {line}
        </p>
      ) : null}
    </div>
  );
}
