import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { can, rolesWith } from "../../../domain/permissions";
import type { Offer, OfferInput, OfferPatch, OfferStatus } from "../../../domain/schemas/offers";
import { auditSourceOf, describeChanges, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { campaigns, campaignTotals, offerAssignments, offers, users } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { AppError, conflict, notFound, unprocessable } from "../../errors";
import { assertCan } from "../../permissions";
import { grainOf } from "../../read/grains";
import { offerVisibleTo } from "../campaigns/campaigns.service";
import { createNotifications } from "../notifications/notifications.service";

// Offers and who may see them. Buyers and team leads see offers visible to all or assigned to them;
// financial staff and admins see all; only admins write.

type OfferRow = typeof offers.$inferSelect;

const offerAuditedFields = [
  "name",
  "description",
  "value",
  "currency",
  "casinoBrand",
  "payoutPerDeposit",
  "visibleToAll",
  "code",
] as const satisfies readonly (keyof OfferRow)[];

async function loadAssignees(db: DbOrTx, offerIds: string[]) {
  if (offerIds.length === 0) return new Map<string, Offer["assignedUsers"]>();
  const rows = await db
    .select({ offerId: offerAssignments.offerId, id: users.id, name: users.name, email: users.email })
    .from(offerAssignments)
    .innerJoin(users, eq(users.id, offerAssignments.userId))
    .where(inArray(offerAssignments.offerId, offerIds))
    .orderBy(users.name);
  const byOffer = new Map<string, Offer["assignedUsers"]>();
  for (const { offerId, ...user } of rows) {
    const list = byOffer.get(offerId) ?? [];
    list.push(user);
    byOffer.set(offerId, list);
  }
  return byOffer;
}

async function loadCampaignCounts(db: DbOrTx, offerIds: string[]) {
  if (offerIds.length === 0) return new Map<string, number>();
  // From the month × offer totals (docs/decisions/0042): a few rows per offer, not every campaign.
  const rows = await db
    .select({ offerId: campaignTotals.offerId, n: sql<number>`sum(${campaignTotals.campaigns})::int` })
    .from(campaignTotals)
    .where(and(eq(campaignTotals.grain, grainOf("monthOffer")), inArray(campaignTotals.offerId, offerIds)))
    .groupBy(campaignTotals.offerId);
  return new Map(rows.map((r) => [r.offerId!, r.n]));
}

async function toOffers(db: DbOrTx, actor: Actor, rows: OfferRow[]): Promise<Offer[]> {
  const privileged = can(actor.role, "offers:read-all");
  const ids = rows.map((r) => r.id);
  const [assignees, counts] = privileged
    ? await Promise.all([loadAssignees(db, ids), loadCampaignCounts(db, ids)])
    : [new Map<string, Offer["assignedUsers"]>(), new Map<string, number>()];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    value: row.value,
    currency: row.currency,
    casinoBrand: row.casinoBrand,
    payoutPerDeposit: row.payoutPerDeposit,
    visibleToAll: row.visibleToAll,
    code: row.code,
    createdAt: toIsoString(row.createdAt),
    archivedAt: row.archivedAt ? toIsoString(row.archivedAt) : null,
    assignedUsers: assignees.get(row.id) ?? [],
    campaignCount: counts.get(row.id) ?? 0,
  }));
}

function readScope(actor: Actor) {
  return can(actor.role, "offers:read-all") ? undefined : offerVisibleTo(actor.id);
}

const statusFilter = {
  active: isNull(offers.archivedAt),
  archived: isNotNull(offers.archivedAt),
  all: undefined,
} satisfies Record<OfferStatus, SQL | undefined>;

export async function listOffers({
  db,
  actor,
  status = "active",
}: {
  db: Db;
  actor: Actor;
  /** Pickers for new entries ask for the active ones; reports and filters for all (history). */
  status?: OfferStatus;
}): Promise<Offer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(and(readScope(actor), statusFilter[status]))
    .orderBy(desc(offers.createdAt), offers.name);
  return toOffers(db, actor, rows);
}

