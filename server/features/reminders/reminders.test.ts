import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { openDatabase } from "../../db/client";
import { type CreatedUser, createCampaign, createUser } from "../../db/factories";
import { jobRuns, notifications } from "../../db/schema";
import { getNotificationHub } from "../notifications/notification-hub";
import type { NotificationEvent } from "../notifications/notifications.service";
import { runDueJobs, startScheduler } from "../schedule/scheduler";
import { sendMissingDayReminders } from "./reminders.service";

// Reminders of a day left empty (issue 26, docs/decisions/0088): at 10:00 in the workspace time
// zone (São Paulo, UTC−3, by default here), every active buyer with nothing logged yesterday gets
// one missing_day notification about that day; a repeated run, a second process or a catch-up adds
// nothing; the setting turns it off.

const timeZone = "America/Sao_Paulo";
// Everyone here existed long before the days the tests send reminders for.
const createdAt = new Date("2026-01-01T12:00:00Z");

let ctx: TestContext;
let admin: CreatedUser;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin", createdAt });
  adminCookie = await ctx.signIn(admin.email, admin.password);
});
afterAll(async () => ctx?.close());

async function remindersOf(userId: string) {
  return ctx.db
    .select({ metadata: notifications.metadata, read: notifications.read })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "missing_day")));
}

async function saveReminderSetting(remindMissingDays: boolean) {
  const response = await ctx.request("/api/settings", {
    method: "PUT",
    cookie: adminCookie,
    json: {
      reportingCurrency: "USD",
      defaultLanguage: "pt-BR",
      timezone: timeZone,
      notifications: { email: true, daily: false, weekly: false, monthly: false },
      backupFrequency: "monthly",
      retentionDays: 30,
      remindMissingDays,
    },
  });
  expect(response.status).toBe(200);
  expect((await response.json()).remindMissingDays).toBe(remindMissingDays);
}

