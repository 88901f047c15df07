import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayeeAnswer } from "../../../domain/schemas/payee";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createUser } from "../../db/factories";
import { auditEvents, notifications, payeeDetails } from "../../db/schema";

// Payee details (issue 24): the buyer keeps their own; financial users and admins read anyone's;
// team leads and other buyers read nothing. Every value is checked (CPF/CNPJ check digits, mobile
// phone, e-mail, UUID v4, bank account, TRC-20 checksum); a change is audited with keys masked and
// notifies every active financial user and admin.

let ctx: TestContext;
let financial: CreatedUser;
let financial2: CreatedUser;
let retiredFinancial: CreatedUser;
let admin: CreatedUser;
let lead: CreatedUser;
let buyer: CreatedUser;
let otherBuyer: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

const goodCpf = "529.982.247-25";
const badCpf = "529.982.247-24";
const tronAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

beforeAll(async () => {
  ctx = await createTestContext();
  financial = await createUser(ctx.db, { role: "financial" });
  financial2 = await createUser(ctx.db, { role: "financial" });
  retiredFinancial = await createUser(ctx.db, { role: "financial", deactivatedAt: new Date() });
  admin = await createUser(ctx.db, { role: "admin" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyer = await createUser(ctx.db, { role: "user", managerId: lead.id, name: "Bruno Pago" });
  otherBuyer = await createUser(ctx.db, { role: "user" });
  for (const user of [financial, financial2, admin, lead, buyer, otherBuyer])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

const put = (user: CreatedUser, json: unknown) =>
  ctx.request("/api/me/payee", { method: "PUT", cookie: as(user), json });

async function saveOk(user: CreatedUser, json: unknown): Promise<PayeeAnswer> {
  const response = await put(user, json);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function refusal(user: CreatedUser, json: unknown) {
  const response = await put(user, json);
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { code: string; fields?: Record<string, string> } }).error;
}

const countRows = async () =>
  Number((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(payeeDetails))[0]?.n ?? 0);

describe("who reads and writes payee details", () => {
  it("lets a buyer save and read their own, and answers null before the first save", async () => {
    const fresh = await createUser(ctx.db, { role: "user" });
    const cookie = await ctx.signIn(fresh.email, fresh.password);
    const empty = await ctx.request("/api/me/payee", { cookie });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ payee: null });

    const saved = await ctx.request("/api/me/payee", {
      method: "PUT",
      cookie,
      json: { method: "pix", pixKeyType: "cpf", pixKey: goodCpf },
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as PayeeAnswer;
    expect(body.payee).toMatchObject({
      method: "pix",
      pixKeyType: "cpf",
      pixKey: "52998224725",
      updatedBy: { id: fresh.id, name: fresh.name },
    });
    const read = await ctx.request("/api/me/payee", { cookie });
    expect(await read.json()).toEqual(body);
  });

  it("lets financial users and admins read any buyer's details, and answers 404 for an unknown user", async () => {
    await saveOk(buyer, { method: "pix", pixKeyType: "email", pixKey: "Bruno@Example.com" });
    for (const reader of [financial, admin]) {
      const response = await ctx.request(`/api/users/${buyer.id}/payee`, { cookie: as(reader) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as PayeeAnswer).payee).toMatchObject({
        method: "pix",
        pixKeyType: "email",
        pixKey: "bruno@example.com",
      });
    }
    const none = await ctx.request(`/api/users/${otherBuyer.id}/payee`, { cookie: as(financial) });
    expect(await none.json()).toEqual({ payee: null });
    const unknown = await ctx.request("/api/users/no-such-user/payee", { cookie: as(financial) });
    expect(unknown.status).toBe(404);
  });

  it("answers a buyer their own by id, 404 for another buyer's; a team lead gets 403 even for their buyer", async () => {
    await saveOk(buyer, { method: "pix", pixKeyType: "email", pixKey: "bruno@example.com" });
    const own = await ctx.request(`/api/users/${buyer.id}/payee`, { cookie: as(buyer) });
    expect(own.status).toBe(200);
    const other = await ctx.request(`/api/users/${buyer.id}/payee`, { cookie: as(otherBuyer) });
    expect(other.status).toBe(404);
    expect(JSON.stringify(await other.json())).not.toContain("bruno@example.com");
    const byLead = await ctx.request(`/api/users/${buyer.id}/payee`, { cookie: as(lead) });
    expect(byLead.status).toBe(403);
  });

  it("refuses team leads, financial users and admins their own details (only buyers are paid), and anonymous callers", async () => {
    const before = await countRows();
    for (const user of [lead, financial, admin]) {
      expect((await ctx.request("/api/me/payee", { cookie: as(user) })).status).toBe(403);
      expect((await put(user, { method: "pix", pixKeyType: "cpf", pixKey: goodCpf })).status).toBe(403);
    }
    expect((await ctx.request("/api/me/payee")).status).toBe(401);
    expect((await ctx.request(`/api/users/${buyer.id}/payee`)).status).toBe(401);
    expect(await countRows()).toBe(before);
  });
});

describe("validation", () => {
  it("refuses a CPF with a wrong check digit with a translated code and changes nothing", async () => {
    const before = await ctx.db.select().from(payeeDetails).where(eq(payeeDetails.userId, buyer.id));
    const error = await refusal(buyer, { method: "pix", pixKeyType: "cpf", pixKey: badCpf });
    expect(error).toMatchObject({ code: "validation_failed", fields: { pixKey: "invalid_cpf" } });
    expect(await ctx.db.select().from(payeeDetails).where(eq(payeeDetails.userId, buyer.id))).toEqual(before);
  });

  it.each([
    [{ pixKeyType: "cpf", pixKey: goodCpf }, "52998224725"],
    [{ pixKeyType: "cnpj", pixKey: "11.222.333/0001-81" }, "11222333000181"],
    [{ pixKeyType: "cnpj", pixKey: "12.abc.345/01de-35" }, "12ABC34501DE35"],
    [{ pixKeyType: "phone", pixKey: "(11) 98765-4321" }, "+5511987654321"],
    [{ pixKeyType: "email", pixKey: " Ana.Silva@Example.COM" }, "ana.silva@example.com"],
    [
      { pixKeyType: "random", pixKey: "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D" },
      "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d",
    ],
  ])("accepts and normalises a Pix key %o", async (key, stored) => {
    const body = await saveOk(otherBuyer, { method: "pix", ...key });
    expect(body.payee).toMatchObject({ method: "pix", pixKeyType: key.pixKeyType, pixKey: stored });
  });

  it.each([
    [{ pixKeyType: "cnpj", pixKey: "11.222.333/0001-80" }, "invalid_cnpj"],
    [{ pixKeyType: "phone", pixKey: "98765-4321" }, "invalid_phone"],
    [{ pixKeyType: "phone", pixKey: "+1 415 987 6543" }, "invalid_phone"],
    [{ pixKeyType: "email", pixKey: "ana@" }, "invalid_email"],
    [{ pixKeyType: "random", pixKey: "123e4567-e12b-12d1-a456-426655440000" }, "invalid_random_key"],
    [{ pixKeyType: "cpf", pixKey: "" }, "required"],
    [{ pixKeyType: "cpf", pixKey: "1".repeat(201) }, "too_long"],
  ])("refuses a Pix key %o with %s", async (key, code) => {
    const error = await refusal(otherBuyer, { method: "pix", ...key });
    expect(error.fields).toEqual({ pixKey: code });
  });

  it("refuses an unknown method or key type", async () => {
    expect((await refusal(buyer, { method: "wire" })).fields).toEqual({ method: "invalid_option" });
    expect((await refusal(buyer, { method: "pix", pixKeyType: "iban", pixKey: "x" })).fields).toEqual({
      pixKeyType: "invalid_option",
    });
  });

  it("accepts a bank account with its check digit and a valid holder CPF or CNPJ", async () => {
    const body = await saveOk(otherBuyer, {
      method: "bank",
      bankCode: "260",
      bankBranch: "0001",
      bankAccount: "1234567-8",
      bankAccountType: "checking",
      holderName: "  Outro   Comprador ",
      holderDocument: "11.222.333/0001-81",
    });
    expect(body.payee).toMatchObject({
      method: "bank",
      bankCode: "260",
      bankBranch: "0001",
      bankAccount: "1234567-8",
      bankAccountType: "checking",
      holderName: "Outro Comprador",
      holderDocument: "11222333000181",
    });
    // The Pix columns of the earlier save are gone: one method at a time.
    const [row] = await ctx.db.select().from(payeeDetails).where(eq(payeeDetails.userId, otherBuyer.id));
    expect(row).toMatchObject({ pixKey: null, pixKeyType: null, usdtAddress: null });
  });

  it("refuses bank fields one by one, each with its own code", async () => {
    const error = await refusal(otherBuyer, {
      method: "bank",
      bankCode: "26",
      bankBranch: "00a1",
      bankAccount: "12345678",
      bankAccountType: "current",
      holderName: "",
      holderDocument: badCpf,
    });
    expect(error.fields).toEqual({
      bankCode: "invalid_bank_code",
      bankBranch: "invalid_bank_branch",
      bankAccount: "invalid_bank_account",
      bankAccountType: "invalid_option",
      holderName: "required",
      holderDocument: "invalid_cpf",
    });
  });

  it("accepts a TRC-20 address and refuses one whose checksum fails", async () => {
    const body = await saveOk(otherBuyer, { method: "usdt", usdtAddress: ` ${tronAddress} ` });
    expect(body.payee).toMatchObject({ method: "usdt", usdtAddress: tronAddress });
    const error = await refusal(otherBuyer, { method: "usdt", usdtAddress: `${tronAddress.slice(0, -1)}u` });
    expect(error.fields).toEqual({ usdtAddress: "invalid_usdt_address" });
  });
});

describe("audit and notifications", () => {
  const latestEvent = async (userId: string) =>
    (
      await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "payee.updated"), eq(auditEvents.subjectUserId, userId)))
        .orderBy(desc(auditEvents.id))
        .limit(1)
    )[0];
  const payeeNotices = async (userId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "payee_changed")));

  it("audits each change with the fields changed and the keys masked to their last 4 characters", async () => {
    const person = await createUser(ctx.db, { role: "user" });
    const cookie = await ctx.signIn(person.email, person.password);
    const save = (json: unknown) => ctx.request("/api/me/payee", { method: "PUT", cookie, json });

    expect((await save({ method: "pix", pixKeyType: "cpf", pixKey: goodCpf })).status).toBe(200);
    const first = await latestEvent(person.id);
    expect(first).toMatchObject({
      actorId: person.id,
      targetType: "payee",
      targetId: person.id,
      details: {
        firstSave: true,
        changes: {
          method: { from: null, to: "pix" },
          pixKeyType: { from: null, to: "cpf" },
          pixKey: { from: null, to: "••••4725" },
        },
      },
    });

    expect((await save({ method: "pix", pixKeyType: "phone", pixKey: "+55 11 98765-4321" })).status).toBe(
      200,
    );
    const second = await latestEvent(person.id);
    expect(second?.details).toEqual({
      changes: {
        pixKeyType: { from: "cpf", to: "phone" },
        pixKey: { from: "••••4725", to: "••••4321" },
      },
    });
    // Never the whole key, anywhere in the event.
    expect(JSON.stringify([first, second])).not.toMatch(/52998224725|5511987654321/);
  });

  it("notifies every active financial user and admin, and nobody else", async () => {
    const person = await createUser(ctx.db, { role: "user", name: "Nina Nova" });
    const cookie = await ctx.signIn(person.email, person.password);
    const before = {
      financial: (await payeeNotices(financial.id)).length,
      financial2: (await payeeNotices(financial2.id)).length,
      admin: (await payeeNotices(admin.id)).length,
    };
    const response = await ctx.request("/api/me/payee", {
      method: "PUT",
      cookie,
      json: { method: "usdt", usdtAddress: tronAddress },
    });
    expect(response.status).toBe(200);
    const mine = (rows: Awaited<ReturnType<typeof payeeNotices>>) =>
      rows.filter((row) => (row.metadata as { buyerId?: string }).buyerId === person.id);
    for (const reader of [financial, financial2, admin]) {
      const rows = mine(await payeeNotices(reader.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.metadata).toEqual({ buyerId: person.id, buyerName: "Nina Nova" });
    }
    expect((await payeeNotices(financial.id)).length).toBe(before.financial + 1);
    expect((await payeeNotices(financial2.id)).length).toBe(before.financial2 + 1);
    expect((await payeeNotices(admin.id)).length).toBe(before.admin + 1);
    for (const other of [retiredFinancial, lead, buyer, otherBuyer, person])
      expect(mine(await payeeNotices(other.id))).toHaveLength(0);
  });

  it("writes nothing when a save changes nothing (same key typed another way)", async () => {
    const person = await createUser(ctx.db, { role: "user" });
    const cookie = await ctx.signIn(person.email, person.password);
    const save = (pixKey: string) =>
      ctx.request("/api/me/payee", {
        method: "PUT",
        cookie,
        json: { method: "pix", pixKeyType: "cpf", pixKey },
      });
    expect((await save(goodCpf)).status).toBe(200);
    const [stored] = await ctx.db.select().from(payeeDetails).where(eq(payeeDetails.userId, person.id));
    const events = async () =>
      Number(
        (
          await ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(auditEvents)
            .where(and(eq(auditEvents.action, "payee.updated"), eq(auditEvents.subjectUserId, person.id)))
        )[0]?.n,
      );
    const notices = (await payeeNotices(financial.id)).length;
    expect(await events()).toBe(1);
    expect((await save("52998224725")).status).toBe(200);
    expect(await events()).toBe(1);
    expect((await payeeNotices(financial.id)).length).toBe(notices);
    const [after] = await ctx.db.select().from(payeeDetails).where(eq(payeeDetails.userId, person.id));
    expect(after?.updatedAt).toEqual(stored?.updatedAt);
  });

  it("records nothing and notifies nobody when the input is refused", async () => {
    const event = await latestEvent(buyer.id);
    const notices = (await payeeNotices(financial.id)).length;
    await refusal(buyer, { method: "pix", pixKeyType: "cpf", pixKey: badCpf });
    expect(await latestEvent(buyer.id)).toEqual(event);
    expect((await payeeNotices(financial.id)).length).toBe(notices);
  });
});
