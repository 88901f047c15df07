import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { maskTail } from "../../../domain/payee";
import { can, rolesWith } from "../../../domain/permissions";
import type { Payee, PayeeAnswer, PayeeInput } from "../../../domain/schemas/payee";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { payeeDetails, users } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { notFound } from "../../errors";
import { assertCan } from "../../permissions";
import { createNotifications } from "../notifications/notifications.service";

// Where a buyer is paid (issue 24, docs/decisions/0064). The buyer keeps their own; financial
// users and admins read anyone's; nobody else reads them, and a team lead never does. Every change
// is one transaction: the row, an audit event that names the fields changed with keys masked to
// their last 4 characters, and a payee_changed notification to every active financial user and
// admin (a changed payee is the classic way money goes to the wrong account: someone checks it).

type PayeeRow = typeof payeeDetails.$inferSelect;

/** The columns a change compares, in the order the audit lists them. */
const compared = [
  "method",
  "pixKeyType",
  "pixKey",
  "bankCode",
  "bankBranch",
  "bankAccount",
  "bankAccountType",
  "holderName",
  "holderDocument",
  "usdtAddress",
] as const;
type ComparedColumn = (typeof compared)[number];

/** Columns that identify where money goes: the audit keeps only their last 4 characters. */
const masked = new Set<ComparedColumn>(["pixKey", "bankAccount", "holderDocument", "usdtAddress"]);

type StoredValues = Pick<PayeeRow, ComparedColumn>;

/** Every column of the row the input fills; the other methods' columns become null. */
function toStoredValues(input: PayeeInput): StoredValues {
  const empty: StoredValues = {
    method: input.method,
    pixKeyType: null,
    pixKey: null,
    bankCode: null,
    bankBranch: null,
    bankAccount: null,
    bankAccountType: null,
    holderName: null,
    holderDocument: null,
    usdtAddress: null,
  };
  switch (input.method) {
    case "pix":
      return { ...empty, pixKeyType: input.pixKeyType, pixKey: input.pixKey };
    case "bank":
      return {
        ...empty,
        bankCode: input.bankCode,
        bankBranch: input.bankBranch,
        bankAccount: input.bankAccount,
        bankAccountType: input.bankAccountType,
        holderName: input.holderName,
        holderDocument: input.holderDocument,
      };
    case "usdt":
      return { ...empty, usdtAddress: input.usdtAddress };
  }
}

/** The stored row as the API answers it (only the chosen method's fields). */
export function toPayee(row: PayeeRow, updatedBy: { id: string; name: string } | null): Payee {
  const saved = { updatedAt: toIsoString(row.updatedAt), updatedBy };
  if (row.method === "pix")
    return { method: "pix", pixKeyType: row.pixKeyType ?? "cpf", pixKey: row.pixKey ?? "", ...saved };
  if (row.method === "bank")
    return {
      method: "bank",
      bankCode: row.bankCode ?? "",
      bankBranch: row.bankBranch ?? "",
      bankAccount: row.bankAccount ?? "",
      bankAccountType: row.bankAccountType ?? "checking",
      holderName: row.holderName ?? "",
      holderDocument: row.holderDocument ?? "",
      ...saved,
    };
  return { method: "usdt", usdtAddress: row.usdtAddress ?? "", ...saved };
}

async function readPayee(db: DbOrTx, userId: string): Promise<Payee | null> {
  const [found] = await db
    .select({ row: payeeDetails, updaterId: users.id, updaterName: users.name })
    .from(payeeDetails)
    .leftJoin(users, eq(users.id, payeeDetails.updatedBy))
    .where(eq(payeeDetails.userId, userId));
  if (!found) return null;
  return toPayee(
    found.row,
    found.updaterId && found.updaterName !== null ? { id: found.updaterId, name: found.updaterName } : null,
  );
}

/** The caller's own details (buyers only: the operation map refuses other roles first). */
export async function getMyPayee({ db, actor }: { db: Db; actor: Actor }): Promise<PayeeAnswer> {
  assertCan(actor, "payee:own");
  return { payee: await readPayee(db, actor.id) };
}

/**
 * A user's details: financial users and admins read anyone's; a buyer reads only their own, and
 * anyone else's id answers 404 (never data, never whether it exists).
 */
export async function getUserPayee({
  db,
  actor,
  userId,
}: {
  db: Db;
  actor: Actor;
  userId: string;
}): Promise<PayeeAnswer> {
  if (can(actor.role, "payee:own") && userId === actor.id) return { payee: await readPayee(db, userId) };
  // A buyer may not read anyone else's: 404, as for a user who does not exist.
  assertCan(
    actor,
    "payee:read-all",
    can(actor.role, "payee:own") ? { what: "User", readable: false } : undefined,
  );
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  return { payee: await readPayee(db, userId) };
}

/** What changed, each as { from, to }, with the identifying columns masked. */
function describePayeeChanges(before: StoredValues | null, after: StoredValues) {
  const changes: Record<string, { from: string | null; to: string | null }> = {};
  for (const column of compared) {
    const from = before?.[column] ?? null;
    const to = after[column] ?? null;
    if (from === to) continue;
    changes[column] = masked.has(column) ? { from: maskTail(from), to: maskTail(to) } : { from, to };
  }
  return changes;
}

/**
 * Saves the buyer's details. A save that changes nothing writes nothing (no audit, no
 * notification, the "changed recently" flag does not move).
 */
export async function saveMyPayee({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: PayeeInput;
}): Promise<PayeeAnswer> {
  assertCan(actor, "payee:own");
  const values = toStoredValues(input);
  await db.transaction(async (tx) => {
    // The buyer's own row locked: two saves at once are recorded one after the other, each audit
    // event's "from" being what the other left.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${actor.id} for update`);
    const [before] = await tx.select().from(payeeDetails).where(eq(payeeDetails.userId, actor.id));
    const changes = describePayeeChanges(before ?? null, values);
    if (Object.keys(changes).length === 0) return;
    const now = new Date();
    await tx
      .insert(payeeDetails)
      .values({ userId: actor.id, ...values, updatedBy: actor.id, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: payeeDetails.userId,
        set: { ...values, updatedBy: actor.id, updatedAt: now },
      });
    await recordAuditEvent(tx, {
      action: "payee.updated",
      ...auditSourceOf(actor),
      target: { type: "payee", id: actor.id },
      subjectUserId: actor.id,
      details: { ...(before ? {} : { firstSave: true }), changes },
    });
    const readers = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.role, rolesWith("payee:read-all")),
          isNull(users.deactivatedAt),
          eq(users.banned, false),
          ne(users.id, actor.id),
        ),
      );
    await createNotifications(
      tx,
      readers.map((reader) => ({
        userId: reader.id,
        type: "payee_changed" as const,
        metadata: { buyerId: actor.id, buyerName: actor.name },
      })),
    );
  });
  return { payee: await readPayee(db, actor.id) };
}