describe("reminders of a day left empty", () => {
  it("reminds at 10:00 São Paulo time, not at 09:59, every buyer and team lead who logged nothing yesterday", async () => {
    const quiet = await createUser(ctx.db, { role: "user", createdAt });
    const busy = await createUser(ctx.db, { role: "user", createdAt });
    const lead = await createUser(ctx.db, { role: "manager", createdAt });
    const financial = await createUser(ctx.db, { role: "financial", createdAt });
    const gone = await createUser(ctx.db, { role: "user", createdAt, deactivatedAt: createdAt });
    // Created on the 23rd itself: they were not there on the 22nd.
    const newcomer = await createUser(ctx.db, { role: "user", createdAt: new Date("2026-11-23T04:00:00Z") });
    await createCampaign(ctx.db, { creatorId: busy.id, offerId: null, date: "2026-11-22" });
    // A row on another day does not count for the 22nd.
    await createCampaign(ctx.db, { creatorId: quiet.id, offerId: null, date: "2026-11-21" });

    // 12:59 UTC is 09:59 in São Paulo on the 23rd; 13:00 UTC is 10:00.
    expect(await runDueJobs(ctx.deps, new Date("2026-11-23T12:59:00Z"), {})).toEqual([]);
    expect(await remindersOf(quiet.id)).toEqual([]);
    expect(await runDueJobs(ctx.deps, new Date("2026-11-23T13:00:00Z"), {})).toEqual([
      "reminders:2026-11-23",
    ]);

    expect(await remindersOf(quiet.id)).toEqual([{ metadata: { day: "2026-11-22" }, read: false }]);
    expect(await remindersOf(lead.id)).toEqual([{ metadata: { day: "2026-11-22" }, read: false }]);
    for (const user of [busy, admin, financial, gone, newcomer])
      expect(await remindersOf(user.id)).toEqual([]);
    const [run] = await ctx.db.select().from(jobRuns).where(eq(jobRuns.key, "reminders:2026-11-23"));
    expect(run?.outcome).toBe("2 buyer(s) reminded");
  });

  it("sends one reminder per buyer and day however many times or processes run it", async () => {
    const quiet = await createUser(ctx.db, { role: "user", createdAt });
    // The job of the 24th, claimed once across three simultaneous ticks.
    const ticks = await Promise.all(
      [1, 2, 3].map(() => runDueJobs(ctx.deps, new Date("2026-11-24T13:05:00Z"), {})),
    );
    expect(ticks.flat()).toEqual(["reminders:2026-11-24"]);
    // Run again past the claim (a crash between the claim and the end, a second code path): nothing new.
    expect(await sendMissingDayReminders({ db: ctx.db, today: "2026-11-24", timeZone })).toBe(0);
    const again = await Promise.all(
      [1, 2].map(() => sendMissingDayReminders({ db: ctx.db, today: "2026-11-24", timeZone })),
    );
    expect(again).toEqual([0, 0]);
    expect(await remindersOf(quiet.id)).toEqual([{ metadata: { day: "2026-11-23" }, read: false }]);
    expect(await runDueJobs(ctx.deps, new Date("2026-11-24T20:00:00Z"), {})).toEqual([]);
  });

  it("catches up later the same day when no process was up at 10:00, and once it starts", async () => {
    const quiet = await createUser(ctx.db, { role: "user", createdAt });
    // 18:00 in São Paulo on the 25th, the first tick of a process started then.
    const stop = startScheduler(ctx.deps, {
      runner: {},
      intervalMs: 3_600_000,
      now: () => new Date("2026-11-25T21:00:00Z"),
    });
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [run] = await ctx.db.select().from(jobRuns).where(eq(jobRuns.key, "reminders:2026-11-25"));
        if (run?.finishedAt) break;
        if (Date.now() > deadline) throw new Error("no reminders run at start within 30 s");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await stop();
    }
    expect(await remindersOf(quiet.id)).toContainEqual({ metadata: { day: "2026-11-24" }, read: false });
    // Past midnight it is the 26th: the 25th's occasion is gone, the 26th's waits for 10:00.
    expect(await runDueJobs(ctx.deps, new Date("2026-11-26T03:30:00Z"), {})).toEqual([]);
  });

  it("delivers the reminder live to the buyer's open streams", async () => {
    const quiet = await createUser(ctx.db, { role: "user", createdAt });
    const hub = getNotificationHub(ctx.database, ctx.deps.logger);
    const received: NotificationEvent[] = [];
    // Notifications only: a refresh (postbacks) is another kind of event on the same stream.
    const unsubscribe = await hub.subscribe(quiet.id, (event) => {
      if (!("kind" in event)) received.push(event);
    });
    try {
      expect(await sendMissingDayReminders({ db: ctx.db, today: "2026-11-20", timeZone })).toBeGreaterThan(0);
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([
        expect.objectContaining({ userId: quiet.id, type: "missing_day", metadata: { day: "2026-11-19" } }),
      ]);
      // A repeated run stores nothing and announces nothing.
      await sendMissingDayReminders({ db: ctx.db, today: "2026-11-20", timeZone });
      await new Promise((r) => setTimeout(r, 200));
      expect(received).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it("sends nothing while an admin has turned reminders off, and again once turned on", async () => {
    const quiet = await createUser(ctx.db, { role: "user", createdAt });
    await saveReminderSetting(false);
    expect(await runDueJobs(ctx.deps, new Date("2026-11-27T13:00:00Z"), {})).toEqual([]);
    expect(await remindersOf(quiet.id)).toEqual([]);
    // Saving the other settings without the field keeps the choice.
    const untouched = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: adminCookie,
      json: {
        reportingCurrency: "USD",
        defaultLanguage: "pt-BR",
        timezone: timeZone,
        notifications: { email: true, daily: false, weekly: false, monthly: false },
        backupFrequency: "monthly",
        retentionDays: 30,
      },
    });
    expect((await untouched.json()).remindMissingDays).toBe(false);
    await saveReminderSetting(true);
    expect(await runDueJobs(ctx.deps, new Date("2026-11-27T14:00:00Z"), {})).toEqual([
      "reminders:2026-11-27",
    ]);
    expect(await remindersOf(quiet.id)).toEqual([{ metadata: { day: "2026-11-26" }, read: false }]);
  });

  it.runIf(process.env.PLACAR_TEST_DB === "postgres")(
    "lets two processes (two connection pools) racing past the claim store one reminder",
    async () => {
      const quiet = await createUser(ctx.db, { role: "user", createdAt });
      const second = await openDatabase({ kind: "postgres", url: ctx.database.url!, poolSize: 2 });
      try {
        const sent = await Promise.all([
          sendMissingDayReminders({ db: ctx.db, today: "2026-10-10", timeZone }),
          sendMissingDayReminders({ db: second.db, today: "2026-10-10", timeZone }),
        ]);
        expect(await remindersOf(quiet.id)).toEqual([{ metadata: { day: "2026-10-09" }, read: false }]);
        expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    },
  );
});
