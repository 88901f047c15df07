import {
  applyPaste,
  batchOf,
  buildRows,
  changedRows,
  columnOfGuardrailField,
  type DayCellCode,
  type DayGridRow,
  type DayTexts,
  dayTotals,
  type RowReading,
  type RowRefusal,
  readRow,
  refusalsByRow,
  type SavedDay,
  warningsByRow,
} from "@domain/day-grid";
import { type DayColumn, dayColumns, type PasteUnmatched, parseDayPaste } from "@domain/day-paste";
import { formatMoneyForInput, moneyInputPlaceholder } from "@domain/money-input";
import { addDays, isIsoDate, todayIn } from "@domain/periods";
import type { Language } from "@domain/roles";
import type { Campaign } from "@domain/schemas/campaigns";
import type { GuardrailWarning } from "@domain/schemas/guardrails";
import type { Offer } from "@domain/schemas/offers";
import { TriangleAlert } from "lucide-react";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DraftNotice } from "@/components/draft-notice";
import { warningsToConfirm } from "@/components/guardrail-warnings";
import { ErrorState } from "@/components/states";
import { trendClass } from "@/components/trend";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { isUnreachable, UnreachableNotice } from "@/components/unreachable-notice";
import { useCurrentUser } from "@/features/auth";
import { errorMessageKey, isApiError } from "@/lib/api";
import { useAppConfig } from "@/lib/config";
import { draftStorageKey, readDraft, removeDraft, writeDraft } from "@/lib/drafts";
import { moneyErrorKey } from "@/lib/money-input";
import { closedMonthDate, formatMonthYear } from "@/lib/month-closed";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { usePhoneWidth } from "@/lib/use-phone-width";
import { cn } from "@/lib/utils";
import { useDayCampaigns, useSaveDay, useVisibleOffers } from "../api";

// /add-data?mode=day: the whole day at once (issue 26, docs/decisions/0085). Every offer the buyer
// may log is a row, pre-filled with what the day holds; the state and its arithmetic are pure
// (domain/day-grid.ts, domain/day-paste.ts); this screen renders them, moves the focus like a
// spreadsheet, keeps a draft per user and date, and saves the changed rows in one batch.

/** The day the grid shows: ?date= when it is a date not after today, else yesterday. */
export function useGridDate(): {
  date: string | null;
  today: string | null;
  setDate: (date: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const config = useAppConfig();
  const timeZone = config.data?.workspaceTimezone;
  const today = timeZone ? todayIn(timeZone) : null;
  const asked = params.get("date") ?? "";
  const date = today ? (isIsoDate(asked) && asked <= today ? asked : addDays(today, -1)) : null;
  const setDate = useCallback(
    (next: string) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.set("mode", "day");
        copy.set("date", next);
        return copy;
      }),
    [setParams],
  );
  return { date, today, setDate };
}

