import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { openDatabase } from "../../db/client";
import { createUser } from "../../db/factories";
import { backups, importPreviews } from "../../db/schema";
import { buildDefaultSettings } from "../../workspace-settings";
import { reportRange } from "../report-mails/report-mails.service";
import { listDueJobs, readLocalClock, runDueJobs } from "./scheduler";

let ctx: TestContext;
const backupDir = mkdtempSync(path.join(os.tmpdir(), "placar-scheduled-"));

beforeAll(async () => {
  ctx = await createTestContext({ env: { BACKUP_DIR: backupDir } });
});
afterAll(async () => {
  await ctx?.close();
  await rm(backupDir, { recursive: true, force: true });
});

// 2026-11-23 is a Monday; 06:30 UTC is 03:30 in São Paulo (UTC−3).
const mondayAtThree = new Date("2026-11-23T06:30:00Z");

describe("scheduled jobs", () => {
  it("reads the workspace clock", () => {
    expect(readLocalClock("America/Sao_Paulo", mondayAtThree)).toEqual({
      date: "2026-11-23",
      hour: 3,
      weekday: 1,
    });
    expect(readLocalClock("Asia/Tokyo", mondayAtThree)).toEqual({ date: "2026-11-23", hour: 15, weekday: 1 });
  });

  it("plans backups and reports by frequency, hour and time zone", () => {
    const settings = buildDefaultSettings("America/Sao_Paulo");
    expect(listDueJobs(settings, mondayAtThree)).toEqual([
      { kind: "backup", key: "backup:daily:2026-11-23" },
    ]);
    expect(listDueJobs({ ...settings, backupFrequency: "monthly" }, mondayAtThree)).toEqual([]);
    expect(listDueJobs({ ...settings, backupFrequency: "weekly" }, mondayAtThree)).toHaveLength(1);
    // 15:30 in Tokyo: no backup; the day's reminders are due from 10:00 (docs/decisions/0088).
    expect(listDueJobs({ ...settings, timezone: "Asia/Tokyo" }, mondayAtThree)).toEqual([
      { kind: "reminders", key: "reminders:2026-11-23", today: "2026-11-23" },
    ]);
    expect(
      listDueJobs({ ...settings, timezone: "Asia/Tokyo", remindMissingDays: false }, mondayAtThree),
    ).toEqual([]);
    const reports = { email: true, daily: true, weekly: true, monthly: true };
    const atSeven = new Date("2026-11-23T10:05:00Z");
    expect(listDueJobs({ ...settings, notifications: reports }, atSeven).map((j) => j.key)).toEqual([
      "report:daily:2026-11-23",
      "report:weekly:2026-11-23",
    ]);
    expect(listDueJobs({ ...settings, notifications: { ...reports, email: false } }, atSeven)).toEqual([]);
    expect(reportRange("daily", "2026-11-23")).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(reportRange("weekly", "2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(reportRange("monthly", "2026-12-01")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  });

  it("deletes import previews past their 30 minutes on every tick", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    const other = await createUser(ctx.db, { role: "user" });
    const preview = (actorId: string, minutes: number) => ({
      actorId,
      userId: actorId,
      fileName: "a.csv",
      headers: [],
      mapping: {},
      ready: true,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    await ctx.db.insert(importPreviews).values([preview(buyer.id, -1), preview(other.id, 29)]);
    await runDueJobs(ctx.deps, new Date("2026-11-23T12:00:00Z"), {});
    expect(await ctx.db.select().from(importPreviews).where(eq(importPreviews.actorId, buyer.id))).toEqual(
      [],
    );
    expect(
      await ctx.db.select().from(importPreviews).where(eq(importPreviews.actorId, other.id)),
    ).toHaveLength(1);
  });

  it("runs each occurrence once even when several processes tick at the same time", async () => {
    const ticks = await Promise.all([1, 2, 3].map(() => runDueJobs(ctx.deps, mondayAtThree)));
    expect(ticks.flat()).toEqual(["backup:daily:2026-11-23"]);
    expect(await runDueJobs(ctx.deps, new Date("2026-11-23T06:59:00Z"))).toEqual([]);
    const rows = await ctx.db.select().from(backups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ trigger: "scheduled", status: "success", createdBy: null });
  });

  it.runIf(process.env.PLACAR_TEST_DB === "postgres")(
    "lets one of two processes (two connection pools) run a job",
    async () => {
      const second = await openDatabase({ kind: "postgres", url: ctx.database.url!, poolSize: 2 });
      try {
        const tuesdayAtThree = new Date("2026-11-24T06:10:00Z");
        const ticks = await Promise.all([
          runDueJobs(ctx.deps, tuesdayAtThree),
          runDueJobs({ ...ctx.deps, database: second }, tuesdayAtThree),
        ]);
        expect(ticks.flat()).toEqual(["backup:daily:2026-11-24"]);
      } finally {
        await second.close();
      }
    },
  );
});
