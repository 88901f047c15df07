import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { RefreshPayload } from "./live-refresh";
import { type NotificationEvent, notificationChannel } from "./notifications.service";

// Fans notifications out to the open SSE streams of this process. Every process LISTENs on one
// channel (one connection per process), so an event written by any process reaches every tab.

/** A signal that the user's campaign figures changed (live-refresh.ts): screens refetch them. */
export type RefreshEvent = { kind: "refresh"; topic: RefreshPayload["topic"]; userId: string };

type Subscriber = (event: NotificationEvent | RefreshEvent) => void;

/** Open streams one user may hold in a process; opening one more closes their oldest (issue 27). */
export const maxStreamsPerUser = 10;

export type NotificationHub = {
  /**
   * Adds a stream of the user. `evict` is called when this stream is the user's oldest and an
   * 11th opens: the stream must then end (its subscription is already dropped).
   */
  subscribe: (userId: string, subscriber: Subscriber, evict?: () => void) => Promise<() => void>;
  /** Open streams in this process (for the benchmark and health checks). */
  size: () => number;
};

const hubs = new WeakMap<Database, NotificationHub>();

export function getNotificationHub(database: Database, logger: Logger): NotificationHub {
  const existing = hubs.get(database);
  if (existing) return existing;
  // Insertion order is opening order: the first entry of a user's map is their oldest stream.
  const byUser = new Map<string, Map<Subscriber, (() => void) | undefined>>();
  let listening: Promise<unknown> | null = null;

  const dispatch = (payload: string) => {
    let event: NotificationEvent | RefreshPayload;
    try {
      event = JSON.parse(payload) as NotificationEvent | RefreshPayload;
    } catch {
      logger.warn("unreadable notification event", { payload: payload.slice(0, 200) });
      return;
    }
    if ("kind" in event && event.kind === "refresh") {
      for (const userId of Array.isArray(event.userIds) ? event.userIds : []) {
        const refresh: RefreshEvent = { kind: "refresh", topic: event.topic, userId };
        for (const subscriber of byUser.get(userId)?.keys() ?? []) subscriber(refresh);
      }
      return;
    }
    const notification = event as NotificationEvent;
    for (const subscriber of byUser.get(notification.userId)?.keys() ?? []) subscriber(notification);
  };

  const hub: NotificationHub = {
    subscribe: async (userId, subscriber, evict) => {
      listening ??= database.listen(notificationChannel, dispatch).catch((err) => {
        listening = null;
        throw err;
      });
      await listening;
      const set = byUser.get(userId) ?? new Map<Subscriber, (() => void) | undefined>();
      set.set(subscriber, evict);
      byUser.set(userId, set);
      while (set.size > maxStreamsPerUser) {
        const [oldest, evictOldest] = set.entries().next().value as [Subscriber, (() => void) | undefined];
        set.delete(oldest);
        evictOldest?.();
      }
      return () => {
        set.delete(subscriber);
        // Only the set still registered: a late second call (abort, then finally) must not drop a
        // newer subscription of the same user.
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    size: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
  };
  hubs.set(database, hub);
  return hub;
}
