import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/harness";
import {
  assignOffer,
  type CreatedUser,
  createAdjustment,
  createCampaign,
  createCreativeRequest,
  createNote,
  createNotification,
  createOffer,
  createPayout,
  createStatement,
  createUser,
} from "../../db/factories";
import {
  auditEvents,
  campaigns,
  creativeRequests,
  notifications,
  offerAssignments,
  paymentStatements,
  sessions,
  userNotes,
  users,
} from "../../db/schema";
import { createUsersService } from "./users.service";

let ctx: TestContext;
let admin: CreatedUser;
let lead: CreatedUser;
let buyerA: CreatedUser;
let buyerB: CreatedUser;
let loneBuyer: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;
const ids = (list: { id: string }[]) => list.map((u) => u.id).sort();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin", name: "Ana Admin" });
  lead = await createUser(ctx.db, { role: "manager", name: "Lia Lead" });
  buyerA = await createUser(ctx.db, { role: "user", name: "Bruno Alpha", managerId: lead.id });
  buyerB = await createUser(ctx.db, { role: "user", name: "Bia Beta", managerId: lead.id });
  loneBuyer = await createUser(ctx.db, { role: "user", name: "Caio Solo" });
  financial = await createUser(ctx.db, { role: "financial", name: "Fabi Finance" });
  for (const user of [admin, lead, buyerA, buyerB, loneBuyer, financial])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

async function fullyDeletableUser() {
  const user = await createUser(ctx.db, { role: "user", managerId: lead.id });
  const offer = await createOffer(ctx.db, { visibleToAll: false });
  await assignOffer(ctx.db, offer.id, user.id);
  await createCampaign(ctx.db, { creatorId: user.id, offerId: offer.id });
  // Another day (one entry per buyer, offer and day).
  await createCampaign(ctx.db, { creatorId: user.id, offerId: offer.id, date: "2025-06-15" });
  await createNote(ctx.db, { userId: user.id, createdBy: admin.id });
  await createNotification(ctx.db, { userId: user.id });
  await createCreativeRequest(ctx.db, { userId: user.id });
  // A statement with an adjustment (a bonus, no payout): both go with the buyer.
  await createAdjustment(ctx.db, { statementId: (await createStatement(ctx.db, { userId: user.id })).id });
  return user;
}

async function countOwned(userId: string) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    user: await count(ctx.db.select().from(users).where(eq(users.id, userId))),
    campaigns: await count(ctx.db.select().from(campaigns).where(eq(campaigns.creatorId, userId))),
    notes: await count(ctx.db.select().from(userNotes).where(eq(userNotes.userId, userId))),
    notifications: await count(ctx.db.select().from(notifications).where(eq(notifications.userId, userId))),
    creativeRequests: await count(
      ctx.db.select().from(creativeRequests).where(eq(creativeRequests.userId, userId)),
    ),
    assignments: await count(
      ctx.db.select().from(offerAssignments).where(eq(offerAssignments.userId, userId)),
    ),
    statements: await count(
      ctx.db.select().from(paymentStatements).where(eq(paymentStatements.userId, userId)),
    ),
  };
}

