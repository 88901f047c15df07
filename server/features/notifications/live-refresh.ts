import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { notificationChannel } from "./notifications.service";

// "Your figures changed": a refresh signal for open dashboards, sent on the notification channel
// (so it reaches streams on every process through LISTEN/NOTIFY) but never stored. Writers that
// change data many times a second (postbacks) ask for one here; requests for the same user are
// coalesced for `refreshWindowMs`, so a burst of a thousand postbacks sends each user one refresh
// per window from this process (docs/decisions/0087).

export const refreshWindowMs = 1000;

/** What travels on the channel: the users whose campaign figures changed. */
export type RefreshPayload = { kind: "refresh"; topic: "campaigns"; userIds: string[] };

// NOTIFY payloads are limited to 8000 bytes; user ids are short, 100 per payload stays well below.
const usersPerPayload = 100;

type Batcher = { pending: Set<string>; timer: NodeJS.Timeout | null };
const batchers = new WeakMap<Database, Batcher>();

/** Asks for one refresh of these users' open screens within the next window. */
export function requestLiveRefresh(database: Database, logger: Logger, userIds: Iterable<string | null>) {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = { pending: new Set(), timer: null };
    batchers.set(database, batcher);
  }
  for (const id of userIds) if (id) batcher.pending.add(id);
  if (batcher.timer || batcher.pending.size === 0) return;
  const current = batcher;
  current.timer = setTimeout(() => {
    current.timer = null;
    const users = [...current.pending];
    current.pending.clear();
    void sendRefresh(database, users).catch((error) =>
      logger.warn("live refresh not sent", { error: String(error), users: users.length }),
    );
  }, refreshWindowMs);
  current.timer.unref?.();
}

async function sendRefresh(database: Database, userIds: string[]) {
  for (let i = 0; i < userIds.length; i += usersPerPayload) {
    const payload: RefreshPayload = {
      kind: "refresh",
      topic: "campaigns",
      userIds: userIds.slice(i, i + usersPerPayload),
    };
    await database.db.execute(sql`select pg_notify(${notificationChannel}, ${JSON.stringify(payload)})`);
  }
}
