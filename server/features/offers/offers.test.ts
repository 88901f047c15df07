import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createCampaign, createOffer, createUser } from "../../db/factories";
import { auditEvents, campaigns, notifications, offerAssignments, offers, users } from "../../db/schema";

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

  it("deletes only an unused offer: one in use answers 409 offer_in_use and stays, campaigns linked", async () => {
    const unused = await createOffer(ctx.db);
    expect(
      (await ctx.request(`/api/offers/${unused.id}`, { method: "DELETE", cookie: as(admin) })).status,
    ).toBe(204);
    expect(await ctx.db.select().from(offers).where(eq(offers.id, unused.id))).toHaveLength(0);

    const offer = await createOffer(ctx.db, { payoutPerDeposit: "10.00" });
    const campaign = await createCampaign(ctx.db, { creatorId: buyerA.id, offerId: offer.id, deposits: 2 });
    const seen = await (await ctx.request(`/api/offers/${offer.id}`, { cookie: as(admin) })).json();
    expect(seen.campaignCount).toBe(1);
    const refused = await ctx.request(`/api/offers/${offer.id}`, {
      method: "DELETE",
      cookie: as(admin),
      headers: { "x-language": "pt-BR" },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("offer_in_use");
    expect(await ctx.db.select().from(offers).where(eq(offers.id, offer.id))).toHaveLength(1);
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ offerId: offer.id, depositPayment: "20.00" });
  });
});

