import type { GuardrailField, GuardrailWarning } from "@domain/schemas/guardrails";
import { TriangleAlert } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";

// Guardrail warnings (issue 26, docs/decisions/0084): the server answers 422 needs_confirmation with
// error.warnings; a screen shows them beside the figures and asks once, then sends the same write
// with acknowledgeWarnings: true. Shared by the add-data form, the edit dialog and the import.

/** The warnings of a refused write that asks for confirmation, else null. */
export function warningsToConfirm(error: unknown): GuardrailWarning[] | null {
  if (!isApiError(error) || error.code !== "needs_confirmation") return null;
  return error.warnings ?? [];
}

const moneyFields = new Set<GuardrailField>(["spent", "depositPayment"]);

/** A warning as a sentence in the reader's language, its amounts through Intl. */
export function useGuardrailText() {
  const { t } = useTranslation("errors");
  const f = useFormatters();
  return useCallback(
    (warning: GuardrailWarning) => {
      const amount = (value: string) =>
        moneyFields.has(warning.field) ? f.money(value) : f.number(value, 2);
      return t(`guardrails.${warning.code}`, {
        field: t(`guardrails.fields.${warning.field}`),
        value: amount(warning.value),
        median: warning.median ? amount(warning.median) : "",
        limit: warning.limit ? amount(warning.limit) : "",
      });
    },
    [t, f],
  );
}

/** The warnings of one field, in small print under it. */
export function FieldWarnings({
  warnings,
  field,
}: {
  warnings: readonly GuardrailWarning[];
  field: GuardrailField;
}) {
  const text = useGuardrailText();
  const mine = warnings.filter((warning) => warning.field === field);
  if (mine.length === 0) return null;
  return (
    <ul className="text-amber-700 text-xs dark:text-amber-400" data-testid={`warning-${field}`}>
      {mine.map((warning) => (
        <li key={warning.code}>{text(warning)}</li>
      ))}
    </ul>
  );
}

/** Every warning, and the one confirmation: "Save anyway". */
export function ConfirmWarnings({
  warnings,
  onConfirm,
  pending,
  rowLabel,
}: {
  warnings: readonly GuardrailWarning[];
  onConfirm: () => void;
  pending?: boolean;
  /** Import: each warning names its row ("Row 3"). */
  rowLabel?: boolean;
}) {
  const { t } = useTranslation("errors");
  const text = useGuardrailText();
  return (
    <Alert data-testid="guardrail-warnings">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{t("guardrails.title")}</AlertTitle>
      <AlertDescription>
        <p>{t("guardrails.description")}</p>
        <ul className="list-disc ps-4">
          {warnings.map((warning) => (
            <li key={`${warning.row ?? ""}-${warning.field}-${warning.code}`}>
              {rowLabel && warning.row !== undefined ? `${t("guardrails.row", { row: warning.row })}: ` : ""}
              {text(warning)}
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={pending}
          onClick={onConfirm}
          data-testid="save-anyway"
        >
          {pending ? <Spinner /> : null}
          {t("guardrails.saveAnyway")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
