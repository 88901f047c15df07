import { defaultLanguage, isLanguage, type Language } from "@domain/roles";
import type { Locale } from "date-fns";
import { enUS, ptBR, ru } from "date-fns/locale";
import { CalendarDays } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { type ComponentProps, type CSSProperties, useEffect, useState } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { formatDateInput, parseDateInput } from "@/lib/date-input";
import { cn } from "@/lib/utils";
import "react-day-picker/style.css";

// react-day-picker's colours and sizes, taken from the app's theme (its root sets its own defaults).
const calendarTheme = {
  "--rdp-accent-color": "var(--primary)",
  "--rdp-accent-background-color": "var(--accent)",
  "--rdp-today-color": "var(--primary)",
  "--rdp-day-height": "2.25rem",
  "--rdp-day-width": "2.25rem",
  "--rdp-day_button-height": "2.125rem",
  "--rdp-day_button-width": "2.125rem",
} as CSSProperties;

const calendarLocales: Record<Language, Locale> = { "pt-BR": ptBR, en: enUS, ru };

function toDate(value: string | undefined): Date | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

function fromDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

type DateInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type" | "min" | "max"> & {
  /** "YYYY-MM-DD", "" when empty; while the typed text is not a date, that text (forms reject it) */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  /** Filters: while the text is not a date, the value is "" (forms keep the text to name the error). */
  strict?: boolean;
};

/**
 * A calendar date typed in the reader's language (dd/mm/aaaa, mm/dd/yyyy, дд.мм.гггг) or picked
 * from a calendar in that language. The value stays ISO, like a native date input's.
 */
export function DateInput({
  value,
  onChange,
  onBlur,
  min,
  max,
  strict = false,
  disabled,
  className,
  ...props
}: DateInputProps) {
  const { t, i18n } = useTranslation("common");
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(resolved) ? resolved : defaultLanguage;
  const [text, setText] = useState(() => formatDateInput(value, language));
  const [open, setOpen] = useState(false);

  // A value set from outside (the calendar, a reset, another language) replaces what is shown,
  // unless it is what the person is typing.
  useEffect(() => {
    setText((current) => {
      const typed = parseDateInput(current, language);
      if (typed === value || (value === current && parseDateInput(value, language) === null)) return current;
      return formatDateInput(value, language);
    });
  }, [value, language]);

  const selected = toDate(value);
  const minDate = toDate(min);
  const maxDate = toDate(max);
  const outside: Matcher[] = [
    ...(minDate ? [{ before: minDate }] : []),
    ...(maxDate ? [{ after: maxDate }] : []),
  ];

  return (
    <div className={cn("relative flex w-full min-w-0 items-center", className)}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        data-date-input=""
        placeholder={t("dateInput.placeholder")}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const text = event.target.value.trim();
          onChange(text === "" ? "" : (parseDateInput(text, language) ?? (strict ? "" : text)));
        }}
        onBlur={(event) => {
          const parsed = parseDateInput(text, language);
          if (parsed) setText(formatDateInput(parsed, language));
          onBlur?.(event);
        }}
        className={cn(
          "flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent py-1 pr-10 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/20",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
        )}
        {...props}
      />
      <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
        <PopoverPrimitive.Trigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={disabled}
            className="absolute right-0.5 size-8"
            aria-label={t("dateInput.openCalendar")}
            title={t("dateInput.openCalendar")}
            data-testid="date-input-calendar"
          >
            <CalendarDays aria-hidden="true" />
          </Button>
        </PopoverPrimitive.Trigger>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            align="end"
            sideOffset={4}
            className="z-50 rounded-md border bg-popover p-3 text-popover-foreground shadow-md outline-none"
          >
            <DayPicker
              mode="single"
              style={calendarTheme}
              locale={calendarLocales[language]}
              selected={selected}
              defaultMonth={selected ?? maxDate}
              disabled={outside}
              onSelect={(date) => {
                if (!date) return;
                const next = fromDate(date);
                setText(formatDateInput(next, language));
                onChange(next);
                setOpen(false);
              }}
            />
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
    </div>
  );
}
