import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEvent, AuditPage } from "../../../domain/schemas/audit";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  type CreatedUser,
  createCampaign,
  createOffer,
  createStatement,
  createUser,
} from "../../db/factories";
import { auditEvents, payouts } from "../../db/schema";

// The audit trail (issue 10): which actions leave an event, with who, from where and old → new
// values; a refused change leaves none; GET /api/audit filters and pages for admins only.

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
let buyer: CreatedUser;
let lead: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  financial = await createUser(ctx.db, { role: "financial" });
  buyer = await createUser(ctx.db, { role: "user" });
  lead = await createUser(ctx.db, { role: "manager" });
  for (const user of [admin, financial, buyer, lead])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

async function latest(action: string, where: { subjectUserId?: string; targetId?: string } = {}) {
  const [row] = await ctx.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        where.subjectUserId ? eq(auditEvents.subjectUserId, where.subjectUserId) : undefined,
        where.targetId ? eq(auditEvents.targetId, where.targetId) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

async function countEvents() {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
  return Number(row?.n ?? 0);
}

async function readTrail(query: string, user = admin): Promise<AuditPage> {
  const response = await ctx.request(`/api/audit?${query}`, { cookie: as(user) });
  expect(response.status).toBe(200);
  return response.json();
}

describe("the audit trail records", () => {
  it("sign-in successes and failures, with the address tried and the account it belongs to", async () => {
    const person = await createUser(ctx.db, { role: "user" });
    const wrong = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      ip: "203.0.113.7",
      json: { email: person.email, password: "not-the-password" },
    });
    expect(wrong.status).toBe(401);
    const failure = await latest("auth.sign_in", { subjectUserId: person.id });
    expect(failure).toMatchObject({
      outcome: "failure",
      actorId: null,
      ipAddress: "203.0.113.7",
      details: { factor: "password", email: person.email, reason: "INVALID_EMAIL_OR_PASSWORD" },
    });

    await ctx.signIn(person.email, person.password);
    const [success] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "auth.sign_in"),
          eq(auditEvents.actorId, person.id),
          eq(auditEvents.outcome, "success"),
        ),
      );
    expect(success).toMatchObject({ actorEmail: person.email, details: { factor: "password" } });
  });

  it("cleans what an attacker types: no control characters reach a stored field", async () => {
    const forged = "eve@example.com\n2026-11-25 admin signed in\u202e";
    await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: forged, password: "whatever-123" },
      headers: { "user-agent": "curl\u0007\u001b[31m red" },
    });
    const rows = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "auth.sign_in"))
      .orderBy(desc(auditEvents.id))
      .limit(5);
    const stored = rows.find((row) => String(row.details.email ?? "").startsWith("eve@example.com"));
    expect(stored).toBeDefined();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence.
    const control = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/;
    expect(String(stored?.details.email)).not.toMatch(control);
    expect(String(stored?.userAgent)).not.toMatch(control);
  });

  it("sign-out, reset requests and resets", async () => {
    const person = await createUser(ctx.db, { role: "user" });
    const cookie = await ctx.signIn(person.email, person.password);
    expect((await ctx.request("/api/auth/sign-out", { method: "POST", cookie, json: {} })).status).toBe(200);
    expect(await latest("auth.sign_out")).toMatchObject({ actorId: person.id });

    const before = ctx.outbox.length;
    await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: person.email, redirectTo: "/reset-password" },
    });
    expect(await latest("auth.password_reset_requested", { subjectUserId: person.id })).toMatchObject({
      actorId: null,
      details: { email: person.email, knownAccount: true },
    });
    const mail = ctx.outbox.slice(before).find((m) => m.to === person.email);
    const token = /\/reset-password\?token=([^\s&]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { token: decodeURIComponent(token!), newPassword: "a-brand-new-passphrase-9" },
    });
    expect(reset.status).toBe(200);
    expect(await latest("auth.password_reset", { subjectUserId: person.id })).toMatchObject({
      outcome: "success",
      actorId: person.id,
      details: { revokedOtherSessions: true },
    });
  });

  it("role and team changes with old and new values, from the admin's address", async () => {
    const person = await createUser(ctx.db, { role: "user" });
    const response = await ctx.request(`/api/users/${person.id}`, {
      method: "PATCH",
      cookie: as(admin),
      ip: "198.51.100.23",
      json: { managerId: lead.id },
    });
    expect(response.status).toBe(200);
    expect(await latest("user.team_changed", { subjectUserId: person.id })).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      ipAddress: "198.51.100.23",
      targetType: "user",
      targetId: person.id,
      details: { managerId: { from: null, to: lead.id } },
    });

    await ctx.request(`/api/users/${person.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { role: "financial" },
    });
    expect(await latest("user.role_changed", { subjectUserId: person.id })).toMatchObject({
      details: { role: { from: "user", to: "financial" } },
    });
    // The lead went with the role change: that is a team change too.
    expect(await latest("user.team_changed", { subjectUserId: person.id })).toMatchObject({
      details: { managerId: { from: lead.id, to: null } },
    });
  });

  it("deactivations and deletions, naming the user after the row is gone", async () => {
    const leaving = await createUser(ctx.db, { role: "user" });
    expect(
      (await ctx.request(`/api/users/${leaving.id}/deactivate`, { method: "POST", cookie: as(admin) }))
        .status,
    ).toBe(200);
    expect(await latest("user.deactivated", { subjectUserId: leaving.id })).toMatchObject({
      actorId: admin.id,
      details: { email: leaving.email },
    });
    const gone = await createUser(ctx.db, { role: "user" });
    expect((await ctx.request(`/api/users/${gone.id}`, { method: "DELETE", cookie: as(admin) })).status).toBe(
      204,
    );
    expect(await latest("user.deleted", { subjectUserId: gone.id })).toMatchObject({
      details: { email: gone.email, name: gone.name, role: "user" },
    });
    const page = await readTrail(`userId=${gone.id}&action=user.deleted`);
    expect(page.items[0]).toMatchObject({ subject: { id: gone.id, name: null } });
  });

  it("offer creation, each changed field, and deletion", async () => {
    const created = await ctx.request("/api/offers", {
      method: "POST",
      cookie: as(admin),
      json: {
        name: "Audit Casino",
        value: "1000",
        currency: "BRL",
        casinoBrand: "Audit",
        payoutPerDeposit: "40",
        visibleToAll: true,
      },
    });
    expect(created.status).toBe(201);
    const offer = (await created.json()) as { id: string };
    expect(await latest("offer.created", { targetId: offer.id })).toMatchObject({
      details: { name: "Audit Casino", payoutPerDeposit: "40.00", visibleToAll: true },
    });
    await ctx.request(`/api/offers/${offer.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { payoutPerDeposit: "45.50", name: "Audit Casino" },
    });
    const updated = await latest("offer.updated", { targetId: offer.id });
    expect(updated?.details).toEqual({
      name: "Audit Casino",
      currency: "BRL",
      changes: { payoutPerDeposit: { from: "40.00", to: "45.50" } },
    });
    await ctx.request(`/api/offers/${offer.id}`, { method: "DELETE", cookie: as(admin) });
    expect(await latest("offer.deleted", { targetId: offer.id })).toMatchObject({
      details: { name: "Audit Casino" },
    });
  });

  it("every payment action and commission settings, about the buyer", async () => {
    const payee = await createUser(ctx.db, { role: "user" });
    // A month that has ended, whose campaigns owe 300.00 (profit 1000, ROI 33% → 30%): closing a
    // statement recalculates it from its campaigns first.
    await createCampaign(ctx.db, {
      creatorId: payee.id,
      date: "2025-01-15",
      spent: "3000.00",
      depositPayment: "4000.00",
    });
    const statement = await createStatement(ctx.db, {
      userId: payee.id,
      periodStart: "2025-01-01",
      amountDue: "300.00",
    });
    const call = (action: string, json?: unknown) =>
      ctx.request(`/api/payments/${statement.id}/${action}`, {
        method: "POST",
        cookie: as(financial),
        ...(json ? { json } : {}),
      });
    expect((await call("process")).status).toBe(200);
    expect(await latest("payment.processed", { subjectUserId: payee.id })).toMatchObject({
      actorId: financial.id,
      targetType: "statement",
      targetId: statement.id,
      details: { amountDue: "300.00", status: { from: "pending", to: "processing" } },
    });
    expect((await call("confirm")).status).toBe(200);
    expect(await latest("payment.confirmed", { subjectUserId: payee.id })).toMatchObject({
      details: { status: { from: "processing", to: "paid" } },
    });

    const saved = await ctx.request(`/api/commission-settings/${payee.id}`, {
      method: "PUT",
      cookie: as(financial),
      json: {
        modelType: "simple",
        baseCommissionRate: "25",
        highRoiCommissionRate: "35",
        roiThreshold: "50",
        tieredRoiThreshold: "50",
        minimumMonthlyRevenue: "0",
        revenueTiers: [
          { minRevenue: "0", maxRevenue: null, commissionBelowRoi: "20", commissionAboveRoi: "30" },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const settings = await latest("commission_settings.updated", { subjectUserId: payee.id });
    expect(settings?.details).toMatchObject({
      firstSave: true,
      changes: { baseCommissionRate: { from: "30", to: "25.00" } },
    });
  });

  it("personal tokens by their prefix, never their secret", async () => {
    const created = await ctx.request("/api/tokens", {
      method: "POST",
      cookie: as(buyer),
      json: { name: "Keitaro sync" },
    });
    expect(created.status).toBe(201);
    const token = (await created.json()) as { id: string; token: string; prefix: string };
    const event = await latest("token.created", { targetId: token.id });
    expect(event).toMatchObject({
      actorId: buyer.id,
      details: { name: "Keitaro sync", prefix: token.prefix },
    });
    expect(JSON.stringify(event)).not.toContain(token.token);
    await ctx.request(`/api/tokens/${token.id}`, { method: "DELETE", cookie: as(buyer) });
    expect(await latest("token.revoked", { targetId: token.id })).toMatchObject({ actorId: buyer.id });
  });

  it("refused calls, with the caller, the call and its address", async () => {
    const refused = await ctx.request("/api/audit", { cookie: as(buyer), ip: "192.0.2.44" });
    expect(refused.status).toBe(403);
    const [denied] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "access.denied"), eq(auditEvents.actorId, buyer.id)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(denied).toMatchObject({
      outcome: "failure",
      ipAddress: "192.0.2.44",
      details: { method: "GET", path: "/api/audit", code: "forbidden", role: "user" },
    });
  });

  it("nothing for a save that changed nothing, on every audited write path", async () => {
    const payee = await createUser(ctx.db, { role: "user" });
    const offer = await createOffer(ctx.db, { payoutPerDeposit: "40.00", value: "100.00" });
    const commission = {
      modelType: "tiered",
      baseCommissionRate: "25",
      highRoiCommissionRate: "35",
      roiThreshold: "50",
      tieredRoiThreshold: "30",
      minimumMonthlyRevenue: "4000",
      revenueTiers: [
        { minRevenue: "0", maxRevenue: "4000", commissionBelowRoi: "0", commissionAboveRoi: "0" },
        { minRevenue: "4000", maxRevenue: null, commissionBelowRoi: "10", commissionAboveRoi: "15.5" },
      ],
    };
    const putCommission = (body: object) =>
      ctx.request(`/api/commission-settings/${payee.id}`, { method: "PUT", cookie: as(admin), json: body });
    expect((await putCommission(commission)).status).toBe(200);
    const settings = (await (await ctx.request("/api/settings", { cookie: as(admin) })).json()) as Record<
      string,
      unknown
    >;
    const statement = await createStatement(ctx.db, {
      userId: payee.id,
      periodStart: "2025-02-01",
      amountDue: "100.00",
      // Frozen: a pending one is recalculated from its (absent) campaigns before paying.
      status: "processing",
    });
    expect(
      (
        await ctx.request(`/api/payments/${statement.id}/payouts`, {
          method: "POST",
          cookie: as(admin),
          json: { amount: "10.00", note: "Pix 1" },
        })
      ).status,
    ).toBe(201);
    const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.statementId, statement.id));

    const before = await countEvents();
    // The same values, written the way a person might type them again.
    const saves = [
      ctx.request(`/api/offers/${offer.id}`, {
        method: "PATCH",
        cookie: as(admin),
        json: { payoutPerDeposit: "40", value: "100.0", name: offer.name },
      }),
      putCommission({
        ...commission,
        baseCommissionRate: "25.00",
        revenueTiers: commission.revenueTiers.map((tier) => ({
          ...tier,
          minRevenue: `${tier.minRevenue}.00`,
        })),
      }),
      ctx.request("/api/settings", {
        method: "PUT",
        cookie: as(admin),
        json: {
          reportingCurrency: settings.reportingCurrency,
          defaultLanguage: settings.defaultLanguage,
          timezone: settings.timezone,
          notifications: settings.notifications,
          backupFrequency: settings.backupFrequency,
          retentionDays: settings.retentionDays,
        },
      }),
      ctx.request(`/api/users/${payee.id}`, {
        method: "PATCH",
        cookie: as(admin),
        json: { name: payee.name, role: "user" },
      }),
      ctx.request(`/api/payouts/${payout!.id}`, {
        method: "PATCH",
        cookie: as(admin),
        json: { note: "Pix 1" },
      }),
    ];
    for (const save of saves) {
      const response = await save;
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect(await countEvents()).toBe(before);
    // A real change is still recorded, with only what changed.
    expect((await putCommission({ ...commission, roiThreshold: "55" })).status).toBe(200);
    expect((await latest("commission_settings.updated", { subjectUserId: payee.id }))?.details).toMatchObject(
      {
        changes: { roiThreshold: { from: "50.00", to: "55.00" } },
      },
    );
    expect(await countEvents()).toBe(before + 1);
  });

  it("nothing for a change that was refused", async () => {
    const before = await countEvents();
    // The only admin cannot demote themself (422 last_admin): no role change is recorded.
    const response = await ctx.request(`/api/users/${admin.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { role: "user" },
    });
    expect(response.status).toBe(422);
    expect(await countEvents()).toBe(before);
  });
});

describe("GET /api/audit", () => {
  it("filters by user, action, outcome and period, newest first, in cursor pages", async () => {
    const person = await createUser(ctx.db, { role: "user" });
    for (const name of ["One", "Two", "Three"]) {
      await ctx.request(`/api/users/${person.id}`, { method: "PATCH", cookie: as(admin), json: { name } });
    }
    const first = await readTrail(`userId=${person.id}&action=user.updated&limit=2`);
    expect(first.items.map((item: AuditEvent) => item.details.name)).toEqual([
      { from: "Two", to: "Three" },
      { from: "One", to: "Two" },
    ]);
    expect(first.items[0]).toMatchObject({
      action: "user.updated",
      outcome: "success",
      actor: { id: admin.id, email: admin.email, name: admin.name },
      subject: { id: person.id, name: "Three", email: person.email },
      target: { type: "user", id: person.id },
    });
    expect(first.nextCursor).toBe(first.items[1]?.id);
    const second = await readTrail(
      `userId=${person.id}&action=user.updated&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();

    const failures = await readTrail("outcome=failure&limit=200");
    expect(failures.items.length).toBeGreaterThan(0);
    expect(failures.items.every((item: AuditEvent) => item.outcome === "failure")).toBe(true);

    // Periods are workspace days: nothing happened in 2020, everything above happened by tomorrow.
    expect((await readTrail("from=2020-01-01&to=2020-12-31")).items).toEqual([]);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await readTrail(`userId=${person.id}&from=2020-01-01&to=${tomorrow}`)).items).toHaveLength(3);
  });

  it("refuses a bad filter with the field's code, and everyone but admins", async () => {
    const bad = await ctx.request("/api/audit?action=user.exploded&from=2026-02-30&limit=500", {
      cookie: as(admin),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({
      action: "invalid_option",
      from: "invalid_date",
      limit: "not_a_number",
    });
    const backwards = await ctx.request("/api/audit?from=2026-03-01&to=2026-02-01", { cookie: as(admin) });
    expect((await backwards.json()).error.fields).toMatchObject({ to: "invalid_date" });
    for (const user of [buyer, lead, financial]) {
      expect((await ctx.request("/api/audit", { cookie: as(user) })).status).toBe(403);
    }
    expect((await ctx.request("/api/audit")).status).toBe(401);
  });

  it("cannot be rewritten: the table refuses updates and deletes", async () => {
    await expect(ctx.db.execute(sql`update audit_events set action = 'x'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });
});
