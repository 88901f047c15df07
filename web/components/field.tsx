import type { ReactNode } from "react";
import {
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  useController,
} from "react-hook-form";
import { type FieldControlProps, FieldLayout, type FieldLayoutProps } from "@/components/field-layout";

// The one form field (docs/decisions/0077): a react-hook-form field with its label, control,
// description and translated error. The error is a translation key, from the form's resolver
// (lib/code-resolver.ts) or the server (applyServerErrors in lib/form-errors.ts), so a language
// switch re-renders it in the new language. Money and rates: MoneyInput / PercentInput as the control.
//
//   <Field control={form.control} name="email" label={emailLabel}>
//     {(field, control) => <Input {...field} {...control} type="email" />}
//   </Field>

export type { FieldControlProps };

export function Field<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Transformed extends FieldValues = Values,
>({
  control,
  name,
  children,
  ...layout
}: Omit<FieldLayoutProps, "error" | "children"> & {
  control: Control<Values, unknown, Transformed>;
  name: Name;
  children: (
    field: ControllerRenderProps<Values, Name>,
    control: FieldControlProps,
    state: ControllerFieldState,
  ) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FieldLayout {...layout} error={fieldState.error?.message}>
      {(controlProps) => children(field, controlProps, fieldState)}
    </FieldLayout>
  );
}
