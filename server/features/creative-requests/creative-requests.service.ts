import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { todayIn } from "../../../domain/periods";
import { can, rolesWith } from "../../../domain/permissions";
import type {
  CreativeRequest,
  CreativeRequestInput,
  CreativeRequestPatch,
} from "../../../domain/schemas/creative-requests";
import type { Actor } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { creativeRequests, users } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { AppError, notFound } from "../../errors";
import { assertCan } from "../../permissions";
import { createNotifications } from "../notifications/notifications.service";

// Creative requests: buyers (and team leads) file them, admins work them. Filing notifies every
// admin; a status change notifies the requester. Both in the same transaction as the change.

function selectRequests(db: DbOrTx) {
  return db
    .select({ request: creativeRequests, userName: users.name, userEmail: users.email })
    .from(creativeRequests)
    .innerJoin(users, eq(users.id, creativeRequests.userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRequests>["where"]>>[number];

function toCreativeRequest({ request, userName, userEmail }: Row): CreativeRequest {
  return {
    id: request.id,
    userId: request.userId,
    type: request.type,
    format: request.format,
    deadline: request.deadline,
    description: request.description,
    status: request.status,
    adminNotes: request.adminNotes,
    createdAt: toIsoString(request.createdAt),
    updatedAt: toIsoString(request.updatedAt),
    user: { id: request.userId, name: userName, email: userEmail },
  };
}

/** Own requests for buyers and team leads, all for admins; newest first. */
export async function listCreativeRequests({
  db,
  actor,
}: {
  db: Db;
  actor: Actor;
}): Promise<CreativeRequest[]> {
  if (can(actor.role, "creative-requests:manage")) {
    return (await selectRequests(db).orderBy(desc(creativeRequests.createdAt))).map(toCreativeRequest);
  }
  assertCan(actor, "creative-requests:create");
  const rows = await selectRequests(db)
    .where(eq(creativeRequests.userId, actor.id))
    .orderBy(desc(creativeRequests.createdAt));
  return rows.map(toCreativeRequest);
}

export async function createCreativeRequest({
  db,
  actor,
  input,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  input: CreativeRequestInput;
  timeZone: string;
  now?: Date;
}): Promise<CreativeRequest> {
  assertCan(actor, "creative-requests:create");
  if (input.deadline < todayIn(timeZone, now)) {
    throw new AppError("validation_failed", "The deadline is in the past.", { deadline: "date_in_past" });
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(creativeRequests)
      .values({ userId: actor.id, ...input })
      .returning({ id: creativeRequests.id });
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, rolesWith("creative-requests:manage")), isNull(users.deactivatedAt)));
    await createNotifications(
      tx,
      admins.map((admin) => ({
        userId: admin.id,
        type: "creative_request" as const,
        metadata: {
          requestId: row!.id,
          requestType: input.type,
          requestFormat: input.format,
          requesterId: actor.id,
          requesterName: actor.name,
        },
      })),
    );
    return row!.id;
  });
  const [created] = await selectRequests(db).where(eq(creativeRequests.id, id));
  return toCreativeRequest(created!);
}

export async function updateCreativeRequest({
  db,
  actor,
  id,
  patch,
}: {
  db: Db;
  actor: Actor;
  id: string;
  patch: CreativeRequestPatch;
}): Promise<CreativeRequest> {
  assertCan(actor, "creative-requests:manage");
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(creativeRequests)
      .where(eq(creativeRequests.id, id))
      .for("update");
    if (!current) throw notFound("Creative request");
    const notes = patch.adminNotes === undefined ? current.adminNotes : patch.adminNotes?.trim() || null;
    await tx
      .update(creativeRequests)
      .set({ status: patch.status, adminNotes: notes, updatedAt: new Date() })
      .where(eq(creativeRequests.id, id));
    if (patch.status !== current.status) {
      await createNotifications(tx, [
        {
          userId: current.userId,
          type: "creative_request_status",
          metadata: {
            requestId: id,
            requestType: current.type,
            status: patch.status,
            previousStatus: current.status,
          },
        },
      ]);
    }
  });
  const [updated] = await selectRequests(db).where(eq(creativeRequests.id, id));
  return toCreativeRequest(updated!);
}
