// Campaign writes update shared rows of campaign_totals (a day's, an offer's, a team lead's totals:
// docs/decisions/0042). One statement locks them in key order, but a transaction of several
// statements (an import's chunks, a batch) can still meet another writer in the opposite order;
// PostgreSQL then aborts one of the two with a deadlock (40P01) after deadlock_timeout. The aborted
// transaction changed nothing, so running it again is safe and the user never sees the collision.

const deadlockCode = "40P01";

function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === deadlockCode) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs `transaction` (a whole db.transaction call) again, up to `attempts` times, when it was a deadlock victim. */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
