import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { aliasedTable, and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { can, rolesWith, userReadScopeFor } from "../../../domain/permissions";
import { deriveNameFromEmail, isRole, type Language, type Role } from "../../../domain/roles";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import { buildResetPasswordIdentifier, buildResetPasswordUrl, hashVerificationIdentifier } from "../../auth";
import type { Actor } from "../../context";
import type { Db, Tx } from "../../db/client";
import {
  accounts,
  campaigns,
  creativeRequests,
  notifications,
  offerAssignments,
  paymentAdjustments,
  paymentStatements,
  payouts,
  sessions,
  twoFactors,
  userNotes,
  users,
  verifications,
} from "../../db/schema";
import type { Env } from "../../env";
import { AppError, conflict, notFound, unprocessable } from "../../errors";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail/mailer";
import { pickMailLanguage, renderInvitationMail } from "../../mail/templates";
import {
  containsEmailLocalPart,
  isCommonPassword,
  passwordMaxLength,
  passwordMinLength,
} from "../../password-policy";
import { assertCan } from "../../permissions";
import { clearSignInThrottle } from "../../sign-in-throttle";
import { readWorkspaceSettings } from "../../workspace-settings";
import { assertMonthsOpen } from "../campaigns/month-close";
import { revokeAllTokensOf } from "../tokens/tokens.service";

// Writes on users that need more than one statement. Each public function is one transaction.
// Issue 4 (admin users screen) builds on these.

/** Who asks: a signed-in user (must be allowed to manage users) or the operator at the CLI. */
export type UsersActor = Actor | "operator";

/** The steps of deleting a user, in order (spec 7); tests inject a failure after one of them. */
export type DeleteUserStep =
  | "campaigns"
  | "notes"
  | "notifications"
  | "creative_requests"
  | "offer_assignments"
  | "statements";

export type UsersServiceDeps = {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  /** Test hook: runs inside the delete transaction after each step. */
  afterDeleteStep?: (step: DeleteUserStep) => Promise<void> | void;
};

/** A user as the API lists them. */
export type UserView = {
  id: string;
  name: string;
  email: string;
  role: Role;
  managerId: string | null;
  manager: { id: string; name: string } | null;
  language: Language | null;
  createdAt: string;
  deactivatedAt: string | null;
  /** Whether the user signs in with a second factor; null unless the viewer manages users. */
  twoFactorEnabled: boolean | null;
};

export { passwordMaxLength, passwordMinLength };
export const invitationTtlDays = 7;

export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: Role;
  language: Language | null;
  managerId: string | null;
  deactivatedAt: Date | null;
};

const summaryColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  language: users.language,
  managerId: users.managerId,
  deactivatedAt: users.deactivatedAt,
};

export type CreateUserInput = {
  actor: UsersActor;
  email: string;
  role: Role;
  name?: string;
  /** When absent, the user gets a set-password link (invitation) valid for 7 days. */
  password?: string;
  language?: Language | null;
  managerId?: string | null;
};

export type CreatedUserResult = {
  user: UserSummary;
  /** The invitation link; present when no password was given. */
  setPasswordUrl?: string;
  /** How the invitation went out: by SMTP, to DATA_DIR/outbox, or not at all (mail failed). */
  invitation?: { delivered: boolean; transport: Mailer["transport"] };
};

const emailSchema = z.email().max(254);