export async function getOffer({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<Offer> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), readScope(actor)));
  if (!row) throw notFound("Offer");
  return (await toOffers(db, actor, [row]))[0]!;
}

/** Active buyers (role user, not deactivated) who can see the offer in its current state. */
async function buyersWhoSee(tx: DbOrTx, offerId: string): Promise<Set<string>> {
  const [offer] = await tx
    .select({ visibleToAll: offers.visibleToAll })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!offer) return new Set();
  const active = and(inArray(users.role, rolesWith("offers:be-assigned")), isNull(users.deactivatedAt));
  const rows = offer.visibleToAll
    ? await tx.select({ id: users.id }).from(users).where(active)
    : await tx
        .select({ id: users.id })
        .from(offerAssignments)
        .innerJoin(users, eq(users.id, offerAssignments.userId))
        .where(and(eq(offerAssignments.offerId, offerId), active));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the assignment list; only buyers (role user) can be assigned. */
async function replaceAssignments(tx: DbOrTx, offerId: string, userIds: string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, unique), inArray(users.role, rolesWith("offers:be-assigned"))));
    if (found.length !== unique.length) {
      throw unprocessable("assignee_not_buyer", "Only existing buyers can be assigned to an offer.", {
        assignedUserIds: "assignee_not_buyer",
      });
    }
  }
  await tx.delete(offerAssignments).where(eq(offerAssignments.offerId, offerId));
  if (unique.length > 0)
    await tx.insert(offerAssignments).values(unique.map((userId) => ({ offerId, userId })));
}

/** Notifies buyers who see the offer now and did not before; answers who sees it now. */
async function notifyNewViewers(tx: DbOrTx, offer: OfferRow, before: Set<string>): Promise<Set<string>> {
  const after = await buyersWhoSee(tx, offer.id);
  const fresh = [...after].filter((id) => !before.has(id));
  await createNotifications(
    tx,
    fresh.map((userId) => ({
      userId,
      type: "new_offer" as const,
      metadata: {
        offerId: offer.id,
        offerName: offer.name,
        casino: offer.casinoBrand,
        depositValue: offer.payoutPerDeposit,
      },
    })),
  );
  return after;
}

/** Another offer has the code (case-insensitive, offers_code_unique): 409 offer_code_taken. */
function codeTaken(error: unknown): never {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "offers_code_unique")
      throw new AppError(
        "conflict",
        "Another offer has this code.",
        { code: "offer_code_taken" },
        "offer_code_taken",
      );
  }
  throw error;
}

export async function createOffer({ db, actor, input }: { db: Db; actor: Actor; input: OfferInput }) {
  assertCan(actor, "offers:manage");
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({
        name: input.name,
        description: input.description ?? null,
        value: input.value,
        currency: input.currency,
        casinoBrand: input.casinoBrand,
        payoutPerDeposit: input.payoutPerDeposit,
        visibleToAll: input.visibleToAll,
        code: input.code ?? null,
      })
      .returning()
      .catch(codeTaken);
    if (!input.visibleToAll) await replaceAssignments(tx, row!.id, input.assignedUserIds);
    await notifyNewViewers(tx, row!, new Set());
    await recordAuditEvent(tx, {
      action: "offer.created",
      ...auditSourceOf(actor),
      target: { type: "offer", id: row!.id },
      details: {
        name: row!.name,
        casinoBrand: row!.casinoBrand,
        value: row!.value,
        currency: row!.currency,
        payoutPerDeposit: row!.payoutPerDeposit,
        visibleToAll: row!.visibleToAll,
        ...(row!.visibleToAll ? {} : { assignedUserIds: input.assignedUserIds ?? [] }),
      },
    });
    return row!.id;
  });
  return getOffer({ db, actor, id });
}

