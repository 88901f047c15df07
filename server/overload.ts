import type { Context, MiddlewareHandler } from "hono";
import type { AppBindings } from "./context";
import { AppError } from "./errors";

// Keeps the server answering under overload: a flooding client gets 429 before its requests cost
// a session lookup or a query, and a handler that hangs gets 503 instead of holding the client.
// The counters live in this process: a flood guard, not a quota (Better Auth's database-backed
// limits protect sign-in, sign-up and recovery across processes).

const windowMs = 60_000;
const maxTrackedClients = 50_000;

/**
 * Fixed one-minute windows per key, kept in this process: `hit` counts one request and answers
 * whether it is within `max`, and if not, in how many seconds the window ends. Used per client
 * address below and per postback key (server/features/postbacks).
 */
export function createWindowCounter({ max, now = Date.now }: { max: number; now?: () => number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
      if (max <= 0) return { allowed: true };
      const time = now();
      let window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        if (windows.size >= maxTrackedClients) pruneExpired(windows, time);
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= max) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)),
      };
    },
  };
}

export const rateLimited = () =>
  new AppError("rate_limited", "Too many requests. Wait a moment and try again.");

/** Fixed one-minute windows per client address; `max` 0 turns the limit off. */
export function limitRequestRate(options: {
  max: number;
  clientKey: (c: Context<AppBindings>) => string;
  /** Requests that never count (health checks). */
  skip?: (c: Context<AppBindings>) => boolean;
  now?: () => number;
}): MiddlewareHandler<AppBindings> {
  const { max, clientKey, skip, now } = options;
  const counter = createWindowCounter({ max, ...(now ? { now } : {}) });
  return async (c, next) => {
    if (max <= 0 || skip?.(c)) return next();
    const verdict = counter.hit(clientKey(c));
    if (!verdict.allowed) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      throw rateLimited();
    }
    await next();
  };
}

function pruneExpired(windows: Map<string, { start: number }>, time: number) {
  for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
  // Still full (a spread-out flood): forget the oldest half rather than grow without bound.
  if (windows.size >= maxTrackedClients) {
    let drop = Math.floor(windows.size / 2);
    for (const key of windows.keys()) {
      if (drop-- <= 0) break;
      windows.delete(key);
    }
  }
}

/**
 * Answers 503 when a handler takes longer than `ms`. Streams (SSE, CSV) return their response at
 * once and write later, so they are not cut off.
 */
export function limitRequestTime(ms: number): MiddlewareHandler<AppBindings> {
  return async (_c, next) => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError("timeout", `The request took longer than ${ms} ms.`)), ms);
    });
    try {
      await Promise.race([next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