export function createUsersService(deps: UsersServiceDeps) {
  const { db, env, mailer, logger } = deps;

  /**
   * Active admins (whoever may manage users) other than `exceptUserId`, rows locked so concurrent
   * demotions serialise.
   */
  async function countOtherActiveAdmins(tx: Tx, exceptUserId: string): Promise<number> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.role, rolesWith("users:manage")),
          isNull(users.deactivatedAt),
          ne(users.id, exceptUserId),
        ),
      )
      .for("update");
    return rows.length;
  }

  async function lockUser(tx: Tx, userId: string) {
    const [row] = await tx.select(summaryColumns).from(users).where(eq(users.id, userId)).for("update");
    if (!row) throw notFound("User");
    return row;
  }

  async function ensureNotLastAdmin(tx: Tx, target: { id: string; role: Role; deactivatedAt: Date | null }) {
    if (!can(target.role, "users:manage") || target.deactivatedAt) return;
    // Lock every active admin first, then count: two admins demoting each other cannot both win.
    if ((await countOtherActiveAdmins(tx, target.id)) === 0) {
      throw unprocessable("last_admin", "This is the last active admin. Make someone else admin first.");
    }
  }

  async function deactivateUser({
    actor,
    userId,
  }: {
    actor: UsersActor;
    userId: string;
  }): Promise<UserSummary> {
    if (actor !== "operator") assertCan(actor, "users:manage");
    if (actor !== "operator" && actor.id === userId) {
      throw unprocessable("cannot_deactivate_self", "You cannot deactivate your own account.");
    }
    return db.transaction(async (tx) => {
      await lockAdmins(tx);
      const target = await lockUser(tx, userId);
      if (target.deactivatedAt) return toSummary(target);
      await ensureNotLastAdmin(tx, target);
      const [updated] = await tx
        .update(users)
        .set({ deactivatedAt: new Date(), banned: true, banReason: "deactivated", banExpires: null })
        .where(eq(users.id, userId))
        .returning(summaryColumns);
      // Signed out everywhere at once, and their API tokens revoked for good: reactivation gives
      // back the sign-in, never a token that may have leaked meanwhile (issue 27).
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      const tokensRevoked = await revokeAllTokensOf(tx, userId);
      await recordAuditEvent(tx, {
        action: "user.deactivated",
        ...auditSource(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
        details: { email: target.email, role: target.role, sessionsEnded: ended.length, tokensRevoked },
      });
      return toSummary(requireRow(updated));
    });
  }

  /** Lets a deactivated user sign in again; role, team and history are as they were. */
  async function reactivateUser({
    actor,
    userId,
  }: {
    actor: UsersActor;
    userId: string;
  }): Promise<UserSummary> {
    if (actor !== "operator") assertCan(actor, "users:manage");
    return db.transaction(async (tx) => {
      const target = await lockUser(tx, userId);
      if (!target.deactivatedAt) return toSummary(target);
      const [updated] = await tx
        .update(users)
        .set({ deactivatedAt: null, banned: false, banReason: null, banExpires: null })
        .where(eq(users.id, userId))
        .returning(summaryColumns);
      await recordAuditEvent(tx, {
        action: "user.reactivated",
        ...auditSource(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
        details: {
          email: target.email,
          role: target.role,
          deactivatedAt: target.deactivatedAt.toISOString(),
        },
      });
      return toSummary(requireRow(updated));
    });
  }

  async function setUserRole({ actor, userId, role }: { actor: UsersActor; userId: string; role: Role }) {
    if (actor !== "operator") assertCan(actor, "users:manage");
    if (!isRole(role)) {
      throw new AppError("validation_failed", "Unknown role.", { role: "invalid_role" });
    }
    return db.transaction(async (tx) => {
      await lockAdmins(tx);
      const target = await lockUser(tx, userId);
      if (target.role === role) return toSummary(target);
      if (!can(role, "users:manage")) await ensureNotLastAdmin(tx, target);
      const [updated] = await tx
        .update(users)
        .set({ role })
        .where(eq(users.id, userId))
        .returning(summaryColumns);
      await recordAuditEvent(tx, {
        action: "user.role_changed",
        ...auditSource(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
        details: { role: { from: target.role, to: role } },
      });
      return toSummary(requireRow(updated));
    });
  }

  /** Sets a new password and ends the user's sessions (they sign in again with it). */
  async function setUserPassword({
    actor,
    userId,
    password,
  }: {
    actor: UsersActor;
    userId: string;
    password: string;
  }) {
    if (actor !== "operator") assertCan(actor, "users:manage");
    assertPassword(password);
    const hash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const target = await lockUser(tx, userId);
      assertPasswordWithoutEmail(password, target.email);
      await upsertCredential(tx, userId, hash);
      // A new password ends a sign-in throttle on the address, as a completed reset does.
      await clearSignInThrottle(tx, target.email);
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      await recordAuditEvent(tx, {
        action: "user.password_set",
        ...auditSource(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
        details: { sessionsEnded: ended.length },
      });
    });
  }

  async function createUserWithInvite(input: CreateUserInput): Promise<CreatedUserResult> {
    if (input.actor !== "operator") assertCan(input.actor, "users:manage");
    const email = input.email.trim().toLowerCase();
    if (!emailSchema.safeParse(email).success) {
      throw new AppError("validation_failed", "The e-mail address is not valid.", { email: "invalid_email" });
    }
    if (!isRole(input.role)) {
      throw new AppError("validation_failed", "Unknown role.", { role: "invalid_role" });
    }
    const name = input.name?.trim() || deriveNameFromEmail(email);
    if (input.password !== undefined) {
      assertPassword(input.password);
      assertPasswordWithoutEmail(input.password, email);
    }
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    const token = passwordHash ? undefined : randomBytes(24).toString("base64url");

    const user = await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (taken) throw conflict("email_taken", "A user with this e-mail already exists.");
      if (input.managerId) {
        if (!can(input.role, "team:have-lead")) throw leadOnlyForBuyers();
        await assertTeamLead(tx, input.managerId);
      }
      const id = randomUUID();
      const [created] = await tx
        .insert(users)
        .values({
          id,
          email,
          name,
          role: input.role,
          language: input.language ?? null,
          managerId: input.managerId ?? null,
          emailVerified: false,
        })
        .returning(summaryColumns);
      await recordAuditEvent(tx, {
        action: "user.created",
        ...auditSource(input.actor),
        target: { type: "user", id },
        subjectUserId: id,
        details: {
          email,
          name,
          role: input.role,
          managerId: input.managerId ?? null,
          invited: passwordHash === undefined,
        },
      });
      if (passwordHash) {
        await upsertCredential(tx, id, passwordHash);
      } else if (token) {
        await tx.insert(verifications).values({
          id: randomUUID(),
          identifier: hashVerificationIdentifier(buildResetPasswordIdentifier(token)),
          value: id,
          expiresAt: new Date(Date.now() + invitationTtlDays * 24 * 60 * 60 * 1000),
        });
      }
      return toSummary(requireRow(created));
    });

    if (!token) return { user };
    const setPasswordUrl = buildResetPasswordUrl(env.appUrl, token);
    const mail = renderInvitationMail({
      language: pickMailLanguage(
        user.language,
        null,
        (await readWorkspaceSettings(db, env.workspaceTimezone)).defaultLanguage,
      ),
      name: user.name,
      url: setPasswordUrl,
      expiresInDays: invitationTtlDays,
    });
    try {
      await mailer.send({ to: user.email, ...mail });
      return { user, setPasswordUrl, invitation: { delivered: true, transport: mailer.transport } };
    } catch (err) {
      // The user exists; the link is handed to the admin to pass on.
      logger.warn("invitation mail failed", { err, userId: user.id });
      return { user, setPasswordUrl, invitation: { delivered: false, transport: mailer.transport } };
    }
  }

  async function findUserByEmail(email: string): Promise<UserSummary | null> {
    const [row] = await db
      .select(summaryColumns)
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    return row ? toSummary(row) : null;
  }

  /** Users the actor may see: all (admins, financial), self + buyers (team leads), self + lead (buyers). */
  async function listUsers({
    actor,
    q,
    role,
  }: {
    actor: Actor;
    q?: string | undefined;
    role?: Role | undefined;
  }): Promise<UserView[]> {
    const filters: SQL[] = [scopeFor(actor)];
    const search = q?.trim().toLowerCase();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      filters.push(
        or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`) as SQL,
      );
    }
    if (role) filters.push(eq(users.role, role));
    const rows = await selectViews(db)
      .where(and(...filters))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
    return rows.map((row) => toView(row, canManage(actor)));
  }

  async function getUser({ actor, userId }: { actor: Actor; userId: string }): Promise<UserView> {
    const [row] = await selectViews(db).where(and(eq(users.id, userId), scopeFor(actor)));
    if (!row) throw notFound("User");
    return toView(row, canManage(actor));
  }

  /** Name, role and team; read fresh by the session middleware, so they apply on the next request. */
  async function updateUser({
    actor,
    userId,
    patch,
  }: {
    actor: UsersActor;
    userId: string;
    patch: { name?: string | undefined; role?: Role | undefined; managerId?: string | null | undefined };
  }): Promise<UserView> {
    if (actor !== "operator") assertCan(actor, "users:manage");
    await db.transaction(async (tx) => {
      await lockAdmins(tx);
      const target = await lockUser(tx, userId);
      const role = patch.role ?? target.role;
      if (!can(role, "users:manage")) await ensureNotLastAdmin(tx, target);
      let managerId = patch.managerId === undefined ? target.managerId : patch.managerId;
      if (!can(role, "team:have-lead")) {
        // Only buyers have a lead: asking for one is an error, a role change drops it.
        if (patch.managerId) throw leadOnlyForBuyers();
        managerId = null;
      }
      if (managerId && managerId !== target.managerId) {
        if (managerId === userId) {
          throw new AppError("validation_failed", "A user cannot lead themself.", {
            managerId: "not_a_team_lead",
          });
        }
        await assertTeamLead(tx, managerId);
      }
      await tx
        .update(users)
        .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), role, managerId })
        .where(eq(users.id, userId));
      // A team lead who stops leading leaves their buyers without a lead.
      let released: { id: string }[] = [];
      if (can(target.role, "team:lead") && !can(role, "team:lead")) {
        released = await tx
          .update(users)
          .set({ managerId: null })
          .where(eq(users.managerId, userId))
          .returning({ id: users.id });
      }
      const buyersReleased = released.length;
      // Access follows the current assignment (docs/decisions/0078): campaigns.manager_id is the
      // creator's lead now, so every row of a buyer whose lead changed moves with them, old rows
      // included, in this transaction. The campaigns statement trigger moves the totals.
      if (managerId !== target.managerId) await moveCampaignsToLead(tx, [userId], managerId);
      if (released.length > 0)
        await moveCampaignsToLead(
          tx,
          released.map((row) => row.id),
          null,
        );
      // One event per kind of change, each with its old and new value.
      const about = {
        ...auditSource(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
      };
      if (patch.name !== undefined && patch.name !== target.name) {
        await recordAuditEvent(tx, {
          action: "user.updated",
          ...about,
          details: { name: { from: target.name, to: patch.name } },
        });
      }
      if (role !== target.role) {
        await recordAuditEvent(tx, {
          action: "user.role_changed",
          ...about,
          details: { role: { from: target.role, to: role }, ...(buyersReleased ? { buyersReleased } : {}) },
        });
      }
      if (managerId !== target.managerId) {
        await recordAuditEvent(tx, {
          action: "user.team_changed",
          ...about,
          details: { managerId: { from: target.managerId, to: managerId } },
        });
      }
    });
    const [row] = await selectViews(db).where(eq(users.id, userId));
    if (!row) throw notFound("User");
    return toView(row, canManage(actor));
  }

  /**
   * Deletes a user and their campaigns, notes, notifications, creative requests, offer assignments
   * and statements in one transaction. Users with recorded payouts are kept (409 has_payouts), and
   * so are those with campaigns in a month their statement has closed (409 month_closed): the admin
   * deactivates them instead.
   */
  async function deleteUser({ actor, userId }: { actor: UsersActor; userId: string }): Promise<void> {
    if (actor !== "operator") assertCan(actor, "users:manage");
    if (actor !== "operator" && actor.id === userId) {
      throw unprocessable("cannot_delete_self", "You cannot delete your own account.");
    }
    const step = async (name: DeleteUserStep) => deps.afterDeleteStep?.(name);
    try {
      await db.transaction(async (tx) => {
        await lockAdmins(tx);
        const target = await lockUser(tx, userId);
        await ensureNotLastAdmin(tx, target);
        // Checked explicitly: the FK's RESTRICT would also refuse, with a driver-specific code.
        const [paid] = await tx
          .select({ id: payouts.id })
          .from(payouts)
          .innerJoin(paymentStatements, eq(paymentStatements.id, payouts.statementId))
          .where(eq(paymentStatements.userId, userId))
          .limit(1)
          .for("update");
        if (paid) throw hasPayouts();
        // Their campaigns in a month their statement has closed are finance's record of that month:
        // deleting them is a campaign write like any other (409 month_closed; docs/decisions/0062).
        const months = await tx
          .selectDistinct({ month: sql<string>`to_char(${campaigns.date}, 'YYYY-MM-01')` })
          .from(campaigns)
          .where(eq(campaigns.creatorId, userId));
        await assertMonthsOpen(tx, { creatorId: userId, dates: months.map((row) => row.month) });
        await tx.delete(campaigns).where(eq(campaigns.creatorId, userId));
        await step("campaigns");
        await tx.delete(userNotes).where(eq(userNotes.userId, userId));
        await step("notes");
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        await step("notifications");
        await tx.delete(creativeRequests).where(eq(creativeRequests.userId, userId));
        await step("creative_requests");
        await tx.delete(offerAssignments).where(eq(offerAssignments.userId, userId));
        await step("offer_assignments");
        // Adjustments (no money moved: payouts were refused above) go with their statements; carried
        // pairs link only the buyer's own statements.
        await tx
          .delete(paymentAdjustments)
          .where(
            inArray(
              paymentAdjustments.statementId,
              tx
                .select({ id: paymentStatements.id })
                .from(paymentStatements)
                .where(eq(paymentStatements.userId, userId)),
            ),
          );
        await tx.delete(paymentStatements).where(eq(paymentStatements.userId, userId));
        await step("statements");
        // Sessions, accounts and commission settings go by cascade; buyers they led lose the lead.
        await tx.delete(users).where(eq(users.id, userId));
        await recordAuditEvent(tx, {
          action: "user.deleted",
          ...auditSource(actor),
          target: { type: "user", id: target.id },
          // The row is gone: the id still filters the trail; e-mail and name stay in the details.
          subjectUserId: target.id,
          details: { email: target.email, name: target.name, role: target.role },
        });
      });
    } catch (err) {
      // A payout recorded between the check and the delete: PostgreSQL and PGlite name it differently.
      if (isForeignKeyViolation(err)) throw hasPayouts();
      throw err;
    }
  }

  /** Ends every session of a user (admins): they sign in again on their next request. */
  async function revokeUserSessions({ actor, userId }: { actor: UsersActor; userId: string }) {
    if (actor !== "operator") assertCan(actor, "users:manage");
    return db.transaction(async (tx) => {
      const target = await lockUser(tx, userId);
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      await recordAuditEvent(tx, {
        action: "auth.sessions_revoked",
        ...auditSource(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
        details: { scope: "all", count: ended.length, by: actor === "operator" ? "operator" : "admin" },
      });
      return ended.length;
    });
  }

  /**
   * Turns off a user's two-factor sign-in (admins; a lost phone). The secret, the backup codes and
   * every pending verification of the user go (trusted devices, a sign-in half done, reset links),
   * so no browser skips the second step when they turn it on again. Their sessions stay; ending them
   * is a separate action. A role that requires two-factor sends them to set it up again.
   */
  async function disableUserTwoFactor({ actor, userId }: { actor: UsersActor; userId: string }) {
    if (actor !== "operator") assertCan(actor, "users:manage");
    await db.transaction(async (tx) => {
      const target = await lockUser(tx, userId);
      const [row] = await tx
        .select({ enabled: users.twoFactorEnabled })
        .from(users)
        .where(eq(users.id, userId));
      // A setup begun and never confirmed goes too; only turning off what was on is an event.
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
      if (!row?.enabled) return;
      await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
      await tx.delete(verifications).where(eq(verifications.value, userId));
      await recordAuditEvent(tx, {
        action: "auth.two_factor_disabled",
        ...auditSource(actor),
        target: { type: "user", id: target.id },
        subjectUserId: target.id,
        details: { by: actor === "operator" ? "operator" : "admin" },
      });
    });
  }

  return {
    revokeUserSessions,
    disableUserTwoFactor,
    deactivateUser,
    reactivateUser,
    setUserRole,
    setUserPassword,
    createUserWithInvite,
    findUserByEmail,
    listUsers,
    getUser,
    updateUser,
    deleteUser,
  };
}

const leads = aliasedTable(users, "leads");

function selectViews(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      managerId: users.managerId,
      managerName: leads.name,
      language: users.language,
      createdAt: users.createdAt,
      deactivatedAt: users.deactivatedAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .leftJoin(leads, eq(leads.id, users.managerId))
    .$dynamic();
}

function toView(
  row: {
    id: string;
    name: string;
    email: string;
    role: string;
    managerId: string | null;
    managerName: string | null;
    language: string | null;
    createdAt: Date;
    deactivatedAt: Date | null;
    twoFactorEnabled: boolean;
  },
  showTwoFactor: boolean,
): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    managerId: row.managerId,
    manager: row.managerId && row.managerName !== null ? { id: row.managerId, name: row.managerName } : null,
    language: row.language as Language | null,
    createdAt: row.createdAt.toISOString(),
    deactivatedAt: row.deactivatedAt ? row.deactivatedAt.toISOString() : null,
    // Who signs in without a second factor is the admins' business only.
    twoFactorEnabled: showTwoFactor ? row.twoFactorEnabled : null,
  };
}

function canManage(actor: UsersActor): boolean {
  return actor === "operator" || can(actor.role, "users:manage");
}

function scopeFor(actor: Actor): SQL {
  const scope = userReadScopeFor(actor.role);
  if (scope === "all") return sql`true`;
  if (scope === "team") return or(eq(users.id, actor.id), eq(users.managerId, actor.id)) as SQL;
  return actor.managerId ? (inArray(users.id, [actor.id, actor.managerId]) as SQL) : eq(users.id, actor.id);
}

/** Every campaign of these creators now belongs to `managerId`'s team (or to none). */
async function moveCampaignsToLead(tx: Tx, creatorIds: string[], managerId: string | null) {
  await tx
    .update(campaigns)
    .set({ managerId })
    .where(
      and(
        inArray(campaigns.creatorId, creatorIds),
        sql`${campaigns.managerId} is distinct from ${managerId}`,
      ),
    );
}

async function assertTeamLead(tx: Tx, managerId: string) {
  const [lead] = await tx.select({ role: users.role }).from(users).where(eq(users.id, managerId));
  if (!lead) throw new AppError("validation_failed", "Unknown team lead.", { managerId: "not_found" });
  if (!can(lead.role, "team:lead")) {
    throw new AppError("validation_failed", "The chosen lead is not a team lead.", {
      managerId: "not_a_team_lead",
    });
  }
}

const leadOnlyForBuyers = () =>
  new AppError("validation_failed", "Only buyers have a team lead.", { managerId: "lead_only_for_buyers" });

const hasPayouts = () =>
  conflict("has_payouts", "This user has recorded payouts and can only be deactivated.");

/** 23503 foreign_key_violation (PostgreSQL), 23001 restrict_violation; drizzle wraps the driver error. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "23503" || code === "23001") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export type UsersService = ReturnType<typeof createUsersService>;

// Every admin-changing write takes this lock first, so the last-admin check cannot race with a
// concurrent promotion or demotion (row locks alone miss rows that only become admin later).
async function lockAdmins(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('placar:admins'))`);
}

