import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./context";
import type { Db, DbOrTx } from "./db/client";
import { idempotencyKeys } from "./db/schema";
import { AppError, conflict, unprocessable } from "./errors";

// Idempotency-Key on every state-changing call (docs/decisions/0069): one place, for session and
// bearer callers alike. A signed-in caller's POST/PUT/PATCH/DELETE with the header is claimed under
// (user, key) before the handler runs; its successful answer is stored and replayed for the same key
// and the same request (method, path, body); the same key with another request is refused (422
// idempotency_key_reused); a second call while the first is still running waits for it a little,
// then answers 409 idempotency_key_in_use. A refused or failed call releases its key, so the same
// action can be tried again. Keys live 24 hours (purged by the scheduler's housekeeping).
//
// The claim is a row with status 0 ("running"). A process that dies between the handler's commit and
// storing the answer leaves the claim running until it expires: a retry then answers 409, never a
// second save.

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
/** How long a key is remembered. */
export const idempotencyKeyTtlHours = 24;
const running = 0;
/** A stored answer larger than this is not kept (no write here answers anything near it). */
const maxStoredBody = 256 * 1024;
const expiredBefore = sql`now() - ${sql.raw(`interval '${idempotencyKeyTtlHours} hours'`)}`;
const keyPattern = /^[\x21-\x7e]{1,255}$/;

type StoredResponse = { v: 1; type: string | null; body: string };

export type IdempotencyOptions = {
  /** Paths whose body is not read here (multipart uploads streamed by their route). */
  skipPaths?: readonly string[];
  /** How long a call waits for a running one with the same key before answering 409. */
  waitMs?: number;
};

export function honourIdempotencyKeys(
  db: Db,
  options: IdempotencyOptions = {},
): MiddlewareHandler<AppBindings> {
  const skipPaths = new Set(options.skipPaths ?? []);
  const waitMs = options.waitMs ?? 5_000;
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    const actor = c.get("actor");
    if (key === undefined || !actor || safeMethods.has(c.req.method) || skipPaths.has(c.req.path))
      return next();
    if (c.req.header("content-type")?.includes("multipart/")) return next();
    if (!keyPattern.test(key))
      throw new AppError(
        "validation_failed",
        "The Idempotency-Key must be 1 to 255 visible ASCII characters.",
        { "idempotency-key": "invalid" },
        "idempotency_key_invalid",
      );
    const url = new URL(c.req.url);
    const body = await c.req.text();
    const requestHash = createHash("sha256")
      .update(`${c.req.method} ${url.pathname}${url.search}\n`)
      .update(body)
      .digest("hex");

    const where = and(eq(idempotencyKeys.userId, actor.id), eq(idempotencyKeys.key, key));
    const deadline = Date.now() + waitMs;
    for (;;) {
      // One statement claims the key: a new row, or a row past its 24 hours taken over (a forgotten
      // key makes the call a new one); a live row is left alone and read below.
      const claim = { requestHash, status: running, response: {} };
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId: actor.id, key, ...claim })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { ...claim, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 1) break;
      const [stored] = await db.select().from(idempotencyKeys).where(where);
      if (!stored) continue; // released in between: claim it now
      if (stored.requestHash !== requestHash)
        throw unprocessable(
          "idempotency_key_reused",
          "This Idempotency-Key was used with another request; send a new key for a new action.",
        );
      if (stored.status !== running) {
        const answer = readStored(stored.response);
        c.header("Idempotent-Replayed", "true");
        if (answer.type) c.header("Content-Type", answer.type);
        if (stored.status === 204) return c.body(null, 204);
        return c.body(answer.body, stored.status as 200);
      }
      if (Date.now() >= deadline)
        throw conflict(
          "idempotency_key_in_use",
          "A request with this Idempotency-Key is still running; try again in a moment.",
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    let kept = false;
    try {
      await next();
      const response = c.res;
      const type = response.headers.get("content-type");
      if (
        response.status >= 200 &&
        response.status < 300 &&
        (response.status === 204 || type?.includes("json"))
      ) {
        const text = response.status === 204 ? "" : await response.clone().text();
        if (text.length <= maxStoredBody) {
          const stored: StoredResponse = { v: 1, type, body: text };
          await db
            .update(idempotencyKeys)
            .set({ status: response.status, response: stored })
            .where(and(where, eq(idempotencyKeys.status, running)));
          kept = true;
        }
      }
    } finally {
      // Refused, failed or not replayable: the same action may be tried again with this key.
      if (!kept)
        await db
          .delete(idempotencyKeys)
          .where(and(where, eq(idempotencyKeys.status, running)))
          .catch((err) => c.get("logger")?.warn("idempotency key not released", { err }));
    }
  };
}

/** Answers stored before decision 0069 (the campaign batch) are the JSON body itself. */
function readStored(response: unknown): StoredResponse {
  if (response && typeof response === "object" && (response as { v?: unknown }).v === 1)
    return response as StoredResponse;
  return { v: 1, type: "application/json", body: JSON.stringify(response) };
}

/** Deletes keys past their 24 hours; answers how many. */
export async function purgeExpiredIdempotencyKeys(db: DbOrTx): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expiredBefore))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
