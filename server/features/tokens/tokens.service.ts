import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, or } from "drizzle-orm";
import { tokenAccessChoiceFor } from "../../../domain/permissions";
import {
  type ApiToken,
  type ApiTokenInput,
  type CreatedApiToken,
  maxActiveTokensPerUser,
} from "../../../domain/schemas/tokens";
import { actorUserColumns, toActor } from "../../actor";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { apiTokens, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";

// Personal API tokens (docs/decisions/0031): a random secret shown once; only its SHA-256 is kept,
// which is enough for a 192-bit random value (no password hashing needed) and lets a lookup use
// the unique index.

const tokenPrefix = "plc_";

export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

const toIso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

function toApiToken(row: typeof apiTokens.$inferSelect): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    lastUsedAt: toIso(row.lastUsedAt),
    expiresAt: toIso(row.expiresAt),
    revokedAt: toIso(row.revokedAt),
    fullAccess: row.fullAccess,
    createdAt: toIso(row.createdAt)!,
  };
}

export async function listTokens({ db, actor }: { db: Db; actor: Actor }): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, actor.id))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toApiToken);
}

export async function createToken({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: ApiTokenInput;
}): Promise<CreatedApiToken> {
  const choice = tokenAccessChoiceFor(actor.role);
  // Absent: limited where a limit exists and makes sense (admins), the only useful access otherwise.
  const fullAccess = input.fullAccess ?? choice === "full-only";
  if (choice === "own-scope" && fullAccess)
    throw new AppError(
      "validation_failed",
      "Full campaign access is a choice for roles that read every campaign; this token has your own scope.",
      { fullAccess: "full_access_not_applicable" },
    );
  if (choice === "full-only" && !fullAccess)
    throw new AppError(
      "validation_failed",
      "Your role creates no campaigns, so a token limited to creating them would do nothing: ask for full access.",
      { fullAccess: "full_access_required" },
    );
  const secret = `${tokenPrefix}${randomBytes(24).toString("base64url")}`;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const row = await db.transaction(async (tx) => {
    // The owner's row is the lock: two concurrent creations cannot both see 19 live tokens.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    if ((await countActiveTokens(tx, actor.id, now)) >= maxActiveTokensPerUser)
      throw conflict(
        "too_many_tokens",
        `You already have ${maxActiveTokensPerUser} active tokens; revoke one you no longer use first.`,
      );
    const [created] = await tx
      .insert(apiTokens)
      .values({
        userId: actor.id,
        name: input.name,
        tokenHash: hashToken(secret),
        prefix: secret.slice(0, tokenPrefix.length + 6),
        expiresAt,
        fullAccess,
      })
      .returning();
    // The prefix names the token in the trail; the secret never goes there.
    await recordAuditEvent(tx, {
      action: "token.created",
      ...auditSourceOf(actor),
      target: { type: "api_token", id: created!.id },
      details: {
        name: created!.name,
        prefix: created!.prefix,
        expiresAt: created!.expiresAt,
        fullAccess: created!.fullAccess,
      },
    });
    return created!;
  });
  return { ...toApiToken(row), token: secret };
}

async function countActiveTokens(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Revokes every live token of a user, inside the caller's transaction: deactivation ends them for
 * good (reactivation gives the user their sign-in back, not their old tokens). Returns how many.
 */
export async function revokeAllTokensOf(tx: DbOrTx, userId: string): Promise<number> {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

export async function revokeToken({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix });
    if (!revoked) throw notFound("Token");
    await recordAuditEvent(tx, {
      action: "token.revoked",
      ...auditSourceOf(actor),
      target: { type: "api_token", id: revoked.id },
      details: { name: revoked.name, prefix: revoked.prefix },
    });
  });
}

/**
 * The owner of a live token as an Actor (role and team read fresh), or null when the token is
 * unknown, revoked, expired, or its owner is deactivated or banned. Records the use.
 */
export async function resolveTokenActor(db: Db, secret: string): Promise<Actor | null> {
  if (!secret.startsWith(tokenPrefix) || secret.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      fullAccess: apiTokens.fullAccess,
      user: actorUserColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(secret)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  const actor = row ? toActor(row.user) : null;
  if (!row || !actor) return null;
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  return { ...actor, token: { id: row.tokenId, fullAccess: row.fullAccess } };
}
