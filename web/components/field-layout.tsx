import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";

// The markup of a form field: label, control, description or translated error, with the control's
// id, aria-invalid and aria-describedby wired. Forms use `Field` (./field.tsx), which binds this to
// react-hook-form; only the sign-in screen uses it bare, as it loads no react-hook-form
// (docs/decisions/0047, 0077).

export type FieldControlProps = {
  id: string;
  "data-slot": "form-control";
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
};

export type FieldLayoutProps = {
  label: ReactNode;
  /** Shown on the label's line, at its end (e.g. "Forgot your password?"). */
  labelAside?: ReactNode;
  /** The label for screen readers only (the control speaks for itself on screen). */
  hideLabel?: boolean;
  /** The label's classes instead of the usual ones (a table-like row of fields). */
  labelClassName?: string;
  /** Shown under the control until an error replaces it. */
  description?: ReactNode;
  /** Shown between the control and its description or error (e.g. a note about the chosen date). */
  below?: ReactNode;
  /** A translation key. */
  error?: string | undefined;
  className?: string | undefined;
  /** Renders the control with these props (its id, aria-invalid and aria-describedby). */
  children: (control: FieldControlProps) => ReactNode;
};

export function FieldLayout({
  label,
  labelAside,
  hideLabel,
  labelClassName,
  description,
  below,
  error,
  className,
  children,
}: FieldLayoutProps) {
  const { t } = useTranslation();
  const id = `${useId()}-form-item`;
  const messageId = `${id}-message`;
  const hasDescription = description !== undefined && description !== null && description !== "";
  const labelElement = (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className={labelClassName ?? (hideLabel ? "sr-only" : "data-[error=true]:text-destructive")}
      htmlFor={id}
    >
      {label}
    </Label>
  );
  return (
    <div data-slot="form-item" className={className ? `grid gap-2 ${className}` : "grid gap-2"}>
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
        "aria-describedby": error || hasDescription ? messageId : undefined,
      })}
      {below}
      {error ? (
        <p
          data-slot="form-message"
          id={messageId}
          className="text-destructive text-sm"
          data-testid="field-error"
        >
          {t(error)}
        </p>
      ) : hasDescription ? (
        <p data-slot="form-hint" id={messageId} className="text-muted-foreground text-xs">
          {description}
        </p>
      ) : null}
    </div>
  );
}
