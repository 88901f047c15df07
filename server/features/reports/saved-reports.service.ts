import { and, asc, eq, sql } from "drizzle-orm";
import type { SavedReport, SavedReportInput } from "../../../domain/schemas/pivot";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { savedReports } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { notFound } from "../../errors";
import { assertCan } from "../../permissions";

// Saved pivot views (issue 25, docs/decisions/0079): a report's URL query under a name, private to its
// owner. Saving under a name the owner already used replaces that view's query.

function toSavedReport(row: typeof savedReports.$inferSelect): SavedReport {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    createdAt: toIsoString(row.createdAt),
    updatedAt: toIsoString(row.updatedAt),
  };
}

export async function listSavedReports({ db, actor }: { db: Db; actor: Actor }): Promise<SavedReport[]> {
  assertCan(actor, "reports:save");
  const rows = await db
    .select()
    .from(savedReports)
    .where(eq(savedReports.userId, actor.id))
    .orderBy(asc(sql`lower(${savedReports.name})`), asc(savedReports.id));
  return rows.map(toSavedReport);
}

/** Saves a view; `created` tells a new name (201) from a replaced query (200). */
export async function saveReport({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: SavedReportInput;
}): Promise<{ report: SavedReport; created: boolean }> {
  assertCan(actor, "reports:save");
  // One statement, so two saves of the same name at once end as one row: xmax = 0 on an inserted row.
  const [row] = await db
    .insert(savedReports)
    .values({ userId: actor.id, name: input.name, query: input.query })
    .onConflictDoUpdate({
      target: [savedReports.userId, savedReports.name],
      set: { query: input.query, updatedAt: sql`now()` },
    })
    .returning({
      id: savedReports.id,
      userId: savedReports.userId,
      name: savedReports.name,
      query: savedReports.query,
      createdAt: savedReports.createdAt,
      updatedAt: savedReports.updatedAt,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error("saving a report returned no row");
  const { inserted, ...report } = row;
  return { report: toSavedReport(report), created: Boolean(inserted) };
}

/** Deletes the caller's own view; another user's id answers 404 like one that does not exist. */
export async function deleteSavedReport({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  assertCan(actor, "reports:save");
  const deleted = await db
    .delete(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, actor.id)))
    .returning({ id: savedReports.id });
  if (deleted.length === 0) throw notFound("Saved report");
}