describe("users: reading", () => {
  it("shows admins and financial staff everyone, with the team lead joined", async () => {
    for (const viewer of [admin, financial]) {
      const response = await ctx.request("/api/users", { cookie: as(viewer) });
      expect(response.status).toBe(200);
      const list = await response.json();
      expect(ids(list)).toEqual(
        expect.arrayContaining([admin.id, lead.id, buyerA.id, buyerB.id, loneBuyer.id, financial.id]),
      );
      const a = list.find((u: { id: string }) => u.id === buyerA.id);
      expect(a).toMatchObject({
        name: "Bruno Alpha",
        email: buyerA.email,
        role: "user",
        managerId: lead.id,
        manager: { id: lead.id, name: "Lia Lead" },
        deactivatedAt: null,
      });
      expect(typeof a.createdAt).toBe("string");
    }
  });

  it("shows a team lead themself and their buyers, a buyer themself and their lead", async () => {
    const leadView = await (await ctx.request("/api/users", { cookie: as(lead) })).json();
    expect(ids(leadView)).toEqual(ids([lead, buyerA, buyerB]));
    const buyerView = await (await ctx.request("/api/users", { cookie: as(buyerA) })).json();
    expect(ids(buyerView)).toEqual(ids([buyerA, lead]));
    const loneView = await (await ctx.request("/api/users", { cookie: as(loneBuyer) })).json();
    expect(ids(loneView)).toEqual([loneBuyer.id]);
    expect((await ctx.request(`/api/users/${buyerB.id}`, { cookie: as(buyerA) })).status).toBe(404);
    expect((await ctx.request(`/api/users/${loneBuyer.id}`, { cookie: as(lead) })).status).toBe(404);
    expect((await ctx.request(`/api/users/${buyerA.id}`, { cookie: as(lead) })).status).toBe(200);
    expect((await ctx.request(`/api/users/${lead.id}`, { cookie: as(buyerA) })).status).toBe(200);
    expect((await ctx.request("/api/users")).status).toBe(401);
  });

  it("filters by name or e-mail, case-insensitively, and by role", async () => {
    const byName = await (await ctx.request("/api/users?q=bRUNO", { cookie: as(admin) })).json();
    expect(ids(byName)).toEqual([buyerA.id]);
    const byEmail = await (
      await ctx.request(`/api/users?q=${encodeURIComponent(buyerB.email.toUpperCase())}`, {
        cookie: as(admin),
      })
    ).json();
    expect(ids(byEmail)).toEqual([buyerB.id]);
    const leads = await (await ctx.request("/api/users?role=manager", { cookie: as(admin) })).json();
    expect(leads.every((u: { role: string }) => u.role === "manager")).toBe(true);
    expect(ids(leads)).toContain(lead.id);
    const wildcard = await (await ctx.request("/api/users?q=%25", { cookie: as(admin) })).json();
    expect(wildcard).toEqual([]);
    expect((await ctx.request("/api/users?role=boss", { cookie: as(admin) })).status).toBe(400);
  });
});

describe("users: creating", () => {
  it("invites a user: no password, a set-password link handed back without SMTP, and it works", async () => {
    const response = await ctx.request("/api/users", {
      method: "POST",
      cookie: as(admin),
      json: { email: "  New.Buyer@Example.com ", name: "Nina Nova", role: "user", managerId: lead.id },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.user).toMatchObject({
      email: "new.buyer@example.com",
      name: "Nina Nova",
      role: "user",
      manager: { id: lead.id, name: "Lia Lead" },
    });
    expect(body.setPasswordUrl).toMatch(/\/reset-password\?token=/);
    const mail = ctx.outbox.find((m) => m.to === "new.buyer@example.com");
    expect(mail?.text ?? mail?.html).toContain(body.setPasswordUrl);

    const token = new URL(body.setPasswordUrl).searchParams.get("token");
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "a-brand-new-pass" },
    });
    expect(reset.status).toBe(200);
    await ctx.signIn("new.buyer@example.com", "a-brand-new-pass");
  });

  it("validates the body and refuses a taken e-mail and a lead who is not a team lead", async () => {
    const bad = await ctx.request("/api/users", {
      method: "POST",
      cookie: as(admin),
      json: { email: "nope", name: " ", role: "boss" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({
      email: "invalid_email",
      name: "required",
      role: "invalid_option",
    });
    const taken = await ctx.request("/api/users", {
      method: "POST",
      cookie: as(admin),
      json: { email: buyerA.email.toUpperCase(), name: "X", role: "user" },
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.code).toBe("email_taken");
    const notLead = await ctx.request("/api/users", {
      method: "POST",
      cookie: as(admin),
      json: { email: "x1@example.com", name: "X", role: "user", managerId: buyerB.id },
    });
    expect(notLead.status).toBe(400);
    expect((await notLead.json()).error.fields).toEqual({ managerId: "not_a_team_lead" });
    const leadForLead = await ctx.request("/api/users", {
      method: "POST",
      cookie: as(admin),
      json: { email: "x2@example.com", name: "X", role: "financial", managerId: lead.id },
    });
    expect(leadForLead.status).toBe(400);
    expect((await leadForLead.json()).error.fields).toEqual({ managerId: "lead_only_for_buyers" });
  });
});

describe("users: changing", () => {
  it("changes name, role and team; the new role applies on the user's next request", async () => {
    const user = await createUser(ctx.db, { role: "user" });
    const cookie = await ctx.signIn(user.email, user.password);
    expect((await ctx.request("/api/users/no-such-user", { method: "DELETE", cookie })).status).toBe(403);

    const moved = await ctx.request(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { name: "Renamed", managerId: lead.id },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ name: "Renamed", managerId: lead.id });
    const leadView = await (await ctx.request("/api/users", { cookie: as(lead) })).json();
    expect(ids(leadView)).toContain(user.id);

    const promoted = await ctx.request(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { role: "admin" },
    });
    expect(await promoted.json()).toMatchObject({ role: "admin", managerId: null });
    // Same session, next request: admin powers (not found, no longer forbidden).
    expect((await ctx.request("/api/users/no-such-user", { method: "DELETE", cookie })).status).toBe(404);

    await ctx.request(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { role: "user" },
    });
    expect((await ctx.request("/api/users/no-such-user", { method: "DELETE", cookie })).status).toBe(403);
  });

  it("accepts only team leads as leads, and only for buyers; a demoted lead's buyers lose the lead", async () => {
    const patch = (id: string, json: unknown) =>
      ctx.request(`/api/users/${id}`, { method: "PATCH", cookie: as(admin), json });
    const notLead = await patch(loneBuyer.id, { managerId: buyerA.id });
    expect(notLead.status).toBe(400);
    expect((await notLead.json()).error.fields).toEqual({ managerId: "not_a_team_lead" });
    const toFinancial = await patch(financial.id, { managerId: lead.id });
    expect((await toFinancial.json()).error.fields).toEqual({ managerId: "lead_only_for_buyers" });
    expect((await patch(loneBuyer.id, { managerId: "no-such-user" })).status).toBe(400);

    const tempLead = await createUser(ctx.db, { role: "manager" });
    const follower = await createUser(ctx.db, { role: "user", managerId: tempLead.id });
    expect((await patch(tempLead.id, { role: "user" })).status).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, follower.id));
    expect(row?.managerId).toBeNull();
  });

  it("never demotes, deactivates or deletes the last active admin", async () => {
    const solo = await createTestContext();
    try {
      const onlyAdmin = await createUser(solo.db, { role: "admin" });
      const cookie = await solo.signIn(onlyAdmin.email, onlyAdmin.password);
      const demote = await solo.request(`/api/users/${onlyAdmin.id}`, {
        method: "PATCH",
        cookie,
        json: { role: "user" },
      });
      expect(demote.status).toBe(422);
      expect((await demote.json()).error.code).toBe("last_admin");
      const service = createUsersService({ ...solo.deps, db: solo.db });
      await expect(service.deleteUser({ actor: "operator", userId: onlyAdmin.id })).rejects.toMatchObject({
        reason: "last_admin",
      });
      const self = await solo.request(`/api/users/${onlyAdmin.id}`, { method: "DELETE", cookie });
      expect(self.status).toBe(422);
      expect((await self.json()).error.code).toBe("cannot_delete_self");
      const deactivateSelf = await solo.request(`/api/users/${onlyAdmin.id}/deactivate`, {
        method: "POST",
        cookie,
      });
      expect((await deactivateSelf.json()).error.code).toBe("cannot_deactivate_self");
      const [row] = await solo.db.select().from(users).where(eq(users.id, onlyAdmin.id));
      expect(row).toMatchObject({ role: "admin", deactivatedAt: null });
    } finally {
      await solo.close();
    }
  });
});

