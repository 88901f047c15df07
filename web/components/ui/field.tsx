import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";

// A form field without react-hook-form, for the sign-in screen (decision 0047): the same markup as
// FormItem + FormLabel + FormControl + FormMessage (./form.tsx). `error` is a translation key.

export type FieldControlProps = {
  id: string;
  "data-slot": "form-control";
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
};

export function Field({
  label,
  labelAside,
  error,
  children,
}: {
  label: string;
  /** Shown on the label's line, at its end (e.g. "Forgot your password?"). */
  labelAside?: ReactNode;
  error: string | undefined;
  /** Renders the input with these props (its id, aria-invalid and aria-describedby). */
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = `${useId()}-form-item`;
  const messageId = `${id}-message`;
  const labelElement = (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className="data-[error=true]:text-destructive"
      htmlFor={id}
    >
      {label}
    </Label>
  );
  return (
    <div data-slot="form-item" className="grid gap-2">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        "data-slot": "form-control",
        "aria-invalid": !!error,
        "aria-describedby": error ? messageId : undefined,
      })}
      {error ? (
        <p data-slot="form-message" id={messageId} className="text-destructive text-sm">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
