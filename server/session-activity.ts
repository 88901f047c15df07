import { eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { sessions } from "./db/schema";

// "Last active" of a session (the account page's session list). Better Auth writes a session row
// only when it extends it (once a day), so the session middleware moves updated_at forward itself
// after a successful request, at most once per interval: one small write per active session every
// few minutes, none in between, and none for a refused request (bad input changes nothing).

export const sessionActivityIntervalMs = 5 * 60_000;

export async function touchSession(
  db: Db,
  session: { id: string; updatedAt: Date | string },
  now = new Date(),
): Promise<void> {
  const last = new Date(session.updatedAt).getTime();
  if (Number.isFinite(last) && now.getTime() - last < sessionActivityIntervalMs) return;
  await db.update(sessions).set({ updatedAt: now }).where(eq(sessions.id, session.id));
}