describe("users: deleting and deactivating", () => {
  it("deletes a user with their campaigns, notes, notifications, requests, assignments and statements", async () => {
    const user = await fullyDeletableUser();
    expect(await countOwned(user.id)).toEqual({
      user: 1,
      campaigns: 2,
      notes: 1,
      notifications: 1,
      creativeRequests: 1,
      assignments: 1,
      statements: 1,
    });
    const response = await ctx.request(`/api/users/${user.id}`, { method: "DELETE", cookie: as(admin) });
    expect(response.status).toBe(204);
    expect(await countOwned(user.id)).toEqual({
      user: 0,
      campaigns: 0,
      notes: 0,
      notifications: 0,
      creativeRequests: 0,
      assignments: 0,
      statements: 0,
    });
    expect((await ctx.request(`/api/users/${user.id}`, { method: "DELETE", cookie: as(admin) })).status).toBe(
      404,
    );
  });

  it("is all or nothing: a failure after the campaigns are gone leaves everything in place", async () => {
    const user = await fullyDeletableUser();
    const before = await countOwned(user.id);
    for (const failAt of ["campaigns", "offer_assignments", "statements"] as const) {
      const service = createUsersService({
        ...ctx.deps,
        db: ctx.db,
        afterDeleteStep: (step) => {
          if (step === failAt) throw new Error(`injected failure after ${step}`);
        },
      });
      await expect(service.deleteUser({ actor: "operator", userId: user.id })).rejects.toThrow(
        `injected failure after ${failAt}`,
      );
      expect(await countOwned(user.id)).toEqual(before);
    }
  });

  it("refuses to delete a user with recorded payouts (409 has_payouts) and deactivates instead", async () => {
    const user = await createUser(ctx.db, { role: "user" });
    const statement = await createStatement(ctx.db, { userId: user.id });
    await createPayout(ctx.db, { statementId: statement.id, createdBy: financial.id });
    await createCampaign(ctx.db, { creatorId: user.id });
    const cookie = await ctx.signIn(user.email, user.password);

    const response = await ctx.request(`/api/users/${user.id}`, { method: "DELETE", cookie: as(admin) });
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe("has_payouts");
    expect((await countOwned(user.id)).campaigns).toBe(1);

    const deactivated = await ctx.request(`/api/users/${user.id}/deactivate`, {
      method: "POST",
      cookie: as(admin),
    });
    expect(deactivated.status).toBe(200);
    expect((await deactivated.json()).deactivatedAt).toEqual(expect.any(String));
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    await expect(ctx.signIn(user.email, user.password)).rejects.toThrow(/403/);
    expect((await countOwned(user.id)).campaigns).toBe(1);
  });

  it("reactivates a deactivated user: sign-in works again, role, team and history unchanged, audited", async () => {
    const user = await createUser(ctx.db, { role: "user", managerId: lead.id });
    await createCampaign(ctx.db, { creatorId: user.id });
    const deactivate = await ctx.request(`/api/users/${user.id}/deactivate`, {
      method: "POST",
      cookie: as(admin),
    });
    expect(deactivate.status).toBe(200);
    await expect(ctx.signIn(user.email, user.password)).rejects.toThrow(/403/);

    const response = await ctx.request(`/api/users/${user.id}/reactivate`, {
      method: "POST",
      cookie: as(admin),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, deactivatedAt: null, role: "user" });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ deactivatedAt: null, banned: false, banReason: null, managerId: lead.id });
    const cookie = await ctx.signIn(user.email, user.password);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
    expect((await countOwned(user.id)).campaigns).toBe(1);

    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "user.reactivated"), eq(auditEvents.subjectUserId, user.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: admin.id, details: { email: user.email, role: "user" } });

    // Reactivating an active user changes nothing and records nothing.
    const again = await ctx.request(`/api/users/${user.id}/reactivate`, {
      method: "POST",
      cookie: as(admin),
    });
    expect(again.status).toBe(200);
    expect(
      await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "user.reactivated"), eq(auditEvents.subjectUserId, user.id))),
    ).toHaveLength(1);
    const missing = await ctx.request("/api/users/00000000-0000-4000-8000-000000000000/reactivate", {
      method: "POST",
      cookie: as(admin),
    });
    expect(missing.status).toBe(404);
  });

  it("lets an admin delete another admin while one remains", async () => {
    const other = await createUser(ctx.db, { role: "admin" });
    expect(
      (await ctx.request(`/api/users/${other.id}`, { method: "DELETE", cookie: as(admin) })).status,
    ).toBe(204);
  });
});

