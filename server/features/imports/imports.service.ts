import { createHash, randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import {
  countImportRows,
  createOfferLookup,
  type DuplicateChoice,
  dayKey,
  decodeImportText,
  flagDuplicates,
  guessMapping,
  type ImportCell,
  type ImportMapping,
  type ImportOffer,
  type ImportPreview,
  type ImportPreviewPageQuery,
  type ImportResult,
  type ImportRow,
  type ImportValues,
  importFields,
  mapImportRow,
  readCsvTable,
  readHeaders,
} from "../../../domain/import";
import { computeDepositPayment, computeMetrics } from "../../../domain/metrics";
import { can } from "../../../domain/permissions";
import type { CampaignBatch } from "../../../domain/schemas/tokens";
import type { Actor } from "../../context";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { retryOnDeadlock } from "../../db/retry";
import { campaigns, idempotencyKeys, importMappings, offers, users } from "../../db/schema";
import { AppError, conflict, forbidden, notFound, unprocessable } from "../../errors";
import { offerVisibleTo } from "../campaigns/campaigns.service";

// Import of daily results (issue 11, docs/decisions/0030). The preview is kept on the server
// under a token for a while; the commit saves its accepted rows in one transaction.

export const maxImportRows = 50_000;
const previewTtlMs = 30 * 60 * 1000;
const chunkSize = 1000;
const insertChunkSize = 5000;

type StoredPreview = {
  token: string;
  actorId: string;
  userId: string;
  fileName: string;
  headers: string[];
  mapping: ImportMapping;
  rows: ImportRow[];
  expiresAt: number;
};

/** Previews waiting for their commit, one per signed-in user (a new upload replaces the old one). */
export type PreviewStore = Map<string, StoredPreview>;

export function createPreviewStore(): PreviewStore {
  return new Map();
}

function dropExpired(store: PreviewStore, now = Date.now()) {
  for (const [token, preview] of store) if (preview.expiresAt <= now) store.delete(token);
}

/** Whom the rows are for: oneself, or (admins only) a buyer who may log campaigns. */
export async function resolveImportTarget(
  db: DbOrTx,
  actor: Actor,
  userId: string | undefined,
): Promise<{ id: string; managerId: string | null }> {
  if (!can(actor.role, "campaigns:write")) throw forbidden();
  if (!userId || userId === actor.id) {
    const [self] = await db.select({ managerId: users.managerId }).from(users).where(eq(users.id, actor.id));
    return { id: actor.id, managerId: self?.managerId ?? null };
  }
  if (actor.role !== "admin") throw forbidden("Only admins import on behalf of another user.");
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
      visible: sql<boolean>`${offerVisibleTo(userId)}`,
    })
    .from(offers);
  return rows.map((row) => ({ ...row, visible: row.visible === true || String(row.visible) === "true" }));
}

/** Days (offer and date) `userId` has already logged within the dates of `values`. */
async function loadExistingDays(
  db: DbOrTx,
  userId: string,
  values: readonly ImportValues[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  let from = values[0]!.date;
  let to = from;
  for (const v of values) {
    if (v.date < from) from = v.date;
    if (v.date > to) to = v.date;
  }
  const rows = await db
    .select({ offerId: campaigns.offerId, date: campaigns.date })
    .from(campaigns)
    .where(and(eq(campaigns.creatorId, userId), gte(campaigns.date, from), lte(campaigns.date, to)));
  return new Set(rows.filter((r) => r.offerId).map((r) => dayKey(r.offerId!, r.date)));
}

const isXlsx = (name: string, bytes: Uint8Array) =>
  /\.xlsx$/i.test(name) || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04);

async function readTable(name: string, bytes: Uint8Array): Promise<ImportCell[][]> {
  if (isXlsx(name, bytes)) {
    try {
      const data = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return (data as ImportCell[][]).filter((row) =>
        row.some((cell) => cell !== null && String(cell).trim() !== ""),
      );
    } catch {
      throw unprocessable("import_unreadable_file", "The spreadsheet could not be read.", {
        file: "import_unreadable_file",
      });
    }
  }
  return readCsvTable(decodeImportText(bytes));
}

/** The mapping the user last imported with, if any. */
async function loadRememberedMapping(db: DbOrTx, userId: string): Promise<ImportMapping> {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(eq(importMappings.userId, userId));
  return (row?.mapping as ImportMapping | undefined) ?? {};
}

