import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createNote, createUser } from "../../db/factories";
import { userNotes } from "../../db/schema";

let ctx: TestContext;
let admin: CreatedUser;
let buyer: CreatedUser;
let other: CreatedUser;
let lead: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  buyer = await createUser(ctx.db, { role: "user" });
  other = await createUser(ctx.db, { role: "user" });
  lead = await createUser(ctx.db, { role: "manager" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, buyer, other, lead, financial])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

describe("notes", () => {
  it("lets an admin write a note that its subject reads but cannot change", async () => {
    const created = await ctx.request(`/api/users/${buyer.id}/notes`, {
      method: "POST",
      cookie: as(admin),
      json: { content: "Great week.\nKeep the budget on Fortuna." },
    });
    expect(created.status).toBe(201);
    const note = await created.json();
    expect(note).toMatchObject({ userId: buyer.id, author: { id: admin.id }, user: { id: buyer.id } });

    const mine = await (await ctx.request("/api/notes", { cookie: as(buyer) })).json();
    expect(mine.map((n: { id: string }) => n.id)).toEqual([note.id]);
    expect((await ctx.request(`/api/users/${buyer.id}/notes`, { cookie: as(buyer) })).status).toBe(200);

    const edit = await ctx.request(`/api/notes/${note.id}`, {
      method: "PATCH",
      cookie: as(buyer),
      json: { content: "x" },
    });
    expect(edit.status).toBe(403);
    expect((await ctx.request(`/api/notes/${note.id}`, { method: "DELETE", cookie: as(buyer) })).status).toBe(
      403,
    );
  });

  it("keeps notes private from other buyers, team leads and financial staff", async () => {
    await createNote(ctx.db, { userId: buyer.id, createdBy: admin.id, content: "private" });
    expect((await ctx.request(`/api/users/${buyer.id}/notes`, { cookie: as(other) })).status).toBe(403);
    expect((await ctx.request(`/api/users/${buyer.id}/notes`, { cookie: as(lead) })).status).toBe(403);
    expect((await ctx.request("/api/notes", { cookie: as(financial) })).status).toBe(403);
    const others = await (await ctx.request("/api/notes", { cookie: as(other) })).json();
    expect(others).toEqual([]);
    expect(
      (
        await ctx.request(`/api/users/${buyer.id}/notes`, {
          method: "POST",
          cookie: as(lead),
          json: { content: "hi" },
        })
      ).status,
    ).toBe(403);
  });

  it("refuses empty or whitespace-only content and changes nothing", async () => {
    const note = await createNote(ctx.db, { userId: buyer.id, createdBy: admin.id, content: "keep me" });
    const blank = await ctx.request(`/api/notes/${note.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { content: "  \n\t " },
    });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.fields).toEqual({ content: "required" });
    const [row] = await ctx.db.select().from(userNotes).where(eq(userNotes.id, note.id));
    expect(row?.content).toBe("keep me");
  });

  it("lets an admin edit and delete, and answers 404 for unknown ids", async () => {
    const note = await createNote(ctx.db, { userId: buyer.id, createdBy: admin.id, content: "old" });
    const edited = await ctx.request(`/api/notes/${note.id}`, {
      method: "PATCH",
      cookie: as(admin),
      json: { content: "new" },
    });
    expect((await edited.json()).content).toBe("new");
    expect((await ctx.request(`/api/notes/${note.id}`, { method: "DELETE", cookie: as(admin) })).status).toBe(
      204,
    );
    expect((await ctx.request(`/api/notes/${note.id}`, { method: "DELETE", cookie: as(admin) })).status).toBe(
      404,
    );
    expect(
      (
        await ctx.request("/api/users/nobody/notes", {
          method: "POST",
          cookie: as(admin),
          json: { content: "x" },
        })
      ).status,
    ).toBe(404);
  });
});
