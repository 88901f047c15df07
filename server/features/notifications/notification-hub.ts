import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { type NotificationEvent, notificationChannel } from "./notifications.service";

// Fans notifications out to the open SSE streams of this process. Every process LISTENs on one
// channel (one connection per process), so an event written by any process reaches every tab.

type Subscriber = (event: NotificationEvent) => void;

export type NotificationHub = {
  subscribe: (userId: string, subscriber: Subscriber) => Promise<() => void>;
  /** Open streams in this process (for the benchmark and health checks). */
  size: () => number;
};

const hubs = new WeakMap<Database, NotificationHub>();

export function getNotificationHub(database: Database, logger: Logger): NotificationHub {
  const existing = hubs.get(database);
  if (existing) return existing;
  const byUser = new Map<string, Set<Subscriber>>();
  let listening: Promise<unknown> | null = null;

  const dispatch = (payload: string) => {
    let event: NotificationEvent;
    try {
      event = JSON.parse(payload) as NotificationEvent;
    } catch {
      logger.warn("unreadable notification event", { payload: payload.slice(0, 200) });
      return;
    }
    for (const subscriber of byUser.get(event.userId) ?? []) subscriber(event);
  };

  const hub: NotificationHub = {
    subscribe: async (userId, subscriber) => {
      listening ??= database.listen(notificationChannel, dispatch).catch((err) => {
        listening = null;
        throw err;
      });
      await listening;
      const set = byUser.get(userId) ?? new Set();
      set.add(subscriber);
      byUser.set(userId, set);
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
