import { and, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import { addDays } from "../../../domain/periods";
import { rolesWith } from "../../../domain/permissions";
import type { Db } from "../../db/client";
import { campaigns, users } from "../../db/schema";
import { createNotifications } from "../notifications/notifications.service";

// Reminders of a day left empty (issue 26, docs/decisions/0088): at 10:00 in the workspace time
// zone the scheduler calls this once a day; every active buyer (someone who logs their own
// campaigns: the buyer area) with nothing logged yesterday gets a `missing_day` notification with
// { day }, rendered in the reader's language and delivered live like every notification. The
// unique index per user and day makes a repeated run (a second process, a catch-up after a
// restart) insert nothing. A buyer created today was not there yesterday and is left alone.

/** Sends today's reminders (about yesterday); answers how many buyers were reminded now. */
export async function sendMissingDayReminders({
  db,
  today,
  timeZone,
}: {
  db: Db;
  today: string;
  timeZone: string;
}): Promise<number> {
  const day = addDays(today, -1);
  return db.transaction(async (tx) => {
    const buyers = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.role, rolesWith("area:buyer")),
          isNull(users.deactivatedAt),
          sql`(${users.createdAt} at time zone ${timeZone})::date < ${today}::date`,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(campaigns)
              .where(and(eq(campaigns.creatorId, users.id), eq(campaigns.date, day))),
          ),
        ),
      );
    const sent = await createNotifications(
      tx,
      buyers.map((buyer) => ({ userId: buyer.id, type: "missing_day" as const, metadata: { day } })),
      { skipDuplicates: true },
    );
    return sent;
  });
}
