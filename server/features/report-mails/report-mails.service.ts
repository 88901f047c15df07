import { and, eq, inArray, isNull } from "drizzle-orm";
import { addDays } from "../../../domain/periods";
import { isLanguage } from "../../../domain/roles";
import type { Analytics } from "../../../domain/schemas/campaigns";
import type { WorkspaceSettings } from "../../../domain/schemas/settings";
import type { Actor, AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { getAnalytics } from "../analytics/analytics.service";
import { type ReportFrequency, renderReportMail } from "./report-mails.templates";

// Scheduled summaries for admins and financial staff (issue 8). The numbers come from the same
// analytics service as the screens, over the whole workspace.

/** The workspace-wide view the reports are computed with (never a real session). */
const reportActor: Actor = {
  id: "system:reports",
  email: "",
  name: "Placar",
  role: "admin",
  managerId: null,
  language: null,
};

export async function buildReportAnalytics(input: {
  db: Db;
  frequency: ReportFrequency;
  today: string;
  timeZone: string;
}): Promise<{ from: string; to: string; analytics: Analytics }> {
  const { from, to } = reportRange(input.frequency, input.today);
  const analytics = await getAnalytics({
    db: input.db,
    actor: reportActor,
    query: { from, to },
    timeZone: input.timeZone,
  });
  return { from, to, analytics };
}

/** Sends one summary to every active admin and financial user; answers a line for the job log. */
export async function sendScheduledReports(input: {
  deps: Pick<AppDeps, "database" | "env" | "mailer" | "logger">;
  frequency: ReportFrequency;
  today: string;
  settings: WorkspaceSettings;
}): Promise<string> {
  const { deps, frequency, today, settings } = input;
  const db = deps.database.db;
  const { from, to, analytics } = await buildReportAnalytics({
    db,
    frequency,
    today,
    timeZone: settings.timezone,
  });
  const recipients = await db
    .select({ id: users.id, email: users.email, role: users.role, language: users.language })
    .from(users)
    .where(
      and(inArray(users.role, ["admin", "financial"]), isNull(users.deactivatedAt), eq(users.banned, false)),
    );
  let sent = 0;
  let failed = 0;
  for (const recipient of recipients) {
    const language = isLanguage(recipient.language) ? recipient.language : settings.defaultLanguage;
    const path = recipient.role === "admin" ? "/admin/analytics" : "/financial/analytics";
    const mail = renderReportMail({
      language,
      frequency,
      analytics,
      from,
      to,
      currency: settings.reportingCurrency,
      url: `${deps.env.appUrl}${path}`,
    });
    try {
      await deps.mailer.send({ to: recipient.email, ...mail });
      sent += 1;
    } catch (err) {
      failed += 1;
      deps.logger.warn("report mail failed", { err, userId: recipient.id, frequency });
    }
  }
  return `${frequency} report ${from}..${to}: ${sent} sent${failed ? `, ${failed} failed` : ""}`;
}

/** The period a report covers, ending yesterday: the day, the 7 days, or the month so far. */
export function reportRange(frequency: ReportFrequency, today: string): { from: string; to: string } {
  const to = addDays(today, -1);
  if (frequency === "daily") return { from: to, to };
  if (frequency === "weekly") return { from: addDays(today, -7), to };
  return { from: `${to.slice(0, 7)}-01`, to };
}
