import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useFormatters } from "@/lib/use-formatters";
import { toMonthKey } from "../helpers";

const firstYear = 2020;

/** "Novembro de 2026": a month key in the reader's language. */
export function useMonthLabel() {
  const f = useFormatters();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(f.language, { month: "long", year: "numeric", timeZone: "UTC" });
    return (month: string) => {
      const text = format.format(
        new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)),
      );
      return text.charAt(0).toLocaleUpperCase(f.language) + text.slice(1);
    };
  }, [f.language]);
}

/** Month and year in the reader's language; months after `maxMonth` are not offered. */
export function MonthPicker({
  month,
  maxMonth,
  onChange,
  legend,
  testId = "month-picker",
}: {
  month: string;
  maxMonth: string;
  onChange: (month: string) => void;
  legend?: string;
  testId?: string;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const id = useId();
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const maxYear = Number(maxMonth.slice(0, 4));
  const maxIndex = Number(maxMonth.slice(5, 7)) - 1;
  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(f.language, { month: "long", timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, i) => {
      const name = format.format(new Date(Date.UTC(2024, i, 1)));
      return name.charAt(0).toLocaleUpperCase(f.language) + name.slice(1);
    });
  }, [f.language]);
  const years = Array.from({ length: Math.max(maxYear, year) - firstYear + 1 }, (_, i) => firstYear + i);

  return (
    <fieldset className="flex items-end gap-2" data-testid={testId}>
      <legend className="sr-only">{legend ?? t("monthPicker.legend")}</legend>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-month`} className="text-xs">
          {t("monthPicker.month")}
        </Label>
        <NativeSelect
          id={`${id}-month`}
          value={monthIndex}
          onChange={(e) => onChange(toMonthKey(year, Number(e.target.value)))}
          data-testid="month-select"
        >
          {monthNames.map((name, index) => (
            <option
              key={name}
              value={index}
              disabled={year > maxYear || (year === maxYear && index > maxIndex)}
            >
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-year`} className="text-xs">
          {t("monthPicker.year")}
        </Label>
        <NativeSelect
          id={`${id}-year`}
          value={year}
          onChange={(e) => {
            const nextYear = Number(e.target.value);
            onChange(
              toMonthKey(nextYear, nextYear === maxYear ? Math.min(monthIndex, maxIndex) : monthIndex),
            );
          }}
          data-testid="year-select"
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {new Intl.NumberFormat(f.language, { useGrouping: false }).format(y)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </fieldset>
  );
}
