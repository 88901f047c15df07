import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { NotificationItem, NotificationList } from "../../../domain/schemas/notifications";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { notifications } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { notFound } from "../../errors";

// Notifications are stored as type + metadata and rendered in the reader's language when shown.
// Writers call createNotifications inside their own transaction: the rows and the live event
// (pg_notify, delivered on commit to every process that listens) exist only if the change does.

export const notificationChannel = "placar_notifications";

export type NotificationType = (typeof notifications.$inferInsert)["type"];

export type NewNotification = {
  userId: string;
  type: NotificationType;
  metadata: Record<string, unknown>;
};

/** What travels on the channel: the stored notification and its owner. */
export type NotificationEvent = NotificationItem & { userId: string };

/**
 * Stores the rows and announces each on the channel; answers how many were stored. With
 * skipDuplicates a row a unique index already holds (a missing_day reminder for the same user and
 * day) is left out silently, and only the rows stored are announced.
 */
export async function createNotifications(
  db: DbOrTx,
  rows: NewNotification[],
  options: { skipDuplicates?: boolean } = {},
): Promise<number> {
  let stored = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const insert = db.insert(notifications).values(rows.slice(i, i + 500));
    const inserted = await (options.skipDuplicates ? insert.onConflictDoNothing() : insert).returning();
    stored += inserted.length;
    if (inserted.length === 0) continue;
    const payloads = inserted.map((row) =>
      JSON.stringify({
        id: row.id,
        userId: row.userId,
        type: row.type,
        metadata: row.metadata,
        read: row.read,
        createdAt: toIsoString(row.createdAt),
      } satisfies NotificationEvent),
    );
    // NOTIFY payloads are limited to 8000 bytes; metadata is a handful of short fields.
    await db.execute(
      sql`select pg_notify(${notificationChannel}, p) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) as p`,
    );
  }
  return stored;
}

function toItem(row: typeof notifications.$inferSelect): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    metadata: row.metadata,
    read: row.read,
    createdAt: toIsoString(row.createdAt),
  };
}

/** The latest notifications of the actor and how many are unread. */
export async function listNotifications({
  db,
  actor,
  limit,
}: {
  db: Db;
  actor: Actor;
  limit: number;
}): Promise<NotificationList> {
  const [items, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, actor.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, actor.id), eq(notifications.read, false))),
  ]);
  return { items: items.map(toItem), unread: Number(unread?.n ?? 0) };
}

/** Notifications created after a moment (catch-up after a reconnect), oldest first. */
export async function listNotificationsSince({ db, actor, since }: { db: Db; actor: Actor; since: Date }) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), gt(notifications.createdAt, since)))
    .orderBy(notifications.createdAt)
    .limit(100);
  return rows.map(toItem);
}

export async function markNotificationRead({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound("Notification");
}

export async function markAllNotificationsRead({ db, actor }: { db: Db; actor: Actor }) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, actor.id), eq(notifications.read, false)));
}
