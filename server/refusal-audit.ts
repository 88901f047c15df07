import type { RequestClient } from "./audit";
import { recordAuditEvent } from "./audit";
import type { DbOrTx } from "./db/client";
import type { Logger } from "./logger";

// Refused API calls in the audit trail (issue 27, docs/decisions/0068): 403s, 404s (an object
// outside the caller's scope answers 404 and is a refusal like a 403) and a bearer token's 401s.
// Aggregated per caller (the user, or the address of an anonymous caller) and clock minute, so a
// scan cannot flood the append-only table: the first refusal of a caller in a minute is written at
// once, with everything about it; the next ones are counted in memory and written as one row with the
// count when the minute ends (a timer looks every few seconds) or when the server stops. Every row
// carries `count`, so the rows of a caller sum to the calls refused. At most two rows per caller,
// minute and process; a process killed without stopping loses at most the last minute's counts.

export type Refusal = {
  actor: { id: string; email: string; role: string } | null;
  client: RequestClient | null;
  method: string;
  path: string;
  status: number;
  code: string;
};

export type RefusalAudit = {
  /** Records one refusal; the first of its caller's minute is written before this resolves. */
  record: (refusal: Refusal) => Promise<void>;
  /** Writes the counts of minutes that have ended. */
  flushEnded: () => Promise<void>;
  /** Writes every count now (shutdown, tests). */
  flush: () => Promise<void>;
  /** Stops the timer and writes every count. */
  stop: () => Promise<void>;
};

type Window = {
  minute: number;
  /** Refusals after the first (which is already written). */
  count: number;
  last: Refusal;
  firstAt: number;
  lastAt: number;
  /** "METHOD path status code" → how many, for the first distinct calls. */
  calls: Map<string, number>;
};

const minuteMs = 60_000;
const maxDistinctCalls = 20;

export function createRefusalAudit(options: {
  db: DbOrTx;
  logger: Logger;
  now?: () => number;
  /** How often ended minutes are written; 0: never by timer (tests call flushEnded). */
  intervalMs?: number;
  /** Callers kept in memory before every count is written early. */
  maxCallers?: number;
}): RefusalAudit {
  const now = options.now ?? Date.now;
  const maxCallers = options.maxCallers ?? 10_000;
  const windows = new Map<string, Window>();

  const callerKey = (refusal: Refusal) =>
    refusal.actor ? `user:${refusal.actor.id}` : `address:${refusal.client?.ip ?? "unknown"}`;

  async function write(refusal: Refusal, details: Record<string, unknown>) {
    try {
      await recordAuditEvent(options.db, {
        action: "access.denied",
        outcome: "failure",
        actor: refusal.actor ? { id: refusal.actor.id, email: refusal.actor.email } : null,
        client: refusal.client,
        details: {
          method: refusal.method,
          path: refusal.path,
          status: refusal.status,
          code: refusal.code,
          ...(refusal.actor ? { role: refusal.actor.role } : {}),
          ...details,
        },
      });
    } catch (err) {
      // A failure to write never turns the refusal into a 500.
      options.logger.error("audit event not recorded", { err, action: "access.denied" });
    }
  }

  function writeWindow(window: Window) {
    if (window.count === 0) return Promise.resolve();
    return write(window.last, {
      count: window.count,
      firstAt: new Date(window.firstAt).toISOString(),
      lastAt: new Date(window.lastAt).toISOString(),
      // A list of lines, not an object keyed by path: paths hold dots, which the audit screen reads
      // as nesting in a key.
      calls: [...window.calls].map(([call, n]) => `${call} ×${n}`),
    });
  }

  async function flushWhere(ended: (window: Window) => boolean) {
    const due: Window[] = [];
    for (const [key, window] of windows) {
      if (!ended(window)) continue;
      windows.delete(key);
      due.push(window);
    }
    for (const window of due) await writeWindow(window);
  }

  const flushEnded = () => {
    const minute = Math.floor(now() / minuteMs);
    return flushWhere((window) => window.minute < minute);
  };
  const flush = () => flushWhere(() => true);

  const intervalMs = options.intervalMs ?? 5_000;
  const timer = intervalMs > 0 ? setInterval(() => void flushEnded(), intervalMs) : null;
  timer?.unref();

  async function record(refusal: Refusal) {
    const at = now();
    const minute = Math.floor(at / minuteMs);
    const key = callerKey(refusal);
    const open = windows.get(key);
    if (open && open.minute === minute) {
      open.count += 1;
      open.last = refusal;
      open.lastAt = at;
      const call = `${refusal.method} ${refusal.path} ${refusal.status} ${refusal.code}`;
      if (open.calls.has(call) || open.calls.size < maxDistinctCalls)
        open.calls.set(call, (open.calls.get(call) ?? 0) + 1);
      return;
    }
    if (open) {
      windows.delete(key);
      await writeWindow(open);
    }
    windows.set(key, { minute, count: 0, last: refusal, firstAt: at, lastAt: at, calls: new Map() });
    // Memory stays bounded whatever the number of callers: past the cap, write everything early.
    if (windows.size > maxCallers) void flush();
    await write(refusal, { count: 1 });
  }

  return {
    record,
    flushEnded,
    flush,
    stop: async () => {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
