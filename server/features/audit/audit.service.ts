import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction, AuditOutcome } from "../../../domain/audit";
import { addDays } from "../../../domain/periods";
import type { AuditListQuery, AuditPage } from "../../../domain/schemas/audit";
import type { Actor } from "../../context";
import type { DbOrTx } from "../../db/client";
import { auditEvents, users } from "../../db/schema";
import { assertCan } from "../../permissions";

// Reads the audit trail for /admin/audit (issue 10). Newest first by id (the order events were
// recorded), a page at a time: the cursor is the last id shown, so a page costs the same at any
// depth and new events never shift the pages already read (docs/decisions/0044).

export async function listAuditEvents({
  db,
  actor,
  query,
  timeZone,
}: {
  db: DbOrTx;
  actor: Actor;
  query: AuditListQuery;
  timeZone: string;
}): Promise<AuditPage> {
  assertCan(actor, "audit:read");
  const filters: SQL[] = [];
  if (query.userId) {
    filters.push(
      or(eq(auditEvents.actorId, query.userId), eq(auditEvents.subjectUserId, query.userId)) as SQL,
    );
  }
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.outcome) filters.push(eq(auditEvents.outcome, query.outcome));
  // Workspace days, compared as instants so the (created_at, id) index serves the range.
  if (query.from) {
    filters.push(sql`${auditEvents.createdAt} >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  }
  if (query.to) {
    const next = addDays(query.to, 1);
    filters.push(sql`${auditEvents.createdAt} < (${next}::date)::timestamp at time zone ${timeZone}`);
  }
  if (query.cursor) filters.push(lt(auditEvents.id, query.cursor));

  const actors = alias(users, "audit_actor");
  const subjects = alias(users, "audit_subject");
  const rows = await db
    .select({
      event: auditEvents,
      actorName: actors.name,
      actorEmail: actors.email,
      subjectName: subjects.name,
      subjectEmail: subjects.email,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorId))
    .leftJoin(subjects, eq(subjects.id, auditEvents.subjectUserId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  return {
    items: page.map(({ event, actorName, actorEmail, subjectName, subjectEmail }) => ({
      id: event.id,
      createdAt: new Date(event.createdAt).toISOString(),
      // Only recordAuditEvent writes here, and it takes an AuditAction.
      action: event.action as AuditAction,
      outcome: event.outcome as AuditOutcome,
      // The e-mail recorded at the time stays: a deleted or renamed user is still named.
      actor:
        event.actorId || event.actorEmail
          ? { id: event.actorId, email: event.actorEmail ?? actorEmail, name: actorName }
          : null,
      target: event.targetType && event.targetId ? { type: event.targetType, id: event.targetId } : null,
      subject: event.subjectUserId
        ? { id: event.subjectUserId, name: subjectName, email: subjectEmail }
        : null,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      details: event.details ?? {},
    })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.event.id ?? null) : null,
  };
}