export async function updateOffer({
  db,
  actor,
  id,
  patch,
}: {
  db: Db;
  actor: Actor;
  id: string;
  patch: OfferPatch;
}) {
  assertCan(actor, "offers:manage");
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(offers).where(eq(offers.id, id)).for("update");
    if (!current) throw notFound("Offer");
    const before = await buyersWhoSee(tx, id);
    const visibleToAll = patch.visibleToAll ?? current.visibleToAll;
    const [row] = await tx
      .update(offers)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description ?? null } : {}),
        ...(patch.value !== undefined ? { value: patch.value } : {}),
        ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
        ...(patch.casinoBrand !== undefined ? { casinoBrand: patch.casinoBrand } : {}),
        ...(patch.payoutPerDeposit !== undefined ? { payoutPerDeposit: patch.payoutPerDeposit } : {}),
        ...(patch.code !== undefined ? { code: patch.code } : {}),
        visibleToAll,
        updatedAt: new Date(),
      })
      .where(eq(offers.id, id))
      .returning()
      .catch(codeTaken);
    // 'Visible to all' clears the list; otherwise a given list replaces it.
    if (visibleToAll) await replaceAssignments(tx, id, []);
    else if (patch.assignedUserIds !== undefined) await replaceAssignments(tx, id, patch.assignedUserIds);
    const seeing = await notifyNewViewers(tx, row!, before);
    const changes = describeChanges(current, row!, offerAuditedFields);
    const audience =
      seeing.size !== before.size || [...seeing].some((userId) => !before.has(userId))
        ? { buyersWhoSee: { from: before.size, to: seeing.size } }
        : {};
    if (Object.keys(changes).length || Object.keys(audience).length) {
      await recordAuditEvent(tx, {
        action: "offer.updated",
        ...auditSourceOf(actor),
        target: { type: "offer", id },
        // The currency says what the value is in, when the screen formats it.
        details: { name: row!.name, currency: row!.currency, changes: { ...changes, ...audience } },
      });
    }
  });
  return getOffer({ db, actor, id });
}

/**
 * Deletes an offer nobody has logged figures for. One in use is refused (409 offer_in_use): the
 * admin archives it instead, so reports and history keep its name (docs/decisions/0098). The row
 * is locked first; a campaign insert takes a key-share lock on it, so none slips in between the
 * look and the delete.
 */
export async function deleteOffer({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  assertCan(actor, "offers:manage");
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, id)).for("update");
    if (!current) throw notFound("Offer");
    const [used] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.offerId, id))
      .limit(1);
    if (used) {
      throw conflict("offer_in_use", "Campaigns use this offer: archive it instead of deleting it.");
    }
    const [deleted] = await tx
      .delete(offers)
      .where(eq(offers.id, id))
      .returning({ id: offers.id, name: offers.name, casinoBrand: offers.casinoBrand });
    if (!deleted) throw notFound("Offer");
    await recordAuditEvent(tx, {
      action: "offer.deleted",
      ...auditSourceOf(actor),
      target: { type: "offer", id },
      details: { name: deleted.name, casinoBrand: deleted.casinoBrand },
    });
  });
}

/**
 * Archives (archived = true) or restores an offer. Archiving what is archived, or restoring what is
 * open, changes nothing and records nothing.
 */
export async function setOfferArchived({
  db,
  actor,
  id,
  archived,
}: {
  db: Db;
  actor: Actor;
  id: string;
  archived: boolean;
}): Promise<Offer> {
  assertCan(actor, "offers:manage");
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(offers).where(eq(offers.id, id)).for("update");
    if (!current) throw notFound("Offer");
    if ((current.archivedAt !== null) === archived) return;
    await tx
      .update(offers)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(offers.id, id));
    await recordAuditEvent(tx, {
      action: archived ? "offer.archived" : "offer.restored",
      ...auditSourceOf(actor),
      target: { type: "offer", id },
      details: { name: current.name, casinoBrand: current.casinoBrand },
    });
  });
  return getOffer({ db, actor, id });
}
