import { and, eq, inArray, sql } from "drizzle-orm";
import { normalizeHeader, readHeaders } from "../../../domain/import";
import { fromCents, toCents } from "../../../domain/money";
import { monthRange } from "../../../domain/periods";
import { rolesWith } from "../../../domain/permissions";
import {
  type AdjustmentProposal,
  type AliasInput,
  createLookup,
  differencePercent,
  guessReconciliationMapping,
  type LineDays,
  type LineQuery,
  mapStatementRow,
  type ReconciliationLines,
  type ReconciliationMapping,
  type ReconciliationOfferRef,
  type ReconciliationPreview,
  type ReconciliationProblem,
  type ReconciliationRow,
  type ReconciliationRowsQuery,
  type ReconciliationStatement,
  type ResolveLine,
  reconciliationFields,
  type StatementRow,
  splitByShare,
  type Tolerance,
  type ToleranceInput,
} from "../../../domain/reconciliation";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import {
  campaigns,
  offers,
  paymentStatements,
  reconciliationAdjustments,
  reconciliationAliases,
  reconciliationNetworks,
  reconciliationResolutions,
  reconciliationRows,
  reconciliationSettings,
  reconciliationStatements,
  users,
} from "../../db/schema";
import { toIsoString } from "../../db/values";
import { AppError, conflict, notFound, unprocessable } from "../../errors";
import { assertCan } from "../../permissions";
import { count, readRows, text } from "../../read/rows";
import { type ImportFile, readImportRecords } from "../imports/imports.service";
import { readPaymentRows, runPaymentActionIn } from "../payments/payments.service";
import { computeStatement, readMonthTotals, readSettingsInEffect } from "../payments/statements";
import { type RawLine, readLines, readTolerance } from "./lines";

// Reconciliation of networks' monthly statements (issue 32, docs/decisions/0110–0113). The file is
// read with the import's reader, each row mapped with the import's cell parsing and offer lookup
// (domain/reconciliation.ts), stored as rows of a preview statement in chunks, and committed by
// flipping its status. Lines, drill-downs and proposals are read in SQL; resolving a line writes
// its resolution and the buyers' adjustments in one transaction.

export const maxStatementRows = 50_000;
const storeChunkSize = 2000;
const previewLifetimeHours = 2;

const notFoundStatement = () => notFound("Statement");

/** A network's statement is finance's: to anyone else it does not exist (404, never 403). */
const assertCanReadStatement = (actor: Actor) =>
  assertCan(actor, "reconciliation:manage", { what: "Statement", readable: false });

// PostgreSQL text and jsonb hold no NUL (the import's reader already dropped them from cells).
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is removed.
const storable = (value: string) => value.replace(/\u0000/g, "");

async function findOrCreateNetwork(db: DbOrTx, name: string) {
  const clean = storable(name).trim().slice(0, 200);
  const nameKey = clean.toLowerCase();
  const [existing] = await db
    .select()
    .from(reconciliationNetworks)
    .where(eq(reconciliationNetworks.nameKey, nameKey));
  if (existing) return existing;
  await db.insert(reconciliationNetworks).values({ name: clean, nameKey }).onConflictDoNothing();
  const [created] = await db
    .select()
    .from(reconciliationNetworks)
    .where(eq(reconciliationNetworks.nameKey, nameKey));
  return created!;
}

/** Offers by id, code and name, buyers by code, e-mail and id; remembered aliases win. */
async function loadLookups(db: DbOrTx, networkId: string) {
  const [offerRows, buyerRows, aliasRows] = await Promise.all([
    db
      .select({
        id: offers.id,
        name: offers.name,
        code: offers.code,
        payoutPerDeposit: offers.payoutPerDeposit,
      })
      .from(offers),
    db
      .select({ id: users.id, code: users.code, email: users.email })
      .from(users)
      .where(inArray(users.role, rolesWith("commission:earn"))),
    db.select().from(reconciliationAliases).where(eq(reconciliationAliases.networkId, networkId)),
  ]);
  const offerKeys = new Map<string, ReconciliationOfferRef[]>();
  const add = <T>(map: Map<string, T[]>, key: string | null, value: T) => {
    if (!key) return;
    const list = map.get(key) ?? [];
    if (!list.includes(value)) list.push(value);
    map.set(key, list);
  };
  const offersById = new Map<string, ReconciliationOfferRef>();
  for (const row of offerRows) {
    const ref = { id: row.id, payoutPerDeposit: row.payoutPerDeposit };
    offersById.set(row.id, ref);
    add(offerKeys, row.id.toLowerCase(), ref);
    add(offerKeys, row.code ? normalizeHeader(row.code) : null, ref);
    add(offerKeys, normalizeHeader(row.name), ref);
  }
  const buyerKeys = new Map<string, string[]>();
  for (const row of buyerRows) {
    add(buyerKeys, row.id.toLowerCase(), row.id);
    add(buyerKeys, row.code ? normalizeHeader(row.code) : null, row.id);
    add(buyerKeys, row.email.toLowerCase(), row.id);
  }
  const offerAliases = new Map<string, ReconciliationOfferRef>();
  const buyerAliases = new Map<string, string>();
  for (const alias of aliasRows) {
    if (alias.kind === "offer") {
      const ref = offersById.get(alias.targetId);
      if (ref) offerAliases.set(alias.reference, ref);
    } else buyerAliases.set(alias.reference, alias.targetId);
  }
  return { offer: createLookup(offerAliases, offerKeys), buyer: createLookup(buyerAliases, buyerKeys) };
}

