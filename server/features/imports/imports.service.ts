import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { and, eq, gt, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import {
  createBinarySniffer,
  createCsvRowCounter,
  createEncodingSniffer,
  createImportCsvReader,
  createOfferLookup,
  type DuplicateChoice,
  dayKey,
  guessMapping,
  type ImportCell,
  type ImportMapping,
  type ImportOffer,
  type ImportPreview,
  type ImportPreviewPageQuery,
  type ImportProblem,
  type ImportResult,
  type ImportRow,
  type ImportRowStatus,
  importFields,
  mapImportRow,
  readHeaders,
} from "../../../domain/import";
import { checkDayFigures, computeMetrics } from "../../../domain/metrics";
import { can } from "../../../domain/permissions";
import { type GuardrailWarning, guardrailWarningCodes } from "../../../domain/schemas/guardrails";
import type { CampaignBatch } from "../../../domain/schemas/tokens";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { retryOnDeadlock } from "../../db/retry";
import {
  importMappings,
  importPreviewRows,
  importPreviews,
  offers,
  paymentStatements,
  users,
} from "../../db/schema";
import { AppError, conflict, notFound, tooLarge, unprocessable } from "../../errors";
import { assertCan } from "../../permissions";
import { count, readRow, readRows, text } from "../../read/rows";
import { currentLeadOf, offerOpenTo } from "../campaigns/campaigns.service";
import {
  assertConfirmed,
  checkBatchDays,
  findMedianWarnings,
  futureDate,
  futureDateSql,
  refuseFutureDates,
} from "../campaigns/guardrails";
import { closingStatuses, findClosedMonths, monthClosed, monthStartOf } from "../campaigns/month-close";

// Import of daily results (issue 11, docs/decisions/0030 and 0038). The file is read piece by
// piece from a temporary file, each row mapped and validated, and the rows stored in the database
// in chunks under the preview's id (the token): any app process can page or commit it. Duplicates,
// counts and pages come from SQL; the commit moves the accepted rows into campaigns in one
// transaction.

export const maxImportRows = 50_000;
/** CSV is read piece by piece: its size costs disk, not memory. */
export const maxCsvBytes = 100 * 1024 * 1024;
/** read-excel-file unzips a workbook whole, so an XLSX file stays small. */
export const maxXlsxBytes = 25 * 1024 * 1024;
export const previewLifetime = sql`interval '30 minutes'`;
const storeChunkSize = 1000;

export type ImportFile = { name: string; path: string; bytes: number };

const expired = () =>
  new AppError("not_found", "This preview has expired; upload the file again.", undefined, "import_expired");

/** Whom the rows are for: oneself, or (admins only) a buyer who may log campaigns. */
export async function resolveImportTarget(
  db: DbOrTx,
  actor: Actor,
  userId: string | undefined,
): Promise<{ id: string; managerId: string | null }> {
  assertCan(actor, "campaigns:write");
  if (!userId || userId === actor.id) {
    const [self] = await db.select({ managerId: users.managerId }).from(users).where(eq(users.id, actor.id));
    return { id: actor.id, managerId: self?.managerId ?? null };
  }
  // Only admins import on behalf of another user.
  assertCan(actor, "campaigns:write-all");
  const [target] = await db
    .select({ id: users.id, role: users.role, managerId: users.managerId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
  if (!target) throw notFound("User");
  if (!can(target.role, "campaigns:write"))
    throw unprocessable("import_target_cannot_log", "This user does not log campaigns.", {
      userId: "import_target_cannot_log",
    });
  return { id: target.id, managerId: target.managerId };
}

/** Every offer with whether `userId` may log campaigns for it. */
async function loadImportOffers(db: DbOrTx, userId: string): Promise<ImportOffer[]> {
  const rows = await db
    .select({
      id: offers.id,
      name: offers.name,
      payoutPerDeposit: offers.payoutPerDeposit,
      // An archived offer matches nothing new (docs/decisions/0098): its rows read "not available".
      visible: sql<boolean>`${offerOpenTo(userId)}`,
    })
    .from(offers);
  return rows.map((row) => ({ ...row, visible: row.visible === true || String(row.visible) === "true" }));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// PostgreSQL text and jsonb hold neither NUL nor a lone surrogate: such characters are dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is removed.
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string) => (unstorable.test(text) ? text.replace(unstorable, "") : text);
const storableCells = (cells: readonly ImportCell[]): ImportCell[] =>
  cells.map((cell) => (typeof cell === "string" ? storable(cell) : cell));

async function isXlsx(file: ImportFile): Promise<boolean> {
  if (/\.xlsx$/i.test(file.name)) return true;
  const handle = await open(file.path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

/**
 * One pass over a CSV file's bytes before a character is decoded: its encoding, and at least how
 * many non-blank rows it has.
 */
async function scanCsv(filePath: string) {
  const sniffer = createEncodingSniffer();
  const counter = createCsvRowCounter();
  const binary = createBinarySniffer();
  for await (const chunk of createReadStream(filePath, { highWaterMark: 64 * 1024 })) {
    sniffer.push(chunk);
    counter.push(chunk);
    binary.push(chunk);
  }
  return { encoding: sniffer.finish(), rowsAtLeast: counter.finish(), binary: binary.finish() };
}

const unreadableFile = () =>
  unprocessable("import_unreadable_file", "The file is not a CSV file or a spreadsheet that can be read.", {
    file: "import_unreadable_file",
  });

const tooManyRows = (maxRows: number) =>
  unprocessable("import_too_many_rows", `A file may hold up to ${maxRows} rows.`, {
    file: "import_too_many_rows",
  });

/**
 * The non-blank rows of a file with their line (or sheet row), header first. CSV is decoded and
 * parsed piece by piece, so memory holds one 64 KB piece and one record; XLSX is read whole.
 */
export async function* readImportRecords(
  file: ImportFile,
  maxRows = maxImportRows,
): AsyncGenerator<{ cells: ImportCell[]; line: number }> {
  if (await isXlsx(file)) {
    if (file.bytes > maxXlsxBytes) throw new AppError("payload_too_large", "The spreadsheet is too large.");
    let sheet: ImportCell[][];
    try {
      sheet = (await readSheet(file.path)) as ImportCell[][];
    } catch {
      throw unreadableFile();
    }
    const filled = (cells: ImportCell[]) => cells.some((cell) => cell !== null && String(cell).trim() !== "");
    if (sheet.filter(filled).length > maxRows + 1) throw tooManyRows(maxRows);
    for (const [i, cells] of sheet.entries())
      if (filled(cells)) yield { cells: storableCells(cells), line: i + 1 };
    return;
  }
  const { encoding, rowsAtLeast, binary } = await scanCsv(file.path);
  // An image, a PDF, an archive…: not a table at all, so not rows of problems (issue 26).
  if (binary) throw unreadableFile();
  // The header and more than maxRows data rows: refused before anything is parsed or stored.
  if (rowsAtLeast > maxRows + 1) throw tooManyRows(maxRows);
  const decoder = new TextDecoder(encoding);
  const reader = createImportCsvReader();
  for await (const chunk of createReadStream(file.path, { highWaterMark: 64 * 1024 })) {
    for (const record of reader.push(decoder.decode(chunk as Buffer, { stream: true })))
      yield { cells: storableCells(record.cells), line: record.line };
  }
  for (const record of [...reader.push(decoder.decode()), ...reader.end()])
    yield { cells: storableCells(record.cells), line: record.line };
}

/** The mapping the user last imported with, if any. */
async function loadRememberedMapping(db: DbOrTx, userId: string): Promise<ImportMapping> {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(eq(importMappings.userId, userId));
  return (row?.mapping as ImportMapping | undefined) ?? {};
}

/** Deletes previews past their 30 minutes (their rows go with them); answers how many. */
export async function purgeExpiredImportPreviews(db: DbOrTx): Promise<number> {
  const removed = await db
    .delete(importPreviews)
    .where(lte(importPreviews.expiresAt, sql`now()`))
    .returning({ id: importPreviews.id });
  return removed.length;
}

/** A new, not yet ready preview for `actorId`, replacing any other of theirs (one per user). */
async function createPreview(
  db: Db,
  values: Omit<typeof importPreviews.$inferInsert, "id" | "ready" | "expiresAt" | "createdAt">,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    await db.delete(importPreviews).where(eq(importPreviews.actorId, values.actorId));
    const [created] = await db
      .insert(importPreviews)
      .values({ ...values, expiresAt: sql`now() + ${previewLifetime}` })
      .onConflictDoNothing({ target: importPreviews.actorId })
      .returning({ id: importPreviews.id });
    if (created) return created.id;
    // Another upload of the same user got in between: this one replaces it.
    if (attempt >= 3) throw conflict("import_busy", "Another file of yours is being read; try again.");
  }
}

/**
 * One INSERT per chunk with a single JSON parameter (ten bound parameters a row were slow); json,
 * not jsonb: PostgreSQL expands json_to_recordset faster from json (docs/performance.md, import).
 */
async function storePreviewRows(db: Db, previewId: string, rows: readonly ImportRow[]) {
  const records = rows.map((row) => ({
    line: row.line,
    status: row.status,
    // Guardrail warnings ride with the problems (told apart by code on reading; decision 0084).
    problems: [...row.problems, ...row.warnings],
    raw: row.raw,
    date: row.values?.date ?? null,
    offer_id: row.values?.offerId ?? null,
    offer_name: row.values?.offerName ?? null,
    spent: row.values?.spent ?? null,
    clicks: row.values?.clicks ?? null,
    installations: row.values?.installations ?? null,
    registrations: row.values?.registrations ?? null,
    deposits: row.values?.deposits ?? null,
    revenue: row.values?.revenue ?? null,
  }));
  await db.execute(sql`
    insert into ${importPreviewRows} (preview_id, line, status, problems, raw, date, offer_id, offer_name,
      spent, clicks, installations, registrations, deposits, revenue)
    select ${previewId}::uuid, r.line, r.status, r.problems, r.raw, r.date, r.offer_id, r.offer_name,
      r.spent, r.clicks, r.installations, r.registrations, r.deposits, r.revenue
    from json_to_recordset(${JSON.stringify(records)}::json) as r(line integer, status text,
      problems jsonb, raw jsonb, date date, offer_id uuid, offer_name text, spent numeric(14,2),
      clicks integer, installations integer, registrations integer, deposits integer,
      revenue numeric(14,2))`);
}

/**
 * The duplicate rule, in SQL over the stored rows: a later row for an offer and day already in the
 * file is an error; a day the user already logged is a duplicate (skipped or replaced at commit).
 */
async function flagDuplicateRows(db: Db, previewId: string, userId: string) {
  await db.execute(sql`
    update ${importPreviewRows} r
    set status = 'error', problems = r.problems || '[{"code":"duplicate_in_file"}]'::jsonb
    from (
      select line, row_number() over (partition by offer_id, date order by line) as n
      from ${importPreviewRows} where preview_id = ${previewId} and offer_id is not null
    ) d
    where r.preview_id = ${previewId} and r.line = d.line and d.n > 1`);
  await db.execute(sql`
    update ${importPreviewRows} r
    set status = 'duplicate', problems = r.problems || '[{"code":"duplicate_existing"}]'::jsonb
    where r.preview_id = ${previewId} and r.status = 'ok' and exists (
      select 1 from campaigns c where c.creator_id = ${userId} and c.offer_id = r.offer_id and c.date = r.date)`);
}

/**
 * Rows dated in a month the buyer's statement has closed (month-close.ts) are errors: never saved,
 * whatever their other problems. Read without a lock: the commit checks again under one.
 */
async function flagClosedMonthRows(db: Db, previewId: string, userId: string) {
  await db.execute(sql`
    update ${importPreviewRows} r
    set status = 'error', problems = r.problems || '[{"code":"month_closed","field":"date"}]'::jsonb
    where r.preview_id = ${previewId} and r.date is not null and exists (
      select 1 from ${paymentStatements} p where p.user_id = ${userId}
        and p.period_start = date_trunc('month', r.date)::date
        and p.status in (${sql.join(
          closingStatuses.map((status) => sql`${status}`),
          sql`, `,
        )}))`);
}

/**
 * The guardrails over the stored rows (docs/decisions/0084): a row dated after today in the
 * workspace time zone is an error (future_date, never saved); a value above 10× the buyer's median
 * for the offer is a warning beside the funnel's (mapImportRow), which the commit asks to confirm.
 */
async function flagGuardrailRows(db: Db, previewId: string, userId: string, timeZone: string) {
  await db.execute(sql`
    update ${importPreviewRows} r
    set status = 'error', problems = r.problems || '[{"code":"future_date","field":"date"}]'::jsonb
    where r.preview_id = ${previewId} and r.date is not null and ${futureDateSql(sql`r.date`, timeZone)}`);
  const warnings = await findMedianWarnings(
    db,
    userId,
    sql`select line as i, date, offer_id, spent, clicks, installations, registrations, deposits,
      revenue as deposit_payment
      from ${importPreviewRows} where preview_id = ${previewId} and status <> 'error'`,
  );
  if (warnings.length === 0) return;
  const byLine = new Map<number, GuardrailWarning[]>();
  for (const warning of warnings) byLine.set(warning.row!, [...(byLine.get(warning.row!) ?? []), warning]);
  const records = [...byLine].map(([line, list]) => ({ line, warnings: list }));
  await db.execute(sql`
    update ${importPreviewRows} r set problems = r.problems || w.warnings
    from json_to_recordset(${JSON.stringify(records)}::json) as w(line integer, warnings jsonb)
    where r.preview_id = ${previewId} and r.line = w.line`);
}

const warningCodes: ReadonlySet<string> = new Set(guardrailWarningCodes);

/**
 * The commit's guardrails, under the preview's lock: accepted rows are checked again for a date after
 * today (the workspace's time zone may have changed), and rows that will be written with warnings
 * need acknowledgeWarnings (422 needs_confirmation, up to 100 warnings listed).
 */
async function checkImportGuardrails(
  tx: Tx,
  previewId: string,
  duplicates: DuplicateChoice,
  timeZone: string,
  acknowledged: boolean | undefined,
) {
  const written = sql`preview_id = ${previewId} and (status = 'ok' ${
    duplicates === "replace" ? sql`or status = 'duplicate'` : sql``
  })`;
  const future = await readRows(
    tx,
    sql`select line from ${importPreviewRows} where ${written} and ${futureDateSql(sql`date`, timeZone)} limit 100`,
    (row) => Number(row.line),
  );
  if (future.length > 0)
    throw futureDate(Object.fromEntries(future.map((line) => [`rows.${line}.date`, "future_date"])));
  if (acknowledged === true) return;
  const warnings = await readRows(
    tx,
    sql`select w.warning from ${importPreviewRows} r cross join lateral jsonb_array_elements(r.problems) as w(warning)
      where ${written} and w.warning->>'code' in (${sql.join(
        guardrailWarningCodes.map((code) => sql`${code}`),
        sql`, `,
      )}) order by r.line limit 100`,
    (row) => (typeof row.warning === "string" ? JSON.parse(row.warning) : row.warning) as GuardrailWarning,
  );
  assertConfirmed(warnings, acknowledged);
}

export async function previewImport({
  db,
  actor,
  file,
  mapping: requested,
  userId,
  timeZone,
  pageSize = 50,
  maxRows = maxImportRows,
}: {
  db: Db;
  actor: Actor;
  file: ImportFile;
  /** The workspace's, for "today" (guardrails). */
  timeZone: string;
  mapping?: ImportMapping | undefined;
  userId?: string | undefined;
  pageSize?: number;
  maxRows?: number;
}): Promise<ImportPreview> {
  const target = await resolveImportTarget(db, actor, userId);
  const records = readImportRecords(file, maxRows);
  try {
    const first = await records.next();
    if (first.done)
      throw unprocessable("import_empty_file", "The file has no data rows.", { file: "import_empty_file" });
    const headers = readHeaders(first.value.cells);
    let mapping: ImportMapping;
    if (requested) {
      const unknown = importFields.find((f) => requested[f] && !headers.includes(requested[f]!));
      if (unknown)
        throw new AppError("validation_failed", "The mapping names a column the file does not have.", {
          [`mapping.${unknown}`]: "invalid_option",
        });
      mapping = Object.fromEntries(importFields.map((f) => [f, requested[f] ?? null]));
    } else {
      mapping = guessMapping(headers, await loadRememberedMapping(db, actor.id));
    }
    const findOffer = createOfferLookup(await loadImportOffers(db, target.id));

    await purgeExpiredImportPreviews(db);
    const previewId = await createPreview(db, {
      actorId: actor.id,
      userId: target.id,
      fileName: storable(file.name).slice(0, 255),
      headers,
      mapping,
    });
    try {
      let count = 0;
      let chunk: ImportRow[] = [];
      for await (const { cells, line } of records) {
        // Rows the byte scan could not count (no ASCII letter or digit) are caught here.
        if (++count > maxRows) throw tooManyRows(maxRows);
        chunk.push(mapImportRow(cells, headers, mapping, findOffer, line));
        if (chunk.length >= storeChunkSize) {
          await storePreviewRows(db, previewId, chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await storePreviewRows(db, previewId, chunk);
      if (count === 0)
        throw unprocessable("import_empty_file", "The file has no data rows.", { file: "import_empty_file" });
      await flagDuplicateRows(db, previewId, target.id);
      await flagClosedMonthRows(db, previewId, target.id);
      await flagGuardrailRows(db, previewId, target.id, timeZone);
      const [ready] = await db
        .update(importPreviews)
        .set({ ready: true })
        .where(eq(importPreviews.id, previewId))
        .returning();
      // Replaced meanwhile by another upload of the same user (whose rows are the ones that count).
      if (!ready) throw expired();
      return await readPreviewPage(db, ready, { page: 1, pageSize, status: "all" });
    } catch (error) {
      await db.delete(importPreviews).where(eq(importPreviews.id, previewId));
      // A newer upload of the same user deleted this preview while its rows were being stored.
      if (isForeignKeyViolation(error)) throw expired();
      throw error;
    }
  } finally {
    await records.return(undefined);
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23503") return true;
  return false;
}

type PreviewRecord = typeof importPreviews.$inferSelect;

/** The caller's own preview, ready and not expired, or 404 import_expired. */
async function findPreview(db: DbOrTx, actor: Actor, token: string, lock = false): Promise<PreviewRecord> {
  if (!uuidPattern.test(token)) throw expired();
  const query = db
    .select()
    .from(importPreviews)
    .where(
      and(
        eq(importPreviews.id, token),
        eq(importPreviews.actorId, actor.id),
        eq(importPreviews.ready, true),
        gt(importPreviews.expiresAt, sql`now()`),
      ),
    );
  const [preview] = lock ? await query.for("update") : await query;
  if (!preview) throw expired();
  return preview;
}

async function readPreviewPage(
  db: DbOrTx,
  preview: PreviewRecord,
  query: ImportPreviewPageQuery,
): Promise<ImportPreview> {
  const byStatus = await db
    .select({ status: importPreviewRows.status, n: sql<number>`count(*)::int` })
    .from(importPreviewRows)
    .where(eq(importPreviewRows.previewId, preview.id))
    .groupBy(importPreviewRows.status);
  const counts: Record<ImportRowStatus, number> = { ok: 0, duplicate: 0, error: 0 };
  for (const row of byStatus) counts[row.status as ImportRowStatus] = Number(row.n);
  const total = query.status === "all" ? counts.ok + counts.duplicate + counts.error : counts[query.status];
  const rows = await db
    .select()
    .from(importPreviewRows)
    .where(
      and(
        eq(importPreviewRows.previewId, preview.id),
        query.status === "all" ? undefined : eq(importPreviewRows.status, query.status),
      ),
    )
    .orderBy(importPreviewRows.line)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    token: preview.id,
    fileName: preview.fileName,
    userId: preview.userId,
    headers: preview.headers,
    mapping: preview.mapping,
    total,
    counts,
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map((row) => {
      const values =
        row.offerId === null
          ? null
          : {
              date: row.date!,
              offerId: row.offerId,
              offerName: row.offerName ?? "",
              spent: row.spent!,
              clicks: row.clicks!,
              installations: row.installations!,
              registrations: row.registrations!,
              deposits: row.deposits!,
              revenue: row.revenue!,
            };
      const stored = row.problems as (ImportProblem | GuardrailWarning)[];
      return {
        line: row.line,
        status: row.status as ImportRowStatus,
        problems: stored.filter((p): p is ImportProblem => !warningCodes.has(p.code)),
        warnings: stored.filter((p): p is GuardrailWarning => warningCodes.has(p.code)),
        raw: row.raw,
        values,
        metrics: values ? computeMetrics({ ...values }) : null,
      };
    }),
  };
}

export async function getImportPreviewPage({
  db,
  actor,
  token,
  query,
}: {
  db: Db;
  actor: Actor;
  token: string;
  query: ImportPreviewPageQuery;
}): Promise<ImportPreview> {
  return readPreviewPage(db, await findPreview(db, actor, token), query);
}

/**
 * Saves days for one user inside `tx`, from `source`: a query with the columns date, offer_id,
 * spent, clicks, installations, registrations, deposits, deposit_payment, spent_currency and
 * revenue_currency (null: the buyer's ad account's and the offer's payout's), one row per offer
 * and day. Checks the months are open and the offers still usable, then per day already logged
 * skips or replaces it. Shared by the import and the batch API, so both follow one duplicate rule
 * and one month-close rule. Throws (rolling the caller's transaction back) when a month is closed
 * (409 month_closed; `fieldsOf` names the refused rows) or an offer is no longer available.
 */
export async function saveCampaignDays(
  tx: Tx,
  target: { id: string; managerId: string | null },
  source: SQL,
  duplicates: DuplicateChoice,
  fieldsOf?: (closedMonths: readonly string[]) => Record<string, string>,
): Promise<{ added: number; replaced: number; skipped: number }> {
  const rows = sql`(${source}) as s`;
  // Under the statements' shared locks (month-close.ts) before anything is written: a month closed
  // since the preview (or while this batch was checked) refuses the whole write.
  const months = await readRows(
    tx,
    sql`select distinct to_char(s.date, 'YYYY-MM-01') as month from ${rows} where s.date is not null`,
    (row) => text(row, "month"),
  );
  const closed = await findClosedMonths(tx, { creatorId: target.id, dates: months });
  if (closed.length > 0) throw monthClosed(closed, fieldsOf?.(closed));
  const facts = await readRow(
    tx,
    sql`
    select count(*) filter (where not exists (
        select 1 from ${offers} where ${offers.id} = s.offer_id and ${offerOpenTo(target.id)}))::int as unusable
    from ${rows}`,
    (row) => ({ unusable: count(row, "unusable") }),
  );
  if (facts.unusable > 0)
    throw conflict("import_offer_changed", "An offer of this import is no longer available; preview again.");
  // One statement on the unique key (docs/decisions/0083): a day logged meanwhile, by another batch
  // running at the same moment too, is skipped or replaced in place, never added a second time.
  // Replace is an UPDATE of that entry (its id kept; the totals triggers move the sums). Rows go in
  // key order, so two writers of the same days wait for each other instead of deadlocking.
  // xmax = 0 only on a row this statement inserted: an updated one carries this transaction's id.
  const onConflict =
    duplicates === "replace"
      ? sql`do update set manager_id = excluded.manager_id, spent = excluded.spent,
          spent_currency = excluded.spent_currency, revenue_currency = excluded.revenue_currency,
          clicks = excluded.clicks, installations = excluded.installations,
          registrations = excluded.registrations, deposits = excluded.deposits,
          deposit_payment = excluded.deposit_payment, updated_at = now()`
      : sql`do nothing`;
  const written = await readRow(
    tx,
    sql`
    with written as (
      insert into campaigns (date, offer_id, creator_id, manager_id, spent, clicks, installations,
        registrations, deposits, deposit_payment, spent_currency, revenue_currency)
      select s.date, s.offer_id, ${target.id}, ${currentLeadOf(target.id)}, s.spent, s.clicks,
        s.installations, s.registrations, s.deposits, s.deposit_payment,
        -- Issue 30: a row's own currencies (the batch's), else spend in the buyer's ad account
        -- currency and revenue in the offer's payout currency.
        coalesce(s.spent_currency, (select u.ad_account_currency from users u where u.id = ${target.id})),
        coalesce(s.revenue_currency, (select o.payout_currency from offers o where o.id = s.offer_id))
      from ${rows}
      order by s.offer_id, s.date
      on conflict (creator_id, offer_id, date) ${onConflict}
      returning (xmax = 0) as inserted
    )
    select (select count(*) from ${rows})::int as total,
      (select count(*) filter (where inserted) from written)::int as added,
      (select count(*) filter (where not inserted) from written)::int as replaced`,
    (row) => ({ total: count(row, "total"), added: count(row, "added"), replaced: count(row, "replaced") }),
  );
  const { total, added, replaced } = written;
  return { added, replaced, skipped: total - added - replaced };
}

export async function commitImport({
  db,
  actor,
  token,
  duplicates,
  acknowledgeWarnings,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  token: string;
  duplicates: DuplicateChoice;
  acknowledgeWarnings?: boolean | undefined;
  /** The workspace's, for "today" (guardrails). */
  timeZone: string;
}): Promise<ImportResult> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // Locked: a second commit of the same preview (another tab, another process) waits, then
      // finds it used up.
      const preview = await findPreview(tx, actor, token, true);
      await checkImportGuardrails(tx, preview.id, duplicates, timeZone, acknowledgeWarnings);
      const target = await resolveImportTarget(tx, actor, preview.userId);
      const accepted = sql`select date, offer_id, spent, clicks, installations, registrations, deposits,
      revenue as deposit_payment, null::text as spent_currency, null::text as revenue_currency
      from ${importPreviewRows}
      where preview_id = ${preview.id} and status <> 'error'`;
      const saved = await saveCampaignDays(tx, target, accepted, duplicates);
      const [rejected] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(importPreviewRows)
        .where(and(eq(importPreviewRows.previewId, preview.id), eq(importPreviewRows.status, "error")));
      await tx
        .insert(importMappings)
        .values({ userId: actor.id, mapping: preview.mapping })
        .onConflictDoUpdate({
          target: importMappings.userId,
          set: { mapping: preview.mapping, updatedAt: new Date() },
        });
      await tx.delete(importPreviews).where(eq(importPreviews.id, preview.id));
      const result = { ...saved, skipped: saved.skipped + Number(rejected?.n ?? 0) };
      // A bulk change of someone's numbers; an admin's import on a buyer's behalf above all.
      await recordAuditEvent(tx, {
        action: "campaigns.imported",
        ...auditSourceOf(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
        details: { ...result, duplicates, onBehalf: target.id !== actor.id },
      });
      return result;
    }),
  );
}

/**
 * POST /api/campaigns/batch: up to 1,000 rows, all or nothing, with the import's validation and
 * duplicate rule. A retry with an Idempotency-Key is answered by server/idempotency.ts, which
 * honours the header on every write (docs/decisions/0069).
 */
export async function saveCampaignBatch({
  db,
  actor,
  batch,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  batch: CampaignBatch;
  /** The workspace's, for "today" (guardrails). */
  timeZone: string;
}): Promise<ImportResult> {
  const target = await resolveImportTarget(db, actor, batch.userId);
  refuseFutureDates(
    batch.rows.map((row, i) => [`rows.${i}.date`, row.date] as const),
    timeZone,
  );
  const offerIds = [...new Set(batch.rows.map((row) => row.offerId))];
  const usable = new Map<string, string>();
  const found = await db
    .select({ id: offers.id, payoutPerDeposit: offers.payoutPerDeposit })
    .from(offers)
    .where(and(inArray(offers.id, offerIds), offerOpenTo(target.id)));
  for (const offer of found) usable.set(offer.id, offer.payoutPerDeposit);
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  batch.rows.forEach((row, i) => {
    const key = dayKey(row.offerId, row.date);
    if (!usable.has(row.offerId)) fields[`rows.${i}.offerId`] = "offer_not_visible";
    else if (seen.has(key)) fields[`rows.${i}`] = "duplicate_in_file";
    seen.add(key);
  });
  if (Object.keys(fields).length > 0)
    throw unprocessable("batch_rows_refused", "Some rows were refused; nothing was saved.", fields);
  // What each row will store, checked before anything is written (rows.<i>.<field>: 400 too_large).
  const tooLargeFields: Record<string, string> = {};
  const days = batch.rows.map((row, i) => {
    const figures = checkDayFigures({ ...row, payoutPerDeposit: usable.get(row.offerId)! });
    if ("problem" in figures) tooLargeFields[`rows.${i}.${figures.problem.field}`] = figures.problem.code;
    return {
      date: row.date,
      offer_id: row.offerId,
      spent: row.spent,
      clicks: row.clicks,
      installations: row.installations,
      registrations: row.registrations,
      deposits: row.deposits,
      deposit_payment: "revenue" in figures ? figures.revenue : "0",
      spent_currency: row.spentCurrency ?? null,
      revenue_currency: row.revenueCurrency ?? null,
    };
  });
  if (Object.keys(tooLargeFields).length > 0) throw tooLarge(tooLargeFields);
  await checkBatchDays(db, {
    creatorId: target.id,
    days: days.map((day) => ({ ...day, offerId: day.offer_id, depositPayment: day.deposit_payment })),
    acknowledged: batch.acknowledgeWarnings,
  });
  const source = sql`select * from json_to_recordset(${JSON.stringify(days)}::json) as r(date date,
    offer_id uuid, spent numeric(14,2), clicks integer, installations integer, registrations integer,
    deposits integer, deposit_payment numeric(14,2), spent_currency text, revenue_currency text)`;
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // One row in a closed month refuses the whole batch, naming each such row (rows.<i>.date).
      const saved = await saveCampaignDays(tx, target, source, batch.duplicates, (closed) =>
        Object.fromEntries(
          batch.rows.flatMap((row, i) =>
            closed.includes(monthStartOf(row.date)) ? [[`rows.${i}.date`, "month_closed"]] : [],
          ),
        ),
      );
      return saved;
    }),
  );
}
