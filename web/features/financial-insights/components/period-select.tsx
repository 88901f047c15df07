import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

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
  const id = useId();
  return (
    <div className={className ?? "grid gap-1.5 sm:w-56"}>
      <Label htmlFor={id}>{label ?? t("period")}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        data-testid={testId}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`periods.${choice}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
