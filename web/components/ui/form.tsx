import { type Label as LabelPrimitive, Slot } from "radix-ui";
import { type ComponentProps, createContext, useContext, useId } from "react";
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

// react-hook-form helpers in the shadcn/ui shape. Validation messages are translation keys
// ("auth:validation.passwordMin"): FormMessage translates them, so a language switch re-renders
// them in the new language.

export const Form = FormProvider;

type FormFieldContextValue = { name: string };
const FormFieldContext = createContext<FormFieldContextValue | null>(null);

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
>(props: ControllerProps<TFieldValues, TName>) {
  return (
    <FormFieldContext value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext>
  );
}

type FormItemContextValue = { id: string; hint?: string | undefined };
const FormItemContext = createContext<FormItemContextValue | null>(null);

export function useFormField() {
  const fieldContext = useContext(FormFieldContext);
  const itemContext = useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  if (!fieldContext || !itemContext)
    throw new Error("useFormField must be used inside <FormField><FormItem>");
  const formState = useFormState({ name: fieldContext.name });
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id } = itemContext;
  return {
    id,
    hint: itemContext.hint,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formMessageId: `${id}-form-item-message`,
    ...fieldState,
  };
}

/** One field. `hint` (already translated) shows under the field until a validation message replaces it. */
export function FormItem({ className, hint, ...props }: ComponentProps<"div"> & { hint?: string }) {
  const id = useId();
  return (
    <FormItemContext value={{ id, hint }}>
      <div data-slot="form-item" className={cn("grid gap-2", className)} {...props} />
    </FormItemContext>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  const { error, formItemId } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className={cn("data-[error=true]:text-destructive", className)}
      htmlFor={formItemId}
      {...props}
    />
  );
}

export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, hint, formItemId, formMessageId } = useFormField();
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={error || hint ? formMessageId : undefined}
      aria-invalid={!!error}
      {...props}
    />
  );
}

export function FormMessage({ className, ...props }: ComponentProps<"p">) {
  const { t } = useTranslation();
  const { error, hint, formMessageId } = useFormField();
  if (error?.message) {
    return (
      <p
        data-slot="form-message"
        id={formMessageId}
        className={cn("text-destructive text-sm", className)}
        {...props}
      >
        {t(error.message)}
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p
      data-slot="form-hint"
      id={formMessageId}
      className={cn("text-muted-foreground text-xs", className)}
      {...props}
    >
      {hint}
    </p>
  );
}
