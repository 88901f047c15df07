import { eq } from "drizzle-orm";
import { isLanguage, isRole, type Language, type Role } from "../../../domain/roles";
import type { Actor } from "../../context";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import { unauthenticated } from "../../errors";

export type Me = {
  id: string;
  email: string;
  name: string;
  role: Role;
  language: Language | null;
  managerId: string | null;
};

const meColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  language: users.language,
  managerId: users.managerId,
};

function toMe(row: {
  id: string;
  email: string;
  name: string;
  role: string;
  language: string | null;
  managerId: string | null;
}): Me {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : "user",
    language: isLanguage(row.language) ? row.language : null,
    managerId: row.managerId,
  };
}

/** The signed-in user's profile, read fresh. */
export async function getMe({ db, actor }: { db: DbOrTx; actor: Actor }): Promise<Me> {
  const [row] = await db.select(meColumns).from(users).where(eq(users.id, actor.id));
  if (!row) throw unauthenticated();
  return toMe(row);
}

/** Keeps the user's language choice in the profile (mails and later sessions use it). */
export async function updateMyLanguage({
  db,
  actor,
  language,
}: {
  db: DbOrTx;
  actor: Actor;
  language: Language;
}): Promise<Me> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, actor.id)).returning(meColumns);
  if (!row) throw unauthenticated();
  return toMe(row);
}
