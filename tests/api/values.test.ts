import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../domain/periods";
import { type CreatedUser, createOffer, createUser } from "../../server/db/factories";
import { createTestContext, type TestContext } from "../harness";

// The value rules of issue 27 (docs/decisions/0067), through the API: decimals travel as strings
// only, and the OpenAPI document says so; names and texts refuse control characters (multi-line
// texts keep tab and line breaks).

let ctx: TestContext;
let admin: CreatedUser;
let financial: CreatedUser;
let buyer: CreatedUser;
let offerId: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  financial = await createUser(ctx.db, { role: "financial" });
  buyer = await createUser(ctx.db, { role: "user" });
  for (const user of [admin, financial, buyer])
    cookies[user.id] = await ctx.signIn(user.email, user.password);
  offerId = (await createOffer(ctx.db, { payoutPerDeposit: "10.00" })).id;
});

afterAll(async () => {
  await ctx?.close();
});

const call = (user: CreatedUser, method: string, path: string, json: unknown) =>
  ctx.request(path, { method, cookie: cookies[user.id]!, json });

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  expect(response.status, await response.clone().text()).toBe(400);
  return (await response.json()).error.fields;
}

describe("decimals are strings only", () => {
  const today = () => todayIn("America/Sao_Paulo");

  it("a JSON number for a money field answers 400 string_expected; the same amount as text is saved", async () => {
    const day = { date: today(), offerId, clicks: 10, deposits: 1 };
    expect(await fieldsOf(await call(buyer, "POST", "/api/campaigns", { ...day, spent: 12.5 }))).toEqual({
      spent: "string_expected",
    });
    expect(
      await fieldsOf(
        await call(buyer, "POST", "/api/campaigns", { ...day, spent: "1", depositPayment: 0.07 }),
      ),
    ).toEqual({ depositPayment: "string_expected" });
    const batch = await call(buyer, "POST", "/api/campaigns/batch", { rows: [{ ...day, spent: 1 }] });
    expect(await fieldsOf(batch)).toEqual({ "rows.0.spent": "string_expected" });
    const saved = await call(buyer, "POST", "/api/campaigns", { ...day, spent: "12.5" });
    expect(saved.status).toBe(201);
    expect((await saved.json()).spent).toBe("12.50");
  });

  it("counts take a JSON integer or its text, as the document says", async () => {
    const day = { date: addDays(today(), -1), offerId, spent: "1.00" };
    expect((await call(buyer, "POST", "/api/campaigns", { ...day, clicks: 7 })).status).toBe(201);
    // One entry per offer and day (decision 0083): the second count goes to the day before.
    const dayBefore = { ...day, date: addDays(today(), -2) };
    expect((await call(buyer, "POST", "/api/campaigns", { ...dayBefore, clicks: "8" })).status).toBe(201);
    expect(await fieldsOf(await call(buyer, "POST", "/api/campaigns", { ...day, clicks: "1e3" }))).toEqual({
      clicks: "not_a_number",
    });
  });

  it("offers, payouts, adjustments and commission rates refuse JSON numbers too", async () => {
    const offer = await call(admin, "POST", "/api/offers", {
      name: "Numbers",
      casinoBrand: "Brand",
      value: 100,
      payoutPerDeposit: "5",
    });
    expect(await fieldsOf(offer)).toEqual({ value: "string_expected" });
    const settings = await call(financial, "PUT", `/api/commission-settings/${buyer.id}`, {
      modelType: "simple",
      baseCommissionRate: 30,
      highRoiCommissionRate: "35",
      roiThreshold: "50",
      tieredRoiThreshold: "30",
      minimumMonthlyRevenue: "0",
      revenueTiers: [],
    });
    expect(await fieldsOf(settings)).toMatchObject({ baseCommissionRate: "string_expected" });
  });

  it("the OpenAPI document says string for every decimal field and integer-or-text for counts", async () => {
    const doc = await (await ctx.request("/api/openapi.json")).json();
    const schemas = doc.components.schemas;
    for (const [schema, field] of [
      ["CampaignInput", "spent"],
      ["CampaignInput", "depositPayment"],
      ["CampaignPatch", "spent"],
      ["OfferInput", "value"],
      ["OfferInput", "payoutPerDeposit"],
      ["PayoutInput", "amount"],
      ["AdjustmentInput", "amount"],
    ] as const) {
      expect(schemas[schema].properties[field], `${schema}.${field}`).toMatchObject({ type: "string" });
    }
    expect(JSON.stringify(schemas.CommissionSettingsInput)).not.toContain('"number"');
    const clicks = schemas.CampaignInput.properties.clicks;
    expect(clicks.anyOf.map((option: { type: string }) => option.type).sort()).toEqual(["integer", "string"]);
  });
});

describe("control characters in names and texts", () => {
  it("a user's name, an offer's name and a token's name refuse them, with control_characters", async () => {
    const user = await call(admin, "POST", "/api/users", {
      email: `ctl-${Date.now()}@example.com`,
      name: "Ana\u0007",
    });
    expect(await fieldsOf(user)).toEqual({ name: "control_characters" });
    const offer = await call(admin, "POST", "/api/offers", {
      name: "Offer\u202eevil",
      casinoBrand: "Brand\tOne",
      value: "1",
      payoutPerDeposit: "1",
    });
    expect(await fieldsOf(offer)).toEqual({ name: "control_characters", casinoBrand: "control_characters" });
    const token = await call(buyer, "POST", "/api/tokens", { name: "tracker\nscript" });
    expect(await fieldsOf(token)).toEqual({ name: "control_characters" });
  });

  it("multi-line texts keep line breaks and tabs but refuse other control characters", async () => {
    const described = await call(admin, "POST", "/api/offers", {
      name: "Multi-line",
      casinoBrand: "Brand",
      description: "Line one\n\tLine two\r\n",
      value: "1",
      payoutPerDeposit: "1",
    });
    expect(described.status, await described.clone().text()).toBe(201);
    expect((await described.json()).description).toBe("Line one\n\tLine two");
    const deadline = addDays(todayIn("America/Sao_Paulo"), 10);
    const request = await call(buyer, "POST", "/api/creative-requests", {
      deadline,
      description: "Banner\u0001",
    });
    expect(await fieldsOf(request)).toEqual({ description: "control_characters" });
    const note = await call(admin, "POST", `/api/users/${buyer.id}/notes`, {
      content: "Call\u001b[31m back",
    });
    expect(await fieldsOf(note)).toEqual({ content: "control_characters" });
    const fine = await call(admin, "POST", `/api/users/${buyer.id}/notes`, { content: "Call\nback" });
    expect(fine.status, await fine.clone().text()).toBeLessThan(300);
  });

  it("the payee's holder name refuses them", async () => {
    const payee = await call(buyer, "PUT", "/api/me/payee", {
      method: "bank",
      bankCode: "001",
      bankBranch: "1234",
      bankAccount: "12345-6",
      bankAccountType: "checking",
      holderName: "Ana\u0085Silva",
      holderDocument: "529.982.247-25",
    });
    expect((await fieldsOf(payee)).holderName).toBe("control_characters");
  });
});