/** One INSERT per chunk with a single JSON parameter, as the import stores its preview rows. */
async function storeRows(db: Db, statementId: string, rows: readonly StatementRow[]) {
  const records = rows.map((row) => ({
    line: row.line,
    status: row.status,
    problems: row.problems,
    raw: row.raw,
    offer_reference: row.offerReference,
    buyer_reference: row.buyerReference,
    offer_id: row.offerId,
    user_id: row.userId,
    date: row.date,
    registrations: row.registrations,
    deposits: row.deposits,
    revenue: row.revenue,
    revenue_from_file: row.revenueFromFile,
  }));
  await db.execute(sql`
    insert into ${reconciliationRows} (statement_id, line, status, problems, raw, offer_reference,
      buyer_reference, offer_id, user_id, date, registrations, deposits, revenue, revenue_from_file)
    select ${statementId}::uuid, r.line, r.status, r.problems, r.raw, r.offer_reference, r.buyer_reference,
      r.offer_id, r.user_id, r.date, r.registrations, r.deposits, r.revenue, r.revenue_from_file
    from json_to_recordset(${JSON.stringify(records)}::json) as r(line integer, status text,
      problems jsonb, raw jsonb, offer_reference text, buyer_reference text, offer_id uuid,
      user_id text, date date, registrations integer, deposits integer, revenue numeric(14,2),
      revenue_from_file boolean)`);
}

function checkMapping(mapping: ReconciliationMapping, headers: readonly string[]) {
  const fields: Record<string, string> = {};
  for (const field of reconciliationFields) {
    const header = mapping[field];
    if (header && !headers.includes(header)) fields[`mapping.${field}`] = "invalid_option";
  }
  if (!mapping.offer) fields["mapping.offer"] = "required";
  if (!mapping.deposits && !mapping.revenue) fields["mapping.revenue"] = "required";
  if (Object.keys(fields).length > 0)
    throw new AppError(
      "validation_failed",
      "The mapping needs an offer column and deposits or payout.",
      fields,
    );
}

/**
 * POST /api/reconciliations/preview: reads a network's statement for a month and stores it as a
 * preview (replacing the uploader's earlier previews). Answers its first page of rows.
 */
