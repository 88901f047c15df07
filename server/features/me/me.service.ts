import { eq } from "drizzle-orm";
import { isTwoFactorRequiredFor } from "../../../domain/permissions";
import { isLanguage, isRole, type Language, type Role } from "../../../domain/roles";
import type { Currency } from "../../../domain/schemas/offers";
import type { Actor } from "../../context";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import { unauthenticated } from "../../errors";
import { readTwoFactorRequiredRoles } from "../../workspace-settings";

export type Me = {
  id: string;
  email: string;
  name: string;
  role: Role;
  language: Language | null;
  managerId: string | null;
  /** The user signs in with a second factor (authenticator app). */
  twoFactorEnabled: boolean;
  /** Names the buyer to postbacks of an offer key (docs/decisions/0086); not a secret. */
  code: string;
  /** The workspace requires a second factor of the user's role (they must turn it on). */
  twoFactorRequired: boolean;
  /** The currency the user's ad account bills in: the default currency of their spend (issue 30). */
  adAccountCurrency: Currency;
};

const meColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  language: users.language,
  managerId: users.managerId,
  twoFactorEnabled: users.twoFactorEnabled,
  code: users.code,
  adAccountCurrency: users.adAccountCurrency,
};

async function toMe(
  db: DbOrTx,
  row: {
    id: string;
    email: string;
    name: string;
    role: string;
    language: string | null;
    managerId: string | null;
    twoFactorEnabled: boolean;
    code: string;
    adAccountCurrency: Currency;
  },
): Promise<Me> {
  const role = isRole(row.role) ? row.role : "user";
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role,
    language: isLanguage(row.language) ? row.language : null,
    managerId: row.managerId,
    twoFactorEnabled: row.twoFactorEnabled,
    code: row.code,
    twoFactorRequired: isTwoFactorRequiredFor(role, await readTwoFactorRequiredRoles(db)),
    adAccountCurrency: row.adAccountCurrency,
  };
}

/** The signed-in user's profile, read fresh. */
export async function getMe({ db, actor }: { db: DbOrTx; actor: Actor }): Promise<Me> {
  const [row] = await db.select(meColumns).from(users).where(eq(users.id, actor.id));
  if (!row) throw unauthenticated();
  return toMe(db, row);
}

/**
 * Keeps the user's language choice (mails and later sessions use it) and their ad account's currency
 * (the default currency of the spend they log, issue 30) in the profile.
 */
export async function updateMyProfile({
  db,
  actor,
  language,
  adAccountCurrency,
}: {
  db: DbOrTx;
  actor: Actor;
  language?: Language | undefined;
  adAccountCurrency?: Currency | undefined;
}): Promise<Me> {
  const [row] = await db
    .update(users)
    .set({
      ...(language ? { language } : {}),
      ...(adAccountCurrency ? { adAccountCurrency } : {}),
    })
    .where(eq(users.id, actor.id))
    .returning(meColumns);
  if (!row) throw unauthenticated();
  return toMe(db, row);
}
