import { FieldLayout } from "@/components/field-layout";
import { NativeSelect } from "@/components/ui/native-select";

/** A labelled period picker for the filters that live in the URL; each screen names its periods. */
export function PeriodSelect<T extends string>({
  value,
  choices,
  onChange,
  label,
  optionLabel,
  testId,
  className,
}: {
  value: T;
  choices: readonly T[];
  onChange: (value: T) => void;
  label: string;
  optionLabel: (choice: T) => string;
  testId?: string;
  className?: string;
}) {
  return (
    <FieldLayout label={label} className={className ?? "min-w-0"}>
      {(props) => (
        <NativeSelect
          {...props}
          value={value}
          onChange={(event) => onChange(event.target.value as T)}
          data-testid={testId}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {optionLabel(choice)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldLayout>
  );
}
