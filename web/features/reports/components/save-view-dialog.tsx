import { type SavedReportInput, savedReportInputSchema } from "@domain/schemas/pivot";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { codeResolver } from "@/lib/code-resolver";
import { applyServerErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useSaveReport } from "../api";

// "Save view": a name for the report's address (POST /api/saved-reports), checked with the API's
// own schema. Its own chunk (React.lazy in report-actions.tsx).

const resolver = codeResolver<SavedReportInput, SavedReportInput>(savedReportInputSchema, "reports");

export default function SaveViewDialog({
  open,
  onOpenChange,
  query,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  query: string;
}) {
  const { t } = useTranslation("reports");
  const save = useSaveReport();
  const form = useForm<SavedReportInput, unknown, SavedReportInput>({
    defaultValues: { name: "", query },
    resolver,
  });
  const { control, reset, handleSubmit, setError } = form;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      reset({ name: "", query });
      setFormError(null);
    }
  }, [open, query, reset]);

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const view = await save.mutateAsync({ name: input.name, query });
      toast.success(t("saved.saved", { name: view.name }));
      onOpenChange(false);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, { namespace: "reports", fields: ["name", "query"] }));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")}>
        <DialogHeader>
          <DialogTitle>{t("saved.dialogTitle")}</DialogTitle>
          <DialogDescription>{t("saved.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field control={control} name="name" label={t("saved.name")}>
            {(field, props) => <Input {...field} {...props} autoFocus data-testid="saved-name" />}
          </Field>
          {formError ? (
            <p className="text-destructive text-sm" role="alert">
              {t(formError)}
            </p>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={save.isPending}
            >
              {t("saved.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="saved-submit">
              {t("saved.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
