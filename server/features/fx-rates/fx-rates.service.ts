import { sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import { parseCsv } from "../../../domain/csv";
import { type DailyRate, rateDays, sameRate } from "../../../domain/fx";
import { guessRateDelimiter, type RateFileProblem, readRateRows } from "../../../domain/fx-import";
import { addDays } from "../../../domain/periods";
import type { FxRates, FxRatesSaved } from "../../../domain/schemas/fx-rates";
import type { Currency } from "../../../domain/schemas/offers";
import { recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { AppError, conflict } from "../../errors";
import { assertCan } from "../../permissions";
import { count, readRow, readRows, text, textOrNull } from "../../read/rows";
import { closingStatuses } from "../campaigns/month-close";

// Daily exchange rates (issue 30, docs/decisions/0104 and 0105). Reading is open to every signed-in
// user (the screens show the rate a converted amount used); writing is financial and admin. A change
// converts again, in the same transaction, every campaign row whose conversion it moves (the BEFORE
// trigger of migration 0018 recomputes a row's converted amounts on update, and the totals triggers
// follow), and is refused while a statement that closed a month depends on it.

/** The largest range the rates screen reads at once (ten years of days). */
const maxDays = 3660;

/** The reporting currency, read FOR SHARE: a switch of it (FOR UPDATE) waits for a rate change, and the reverse. */
export async function lockReportingCurrency(tx: DbOrTx): Promise<Currency> {
  const [row] = await readRows(
    tx,
    sql`select reporting_currency from workspace_settings where id = 1 for share`,
    (r) => text(r, "reporting_currency") as Currency,
  );
  return row ?? "USD";
}

export async function listFxRates(input: { db: DbOrTx; from: string; to: string }): Promise<FxRates> {
  const { db, from, to } = input;
  if (from > to || addDays(from, maxDays) < to)
    throw new AppError("validation_failed", "The range must run forwards and span at most ten years.", {
      to: "invalid_range",
    });
  // The range's rates and the latest one before it (the first days' gap may use it).
  const rates = await readRows(
    db,
    sql`(select date::text as date, rate::text as rate from fx_rates where date between ${from}::date and ${to}::date)
      union all (select date::text, rate::text from fx_rates where date < ${from}::date order by date desc limit 1)`,
    (r) => ({ date: text(r, "date"), rate: trimRate(text(r, "rate")) }),
  );
  const [settings] = await readRows(
    db,
    sql`select reporting_currency from workspace_settings where id = 1`,
    (r) => text(r, "reporting_currency") as Currency,
  );
  const days = rateDays(rates, from, to);
  return {
    reportingCurrency: settings ?? "USD",
    days,
    gaps: days.filter((day) => !day.own).length,
    missing: days.filter((day) => day.rate === null).length,
  };
}

/**
 * The rate each day of a month converts at (its own or the latest earlier one; days without any are
 * left out) and the reporting currency: what a statement records when it leaves pending.
 */
export async function readMonthRates(
  tx: DbOrTx,
  from: string,
  to: string,
): Promise<{ reportingCurrency: Currency; rates: DailyRate[] }> {
  const { reportingCurrency, days } = await listFxRates({ db: tx, from, to });
  return {
    reportingCurrency,
    rates: days.flatMap((day) => (day.rate === null ? [] : [{ date: day.date, rate: day.rate }])),
  };
}

/** "5.100000" → "5.1": numeric(12,6) as the user typed it, without trailing zeros. */
function trimRate(rate: string): string {
  return rate.includes(".") ? rate.replace(/0+$/, "").replace(/\.$/, "") : rate;
}

/** One window of days whose rate a change moved: from its day up to the day before the next rate. */
type Window = { from: string; to: string | null };

export type StatementRef = { id: string; userId: string; periodStart: string };

/** 409 rates_locked: statements that closed months whose days use the rates being changed. */
function ratesLocked(day: string, statements: StatementRef[]): AppError {
  const error = conflict(
    "rates_locked",
    `The rate of ${day} is used by ${statements.length} statement(s) of a month closed for payment: reopen them first.`,
  );
  error.day = day;
  error.statements = statements;
  return error;
}

const windowCondition = (windows: Window[], column = sql`date`) =>
  sql.join(
    windows.map((w) =>
      w.to === null
        ? sql`${column} >= ${w.from}::date`
        : sql`${column} between ${w.from}::date and ${w.to}::date`,
    ),
    sql` or `,
  );

/**
 * Converts again every campaign row in `windows` (all rows when null) that has an amount in a
 * currency other than `reporting` (all rows when `everyRow`): an update the BEFORE trigger turns into
 * new converted amounts, and the totals triggers into new sums. Answers how many rows it touched.
 */
export async function convertCampaignsAgain(
  tx: DbOrTx,
  {
    windows,
    reporting,
    everyRow = false,
  }: { windows: Window[] | null; reporting: Currency; everyRow?: boolean },
): Promise<number> {
  const conditions = [
    ...(windows ? [sql`(${windowCondition(windows)})`] : []),
    ...(everyRow ? [] : [sql`(spent_currency <> ${reporting} or revenue_currency <> ${reporting})`]),
  ];
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const row = await readRow(
    tx,
    sql`with touched as (update campaigns set spent_converted = spent_converted ${where} returning 1)
      select count(*)::int as n from touched`,
    (r) => count(r, "n"),
  );
  return row;
}

type ClosedStatement = StatementRef & { periodEnd: string };

/** Statements (read FOR SHARE) that closed a month overlapping `windows`, oldest first. */
async function closedStatementsIn(tx: DbOrTx, windows: Window[]): Promise<ClosedStatement[]> {
  return readRows(
    tx,
    sql`select id::text as id, user_id, period_start::text as period_start, period_end::text as period_end
      from payment_statements
      where status in (${sql.join(
        closingStatuses.map((s) => sql`${s}`),
        sql`, `,
      )}) and (${sql.join(
        windows.map((w) =>
          w.to === null
            ? sql`period_end >= ${w.from}::date`
            : sql`(period_start <= ${w.to}::date and period_end >= ${w.from}::date)`,
        ),
        sql` or `,
      )}) order by period_start, user_id for share`,
    (r) => ({
      id: text(r, "id"),
      userId: text(r, "user_id"),
      periodStart: text(r, "period_start"),
      periodEnd: text(r, "period_end"),
    }),
  );
}

/**
 * Writes daily rates (new days or changed rates; an equal rate is left alone), converts the rows
 * they move again, and refuses (409 rates_locked) when a month closed for payment uses any of them.
 */
export async function saveFxRates(input: {
  db: Db;
  actor: Actor;
  rates: DailyRate[];
  problems?: RateFileProblem[];
  source?: "form" | "import" | "bcb";
}): Promise<FxRatesSaved> {
  const { db, actor } = input;
  assertCan(actor, "fx-rates:manage");
  const byDate = new Map(input.rates.map((rate) => [rate.date, rate.rate]));
  const rates = [...byDate]
    .map(([date, rate]) => ({ date, rate }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const problems = input.problems?.length ? { problems: input.problems } : {};
  return db.transaction(async (tx) => {
    const reporting = await lockReportingCurrency(tx);
    // One writer of rates at a time: each computes its windows from the rates the other committed.
    await tx.execute(sql`lock table fx_rates in share row exclusive mode`);
    const stored = new Map(
      (
        await readRows(
          tx,
          sql`select date::text as date, rate::text as rate from fx_rates where date in (${sql.join(
            rates.map((r) => sql`${r.date}::date`),
            sql`, `,
          )})`,
          (r) => [text(r, "date"), text(r, "rate")] as const,
        )
      ).map(([date, rate]) => [date, rate]),
    );
    const changed = rates.filter((r) => {
      const before = stored.get(r.date);
      return before === undefined || !sameRate(before, r.rate);
    });
    if (changed.length === 0) return { saved: 0, unchanged: rates.length, converted: 0, ...problems };

    // The first day that had a rate before this save: days before it had none, so a rate added
    // for them changes no closed month's figures or recorded rates (decision 0104).
    const [firstRated] = await readRows(tx, sql`select min(date)::text as date from fx_rates`, (r) =>
      textOrNull(r, "date"),
    );
    await tx.execute(
      sql`insert into fx_rates (date, rate, updated_by, updated_at) values ${sql.join(
        changed.map((r) => sql`(${r.date}::date, ${r.rate}::numeric, ${actor.id}, now())`),
        sql`, `,
      )} on conflict (date) do update set rate = excluded.rate, updated_by = excluded.updated_by, updated_at = now()`,
    );
    // Each changed day moves its own day and the gap after it, up to the next day with a rate.
    const next = await readRows(
      tx,
      sql`select d.date::text as date, (select min(f.date) from fx_rates f where f.date > d.date)::text as next
        from unnest(${`{${changed.map((r) => r.date).join(",")}}`}::date[]) as d(date)`,
      (r) => ({ date: text(r, "date"), next: textOrNull(r, "next") }),
    );
    const windows: Window[] = next.map((w) => ({ from: w.date, to: w.next ? addDays(w.next, -1) : null }));
    const rated = windows.filter((w) => firstRated != null && w.from >= firstRated);
    const locked = rated.length > 0 ? await closedStatementsIn(tx, rated) : [];
    if (locked.length > 0) {
      // The first changed day whose window reaches into a closed month.
      const overlaps = (w: Window) =>
        locked.some((st) => st.periodStart <= (w.to ?? "9999-12-31") && st.periodEnd >= w.from);
      const day = rated.find(overlaps)?.from ?? (locked[0] as ClosedStatement).periodStart;
      throw ratesLocked(
        day,
        locked.map(({ id, userId, periodStart }) => ({ id, userId, periodStart })),
      );
    }
    const converted = await convertCampaignsAgain(tx, { windows, reporting });
    await recordAuditEvent(tx, {
      action: "fx_rates.updated",
      actor,
      client: actor.client ?? null,
      target: { type: "fx_rates", id: `${changed[0]?.date}..${changed.at(-1)?.date}` },
      details: {
        source: input.source ?? "form",
        days: changed.length,
        changes: changed
          .slice(0, 20)
          .map((r) => ({ date: r.date, from: stored.get(r.date) ?? null, to: r.rate })),
        converted,
      },
    });
    return { saved: changed.length, unchanged: rates.length - changed.length, converted, ...problems };
  });
}

/** A rates file is small: a year of daily rates is a few kilobytes. */
export const maxRateFileBytes = 2 * 1024 * 1024;

/** Reads a CSV or XLSX of daily rates (domain/fx-import.ts) and saves what it holds. */
export async function importFxRates(input: {
  db: Db;
  actor: Actor;
  file: { name: string; bytes: Uint8Array };
}): Promise<FxRatesSaved> {
  const { actor, file } = input;
  assertCan(actor, "fx-rates:manage");
  const unreadable = () =>
    new AppError(
      "validation_failed",
      "The file holds no dates with rates.",
      { file: "import_unreadable_file" },
      "import_unreadable_file",
    );
  if (file.bytes.byteLength > maxRateFileBytes)
    throw new AppError("payload_too_large", "A rates file is at most 2 MB.");
  const isXlsx = file.bytes[0] === 0x50 && file.bytes[1] === 0x4b; // "PK": a zip, so a workbook
  let rows: string[][];
  if (isXlsx) {
    try {
      const sheet = (await readSheet(Buffer.from(file.bytes))) as unknown[][];
      rows = sheet.map((cells) => cells.map(cellText));
    } catch {
      throw unreadable();
    }
  } else {
    const textContent = new TextDecoder("utf-8", { fatal: false }).decode(file.bytes).replace(/^\uFEFF/, "");
    if (textContent.includes("\u0000")) throw unreadable();
    rows = parseCsv(textContent, guessRateDelimiter(textContent));
  }
  const { rates, problems } = readRateRows(rows);
  if (rates.length === 0) throw unreadable();
  return saveFxRates({ db: input.db, actor, rates, problems, source: "import" });
}

/** A workbook cell as the text a CSV would hold: dates as yyyy-mm-dd, numbers as written. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  // A number from a workbook cell: its shortest decimal text is the value as typed (≤ 15 digits).
  return String(cell);
}

/**
 * Reads PTAX closing quotes for `from`..`to` from the Central Bank's OData service
 * (CotacaoDolarPeriodo, answers `{ value: [{ cotacaoCompra, cotacaoVenda, dataHoraCotacao }] }`)
 * and saves each day's sell quote. Only with FX_SOURCE=bcb (the base URL); `fetchImpl` for tests.
 */
export async function fetchBcbRates(input: {
  db: Db;
  actor: Actor;
  baseUrl: string | null;
  from: string;
  to: string;
  fetchImpl?: typeof fetch;
}): Promise<FxRatesSaved> {
  const { actor, baseUrl, from, to } = input;
  assertCan(actor, "fx-rates:manage");
  if (!baseUrl) throw conflict("fx_source_off", "Fetching rates is off: set FX_SOURCE=bcb.");
  if (from > to || addDays(from, maxDays) < to)
    throw new AppError("validation_failed", "The range must run forwards and span at most ten years.", {
      to: "invalid_range",
    });
  const mdy = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
  const url = `${baseUrl}/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)?@dataInicial='${mdy(from)}'&@dataFinalCotacao='${mdy(to)}'&$format=json&$select=cotacaoCompra,cotacaoVenda,dataHoraCotacao`;
  let body: unknown;
  try {
    const response = await (input.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = await response.json();
  } catch {
    throw new AppError(
      "timeout",
      "The Central Bank's service did not answer.",
      undefined,
      "fx_source_unreachable",
    );
  }
  const values = (body as { value?: unknown }).value;
  if (!Array.isArray(values))
    throw new AppError(
      "timeout",
      "The Central Bank's answer was not understood.",
      undefined,
      "fx_source_unreachable",
    );
  const rows: string[][] = [["cotacaoVenda", "dataHoraCotacao"]];
  for (const item of values as { cotacaoVenda?: unknown; dataHoraCotacao?: unknown }[])
    rows.push([String(item.cotacaoVenda ?? ""), String(item.dataHoraCotacao ?? "")]);
  const { rates, problems } = readRateRows(rows);
  if (rates.length === 0)
    return { saved: 0, unchanged: 0, converted: 0, ...(problems.length ? { problems } : {}) };
  return saveFxRates({ db: input.db, actor, rates, problems, source: "bcb" });
}
