import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

/**
 * The import's column mapping: one select per field, naming the file's header that holds it (or
 * none). Shared by the import and the reconciliation of network statements (issue 32).
 */
export function ColumnMapping<F extends string>({
  fields,
  headers,
  mapping,
  optional,
  label,
  idPrefix,
  disabled,
  onChange,
  title,
  description,
}: {
  fields: readonly F[];
  headers: readonly string[];
  mapping: Partial<Record<F, string | null>>;
  optional: ReadonlySet<F>;
  label: (field: F) => ReactNode;
  idPrefix: string;
  disabled: boolean;
  onChange: (field: F, header: string) => void;
  title?: ReactNode;
  description?: ReactNode;
}) {
  const { t } = useTranslation("import");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title ?? t("mapping.title")}</CardTitle>
        <CardDescription>{description ?? t("mapping.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {fields.map((field) => (
          <div key={field} className="flex flex-col gap-2">
            <Label htmlFor={`${idPrefix}-${field}`}>
              {label(field)}
              {optional.has(field) ? (
                <span className="font-normal text-muted-foreground"> ({t("mapping.optional")})</span>
              ) : null}
            </Label>
            <NativeSelect
              id={`${idPrefix}-${field}`}
              data-testid={`mapping-${field}`}
              value={mapping[field] ?? ""}
              disabled={disabled}
              onChange={(event) => onChange(field, event.target.value)}
            >
              <option value="">{t("mapping.none")}</option>
              {headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
