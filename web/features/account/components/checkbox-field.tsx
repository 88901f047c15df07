import type { ReactNode, Ref } from "react";

/** A checkbox with a label and a quieter hint under it, as the settings and auth forms show them. */
export function CheckboxField({
  name,
  checked,
  onChange,
  onBlur,
  inputRef,
  label,
  hint,
  disabled,
  testId,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary"
        name={name}
        ref={inputRef}
        checked={checked}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
        data-testid={testId}
      />
      <span className="grid gap-0.5">
        <span className="font-medium">{label}</span>
        {hint ? <span className="text-muted-foreground text-xs">{hint}</span> : null}
      </span>
    </label>
  );
}
