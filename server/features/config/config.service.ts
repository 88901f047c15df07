import { and, eq, gt } from "drizzle-orm";
import { buildResetPasswordIdentifier, hashVerificationIdentifier } from "../../auth";
import type { DbOrTx } from "../../db/client";
import { verifications } from "../../db/schema";

/** A reset or invitation token is usable while its (hashed) row exists and has not expired. */
export async function isResetTokenValid(db: DbOrTx, token: string): Promise<boolean> {
  const rows = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, hashVerificationIdentifier(buildResetPasswordIdentifier(token))),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
