import { eq, sql } from "drizzle-orm";
import { todayIn } from "../../../domain/periods";
import type { WorkspaceSettings } from "../../../domain/schemas/settings";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { jobRuns } from "../../db/schema";
import { purgeExpiredIdempotencyKeys } from "../../idempotency";
import { readWorkspaceSettings } from "../../workspace-settings";
import { applyBackupRetention, failStaleBackups, runBackup } from "../backups/backups.service";
import { purgeExpiredImportPreviews } from "../imports/imports.service";
import { prunePostbackLog } from "../postbacks/postbacks.service";
import { sendMissingDayReminders } from "../reminders/reminders.service";
import { sendScheduledReports } from "../report-mails/report-mails.service";

// Scheduled jobs (docs/decisions/0021): every process ticks once a minute, works out which jobs
// are due in the workspace time zone, and claims each occurrence by inserting its key into
// job_runs. The insert succeeds in exactly one process, which runs the job; the others skip it.
// A job runs during its hour; if no process is up during that hour, that occurrence is skipped.
// Each tick also deletes import previews past their 30 minutes (docs/decisions/0038), and postback log
// entries past their thirteen months, a batch at a time (docs/decisions/0116).
// The reminders of a day left empty (docs/decisions/0088) are due from 10:00 to midnight rather than
// during one hour: a process that was down at 10:00 sends them when it comes back the same day.
// A process ticks once when it starts, so that catch-up does not wait for the first interval.

export const backupHour = 3;
export const reportHour = 7;
export const reminderHour = 10;

export type ScheduledJob =
  | { kind: "backup"; key: string }
  | { kind: "report"; key: string; frequency: "daily" | "weekly" | "monthly"; today: string }
  | { kind: "reminders"; key: string; today: string };

/** The local date, hour and ISO weekday (1 = Monday) of an instant in a time zone. */
export function readLocalClock(timeZone: string, now: Date): { date: string; hour: number; weekday: number } {
  const date = todayIn(timeZone, now);
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(now),
  );
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
  return { date, hour, weekday };
}

/** Which jobs are due at `now` under these settings (pure; the claim decides who runs them). */
export function listDueJobs(settings: WorkspaceSettings, now: Date): ScheduledJob[] {
  const { date, hour, weekday } = readLocalClock(settings.timezone, now);
  const firstOfMonth = date.endsWith("-01");
  const jobs: ScheduledJob[] = [];
  if (hour === backupHour) {
    const due =
      settings.backupFrequency === "daily" ||
      (settings.backupFrequency === "weekly" && weekday === 1) ||
      (settings.backupFrequency === "monthly" && firstOfMonth);
    if (due) jobs.push({ kind: "backup", key: `backup:${settings.backupFrequency}:${date}` });
  }
  if (hour === reportHour && settings.notifications.email) {
    if (settings.notifications.daily)
      jobs.push({ kind: "report", frequency: "daily", today: date, key: `report:daily:${date}` });
    if (settings.notifications.weekly && weekday === 1)
      jobs.push({ kind: "report", frequency: "weekly", today: date, key: `report:weekly:${date}` });
    if (settings.notifications.monthly && firstOfMonth)
      jobs.push({ kind: "report", frequency: "monthly", today: date, key: `report:monthly:${date}` });
  }
  if (hour >= reminderHour && settings.remindMissingDays)
    jobs.push({ kind: "reminders", today: date, key: `reminders:${date}` });
  return jobs;
}

/** Claims one occurrence of a job; true in exactly one of the processes that try. */
export async function claimJob(db: Db, key: string): Promise<boolean> {
  const rows = await db.insert(jobRuns).values({ key }).onConflictDoNothing().returning({ key: jobRuns.key });
  return rows.length === 1;
}

async function finishJob(db: Db, key: string, outcome: string) {
  await db
    .update(jobRuns)
    .set({ finishedAt: sql`now()`, outcome: outcome.slice(0, 1000) })
    .where(eq(jobRuns.key, key));
}

export type JobRunner = {
  report?: (input: {
    frequency: "daily" | "weekly" | "monthly";
    today: string;
    settings: WorkspaceSettings;
  }) => Promise<string>;
};

/** Runs what is due now and not yet claimed by any process; answers the keys this process ran. */
export async function runDueJobs(deps: AppDeps, now: Date, runner?: JobRunner): Promise<string[]> {
  const db = deps.database.db;
  const jobs: JobRunner = runner ?? {
    report: (input) => sendScheduledReports({ deps, ...input }),
  };
  // Housekeeping every tick, in whichever processes tick: deleting what expired is idempotent.
  await purgeExpiredImportPreviews(db).catch((err) =>
    deps.logger.warn("expired import previews not purged", { err }),
  );
  await purgeExpiredIdempotencyKeys(db).catch((err) =>
    deps.logger.warn("expired idempotency keys not purged", { err }),
  );
  await prunePostbackLog({ db, now }).catch((err) =>
    deps.logger.warn("old postback log entries not pruned", { err }),
  );
  const settings = await readWorkspaceSettings(db, deps.env.workspaceTimezone);
  const ran: string[] = [];
  for (const job of listDueJobs(settings, now)) {
    if (job.kind === "report" && !jobs.report) continue;
    if (!(await claimJob(db, job.key))) continue;
    ran.push(job.key);
    try {
      if (job.kind === "backup") {
        const backup = await runBackup({ ...deps, trigger: "scheduled" });
        const removed = await applyBackupRetention({
          db,
          env: deps.env,
          retentionDays: settings.retentionDays,
          now,
        });
        await finishJob(db, job.key, `${backup.status}; ${removed} old backup(s) removed`);
      } else if (job.kind === "reminders") {
        const sent = await sendMissingDayReminders({ db, today: job.today, timeZone: settings.timezone });
        await finishJob(db, job.key, `${sent} buyer(s) reminded`);
      } else if (jobs.report) {
        await finishJob(
          db,
          job.key,
          await jobs.report({ frequency: job.frequency, today: job.today, settings }),
        );
      }
    } catch (error) {
      deps.logger.error("scheduled job failed", { err: error, job: job.key });
      await finishJob(db, job.key, `failed: ${error instanceof Error ? error.message : String(error)}`).catch(
        () => {},
      );
    }
  }
  return ran;
}

/**
 * Starts the tick (every env.schedulerTickMs, a minute in production) in a server process;
 * answers a function that stops it. Without a runner the real jobs run: report e-mails included
 * (an empty runner here once skipped every report, issue 27).
 */
export function startScheduler(
  deps: AppDeps,
  options: { runner?: JobRunner; intervalMs?: number; now?: () => Date } = {},
): () => Promise<void> {
  const { runner, intervalMs = deps.env.schedulerTickMs, now = () => new Date() } = options;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return; // a long backup is still going: never overlap
    running = runDueJobs(deps, now(), runner)
      .catch((err) => deps.logger.error("scheduler tick failed", { err }))
      .finally(() => {
        running = null;
      });
  };
  void failStaleBackups(deps.database).catch((err) => deps.logger.warn("stale backup check failed", { err }));
  // A first tick now: what is due (today's reminders after a restart past 10:00) does not wait.
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
