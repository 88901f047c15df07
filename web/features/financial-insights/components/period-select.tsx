import { useTranslation } from "react-i18next";
import { PeriodSelect as SharedPeriodSelect } from "@/components/period-select";

/** A labelled period picker; the labels are the namespace's `periods.<choice>`. */
export function PeriodSelect<T extends string>({
  value,
  choices,
  onChange,
  label,
  testId,
  className,
}: {
  value: T;
  choices: readonly T[];
  onChange: (value: T) => void;
  label?: string;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation("financial-insights");
  return (
    <SharedPeriodSelect
      value={value}
      choices={choices}
      onChange={onChange}
      label={label ?? t("period")}
      optionLabel={(choice) => t(`periods.${choice}`)}
      testId={testId}
      className={className ?? "sm:w-56"}
    />
  );
}