export async function previewImport({
  db,
  actor,
  store,
  file,
  mapping: requested,
  userId,
  pageSize = 50,
}: {
  db: Db;
  actor: Actor;
  store: PreviewStore;
  file: { name: string; bytes: Uint8Array };
  mapping?: ImportMapping | undefined;
  userId?: string | undefined;
  pageSize?: number;
}): Promise<ImportPreview> {
  const target = await resolveImportTarget(db, actor, userId);
  const table = await readTable(file.name, file.bytes);
  if (table.length < 2)
    throw unprocessable("import_empty_file", "The file has no data rows.", { file: "import_empty_file" });
  if (table.length - 1 > maxImportRows)
    throw unprocessable("import_too_many_rows", `A file may hold up to ${maxImportRows} rows.`, {
      file: "import_too_many_rows",
    });
  const headers = readHeaders(table[0]!);
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
  const rows: ImportRow[] = [];
  for (let i = 1; i < table.length; i++) {
    const row = mapImportRow(table[i]!, headers, mapping, findOffer, i + 1);
    // Metrics are derived again per page; storing them for 50,000 rows would only cost memory.
    row.metrics = null;
    rows.push(row);
  }
  const values = rows.flatMap((row) => (row.values ? [row.values] : []));
  flagDuplicates(rows, await loadExistingDays(db, target.id, values));

  dropExpired(store);
  for (const [token, preview] of store) if (preview.actorId === actor.id) store.delete(token);
  const stored: StoredPreview = {
    token: randomUUID(),
    actorId: actor.id,
    userId: target.id,
    fileName: file.name,
    headers,
    mapping,
    rows,
    expiresAt: Date.now() + previewTtlMs,
  };
  store.set(stored.token, stored);
  return toPreviewPage(stored, { page: 1, pageSize, status: "all" });
}

function findPreview(store: PreviewStore, actor: Actor, token: string): StoredPreview {
  dropExpired(store);
  const preview = store.get(token);
  if (!preview || preview.actorId !== actor.id)
    throw new AppError(
      "not_found",
      "This preview has expired; upload the file again.",
      undefined,
      "import_expired",
    );
  return preview;
}

function toPreviewPage(preview: StoredPreview, query: ImportPreviewPageQuery): ImportPreview {
  const matching =
    query.status === "all" ? preview.rows : preview.rows.filter((r) => r.status === query.status);
  const start = (query.page - 1) * query.pageSize;
  return {
    token: preview.token,
    fileName: preview.fileName,
    userId: preview.userId,
    headers: preview.headers,
    mapping: preview.mapping,
    total: matching.length,
    counts: countImportRows(preview.rows),
    page: query.page,
    pageSize: query.pageSize,
    rows: matching.slice(start, start + query.pageSize).map((row) => ({
      ...row,
      metrics: row.values ? computeMetrics({ ...row.values }) : null,
    })),
  };
}

export function getImportPreviewPage({
  actor,
  store,
  token,
  query,
}: {
  actor: Actor;
  store: PreviewStore;
  token: string;
  query: ImportPreviewPageQuery;
}): ImportPreview {
  return toPreviewPage(findPreview(store, actor, token), query);
}

/**
 * Saves days for one user inside `tx`: checks the offers are still usable, then per existing day
 * skips or replaces it. Shared by the import and the batch API, so both follow one duplicate rule.
 * Throws (rolling the caller's transaction back) when an offer is no longer available.
 */
export async function saveCampaignDays(
  tx: Tx,
  target: { id: string; managerId: string | null },
  values: readonly ImportValues[],
  duplicates: DuplicateChoice,
): Promise<{ added: number; replaced: number; skipped: number }> {
  const offerIds = [...new Set(values.map((v) => v.offerId))];
  const usable = new Set<string>();
  for (let i = 0; i < offerIds.length; i += chunkSize) {
    const rows = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(inArray(offers.id, offerIds.slice(i, i + chunkSize)), offerVisibleTo(target.id)));
    for (const row of rows) usable.add(row.id);
  }
  if (offerIds.some((id) => !usable.has(id)))
    throw conflict("import_offer_changed", "An offer of this import is no longer available; preview again.");

  // Read inside the transaction: a day logged since the preview is still a duplicate.
  const existing = await loadExistingDays(tx, target.id, values);
  const toInsert: ImportValues[] = [];
  const toReplace: string[] = [];
  let skipped = 0;
  for (const v of values) {
    const key = dayKey(v.offerId, v.date);
    if (!existing.has(key)) toInsert.push(v);
    else if (duplicates === "replace") {
      toReplace.push(key);
      toInsert.push(v);
    } else skipped++;
  }
  for (let i = 0; i < toReplace.length; i += chunkSize) {
    await tx
      .delete(campaigns)
      .where(
        and(
          eq(campaigns.creatorId, target.id),
          inArray(
            sql`${campaigns.offerId}::text || '|' || ${campaigns.date}::text`,
            toReplace.slice(i, i + chunkSize),
          ),
        ),
      );
  }
  // One JSON parameter per chunk instead of ten bound parameters per row: building and binding
  // 50,000 × 10 parameters dominated the import time (see the benchmark in scripts/bench-import.ts).
  for (let i = 0; i < toInsert.length; i += insertChunkSize) {
    const chunk = toInsert.slice(i, i + insertChunkSize).map((v) => ({
      date: v.date,
      offer_id: v.offerId,
      spent: v.spent,
      clicks: v.clicks,
      installations: v.installations,
      registrations: v.registrations,
      deposits: v.deposits,
      deposit_payment: v.revenue,
    }));
    await tx.execute(sql`
      insert into ${campaigns} (date, offer_id, creator_id, manager_id, spent, clicks, installations,
        registrations, deposits, deposit_payment)
      select r.date, r.offer_id, ${target.id}, ${target.managerId}, r.spent, r.clicks, r.installations,
        r.registrations, r.deposits, r.deposit_payment
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(date date, offer_id uuid,
        spent numeric(14,2), clicks integer, installations integer, registrations integer,
        deposits integer, deposit_payment numeric(14,2))`);
  }
  return { added: toInsert.length - toReplace.length, replaced: toReplace.length, skipped };
}

