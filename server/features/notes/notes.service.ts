import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { can } from "../../../domain/permissions";
import type { Note } from "../../../domain/schemas/notes";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { userNotes, users } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { notFound } from "../../errors";
import { assertCan } from "../../permissions";

// Notes about a user: admins write them; buyers and team leads read their own; nobody else.

const authors = alias(users, "author");
const subjects = alias(users, "subject");

function selectNotes(db: DbOrTx) {
  return db
    .select({
      id: userNotes.id,
      userId: userNotes.userId,
      content: userNotes.content,
      createdAt: userNotes.createdAt,
      updatedAt: userNotes.updatedAt,
      authorId: authors.id,
      authorName: authors.name,
      authorEmail: authors.email,
      userName: subjects.name,
      userEmail: subjects.email,
    })
    .from(userNotes)
    .innerJoin(subjects, eq(subjects.id, userNotes.userId))
    .leftJoin(authors, eq(authors.id, userNotes.createdBy));
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>["where"]>>[number];

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    userId: row.userId,
    content: row.content,
    createdAt: toIsoString(row.createdAt),
    updatedAt: toIsoString(row.updatedAt),
    author: row.authorId
      ? { id: row.authorId, name: row.authorName ?? "", email: row.authorEmail ?? "" }
      : null,
    user: { id: row.userId, name: row.userName, email: row.userEmail },
  };
}

/** Own notes for buyers and team leads, every note for admins, newest first. */
export async function listNotes({ db, actor }: { db: Db; actor: Actor }): Promise<Note[]> {
  if (can(actor.role, "notes:manage"))
    return (await selectNotes(db).orderBy(desc(userNotes.createdAt))).map(toNote);
  assertCan(actor, "notes:read-own");
  const rows = await selectNotes(db).where(eq(userNotes.userId, actor.id)).orderBy(desc(userNotes.createdAt));
  return rows.map(toNote);
}

export async function listUserNotes({ db, actor, userId }: { db: Db; actor: Actor; userId: string }) {
  const own = userId === actor.id && can(actor.role, "notes:read-own");
  if (!own) assertCan(actor, "notes:manage");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  return (await selectNotes(db).where(eq(userNotes.userId, userId)).orderBy(desc(userNotes.createdAt))).map(
    toNote,
  );
}

async function findNote(db: DbOrTx, id: string) {
  const [row] = await selectNotes(db).where(eq(userNotes.id, id));
  if (!row) throw notFound("Note");
  return toNote(row);
}

export async function createNote({
  db,
  actor,
  userId,
  content,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  content: string;
}): Promise<Note> {
  assertCan(actor, "notes:manage");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  const [row] = await db.insert(userNotes).values({ userId, content, createdBy: actor.id }).returning();
  return findNote(db, row!.id);
}

export async function updateNote({
  db,
  actor,
  id,
  content,
}: {
  db: Db;
  actor: Actor;
  id: string;
  content: string;
}) {
  assertCan(actor, "notes:manage");
  const updated = await db
    .update(userNotes)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(userNotes.id, id)))
    .returning({ id: userNotes.id });
  if (updated.length === 0) throw notFound("Note");
  return findNote(db, id);
}

export async function deleteNote({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  assertCan(actor, "notes:manage");
  const deleted = await db.delete(userNotes).where(eq(userNotes.id, id)).returning({ id: userNotes.id });
  if (deleted.length === 0) throw notFound("Note");
}