async function upsertCredential(tx: Tx, userId: string, passwordHash: string) {
  const updated = await tx
    .update(accounts)
    .set({ password: passwordHash })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
    });
  }
}

/** Who did it and from where: an admin over HTTP, or the operator at the server's command line. */
function auditSource(actor: UsersActor) {
  return actor === "operator" ? { actor: null, client: null } : auditSourceOf(actor);
}

function assertPassword(password: string) {
  if (password.length < passwordMinLength) {
    throw new AppError("validation_failed", `The password needs at least ${passwordMinLength} characters.`, {
      password: "password_too_short",
    });
  }
  if (password.length > passwordMaxLength) {
    throw new AppError(
      "validation_failed",
      `The password may have at most ${passwordMaxLength} characters.`,
      {
        password: "password_too_long",
      },
    );
  }
  if (isCommonPassword(password)) {
    throw new AppError("validation_failed", "This password is one of the most common ones; choose another.", {
      password: "password_too_common",
    });
  }
}

function assertPasswordWithoutEmail(password: string, email: string) {
  if (containsEmailLocalPart(password, email)) {
    throw new AppError(
      "validation_failed",
      "The password contains the e-mail address's name; choose another.",
      {
        password: "password_contains_email",
      },
    );
  }
}

function toSummary(row: {
  id: string;
  email: string;
  name: string;
  role: string;
  language: string | null;
  managerId: string | null;
  deactivatedAt: Date | null;
}): UserSummary {
  return {
    ...row,
    role: row.role as Role,
    language: row.language as Language | null,
  };
}

function requireRow<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the database returned no row");
  return value;
}