export function DayGrid() {
  const { t } = useTranslation("day-grid");
  const user = useCurrentUser();
  const { date, today, setDate } = useGridDate();
  const offers = useVisibleOffers();
  const day = useDayCampaigns(date ? { date, creatorId: user.id } : null);
  const [typedDate, setTypedDate] = useState<string | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="day-grid-date">{t("date")}</Label>
            <DateInput
              id="day-grid-date"
              data-testid="day-grid-date"
              className="w-44"
              max={today ?? undefined}
              strict
              value={typedDate ?? date ?? ""}
              onChange={(value) => {
                setTypedDate(value);
                if (isIsoDate(value) && today && value <= today) {
                  setTypedDate(null);
                  setDate(value);
                }
              }}
            />
          </div>
          {today ? (
            <div className="flex gap-1">
              {[
                { label: t("campaigns:add.yesterday"), value: addDays(today, -1) },
                { label: t("campaigns:add.today"), value: today },
              ].map((quick) => (
                <Button
                  key={quick.value}
                  type="button"
                  size="sm"
                  variant={date === quick.value ? "secondary" : "ghost"}
                  aria-pressed={date === quick.value}
                  onClick={() => {
                    setTypedDate(null);
                    setDate(quick.value);
                  }}
                >
                  {quick.label}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        {offers.isError || day.isError ? (
          <ErrorState
            error={offers.error ?? day.error}
            title={t("loadError")}
            onRetry={() => {
              void offers.refetch();
              void day.refetch();
            }}
          />
        ) : !date || !offers.data || !day.data ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
            <Spinner />
            {t("campaigns:add.waiting")}
          </p>
        ) : offers.data.length === 0 ? (
          <Alert>
            <AlertDescription>{t("campaigns:add.noOffers")}</AlertDescription>
          </Alert>
        ) : (
          <DayGridEditor key={date} date={date} userId={user.id} offers={offers.data} entries={day.data} />
        )}
      </CardContent>
    </Card>
  );
}

type DraftValues = { texts: Record<string, DayTexts> };
type Cell = { row: number; column: DayColumn };

const savedDayOf = (campaign: Campaign): SavedDay => ({
  spent: campaign.spent,
  clicks: campaign.clicks,
  installations: campaign.installations,
  registrations: campaign.registrations,
  deposits: campaign.deposits,
  depositPayment: campaign.depositPayment,
});

/** The rows with a draft's texts put back (only offers still in the grid). */
function withDraft(rows: DayGridRow[], draft: DraftValues | null): DayGridRow[] {
  if (!draft) return rows;
  return rows.map((row) => {
    const texts = draft.texts[row.offerId];
    return texts ? { ...row, texts: { ...row.texts, ...texts } } : row;
  });
}

function DayGridEditor({
  date,
  userId,
  offers,
  entries,
}: {
  date: string;
  userId: string;
  offers: Offer[];
  entries: Campaign[];
}) {
  const { t } = useTranslation("day-grid");
  const f = useFormatters();
  const language = f.language;
  const phone = usePhoneWidth();
  const save = useSaveDay();
  const draftKey = draftStorageKey(userId, `day-grid:${date}`);

  const [initialRows] = useState(() => {
    const saved = new Map(
      entries.flatMap((entry) => (entry.offerId ? [[entry.offerId, savedDayOf(entry)]] : [])),
    );
    return buildRows(offers, saved, language);
  });
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const [rows, setRows] = useState<DayGridRow[]>(() => {
    const draft = readDraft<DraftValues>(draftKey);
    return withDraft(initialRows, draft?.values ?? null);
  });
  // The notice only when the draft really changed something.
  useEffect(() => {
    const draft = readDraft<DraftValues>(draftKey);
    if (draft && changedRows(withDraft(initialRows, draft.values), language).length > 0)
      setRestoredAt(new Date(draft.savedAt));
  }, [draftKey, initialRows, language]);

  const changed = useMemo(() => changedRows(rows, language), [rows, language]);
  const dirty = changed.length > 0;

  // The draft: the changed rows' texts, written a moment after each change; none when nothing changed.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (changed.length === 0) removeDraft(draftKey);
      else
        writeDraft<DraftValues>(draftKey, {
          texts: Object.fromEntries(changed.map((i) => [rows[i]!.offerId, rows[i]!.texts])),
        });
    }, 300);
    return () => clearTimeout(timer);
  }, [changed, rows, draftKey]);

  // Leaving by mistake: the browser asks before the tab closes or reloads, the app before it navigates.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        new URLSearchParams(nextLocation.search).get("mode") !== "day"),
  );

  const [refusals, setRefusals] = useState<Map<number, RowRefusal[]>>(new Map());
  const [warnings, setWarnings] = useState<Map<number, GuardrailWarning[]>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState<{ acknowledge: boolean } | null>(null);
  const [unmatched, setUnmatched] = useState<PasteUnmatched[]>([]);
  const [pasted, setPasted] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const readings = useMemo(() => rows.map((row) => readRow(row, language)), [rows, language]);
  const totals = useMemo(() => dayTotals(rows, language), [rows, language]);

  // Focus moves like a spreadsheet's; Escape puts back the text the cell had when it was entered.
  const cells = useRef(new Map<string, HTMLInputElement>());
  const entered = useRef<{ cell: Cell; text: string } | null>(null);
  const cellKey = (cell: Cell) => `${cell.row}:${cell.column}`;
  const focusCell = (cell: Cell) => {
    const input = cells.current.get(cellKey(cell));
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  };

  // A change after the warnings were shown: "Salvar mesmo assim" would confirm figures nobody saw
  // checked, so the next save checks again.
  const setText = (cell: Cell, text: string) => {
    setConfirming(false);
    setRows((current) =>
      current.map((row, i) =>
        i === cell.row ? { ...row, texts: { ...row.texts, [cell.column]: text } } : row,
      ),
    );
  };

  const onKeyDown = (cell: Cell, event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const col = dayColumns.indexOf(cell.column);
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    let target: Cell | null = null;
    if (event.key === "Escape") {
      if (entered.current && cellKey(entered.current.cell) === cellKey(cell)) {
        event.preventDefault();
        setText(cell, entered.current.text);
      }
      return;
    }
    if (event.key === "ArrowDown" || (event.key === "Enter" && !event.shiftKey))
      target = { row: cell.row + 1, column: cell.column };
    else if (event.key === "ArrowUp" || (event.key === "Enter" && event.shiftKey))
      target = { row: cell.row - 1, column: cell.column };
    else if (event.key === "ArrowLeft" && (atStart || whole) && col > 0)
      target = { row: cell.row, column: dayColumns[col - 1]! };
    else if (event.key === "ArrowRight" && (atEnd || whole) && col < dayColumns.length - 1)
      target = { row: cell.row, column: dayColumns[col + 1]! };
    if (!target) return;
    event.preventDefault();
    focusCell(target);
  };

  const onPaste = (cell: Cell, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text/plain");
    // One value goes into the cell as typed; a block (tabs, semicolons, lines) fills the grid.
    if (!/[\t;\n]/.test(text.trim())) return;
    event.preventDefault();
    const paste = parseDayPaste(text, { offers, reader: language });
    const outcome = applyPaste(rows, paste, cell, language);
    setConfirming(false);
    setRows(outcome.rows);
    setUnmatched(outcome.unmatched);
    setPasted(t("pasted", { count: outcome.filled, rows: outcome.touched.length }));
  };

  const discard = () => {
    removeDraft(draftKey);
    setRows(initialRows);
    setRestoredAt(null);
    setRefusals(new Map());
    setWarnings(new Map());
    setConfirming(false);
    setUnmatched([]);
    setPasted(null);
  };

  const submit = async (acknowledge: boolean) => {
    setFormError(null);
    setUnreachable(null);
    const batch = batchOf(rows, date, language);
    if (batch.unreadable.length > 0) {
      setShowErrors(true);
      setFormError(t("unreadable", { count: batch.unreadable.length }));
      const first = batch.unreadable[0]!;
      const reading = readings[first];
      const column = reading && !reading.ok ? (Object.keys(reading.errors)[0] as DayColumn) : "spent";
      focusCell({ row: first, column });
      return;
    }
    if (batch.rows.length === 0) {
      toast(t("nothingChanged"));
      return;
    }
    try {
      const result = await save.mutateAsync({ rows: batch.rows, acknowledgeWarnings: acknowledge });
      removeDraft(draftKey);
      setRows((current) => current.map((row) => ({ ...row, initial: { ...row.texts } })));
      setRestoredAt(null);
      setRefusals(new Map());
      setWarnings(new Map());
      setConfirming(false);
      setShowErrors(false);
      toast.success(t("saved", { count: result.added + result.replaced }), { duration: 4000 });
    } catch (error) {
      if (isUnreachable(error)) {
        setUnreachable({ acknowledge });
        return;
      }
      const toConfirm = warningsToConfirm(error);
      if (toConfirm) {
        const byRow = warningsByRow(toConfirm, batch.gridRows);
        setWarnings(byRow);
        setRefusals(new Map());
        setConfirming(true);
        setFormError(t("needsConfirmation", { count: byRow.size }));
        return;
      }
      setWarnings(new Map());
      setConfirming(false);
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      const byRow = refusalsByRow(fields, batch.gridRows);
      setRefusals(byRow);
      const month = closedMonthDate(error, { typed: date });
      const message = month
        ? t("campaigns:errors.month_closed", { month: formatMonthYear(month, language, true) })
        : t(errorMessageKey(error));
      setFormError(byRow.size > 0 ? `${t("refused", { count: byRow.size })} ${message}` : message);
      toast.error(t("saveError"), { description: message, duration: 5000 });
    }
  };

  const offerName = (i: number) => offers[i]?.name ?? "";
  const rowProps = (i: number) => ({
    index: i,
    offer: offers[i]!,
    row: rows[i]!,
    reading: readings[i]!,
    changed: changed.includes(i),
    refusals: refusals.get(i) ?? [],
    warnings: warnings.get(i) ?? [],
    showErrors,
    language,
    cellProps: (column: DayColumn) => ({
      ref: (input: HTMLInputElement | null) => {
        const key = cellKey({ row: i, column });
        if (input) cells.current.set(key, input);
        else cells.current.delete(key);
      },
      value: rows[i]!.texts[column],
      onChange: (event: { target: { value: string } }) => setText({ row: i, column }, event.target.value),
      onFocus: (event: { target: HTMLInputElement }) => {
        entered.current = { cell: { row: i, column }, text: rows[i]!.texts[column] };
        event.target.select();
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => onKeyDown({ row: i, column }, event),
      onPaste: (event: ClipboardEvent<HTMLInputElement>) => onPaste({ row: i, column }, event),
      "aria-label": t("cellLabel", { offer: offerName(i), column: t(`columns.${column}`) }),
      "data-testid": `cell-${i}-${column}`,
    }),
  });

  return (
    <div className="grid gap-4" data-testid="day-grid">
      <DraftNotice draft={{ restoredAt, clear: () => removeDraft(draftKey), discard }} />
      <p className="text-muted-foreground text-sm">{t("pasteHint")}</p>
      {pasted ? (
        <p role="status" className="text-sm" data-testid="paste-status">
          {pasted}
        </p>
      ) : null}
      {unmatched.length > 0 ? (
        <Alert data-testid="paste-unmatched">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>
            <p>{t("unmatchedTitle", { count: unmatched.length })}</p>
            <ul className="list-disc pl-5">
              {unmatched.map((line) => (
                <li key={line.line}>
                  {t(`unmatched.${line.reason}`, { line: line.line, offer: line.reference })}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {phone ? (
        <div className="grid gap-3" data-testid="day-grid-cards">
          {rows.map((_, i) => (
            <DayCard key={offers[i]!.id} {...rowProps(i)} />
          ))}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-md border" data-testid="day-grid-table">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("caption", { date: f.date(date) })}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("columns.offer")}
                </th>
                {dayColumns.map((column) => (
                  <th key={column} scope="col" className="px-1.5 py-2 font-medium">
                    {t(`columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t("columns.computedRevenue")}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t("columns.profit")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("columns.roi")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((_, i) => (
                <DayTableRow key={offers[i]!.id} {...rowProps(i)} />
              ))}
            </tbody>
            <tfoot className="border-t bg-muted/30 font-medium">
              <TotalsRow totals={totals} />
            </tfoot>
          </table>
        </div>
      )}
      {phone ? <TotalsCard totals={totals} /> : null}
      {unreachable ? (
        <UnreachableNotice onRetry={() => void submit(unreachable.acknowledge)} retrying={save.isPending} />
      ) : null}
      {formError ? (
        <Alert variant={confirming ? "default" : "destructive"} data-testid="day-grid-error" role="alert">
          {confirming ? <TriangleAlert aria-hidden="true" /> : null}
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="changed-count">
          {changed.length === 0 ? t("noChanges") : t("changedCount", { count: changed.length })}
        </p>
        {confirming ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => void submit(true)}
            data-testid="day-grid-confirm"
          >
            {t("saveAnyway")}
          </Button>
        ) : null}
        <Button
          type="button"
          disabled={save.isPending}
          onClick={() => void submit(false)}
          data-testid="day-grid-save"
          className="w-full sm:w-auto"
        >
          {save.isPending ? <Spinner /> : null}
          {t("save", { count: changed.length })}
        </Button>
      </div>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title={t("leave.title")}
        description={t("leave.description")}
        cancel={t("leave.stay")}
        action={t("leave.go")}
        testId="leave-proceed"
        onConfirm={() => blocker.proceed?.()}
      />
      <p className="text-muted-foreground text-xs">
        <Link to="/campanhas" className="underline underline-offset-4">
          {t("campaigns:add.seeCampaigns")}
        </Link>
      </p>
    </div>
  );
}

type RowProps = {
  index: number;
  offer: Offer;
  row: DayGridRow;
  reading: RowReading;
  changed: boolean;
  refusals: RowRefusal[];
  warnings: GuardrailWarning[];
  showErrors: boolean;
  language: Language;
  cellProps: (column: DayColumn) => Record<string, unknown> & { "aria-label": string };
};

/** The translation key of a cell that cannot be read (money codes are the shared money input's). */
function cellErrorKey(column: DayColumn, code: DayCellCode): string {
  if (column === "spent" || column === "revenue")
    return moneyErrorKey(code === "integer" ? "not_a_number" : code);
  return `day-grid:countErrors.${code}`;
}

/** The row's messages: cells that cannot be read, the server's refusals, guardrail warnings. */
function useRowMessages({ reading, refusals, warnings, changed, showErrors }: RowProps) {
  const { t } = useTranslation("day-grid");
  const f = useFormatters();
  const messages: { key: string; text: string; tone: "error" | "warning" }[] = [];
  if (!reading.ok && (showErrors || changed)) {
    for (const [column, code] of Object.entries(reading.errors) as [DayColumn, DayCellCode][]) {
      messages.push({
        key: `cell-${column}`,
        text: `${t(`columns.${column}`)}: ${t(cellErrorKey(column, code))}`,
        tone: "error",
      });
    }
  }
  for (const refusal of refusals) {
    messages.push({
      key: `refusal-${refusal.column}-${refusal.code}`,
      text: `${refusal.column ? `${t(`columns.${refusal.column}`)}: ` : ""}${t(refusalKey(refusal.code))}`,
      tone: "error",
    });
  }
  for (const warning of warnings) {
    const column = columnOfGuardrailField(warning.field);
    const money = column === "spent" || column === "revenue";
    const show = (value: string | undefined) =>
      value === undefined ? "" : money ? f.money(value) : f.number(value);
    messages.push({
      key: `warning-${warning.field}-${warning.code}`,
      text: t(`warnings.${warning.code}`, {
        column: t(`columns.${column}`),
        value: show(warning.value),
        median: show(warning.median),
        limit: show(warning.limit),
      }),
      tone: "warning",
    });
  }
  return messages;
}

const refusalKeys = new Set([
  "offer_not_visible",
  "duplicate_in_file",
  "month_closed",
  "future_date",
  "too_large",
  "revenue_too_large",
  "roi_too_large",
]);
const refusalKey = (code: string) =>
  refusalKeys.has(code) ? `day-grid:refusals.${code}` : "day-grid:refusals.other";

/** A row's computed revenue, profit and ROI in the reader's format ("—" while a text cannot be read). */
function useFigures(reading: RowReading) {
  const f = useFormatters();
  if (!reading.ok) return { revenue: "—", profit: "—", roi: "—", profitClass: "", roiClass: "" };
  const { revenue, profit, roi } = reading.figures;
  return {
    revenue: f.money(revenue),
    profit: f.money(profit),
    roi: f.percent(roi),
    profitClass: trendClass(profit),
    roiClass: trendClass(roi),
  };
}

/** A cell's error state and placeholder, the same in the table and on a phone's card. */
function cellLook({ reading, changed, showErrors, language }: RowProps, column: DayColumn) {
  return {
    invalid: !reading.ok && reading.errors[column] !== undefined && (showErrors || changed),
    placeholder:
      column === "revenue"
        ? formatMoneyForInput(reading.ok ? reading.figures.revenue : "0.00", language)
        : column === "spent"
          ? moneyInputPlaceholder(language)
          : "0",
  };
}

function DayTableRow(props: RowProps) {
  const { t } = useTranslation("day-grid");
  const { index, offer, reading, changed, cellProps } = props;
  const figures = useFigures(reading);
  const messages = useRowMessages(props);
  const messageId = useId();
  const refused = props.refusals.length > 0;
  return (
    <>
      <tr
        className={cn("border-t", changed && "bg-primary/5", refused && "bg-destructive/5")}
        data-testid={`day-row-${index}`}
        data-offer={offer.name}
        data-changed={changed}
      >
        <th scope="row" className="max-w-36 px-3 py-1.5 text-left font-medium">
          <span className="block truncate" title={`${offer.name} · ${offer.casinoBrand}`}>
            {offer.name}
          </span>
          <span className="block truncate font-normal text-muted-foreground text-xs">
            {offer.casinoBrand}
          </span>
        </th>
        {dayColumns.map((column) => (
          <td key={column} className="px-1 py-1.5">
            <GridInput
              column={column}
              {...cellLook(props, column)}
              describedBy={messages.length > 0 ? messageId : undefined}
              {...cellProps(column)}
            />
          </td>
        ))}
        <td className="px-1.5 py-1.5 text-right tabular-nums" data-testid={`row-${index}-revenue`}>
          {figures.revenue}
        </td>
        <td
          className={cn("px-1.5 py-1.5 text-right tabular-nums", figures.profitClass)}
          data-testid={`row-${index}-profit`}
        >
          {figures.profit}
        </td>
        <td
          className={cn("px-3 py-1.5 text-right tabular-nums", figures.roiClass)}
          data-testid={`row-${index}-roi`}
        >
          {figures.roi}
        </td>
      </tr>
      {messages.length > 0 ? (
        <tr data-testid={`day-row-${index}-messages`}>
          <td colSpan={dayColumns.length + 4} className="px-3 pb-2">
            <RowMessages id={messageId} messages={messages} label={t("messagesFor", { offer: offer.name })} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function RowMessages({
  id,
  messages,
  label,
}: {
  id: string;
  messages: { key: string; text: string; tone: "error" | "warning" }[];
  label: string;
}) {
  return (
    <ul id={id} aria-label={label} className="grid gap-0.5 text-xs">
      {messages.map((message) => (
        <li
          key={message.key}
          className={cn(
            "flex items-start gap-1",
            message.tone === "error" ? "text-destructive" : "text-amber-700 dark:text-amber-400",
          )}
          data-testid={message.tone === "error" ? "row-error" : "row-warning"}
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
          <span>{message.text}</span>
        </li>
      ))}
    </ul>
  );
}

function GridInput({
  column,
  invalid,
  placeholder,
  describedBy,
  wide = false,
  ...props
}: {
  column: DayColumn;
  invalid: boolean;
  /** In a card the cell fills its half; in the table it keeps a column's width. */
  wide?: boolean;
  placeholder: string;
  describedBy: string | undefined;
} & Record<string, unknown>) {
  const money = column === "spent" || column === "revenue";
  return (
    <Input
      type="text"
      inputMode={money ? "decimal" : "numeric"}
      autoComplete="off"
      enterKeyHint="next"
      placeholder={placeholder}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn("h-8 px-2 text-right tabular-nums", wide ? "w-full" : money ? "w-20" : "w-14")}
      {...(props as object)}
    />
  );
}

function DayCard(props: RowProps) {
  const { t } = useTranslation("day-grid");
  const { index, offer, reading, changed, cellProps } = props;
  const figures = useFigures(reading);
  const messages = useRowMessages(props);
  const messageId = useId();
  const baseId = useId();
  return (
    <section
      className={cn("grid gap-3 rounded-md border p-3", changed && "border-primary/50")}
      aria-label={offer.name}
      data-testid={`day-card-${index}`}
      data-offer={offer.name}
    >
      <div className="min-w-0">
        <h3 className="truncate font-medium">{offer.name}</h3>
        <p className="truncate text-muted-foreground text-xs">{offer.casinoBrand}</p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {dayColumns.map((column) => {
          const id = `${baseId}-${column}`;
          const { "aria-label": _label, ...rest } = cellProps(column);
          return (
            <div key={column} className="grid min-w-0 gap-1">
              <Label htmlFor={id} className="text-xs">
                {t(`columns.${column}`)}
                <span className="sr-only"> · {offer.name}</span>
              </Label>
              <GridInput
                wide
                id={id}
                column={column}
                {...cellLook(props, column)}
                describedBy={messages.length > 0 ? messageId : undefined}
                {...rest}
              />
            </div>
          );
        })}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-muted-foreground">{t("columns.computedRevenue")}</dt>
          <dd className="font-medium tabular-nums">{figures.revenue}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("columns.profit")}</dt>
          <dd className={cn("font-medium tabular-nums", figures.profitClass)}>{figures.profit}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("columns.roi")}</dt>
          <dd className={cn("font-medium tabular-nums", figures.roiClass)}>{figures.roi}</dd>
        </div>
      </dl>
      {messages.length > 0 ? (
        <RowMessages id={messageId} messages={messages} label={t("messagesFor", { offer: offer.name })} />
      ) : null}
    </section>
  );
}

function TotalsRow({ totals }: { totals: ReturnType<typeof dayTotals> }) {
  const { t } = useTranslation("day-grid");
  const f = useFormatters();
  return (
    <tr data-testid="day-totals">
      <th scope="row" className="px-3 py-2 text-left">
        {t("totals")}
      </th>
      <td className="px-2 py-2 text-right tabular-nums" data-testid="total-spent">
        {f.money(totals.spent)}
      </td>
      <td className="px-2 py-2 text-right tabular-nums">{f.number(totals.clicks)}</td>
      <td className="px-2 py-2 text-right tabular-nums">{f.number(totals.installations)}</td>
      <td className="px-2 py-2 text-right tabular-nums">{f.number(totals.registrations)}</td>
      <td className="px-2 py-2 text-right tabular-nums" data-testid="total-deposits">
        {f.number(totals.deposits)}
      </td>
      <td />
      <td className="px-2 py-2 text-right tabular-nums" data-testid="total-revenue">
        {f.money(totals.revenue)}
      </td>
      <td
        className={cn("px-2 py-2 text-right tabular-nums", trendClass(totals.profit))}
        data-testid="total-profit"
      >
        {f.money(totals.profit)}
      </td>
      <td className={cn("px-3 py-2 text-right tabular-nums", trendClass(totals.roi))} data-testid="total-roi">
        {f.percent(totals.roi)}
      </td>
    </tr>
  );
}

function TotalsCard({ totals }: { totals: ReturnType<typeof dayTotals> }) {
  const { t } = useTranslation("day-grid");
  const f = useFormatters();
  const items = [
    { key: "spent", label: t("columns.spent"), value: f.money(totals.spent) },
    { key: "revenue", label: t("columns.computedRevenue"), value: f.money(totals.revenue) },
    {
      key: "profit",
      label: t("columns.profit"),
      value: f.money(totals.profit),
      className: trendClass(totals.profit),
    },
    { key: "roi", label: t("columns.roi"), value: f.percent(totals.roi), className: trendClass(totals.roi) },
    { key: "deposits", label: t("columns.deposits"), value: f.number(totals.deposits) },
  ];
  return (
    <section className="rounded-md border bg-muted/30 p-3" aria-label={t("totals")} data-testid="day-totals">
      <h3 className="mb-2 font-medium">{t("totals")}</h3>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {items.map((item) => (
          <div key={item.key}>
            <dt className="text-muted-foreground text-xs">{item.label}</dt>
            <dd className={cn("font-medium tabular-nums", item.className)} data-testid={`total-${item.key}`}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
