import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { addDays, todayIn } from "../../../domain/periods";
import { can, rolesWith } from "../../../domain/permissions";
import { isLanguage } from "../../../domain/roles";
import type { Analytics } from "../../../domain/schemas/campaigns";
import type { WorkspaceSettings } from "../../../domain/schemas/settings";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor, AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { jobRuns, users } from "../../db/schema";
import { conflict } from "../../errors";
import { assertCan } from "../../permissions";
import { readWorkspaceSettings } from "../../workspace-settings";
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

type ReportDeps = Pick<AppDeps, "database" | "env" | "mailer" | "logger">;

type Delivery = { from: string; to: string; recipients: number; sent: number; failed: number };

/** Mails one summary to every active admin and financial user; counts what went out. */
async function deliverReport(input: {
  deps: ReportDeps;
  frequency: ReportFrequency;
  today: string;
  settings: WorkspaceSettings;
}): Promise<Delivery> {
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
      and(
        inArray(users.role, rolesWith("area:financial")),
        isNull(users.deactivatedAt),
        eq(users.banned, false),
      ),
    );
  let sent = 0;
  let failed = 0;
  for (const recipient of recipients) {
    const language = isLanguage(recipient.language) ? recipient.language : settings.defaultLanguage;
    const path = can(recipient.role, "area:admin") ? "/admin/analytics" : "/financial/analytics";
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
  return { from, to, recipients: recipients.length, sent, failed };
}

const describeDelivery = (frequency: ReportFrequency, d: Delivery) =>
  `${frequency} report ${d.from}..${d.to}: ${d.sent} sent${d.failed ? `, ${d.failed} failed` : ""}`;

/** Sends one scheduled summary; answers a line for the job log (job_runs.outcome). */
export async function sendScheduledReports(input: {
  deps: ReportDeps;
  frequency: ReportFrequency;
  today: string;
  settings: WorkspaceSettings;
}): Promise<string> {
  return describeDelivery(input.frequency, await deliverReport(input));
}

export type TestReportResult = {
  recipients: number;
  sent: number;
  failed: number;
  /** True when SMTP_URL is unset and the mails went to DATA_DIR/outbox instead. */
  outbox: boolean;
};

/**
 * "Send a test report now" (Settings): today's daily summary to the same recipients as the
 * schedule, at once. `key` comes from the screen, one per press: it is claimed in job_runs like a
 * scheduled occurrence (`report:test:<key>`), so a double click, a retry or the same request
 * reaching two processes sends once; the second answers 409 test_report_already_sent.
 */
export async function sendTestReport(input: {
  deps: ReportDeps;
  actor: Actor;
  key: string;
}): Promise<TestReportResult> {
  const { deps, actor } = input;
  assertCan(actor, "settings:manage");
  const db = deps.database.db;
  const jobKey = `report:test:${input.key}`;
  const claimed = await db
    .insert(jobRuns)
    .values({ key: jobKey })
    .onConflictDoNothing()
    .returning({ key: jobRuns.key });
  if (claimed.length !== 1)
    throw conflict("test_report_already_sent", "This test report was already sent (or is being sent).");
  const settings = await readWorkspaceSettings(db, deps.env.workspaceTimezone);
  let outcome = "test failed: interrupted";
  const finish = () =>
    db
      .update(jobRuns)
      .set({ finishedAt: sql`now()`, outcome: outcome.slice(0, 1000) })
      .where(eq(jobRuns.key, jobKey))
      .catch((err) => deps.logger.warn("test report outcome not recorded", { err }));
  let delivery: Delivery;
  try {
    delivery = await deliverReport({ deps, frequency: "daily", today: todayIn(settings.timezone), settings });
    outcome = `test: ${describeDelivery("daily", delivery)}`;
  } catch (error) {
    outcome = `test failed: ${error instanceof Error ? error.message : String(error)}`;
    await finish();
    throw error;
  }
  await finish();
  await recordAuditEvent(db, {
    action: "report.test_sent",
    outcome: delivery.failed === 0 ? "success" : "failure",
    ...auditSourceOf(actor),
    details: { recipients: delivery.recipients, sent: delivery.sent, failed: delivery.failed },
  });
  return {
    recipients: delivery.recipients,
    sent: delivery.sent,
    failed: delivery.failed,
    outbox: deps.mailer.transport === "outbox",
  };
}

/** The period a report covers, ending yesterday: the day, the 7 days, or the month so far. */
export function reportRange(frequency: ReportFrequency, today: string): { from: string; to: string } {
  const to = addDays(today, -1);
  if (frequency === "daily") return { from: to, to };
  if (frequency === "weekly") return { from: addDays(today, -7), to };
  return { from: `${to.slice(0, 7)}-01`, to };
}
