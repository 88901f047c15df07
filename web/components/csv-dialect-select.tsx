import { type CsvDialectName, csvDialectNames, defaultCsvDialectName } from "@domain/csv";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/components/ui/native-select";
import { useLanguage } from "@/lib/use-language";
import { cn } from "@/lib/utils";

// The one choice of CSV dialect beside every CSV export (docs/decisions/0092): it starts on the
// reader's language's (pt-BR and ru ";" with a decimal comma, en "," with a point) until the reader
// picks one, which is then kept on this device for every export.

const storageKey = "placar.csvDialect";

function readChosen(): CsvDialectName | null {
  try {
    const stored = localStorage.getItem(storageKey);
    return (csvDialectNames as readonly string[]).includes(stored ?? "") ? (stored as CsvDialectName) : null;
  } catch {
    return null;
  }
}

/** The dialect to export in: the reader's choice, else their language's. */
export function useCsvDialect(): [CsvDialectName, (dialect: CsvDialectName) => void] {
  const language = useLanguage();
  const [chosen, setChosen] = useState<CsvDialectName | null>(readChosen);
  const choose = (dialect: CsvDialectName) => {
    setChosen(dialect);
    try {
      localStorage.setItem(storageKey, dialect);
    } catch {
      // Storage blocked: the choice lasts while the screen is open.
    }
  };
  return [chosen ?? defaultCsvDialectName(language), choose];
}

export function CsvDialectSelect({
  value,
  onChange,
  className,
  testId = "export-dialect",
}: {
  value: CsvDialectName;
  onChange: (dialect: CsvDialectName) => void;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <NativeSelect
      aria-label={t("csvDialect.label")}
      value={value}
      onChange={(event) => onChange(event.target.value as CsvDialectName)}
      className={cn("w-auto", className)}
      data-testid={testId}
    >
      <option value="semicolon">{t("csvDialect.semicolon")}</option>
      <option value="comma">{t("csvDialect.comma")}</option>
    </NativeSelect>
  );
}