export async function previewReconciliation({
  db,
  actor,
  file,
  network: networkName,
  month,
  mapping: requested,
  maxRows = maxStatementRows,
}: {
  db: Db;
  actor: Actor;
  file: ImportFile;
  network: string;
  month: string;
  mapping?: ReconciliationMapping | undefined;
  maxRows?: number;
}): Promise<ReconciliationPreview> {
  assertCan(actor, "reconciliation:manage");
  monthRange(month);
  const records = readImportRecords(file, maxRows);
  try {
    const first = await records.next();
    if (first.done)
      throw unprocessable("import_empty_file", "The file has no data rows.", { file: "import_empty_file" });
    const headers = readHeaders(first.value.cells);
    const network = await findOrCreateNetwork(db, networkName);
    const mapping: ReconciliationMapping = requested
      ? Object.fromEntries(reconciliationFields.map((f) => [f, requested[f] ?? null]))
      : guessReconciliationMapping(headers, network.mapping as ReconciliationMapping);
    checkMapping(mapping, headers);
    const lookups = await loadLookups(db, network.id);
    // Earlier previews of this uploader, and anyone's older than the lifetime, are dropped.
    await db.delete(reconciliationStatements).where(
      and(
        eq(reconciliationStatements.status, "preview"),
        sql`(${reconciliationStatements.uploadedBy} = ${actor.id}
            or ${reconciliationStatements.createdAt} < now() - make_interval(hours => ${previewLifetimeHours}))`,
      ),
    );
    const [statement] = await db
      .insert(reconciliationStatements)
      .values({
        networkId: network.id,
        month: `${month}-01`,
        fileName: storable(file.name).slice(0, 255),
        headers,
        mapping,
        uploadedBy: actor.id,
      })
      .returning({ id: reconciliationStatements.id });
    const statementId = statement!.id;
    try {
      let rowsRead = 0;
      let chunk: StatementRow[] = [];
      for await (const { cells, line } of records) {
        if (++rowsRead > maxRows)
          throw unprocessable("import_too_many_rows", `A file may hold up to ${maxRows} rows.`, {
            file: "import_too_many_rows",
          });
        chunk.push(mapStatementRow(cells, headers, mapping, lookups, month, line));
        if (chunk.length >= storeChunkSize) {
          await storeRows(db, statementId, chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await storeRows(db, statementId, chunk);
      if (rowsRead === 0)
        throw unprocessable("import_empty_file", "The file has no data rows.", { file: "import_empty_file" });
    } catch (error) {
      await db.delete(reconciliationStatements).where(eq(reconciliationStatements.id, statementId));
      throw error;
    }
    return readPreviewPage(db, statementId, { page: 1, pageSize: 50, status: "all" });
  } finally {
    await records.return(undefined);
  }
}

type StatementRecord = {
  id: string;
  networkId: string;
  networkName: string;
  month: string;
  status: "preview" | "committed";
  fileName: string;
  headers: string[];
  mapping: ReconciliationMapping;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: Date | string;
  committedAt: Date | string | null;
};

async function findStatement(db: DbOrTx, id: string, lock = false): Promise<StatementRecord> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFoundStatement();
  if (lock)
    await db
      .select({ id: reconciliationStatements.id })
      .from(reconciliationStatements)
      .where(eq(reconciliationStatements.id, id))
      .for("update");
  const [row] = await db
    .select({
      id: reconciliationStatements.id,
      networkId: reconciliationStatements.networkId,
      networkName: reconciliationNetworks.name,
      month: reconciliationStatements.month,
      status: reconciliationStatements.status,
      fileName: reconciliationStatements.fileName,
      headers: reconciliationStatements.headers,
      mapping: reconciliationStatements.mapping,
      uploadedBy: reconciliationStatements.uploadedBy,
      uploaderName: users.name,
      createdAt: reconciliationStatements.createdAt,
      committedAt: reconciliationStatements.committedAt,
    })
    .from(reconciliationStatements)
    .innerJoin(reconciliationNetworks, eq(reconciliationNetworks.id, reconciliationStatements.networkId))
    .leftJoin(users, eq(users.id, reconciliationStatements.uploadedBy))
    .where(eq(reconciliationStatements.id, id));
  if (!row) throw notFoundStatement();
  return row as StatementRecord;
}

async function rowCounts(db: DbOrTx, statementId: string) {
  const rows = await readRows(
    db,
    sql`select status, count(*)::int as n from ${reconciliationRows} where statement_id = ${statementId}
        group by status`,
    (r) => ({ status: text(r, "status"), n: count(r, "n") }),
  );
  const counts = { matched: 0, unmatched: 0, error: 0 };
  for (const row of rows) counts[row.status as keyof typeof counts] = row.n;
  return counts;
}

function describeStatement(
  record: StatementRecord,
  counts: ReconciliationStatement["counts"],
  lines: readonly RawLine[],
): ReconciliationStatement {
  const flagged = lines.filter((line) => line.flagged);
  return {
    id: record.id,
    network: { id: record.networkId, name: record.networkName },
    month: record.month.slice(0, 7),
    status: record.status,
    fileName: record.fileName,
    headers: record.headers,
    mapping: record.mapping,
    counts,
    uploadedBy: record.uploadedBy ? { id: record.uploadedBy, name: record.uploaderName ?? "" } : null,
    createdAt: toIsoString(record.createdAt),
    committedAt: record.committedAt ? toIsoString(record.committedAt) : null,
    flagged: flagged.length,
    resolved: flagged.filter((line) => line.resolution).length,
  };
}

async function readPreviewPage(
  db: DbOrTx,
  statementId: string,
  query: ReconciliationRowsQuery,
): Promise<ReconciliationPreview> {
  const record = await findStatement(db, statementId);
  const counts = await rowCounts(db, statementId);
  const lines =
    record.status === "committed" ? await readLines(db, [statementId], await readTolerance(db)) : [];
  const total =
    query.status === "all" ? counts.matched + counts.unmatched + counts.error : counts[query.status];
  const rows = await db
    .select({ row: reconciliationRows, offerName: offers.name, buyerName: users.name })
    .from(reconciliationRows)
    .leftJoin(offers, eq(offers.id, reconciliationRows.offerId))
    .leftJoin(users, eq(users.id, reconciliationRows.userId))
    .where(
      and(
        eq(reconciliationRows.statementId, statementId),
        query.status === "all" ? undefined : eq(reconciliationRows.status, query.status),
      ),
    )
    .orderBy(reconciliationRows.line)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    statement: describeStatement(record, counts, lines),
    total,
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map(
      ({ row, offerName, buyerName }): ReconciliationRow => ({
        line: row.line,
        status: row.status,
        problems: row.problems as ReconciliationProblem[],
        raw: row.raw,
        offerReference: row.offerReference,
        buyerReference: row.buyerReference,
        offer: row.offerId ? { id: row.offerId, name: offerName ?? "" } : null,
        buyer: row.userId ? { id: row.userId, name: buyerName ?? "" } : null,
        date: row.date,
        registrations: row.registrations,
        deposits: row.deposits,
        revenue: row.revenue,
        revenueFromFile: row.revenueFromFile,
      }),
    ),
  };
}

/** A statement the actor may read: committed ones, and their own previews. */
async function findReadable(db: DbOrTx, actor: Actor, statementId: string) {
  const record = await findStatement(db, statementId);
  if (record.status === "preview" && record.uploadedBy !== actor.id) throw notFoundStatement();
  return record;
}

export async function getReconciliationRows({
  db,
  actor,
  statementId,
  query,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
  query: ReconciliationRowsQuery;
}): Promise<ReconciliationPreview> {
  assertCanReadStatement(actor);
  await findReadable(db, actor, statementId);
  return readPreviewPage(db, statementId, query);
}

/**
 * Commits the uploader's preview: it becomes the network's statement for the month, replacing an
 * earlier one that has no resolved lines (409 reconciliation_already_resolved otherwise), and the
 * network's mapping is remembered.
 */
export async function commitReconciliation({
  db,
  actor,
  statementId,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
}): Promise<ReconciliationPreview> {
  assertCanReadStatement(actor);
  await db.transaction(async (tx) => {
    const record = await findStatement(tx, statementId, true);
    if (record.uploadedBy !== actor.id) throw notFoundStatement();
    if (record.status !== "preview")
      throw conflict("reconciliation_committed", "This statement is already committed.");
    const [earlier] = await tx
      .select({ id: reconciliationStatements.id })
      .from(reconciliationStatements)
      .where(
        and(
          eq(reconciliationStatements.networkId, record.networkId),
          eq(reconciliationStatements.month, record.month),
          eq(reconciliationStatements.status, "committed"),
        ),
      )
      .for("update");
    if (earlier) {
      const [resolved] = await tx
        .select({ id: reconciliationResolutions.id })
        .from(reconciliationResolutions)
        .where(eq(reconciliationResolutions.statementId, earlier.id))
        .limit(1);
      if (resolved)
        throw conflict(
          "reconciliation_already_resolved",
          "This network's statement for the month has resolved lines; it cannot be replaced.",
        );
      await tx.delete(reconciliationStatements).where(eq(reconciliationStatements.id, earlier.id));
    }
    await tx
      .update(reconciliationStatements)
      .set({ status: "committed", committedAt: new Date() })
      .where(eq(reconciliationStatements.id, statementId));
    await tx
      .update(reconciliationNetworks)
      .set({ mapping: record.mapping, updatedAt: new Date() })
      .where(eq(reconciliationNetworks.id, record.networkId));
    const counts = await rowCounts(tx, statementId);
    await recordAuditEvent(tx, {
      action: "reconciliation.committed",
      ...auditSourceOf(actor),
      target: { type: "reconciliation", id: statementId },
      details: {
        network: record.networkName,
        month: record.month.slice(0, 7),
        fileName: record.fileName,
        ...counts,
        replaced: earlier?.id ?? null,
      },
    });
  });
  return readPreviewPage(db, statementId, { page: 1, pageSize: 50, status: "all" });
}

/** GET /api/reconciliations?month=: the month's committed statements, and the actor's preview. */
export async function listReconciliations({
  db,
  actor,
  month,
}: {
  db: Db;
  actor: Actor;
  month: string;
}): Promise<{ items: ReconciliationStatement[] }> {
  assertCan(actor, "reconciliation:manage");
  const { from } = monthRange(month);
  const ids = await db
    .select({ id: reconciliationStatements.id })
    .from(reconciliationStatements)
    .where(
      and(
        eq(reconciliationStatements.month, from),
        sql`(${reconciliationStatements.status} = 'committed' or ${reconciliationStatements.uploadedBy} = ${actor.id})`,
      ),
    )
    .orderBy(reconciliationStatements.createdAt);
  const tolerance = await readTolerance(db);
  const items: ReconciliationStatement[] = [];
  for (const { id } of ids) {
    const record = await findStatement(db, id);
    const lines = record.status === "committed" ? await readLines(db, [id], tolerance) : [];
    items.push(describeStatement(record, await rowCounts(db, id), lines));
  }
  return { items };
}

async function readResolutionAdjustments(db: DbOrTx, resolutionIds: readonly string[]) {
  if (resolutionIds.length === 0)
    return new Map<string, { userId: string; name: string; amount: string }[]>();
  const rows = await readRows(
    db,
    sql`select ra.resolution_id::text as "resolutionId", ra.user_id as "userId", u.name,
          a.amount::text as amount
        from ${reconciliationAdjustments} ra
        join payment_adjustments a on a.id = ra.adjustment_id
        join ${users} u on u.id = ra.user_id
        where ra.resolution_id in (${sql.join(
          resolutionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by u.name, ra.user_id`,
    (r) => ({
      resolutionId: text(r, "resolutionId"),
      userId: text(r, "userId"),
      name: text(r, "name"),
      amount: text(r, "amount"),
    }),
  );
  const map = new Map<string, { userId: string; name: string; amount: string }[]>();
  for (const row of rows)
    map.set(row.resolutionId, [
      ...(map.get(row.resolutionId) ?? []),
      { userId: row.userId, name: row.name, amount: row.amount },
    ]);
  return map;
}

async function findCommitted(db: DbOrTx, statementId: string, lock = false) {
  const record = await findStatement(db, statementId, lock);
  if (record.status !== "committed") throw notFoundStatement();
  return record;
}

/** GET /api/reconciliations/{id}/lines: logged against reported per line, flagged beyond the tolerance. */
export async function getReconciliationLines({
  db,
  actor,
  statementId,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
}): Promise<ReconciliationLines> {
  assertCanReadStatement(actor);
  const record = await findCommitted(db, statementId);
  const tolerance = await readTolerance(db);
  const lines = await readLines(db, [statementId], tolerance);
  const adjustments = await readResolutionAdjustments(
    db,
    lines.flatMap((line) => (line.resolution ? [line.resolution.id] : [])),
  );
  return {
    statement: describeStatement(record, await rowCounts(db, statementId), lines),
    tolerance,
    items: lines.map((line) => ({
      offer: { id: line.offerId, name: line.offerName },
      buyer: line.userId ? { id: line.userId, name: line.buyerName ?? "" } : null,
      logged: line.logged,
      reported: line.reported,
      difference: {
        deposits: line.reported.deposits - line.logged.deposits,
        revenue: fromCents(toCents(line.reported.revenue) - toCents(line.logged.revenue)),
        percent: differencePercent(line.logged.revenue, line.reported.revenue),
      },
      flagged: line.flagged,
      resolution: line.resolution
        ? {
            id: line.resolution.id,
            kind: line.resolution.kind,
            note: line.resolution.note,
            createdBy: line.resolution.createdBy
              ? { id: line.resolution.createdBy, name: line.resolution.createdByName ?? "" }
              : null,
            createdAt: line.resolution.createdAt,
            adjustments: adjustments.get(line.resolution.id) ?? [],
          }
        : null,
    })),
  };
}

async function findLine(db: DbOrTx, statementId: string, query: LineQuery, tolerance: Tolerance) {
  const lines = await readLines(db, [statementId], tolerance);
  const line = lines.find((l) => l.offerId === query.offerId && l.userId === (query.userId ?? null));
  if (!line) throw notFound("Line");
  return line;
}

/** The buyers' campaign days behind a line (the offer's month, or one buyer's). */
export async function getLineDays({
  db,
  actor,
  statementId,
  query,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
  query: LineQuery;
}): Promise<LineDays> {
  assertCanReadStatement(actor);
  const record = await findCommitted(db, statementId);
  await findLine(db, statementId, query, await readTolerance(db));
  const { from, to } = monthRange(record.month.slice(0, 7));
  const rows = await readRows(
    db,
    sql`select c.creator_id as "userId", u.name, c.date::text as date, c.registrations, c.deposits,
          c.deposit_payment::text as revenue
        from ${campaigns} c join ${users} u on u.id = c.creator_id
        where c.offer_id = ${query.offerId} and c.date >= ${from}::date and c.date <= ${to}::date
          ${query.userId ? sql`and c.creator_id = ${query.userId}` : sql``}
        order by u.name, c.creator_id, c.date`,
    (r) => ({
      buyer: { id: text(r, "userId"), name: text(r, "name") },
      date: text(r, "date"),
      registrations: count(r, "registrations"),
      deposits: count(r, "deposits"),
      revenue: text(r, "revenue"),
    }),
  );
  return { items: rows };
}

/**
 * What adjusting a line would do to each buyer behind it (docs/decisions/0111): the revenue
 * difference (reported − logged) is split by each buyer's share of the line's logged deposits with
 * the largest-remainder rule; each buyer's month is recomputed under the commission rules with their
 * revenue moved by their share (on top of earlier reconciliation corrections of that month), and the
 * adjustment is the change in commission.
 */
async function proposeFor(db: DbOrTx, record: StatementRecord, line: RawLine): Promise<AdjustmentProposal> {
  const month = record.month;
  const { from, to } = monthRange(month.slice(0, 7));
  const buyers = await readRows(
    db,
    sql`select c.creator_id as "userId", u.name, sum(c.deposits)::int as deposits,
          round(sum(c.deposit_payment), 2)::text as revenue
        from ${campaigns} c join ${users} u on u.id = c.creator_id
        where c.offer_id = ${line.offerId} and c.date >= ${from}::date and c.date <= ${to}::date
          ${line.userId ? sql`and c.creator_id = ${line.userId}` : sql``}
        group by c.creator_id, u.name
        order by c.creator_id`,
    (r) => ({
      userId: text(r, "userId"),
      name: text(r, "name"),
      deposits: count(r, "deposits"),
      revenue: text(r, "revenue"),
    }),
  );
  const difference = toCents(line.reported.revenue) - toCents(line.logged.revenue);
  // Deposits decide the shares; a line with no logged deposits splits by logged revenue.
  const byDeposits = buyers.some((b) => b.deposits > 0);
  const shares = splitByShare(
    difference,
    buyers.map((b) => (byDeposits ? BigInt(b.deposits) : toCents(b.revenue))),
  );
  const items: AdjustmentProposal["items"] = [];
  for (const [i, buyer] of buyers.entries()) {
    const [statement] = await db
      .select()
      .from(paymentStatements)
      .where(and(eq(paymentStatements.userId, buyer.userId), eq(paymentStatements.periodStart, month)));
    const { settings } = await readSettingsInEffect(db, buyer.userId, month);
    // A frozen statement's own figures; a pending one's month as it is now.
    const totals =
      statement && statement.status !== "pending"
        ? {
            spent: fromCents(toCents(statement.totalSpent)),
            revenue: fromCents(toCents(statement.totalRevenue)),
          }
        : await readMonthTotals(db, buyer.userId, month);
    const [earlier] = await readRows(
      db,
      sql`select round(coalesce(sum(ra.revenue_delta), 0), 2)::text as delta
          from ${reconciliationAdjustments} ra
          join ${reconciliationResolutions} res on res.id = ra.resolution_id
          join ${reconciliationStatements} s on s.id = res.statement_id
          where ra.user_id = ${buyer.userId} and s.month = ${month}::date`,
      (r) => text(r, "delta"),
    );
    const base = toCents(totals.revenue) + toCents(earlier ?? "0");
    const share = shares[i]!;
    const before = computeStatement(settings, { spent: totals.spent, revenue: fromCents(base) }).amountDue;
    const after = computeStatement(settings, {
      spent: totals.spent,
      revenue: fromCents(base + share),
    }).amountDue;
    items.push({
      buyer: { id: buyer.userId, name: buyer.name },
      statementStatus: statement?.status ?? null,
      loggedDeposits: buyer.deposits,
      revenueDelta: fromCents(share),
      commissionBefore: before,
      commissionAfter: after,
      amount: fromCents(toCents(after) - toCents(before)),
    });
  }
  return { revenueDifference: fromCents(difference), items };
}

export async function getAdjustmentProposal({
  db,
  actor,
  statementId,
  query,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
  query: LineQuery;
}): Promise<AdjustmentProposal> {
  assertCanReadStatement(actor);
  const record = await findCommitted(db, statementId);
  const line = await findLine(db, statementId, query, await readTolerance(db));
  return proposeFor(db, record, line);
}

/**
 * Resolves a line: accepted with a note, or adjusted — one payment adjustment per buyer (as
 * proposed or edited; zero amounts skipped) on their statement for the month, with the note as the
 * reason, each linked to the resolution. One transaction; audited.
 */
export async function resolveLine({
  db,
  actor,
  statementId,
  input,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
  input: ResolveLine;
  timeZone: string;
}): Promise<ReconciliationLines> {
  assertCanReadStatement(actor);
  const preliminary = await findCommitted(db, statementId);
  if (input.kind === "adjusted") {
    // The month's statements exist before adjustments are written on them (created as the payments
    // table creates them).
    await readPaymentRows({ db, actor, month: preliminary.month.slice(0, 7), timeZone });
  }
  await db.transaction(async (tx) => {
    const record = await findCommitted(tx, statementId, true);
    const tolerance = await readTolerance(tx);
    const line = await findLine(
      tx,
      statementId,
      { offerId: input.offerId, userId: input.userId ?? undefined },
      tolerance,
    );
    if (line.resolution) throw conflict("reconciliation_line_resolved", "This line is already resolved.");
    const [resolution] = await tx
      .insert(reconciliationResolutions)
      .values({
        statementId,
        offerId: line.offerId,
        userId: line.userId,
        kind: input.kind,
        note: input.note,
        loggedRevenue: line.logged.revenue,
        reportedRevenue: line.reported.revenue,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: reconciliationResolutions.id });
    if (!resolution) throw conflict("reconciliation_line_resolved", "This line is already resolved.");
    const written: { userId: string; amount: string; adjustmentId: string }[] = [];
    if (input.kind === "adjusted") {
      const proposal = await proposeFor(tx, record, line);
      const byUser = new Map(proposal.items.map((item) => [item.buyer.id, item]));
      const fields: Record<string, string> = {};
      input.adjustments.forEach((adjustment, i) => {
        if (!byUser.has(adjustment.userId)) fields[`adjustments.${i}.userId`] = "not_on_line";
      });
      if (Object.keys(fields).length > 0)
        throw unprocessable("reconciliation_buyer_not_on_line", "A buyer is not behind this line.", fields);
      const seen = new Set<string>();
      for (const adjustment of input.adjustments) {
        if (seen.has(adjustment.userId)) continue;
        seen.add(adjustment.userId);
        const proposed = byUser.get(adjustment.userId)!;
        const [statement] = await tx
          .select({ id: paymentStatements.id })
          .from(paymentStatements)
          .where(
            and(
              eq(paymentStatements.userId, adjustment.userId),
              eq(paymentStatements.periodStart, record.month),
            ),
          );
        if (!statement) throw notFound("Statement");
        let outcome: Awaited<ReturnType<typeof runPaymentActionIn>>;
        try {
          outcome = await runPaymentActionIn(tx, {
            actor,
            statementId: statement.id,
            request: { type: "adjust", amount: adjustment.amount, reason: input.note },
            timeZone,
          });
        } catch (error) {
          if (error instanceof AppError && error.reason === "statement_closed")
            throw conflict(
              "statement_closed",
              "A buyer's statement for the month is cancelled; reopen it first.",
            );
          throw error;
        }
        await tx.insert(reconciliationAdjustments).values({
          adjustmentId: outcome.adjustmentId!,
          resolutionId: resolution.id,
          userId: adjustment.userId,
          revenueDelta: proposed.revenueDelta,
          proposedAmount: proposed.amount,
        });
        written.push({
          userId: adjustment.userId,
          amount: adjustment.amount,
          adjustmentId: outcome.adjustmentId!,
        });
      }
      if (written.length === 0)
        throw unprocessable("reconciliation_nothing_to_adjust", "No buyer gets an adjustment.", {
          adjustments: "required",
        });
    }
    await recordAuditEvent(tx, {
      action: input.kind === "accepted" ? "reconciliation.accepted" : "reconciliation.adjusted",
      ...auditSourceOf(actor),
      target: { type: "reconciliation", id: statementId },
      subjectUserId: line.userId,
      details: {
        network: record.networkName,
        month: record.month.slice(0, 7),
        offerId: line.offerId,
        userId: line.userId,
        logged: line.logged.revenue,
        reported: line.reported.revenue,
        note: input.note,
        ...(written.length > 0 ? { adjustments: written, splitRule: "largest_remainder_by_deposits" } : {}),
      },
    });
  });
  return getReconciliationLines({ db, actor, statementId });
}

/**
 * Maps a reference of the network's file to an offer or a buyer by hand: remembered for the
 * network's next statements, and applied now to this statement's rows that carry it.
 */
export async function saveAlias({
  db,
  actor,
  statementId,
  input,
}: {
  db: Db;
  actor: Actor;
  statementId: string;
  input: AliasInput;
}): Promise<ReconciliationPreview> {
  assertCanReadStatement(actor);
  const record = await findReadable(db, actor, statementId);
  const reference = normalizeHeader(input.reference);
  let payout: string | null = null;
  if (input.kind === "offer") {
    if (!/^[0-9a-f-]{36}$/i.test(input.targetId))
      throw unprocessable("unknown_offer", "No such offer.", { targetId: "unknown_offer" });
    const [offer] = await db
      .select({ payout: offers.payoutPerDeposit })
      .from(offers)
      .where(eq(offers.id, input.targetId));
    if (!offer) throw unprocessable("unknown_offer", "No such offer.", { targetId: "unknown_offer" });
    payout = offer.payout;
  } else {
    const [buyer] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.targetId), inArray(users.role, rolesWith("commission:earn"))));
    if (!buyer) throw unprocessable("unknown_buyer", "No such buyer.", { targetId: "unknown_buyer" });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(reconciliationAliases)
      .values({
        networkId: record.networkId,
        kind: input.kind,
        reference,
        targetId: input.targetId,
        createdBy: actor.id,
      })
      .onConflictDoUpdate({
        target: [
          reconciliationAliases.networkId,
          reconciliationAliases.kind,
          reconciliationAliases.reference,
        ],
        set: { targetId: input.targetId, createdBy: actor.id },
      });
    const column = input.kind === "offer" ? "offer_reference" : "buyer_reference";
    const candidates = await readRows(
      tx,
      sql`select line, ${sql.raw(column)} as ref from ${reconciliationRows}
          where statement_id = ${statementId} and status = 'unmatched' and ${sql.raw(column)} is not null`,
      (r) => ({ line: count(r, "line"), ref: text(r, "ref") }),
    );
    const lines = candidates.filter((c) => normalizeHeader(c.ref) === reference).map((c) => c.line);
    if (lines.length === 0) return;
    const field = input.kind;
    const lineList = sql.join(
      lines.map((l) => sql`${l}`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${reconciliationRows} r set
        ${input.kind === "offer" ? sql`offer_id = ${input.targetId}::uuid, revenue = case when r.revenue_from_file then r.revenue else coalesce(r.deposits, 0) * ${payout}::numeric end,` : sql`user_id = ${input.targetId},`}
        problems = coalesce((select jsonb_agg(p) from jsonb_array_elements(r.problems) p
                             where p->>'field' is distinct from ${field}), '[]'::jsonb)
      where r.statement_id = ${statementId} and r.line in (${lineList})`);
    await tx.execute(sql`
      update ${reconciliationRows} set status = 'matched'
      where statement_id = ${statementId} and line in (${lineList}) and jsonb_array_length(problems) = 0`);
    await recordAuditEvent(tx, {
      action: "reconciliation.mapped",
      ...auditSourceOf(actor),
      target: { type: "reconciliation", id: statementId },
      details: {
        network: record.networkName,
        kind: input.kind,
        reference: input.reference,
        targetId: input.targetId,
        rows: lines.length,
      },
    });
  });
  return readPreviewPage(db, statementId, { page: 1, pageSize: 50, status: "unmatched" });
}

export async function getTolerance({ db, actor }: { db: Db; actor: Actor }): Promise<Tolerance> {
  assertCan(actor, "reconciliation:manage");
  return readTolerance(db);
}

export async function saveTolerance({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: ToleranceInput;
}): Promise<Tolerance> {
  assertCan(actor, "reconciliation:manage");
  return db.transaction(async (tx) => {
    const before = await readTolerance(tx);
    await tx
      .insert(reconciliationSettings)
      .values({ id: 1, tolerancePercent: input.percent, toleranceAmount: input.amount, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: reconciliationSettings.id,
        set: {
          tolerancePercent: input.percent,
          toleranceAmount: input.amount,
          updatedBy: actor.id,
          updatedAt: new Date(),
        },
      });
    const after = await readTolerance(tx);
    await recordAuditEvent(tx, {
      action: "reconciliation.tolerance_updated",
      ...auditSourceOf(actor),
      target: { type: "settings", id: "reconciliation" },
      details: { from: before, to: after },
    });
    return after;
  });
}