describe("archived offers", () => {
  const yesterday = () => addDays(todayIn("America/Sao_Paulo"), -1);

  async function archiveOf(id: string, archived = true) {
    return ctx.request(`/api/offers/${id}/${archived ? "archive" : "restore"}`, {
      method: "POST",
      cookie: as(admin),
    });
  }
  const ids = (list: { id: string }[]) => list.map((o) => o.id);
  const listOf = async (user: CreatedUser, query = "") =>
    (await (await ctx.request(`/api/offers${query}`, { cookie: as(user) })).json()) as { id: string }[];
  const auditCount = async (action: "offer.archived" | "offer.restored", id: string) =>
    (
      await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, id)))
    ).length;

  it("archives and restores (admins only), each once in the audit trail, listed under a filter", async () => {
    const offer = await createOffer(ctx.db);
    for (const user of [buyerA, lead, financial])
      expect(
        (await ctx.request(`/api/offers/${offer.id}/archive`, { method: "POST", cookie: as(user) })).status,
      ).toBe(403);
    const archived = await archiveOf(offer.id);
    expect(archived.status).toBe(200);
    expect((await archived.json()).archivedAt).toEqual(expect.any(String));
    // Archiving again changes nothing and records nothing.
    expect((await archiveOf(offer.id)).status).toBe(200);
    expect(await auditCount("offer.archived", offer.id)).toBe(1);

    expect(ids(await listOf(admin))).not.toContain(offer.id);
    expect(ids(await listOf(admin, "?status=archived"))).toContain(offer.id);
    expect(ids(await listOf(admin, "?status=all"))).toContain(offer.id);
    expect(ids(await listOf(buyerA))).not.toContain(offer.id);
    expect(ids(await listOf(buyerA, "?status=all"))).toContain(offer.id);
    expect((await ctx.request("/api/offers?status=gone", { cookie: as(admin) })).status).toBe(400);

    const restored = await archiveOf(offer.id, false);
    expect((await restored.json()).archivedAt).toBeNull();
    expect(await auditCount("offer.restored", offer.id)).toBe(1);
    expect(ids(await listOf(buyerA))).toContain(offer.id);
    expect(ids(await listOf(admin, "?status=archived"))).not.toContain(offer.id);
  });

  it("takes no new entry on any path (form, edit to it, batch, import, postback key), from buyers or admins", async () => {
    const offer = await createOffer(ctx.db, { name: "Archived Fortune" });
    const other = await createOffer(ctx.db);
    const theirs = await createCampaign(ctx.db, {
      creatorId: buyerA.id,
      offerId: other.id,
      date: yesterday(),
    });
    expect((await archiveOf(offer.id)).status).toBe(200);
    const day = yesterday();
    for (const user of [buyerA, admin]) {
      const created = await ctx.request("/api/campaigns", {
        method: "POST",
        cookie: as(user),
        json: { date: day, offerId: offer.id, spent: "10", clicks: 1 },
      });
      expect(created.status).toBe(422);
      expect((await created.json()).error.code).toBe("offer_not_visible");
    }
    const moved = await ctx.request(`/api/campaigns/${theirs.id}`, {
      method: "PATCH",
      cookie: as(buyerA),
      json: { offerId: offer.id },
    });
    expect(moved.status).toBe(422);
    const batch = await ctx.request("/api/campaigns/batch", {
      method: "POST",
      cookie: as(buyerA),
      json: { rows: [{ date: day, offerId: offer.id, spent: "1" }] },
    });
    expect(batch.status).toBe(422);
    const form = new FormData();
    form.set(
      "file",
      new File([`Date,Offer,Cost\n${day},Archived Fortune,5\n`], "r.csv", { type: "text/csv" }),
    );
    const preview = await ctx.request("/api/imports/preview", {
      method: "POST",
      cookie: as(buyerA),
      body: form,
    });
    expect(preview.status).toBe(200);
    expect((await preview.json()).rows[0].problems).toEqual([{ code: "offer_not_visible", field: "offer" }]);
    const key = await ctx.request("/api/postback-keys", {
      method: "POST",
      cookie: as(admin),
      json: { label: "Archived", offerId: offer.id },
    });
    expect(key.status).toBe(422);
    expect(await ctx.db.select().from(campaigns).where(eq(campaigns.offerId, offer.id))).toHaveLength(0);
  });

  it("treats an archived offer as unknown to postbacks, on a buyer's key and on the offer's own key", async () => {
    const offer = await createOffer(ctx.db, { code: "ARCH1" });
    const newKey = async (user: CreatedUser, body: object) => {
      const response = await ctx.request("/api/postback-keys", {
        method: "POST",
        cookie: as(user),
        json: { label: `Key ${user.id}`, ...body },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { token: string }).token;
    };
    const buyerKey = await newKey(buyerA, {});
    const offerKey = await newKey(admin, { offerId: offer.id });
    const [{ code }] = (await ctx.db
      .select({ code: users.code })
      .from(users)
      .where(eq(users.id, buyerA.id))) as [{ code: string }];
    const send = (token: string, params: Record<string, string>) =>
      ctx.request(`/api/postback/${token}?${new URLSearchParams({ event: "reg", ...params })}`, {
        origin: null,
      });
    expect((await send(buyerKey, { tid: "t-open", offer: "ARCH1" })).status).toBe(200);
    expect((await send(offerKey, { tid: "t-open-key", buyer: code })).status).toBe(200);
    expect((await archiveOf(offer.id)).status).toBe(200);
    const refused = await send(buyerKey, { tid: "t-archived", offer: "ARCH1" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ offer: "unknown_offer" });
    const refusedByKey = await send(offerKey, { tid: "t-archived-key", buyer: code });
    expect(refusedByKey.status).toBe(400);
    expect((await refusedByKey.json()).error.fields).toEqual({ offer: "unknown_offer" });
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.offerId, offer.id));
    expect(row?.registrations).toBe(2);
  });

  it("keeps an archived offer's campaigns in the list, their edits, and the reports", async () => {
    const offer = await createOffer(ctx.db, { name: "History Casino", payoutPerDeposit: "10.00" });
    const campaign = await createCampaign(ctx.db, {
      creatorId: buyerB.id,
      offerId: offer.id,
      date: yesterday(),
      spent: "7.00",
    });
    expect((await archiveOf(offer.id)).status).toBe(200);
    const shown = await (await ctx.request(`/api/campaigns/${campaign.id}`, { cookie: as(buyerB) })).json();
    expect(shown.offer).toMatchObject({ id: offer.id, name: "History Casino" });
    // Correcting the figures of a day already logged is history, not a new entry.
    const fixed = await ctx.request(`/api/campaigns/${campaign.id}`, {
      method: "PATCH",
      cookie: as(buyerB),
      json: { spent: "8.00" },
    });
    expect(fixed.status, await fixed.clone().text()).toBe(200);
    const report = await (
      await ctx.request(`/api/reports?groupBy=offer&period=all&pageSize=500`, { cookie: as(buyerB) })
    ).json();
    const row = report.rows.find((r: { keys: { value: unknown }[] }) => r.keys[0]?.value === offer.id);
    expect(row?.keys[0]).toMatchObject({ label: "History Casino" });
    expect(row?.current.spent).toBe("8.00");
    // The buyer still reads it (history), even though pickers no longer offer it.
    expect((await ctx.request(`/api/offers/${offer.id}`, { cookie: as(buyerB) })).status).toBe(200);
  });
});
