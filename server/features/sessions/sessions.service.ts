import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Session } from "../../../domain/schemas/sessions";
import { recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { notFound, unprocessable } from "../../errors";

// The signed-in user's own sessions (the account page): list them, end one, end all but this one.
// Ownership is part of every query; another user's session id answers 404. Each ending is audited
// in the same transaction.

type Input = { db: Db; actor: Actor; currentSessionId: string | null };

export async function listMySessions({ db, actor, currentSessionId }: Input): Promise<Session[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === currentSessionId,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the user's other sessions (this one ends with sign-out). */
export async function revokeMySession({
  db,
  actor,
  currentSessionId,
  sessionId,
}: Input & { sessionId: string }): Promise<void> {
  if (sessionId === currentSessionId) {
    throw unprocessable("cannot_end_current_session", "This is the session you are using; sign out instead.");
  }
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.id)))
      .returning({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress });
    const [session] = ended;
    if (!session) throw notFound("Session");
    await recordAuditEvent(tx, {
      action: "auth.sessions_revoked",
      actor,
      client: actor.client ?? null,
      target: { type: "session", id: session.id },
      details: {
        scope: "one",
        count: 1,
        by: "self",
        session: { ipAddress: session.ipAddress, userAgent: session.userAgent },
      },
    });
  });
}

/** Ends every session of the user but the one this request came with. */
export async function revokeMyOtherSessions({ db, actor, currentSessionId }: Input): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(
        currentSessionId
          ? and(eq(sessions.userId, actor.id), ne(sessions.id, currentSessionId))
          : eq(sessions.userId, actor.id),
      )
      .returning({ id: sessions.id });
    await recordAuditEvent(tx, {
      action: "auth.sessions_revoked",
      actor,
      client: actor.client ?? null,
      target: { type: "user", id: actor.id },
      details: { scope: "others", count: ended.length, by: "self" },
    });
    return ended.length;
  });
}