describe("users: forbidden calls", () => {
  it("refuses every write to buyers, team leads and financial staff, and changes nothing", async () => {
    const target = await createUser(ctx.db, { role: "user", managerId: lead.id });
    const dormant = await createUser(ctx.db, { role: "user", deactivatedAt: new Date() });
    for (const viewer of [buyerA, lead, financial]) {
      const cookie = as(viewer);
      const calls = [
        ctx.request("/api/users", {
          method: "POST",
          cookie,
          json: { email: `f-${viewer.id}@example.com`, name: "F", role: "admin" },
        }),
        ctx.request(`/api/users/${target.id}`, { method: "PATCH", cookie, json: { role: "admin" } }),
        ctx.request(`/api/users/${viewer.id}`, { method: "PATCH", cookie, json: { role: "admin" } }),
        ctx.request(`/api/users/${target.id}`, { method: "DELETE", cookie }),
        ctx.request(`/api/users/${target.id}/deactivate`, { method: "POST", cookie }),
        ctx.request(`/api/users/${dormant.id}/reactivate`, { method: "POST", cookie }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: "user", deactivatedAt: null });
    const [stillDormant] = await ctx.db.select().from(users).where(eq(users.id, dormant.id));
    expect(stillDormant?.deactivatedAt).toBeInstanceOf(Date);
    for (const viewer of [buyerA, lead, financial]) {
      const [self] = await ctx.db.select().from(users).where(eq(users.id, viewer.id));
      expect(self?.role).toBe(viewer.role);
    }
    expect((await ctx.request(`/api/users/${target.id}`, { method: "DELETE" })).status).toBe(401);
  });
});
