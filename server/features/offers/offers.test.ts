import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createCampaign, createOffer, createUser } from "../../db/factories";
import { campaigns, notifications, offerAssignments, offers } from "../../db/schema";

let ctx: TestContext;
let admin: CreatedUser;
let buyerA: CreatedUser;
let buyerB: CreatedUser;
let lead: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  buyerA = await createUser(ctx.db, { role: "user" });
  buyerB = await createUser(ctx.db, { role: "user" });
  lead = await createUser(ctx.db, { role: "manager" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, buyerA, buyerB, lead, financial])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

const offerBody = (over: Record<string, unknown> = {}) => ({
  name: "Lucky Spin",
  description: "Brazil, mobile",
  value: "1500",
  currency: "BRL",
  casinoBrand: "Spin Casino",
  payoutPerDeposit: "45.5",
  visibleToAll: false,
  assignedUserIds: [buyerA.id],
  ...over,
});

async function newOfferNotifications(userId: string, offerId: string) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "new_offer")));
  return rows.filter((r) => r.metadata.offerId === offerId);
}

describe("offers", () => {
  it("lets an admin create an offer assigned to one buyer, who alone sees it and is notified", async () => {
    const response = await ctx.request("/api/offers", {
      method: "POST",
      cookie: as(admin),
      json: offerBody(),
    });
    expect(response.status).toBe(201);
    const offer = await response.json();
    expect(offer).toMatchObject({
      name: "Lucky Spin",
      value: "1500.00",
      currency: "BRL",
      payoutPerDeposit: "45.50",
      visibleToAll: false,
      assignedUsers: [{ id: buyerA.id }],
    });

    const seenByA = await (await ctx.request("/api/offers", { cookie: as(buyerA) })).json();
    expect(seenByA.map((o: { id: string }) => o.id)).toContain(offer.id);
    expect(seenByA.find((o: { id: string }) => o.id === offer.id).assignedUsers).toEqual([]);
    const seenByB = await (await ctx.request("/api/offers", { cookie: as(buyerB) })).json();
    expect(seenByB.map((o: { id: string }) => o.id)).not.toContain(offer.id);
    expect((await ctx.request(`/api/offers/${offer.id}`, { cookie: as(buyerB) })).status).toBe(404);

    const [note] = await newOfferNotifications(buyerA.id, offer.id);
    expect(note?.metadata).toMatchObject({
      offerName: "Lucky Spin",
      casino: "Spin Casino",
      depositValue: "45.50",
    });
    expect(await newOfferNotifications(buyerB.id, offer.id)).toHaveLength(0);
  });

  it("notifies only buyers who newly see an offer, and 'visible to all' clears the list", async () => {
    const offer = await (
      await ctx.request("/api/offers", {
        method: "POST",
        cookie: as(admin),
        json: offerBody({ name: "Step" }),
      })
    ).json();
    const widened = await ctx.request(`/api/offers/${offer.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { visibleToAll: true },
    });
    expect(widened.status).toBe(200);
    expect((await widened.json()).assignedUsers).toEqual([]);
    expect(
      await ctx.db.select().from(offerAssignments).where(eq(offerAssignments.offerId, offer.id)),
    ).toHaveLength(0);
    expect(await newOfferNotifications(buyerA.id, offer.id)).toHaveLength(1);
    expect(await newOfferNotifications(buyerB.id, offer.id)).toHaveLength(1);
  });

  it("validates per the spec and refuses non-buyers as assignees", async () => {
    const bad = await ctx.request("/api/offers", {
      method: "POST",
      cookie: as(admin),
      json: { name: " ", value: "", casinoBrand: "", payoutPerDeposit: "-1", currency: "EUR" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({
      name: "required",
      value: "required",
      casinoBrand: "required",
      payoutPerDeposit: "not_negative",
      currency: "invalid_option",
    });
    const lead422 = await ctx.request("/api/offers", {
      method: "POST",
      cookie: as(admin),
      json: offerBody({ assignedUserIds: [lead.id] }),
    });
    expect(lead422.status).toBe(422);
    expect((await lead422.json()).error.code).toBe("assignee_not_buyer");
  });

  it("refuses every write to buyers, team leads and financial staff", async () => {
    const offer = await createOffer(ctx.db);
    for (const user of [buyerA, lead, financial]) {
      expect(
        (await ctx.request("/api/offers", { method: "POST", cookie: as(user), json: offerBody() })).status,
      ).toBe(403);
      expect(
        (
          await ctx.request(`/api/offers/${offer.id}`, {
            method: "PATCH",
            cookie: as(user),
            json: { name: "x" },
          })
        ).status,
      ).toBe(403);
      expect(
        (await ctx.request(`/api/offers/${offer.id}`, { method: "DELETE", cookie: as(user) })).status,
      ).toBe(403);
    }
    expect((await ctx.request("/api/offers")).status).toBe(401);
    const [still] = await ctx.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(still?.name).toBe(offer.name);
  });

  it("deletes an offer and keeps its campaigns' numbers without the link", async () => {
    const offer = await createOffer(ctx.db, { payoutPerDeposit: "10.00" });
    const campaign = await createCampaign(ctx.db, { creatorId: buyerA.id, offerId: offer.id, deposits: 2 });
    const seen = await (await ctx.request(`/api/offers/${offer.id}`, { cookie: as(admin) })).json();
    expect(seen.campaignCount).toBe(1);
    expect(
      (await ctx.request(`/api/offers/${offer.id}`, { method: "DELETE", cookie: as(admin) })).status,
    ).toBe(204);
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ offerId: null, depositPayment: "20.00" });
    const shown = await (await ctx.request(`/api/campaigns/${campaign.id}`, { cookie: as(buyerA) })).json();
    expect(shown.offer).toBeNull();
  });
});
