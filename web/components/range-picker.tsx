import { lastNDays, type RangePreset, rangePresets, todayIn } from "@domain/periods";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldLayout } from "@/components/field-layout";
import { DateInput } from "@/components/ui/date-input";
import { NativeSelect } from "@/components/ui/native-select";
import { formatDate, formatDateRange } from "@/lib/format";
import { checkCustomRange, type RangeChoice, type RangeValue, resolveRange } from "@/lib/range";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

// The one range picker (docs/decisions/0081): every date choice of the app is a preset of
// domain/periods.ts `rangePresets` or a free range, inclusive on both ends, in the workspace time
// zone. The days a preset covers are written under it in the reader's language, so "Last 7 days"
// says which seven. A free range reaches `onChange` only once both dates are real and in order.

export type { RangeValue } from "@/lib/range";

export function RangePicker({
  value,
  onChange,
  presets = rangePresets,
  label,
  testId = "range-picker",
  className,
}: {
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  /** The presets offered, in rangePresets' order; a free range is always offered. */
  presets?: readonly RangePreset[];
  label?: string;
  /** The select's test id; the date inputs get `<testId>-from` / `-to`, the dates line `-dates`. */
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const f = useFormatters();
  const today = todayIn(f.timeZone);
  const resolved = resolveRange(value, today);
  const datesId = useId();

  // The free range being typed; it follows the value whenever the value changes from outside.
  const valueFrom = value.period === "custom" ? value.from : "";
  const valueTo = value.period === "custom" ? value.to : "";
  const [draft, setDraft] = useState({ from: valueFrom, to: valueTo });
  const [editing, setEditing] = useState(value.period === "custom");
  useEffect(() => {
    if (value.period === "custom") {
      setDraft({ from: valueFrom, to: valueTo });
      setEditing(true);
    } else setEditing(false);
  }, [value.period, valueFrom, valueTo]);

  const choice: RangeChoice = editing ? "custom" : value.period;
  // A preset from an old link that this screen does not list is still shown as chosen.
  const offered: RangePreset[] = rangePresets.filter(
    (preset) => presets.includes(preset) || (choice !== "custom" && preset === choice),
  );

  const choose = (next: RangeChoice) => {
    if (next !== "custom") {
      setEditing(false);
      onChange({ period: next });
      return;
    }
    // A free range starts from the days on screen ("all" has no start: the last 30 days).
    const start = resolved.from ? { from: resolved.from, to: resolved.to } : lastNDays(30, today);
    setDraft(start);
    setEditing(true);
    onChange({ period: "custom", ...start });
  };

  const problem = editing ? checkCustomRange(draft.from, draft.to) : null;
  const setDate = (field: "from" | "to", date: string) => {
    const next = { ...draft, [field]: date };
    setDraft(next);
    if (!checkCustomRange(next.from, next.to)) onChange({ period: "custom", ...next });
  };
  const errorOf = (field: "from" | "to") =>
    problem?.field === field ? `common:rangePicker.errors.${problem.code}` : undefined;

  const shown = editing ? null : resolved;
  const datesText = shown
    ? shown.from
      ? formatDateRange(shown.from, shown.to, f.language)
      : t("rangePicker.until", { date: formatDate(shown.to, f.language) })
    : null;

  return (
    <div className={cn("grid min-w-0 gap-2", className)} data-testid={`${testId}-root`}>
      <FieldLayout
        label={label ?? t("rangePicker.label")}
        className="min-w-0"
        below={
          datesText ? (
            <p id={datesId} className="text-muted-foreground text-xs" data-testid={`${testId}-dates`}>
              {datesText}
            </p>
          ) : null
        }
      >
        {(props) => (
          <NativeSelect
            {...props}
            aria-describedby={datesText ? datesId : props["aria-describedby"]}
            value={choice}
            onChange={(event) => choose(event.target.value as RangeChoice)}
            data-testid={testId}
          >
            {offered.map((preset) => (
              <option key={preset} value={preset}>
                {t(`rangePicker.presets.${preset}`)}
              </option>
            ))}
            <option value="custom">{t("rangePicker.presets.custom")}</option>
          </NativeSelect>
        )}
      </FieldLayout>
      {editing ? (
        <div className="grid min-w-0 grid-cols-2 gap-2">
          <FieldLayout
            label={t("rangePicker.from")}
            error={errorOf("from")}
            className="min-w-0 content-start"
          >
            {(props) => (
              <DateInput
                {...props}
                strict
                value={draft.from}
                max={draft.to || undefined}
                onChange={(date) => setDate("from", date)}
                data-testid={`${testId}-from`}
              />
            )}
          </FieldLayout>
          <FieldLayout label={t("rangePicker.to")} error={errorOf("to")} className="min-w-0 content-start">
            {(props) => (
              <DateInput
                {...props}
                strict
                value={draft.to}
                min={draft.from || undefined}
                onChange={(date) => setDate("to", date)}
                data-testid={`${testId}-to`}
              />
            )}
          </FieldLayout>
        </div>
      ) : null}
    </div>
  );
}