export async function commitImport({
  db,
  actor,
  store,
  token,
  duplicates,
}: {
  db: Db;
  actor: Actor;
  store: PreviewStore;
  token: string;
  duplicates: DuplicateChoice;
}): Promise<ImportResult> {
  const preview = findPreview(store, actor, token);
  const accepted = preview.rows.flatMap((row) => (row.status !== "error" && row.values ? [row.values] : []));
  const rejected = preview.rows.length - accepted.length;
  const result = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const target = await resolveImportTarget(tx, actor, preview.userId);
      const saved = await saveCampaignDays(tx, target, accepted, duplicates);
      await tx
        .insert(importMappings)
        .values({ userId: actor.id, mapping: preview.mapping })
        .onConflictDoUpdate({
          target: importMappings.userId,
          set: { mapping: preview.mapping, updatedAt: new Date() },
        });
      return saved;
    }),
  );
  store.delete(token);
  return { ...result, skipped: result.skipped + rejected };
}

/**
 * POST /api/campaigns/batch: up to 1,000 rows, all or nothing, with the import's validation and
 * duplicate rule. With an Idempotency-Key the first successful answer is stored and replayed for a
 * retry with the same body; the same key with another body is refused.
 */
export async function saveCampaignBatch({
  db,
  actor,
  batch,
  idempotencyKey,
}: {
  db: Db;
  actor: Actor;
  batch: CampaignBatch;
  idempotencyKey?: string | undefined;
}): Promise<{ result: ImportResult; replayed: boolean }> {
  const requestHash = createHash("sha256").update(JSON.stringify(batch)).digest("hex");
  if (idempotencyKey) {
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, actor.id), eq(idempotencyKeys.key, idempotencyKey)));
    if (stored) {
      if (stored.requestHash !== requestHash)
        throw unprocessable("idempotency_key_reused", "This Idempotency-Key was used with another body.");
      return { result: stored.response as ImportResult, replayed: true };
    }
  }
  const target = await resolveImportTarget(db, actor, batch.userId);
  const offerIds = [...new Set(batch.rows.map((row) => row.offerId))];
  const usable = new Map<string, string>();
  const found = await db
    .select({ id: offers.id, payoutPerDeposit: offers.payoutPerDeposit })
    .from(offers)
    .where(and(inArray(offers.id, offerIds), offerVisibleTo(target.id)));
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
  const values: ImportValues[] = batch.rows.map((row) => ({
    date: row.date,
    offerId: row.offerId,
    offerName: "",
    spent: row.spent,
    clicks: row.clicks,
    installations: row.installations,
    registrations: row.registrations,
    deposits: row.deposits,
    revenue: row.depositPayment ?? computeDepositPayment(row.deposits, usable.get(row.offerId)!),
  }));
  const result = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      if (idempotencyKey) {
        // Claimed first, inside the transaction: a concurrent retry waits on the key, then conflicts.
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ userId: actor.id, key: idempotencyKey, requestHash, status: 200, response: {} })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length === 0)
          throw conflict("idempotency_key_in_use", "A request with this Idempotency-Key is in progress.");
      }
      const saved = await saveCampaignDays(tx, target, values, batch.duplicates);
      if (idempotencyKey)
        await tx
          .update(idempotencyKeys)
          .set({ response: saved })
          .where(and(eq(idempotencyKeys.userId, actor.id), eq(idempotencyKeys.key, idempotencyKey)));
      return saved;
    }),
  );
  return { result, replayed: false };
}
