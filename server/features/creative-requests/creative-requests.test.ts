import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createNotification, createUser } from "../../db/factories";
import { creativeRequests, notifications } from "../../db/schema";

let ctx: TestContext;
let admin: CreatedUser;
let admin2: CreatedUser;
let buyer: CreatedUser;
let other: CreatedUser;
let financial: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;
const today = () => todayIn("America/Sao_Paulo");

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  admin2 = await createUser(ctx.db, { role: "admin" });
  buyer = await createUser(ctx.db, { role: "user", name: "Bruna" });
  other = await createUser(ctx.db, { role: "user" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, admin2, buyer, other, financial])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));
});
afterAll(async () => ctx?.close());

async function notificationsOf(user: CreatedUser) {
  return (await (await ctx.request("/api/notifications", { cookie: as(user) })).json()) as {
    items: { id: string; type: string; metadata: Record<string, unknown>; read: boolean }[];
    unread: number;
  };
}

type SseEvent = { id?: string; event?: string; data: string };

/** Reads SSE events from a streaming response until `until` holds for what arrived. */
async function readEvents(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (events: SseEvent[]) => boolean,
  events: SseEvent[] = [],
) {
  const decoder = new TextDecoder();
  let buffer = "";
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { data: "" };
      for (const line of block.split("\n")) {
        if (line.startsWith("id: ")) event.id = line.slice(4);
        if (line.startsWith("event: ")) event.event = line.slice(7);
        if (line.startsWith("data: ")) event.data += line.slice(6);
      }
      if (event.event) events.push(event);
      end = buffer.indexOf("\n\n");
    }
  }
  return events;
}

const notificationCount = (n: number) => (events: SseEvent[]) =>
  events.filter((e) => e.event === "notification").length >= n;

describe("creative requests", () => {
  it("files a request, lists it as the buyer's own and notifies every admin", async () => {
    const response = await ctx.request("/api/creative-requests", {
      method: "POST",
      cookie: as(buyer),
      json: { deadline: addDays(today(), 3), description: "Banner for Fortuna, 1080px" },
    });
    expect(response.status).toBe(201);
    const request = await response.json();
    expect(request).toMatchObject({ type: "Image", format: "Square", status: "pending", adminNotes: null });

    const own = await (await ctx.request("/api/creative-requests", { cookie: as(buyer) })).json();
    expect(own.map((r: { id: string }) => r.id)).toEqual([request.id]);
    const others = await (await ctx.request("/api/creative-requests", { cookie: as(other) })).json();
    expect(others).toEqual([]);

    for (const a of [admin, admin2]) {
      const list = await notificationsOf(a);
      expect(list.items[0]).toMatchObject({
        type: "creative_request",
        read: false,
        metadata: {
          requestId: request.id,
          requestType: "Image",
          requestFormat: "Square",
          requesterName: "Bruna",
        },
      });
    }
    expect((await notificationsOf(buyer)).items).toHaveLength(0);
  });

  it("refuses a past deadline or blank description and stores nothing", async () => {
    const before = await ctx.db.select().from(creativeRequests);
    const past = await ctx.request("/api/creative-requests", {
      method: "POST",
      cookie: as(buyer),
      json: { deadline: addDays(today(), -1), description: "x" },
    });
    expect(past.status).toBe(400);
    expect((await past.json()).error.fields).toEqual({ deadline: "date_in_past" });
    const blank = await ctx.request("/api/creative-requests", {
      method: "POST",
      cookie: as(buyer),
      json: { deadline: today(), description: " \n ", type: "Poster" },
    });
    expect((await blank.json()).error.fields).toMatchObject({
      description: "required",
      type: "invalid_option",
    });
    expect(await ctx.db.select().from(creativeRequests)).toHaveLength(before.length);
  });

  it("lets only admins change the status, and notifies the requester", async () => {
    const filed = await (
      await ctx.request("/api/creative-requests", {
        method: "POST",
        cookie: as(buyer),
        json: { type: "Video", format: "Vertical", deadline: today(), description: "Story" },
      })
    ).json();
    const path = `/api/creative-requests/${filed.id}`;
    for (const user of [buyer, other, financial]) {
      const denied = await ctx.request(path, {
        method: "PATCH",
        cookie: as(user),
        json: { status: "completed" },
      });
      expect(denied.status).toBe(403);
    }
    expect((await ctx.request("/api/creative-requests", { cookie: as(financial) })).status).toBe(403);

    const moved = await ctx.request(path, {
      method: "PATCH",
      cookie: as(admin),
      json: { status: "in_progress", adminNotes: "On it" },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ status: "in_progress", adminNotes: "On it" });
    const [latest] = (await notificationsOf(buyer)).items;
    expect(latest).toMatchObject({
      type: "creative_request_status",
      metadata: { requestId: filed.id, status: "in_progress", previousStatus: "pending" },
    });
    const missing = await ctx.request("/api/creative-requests/00000000-0000-4000-8000-000000000000", {
      method: "PATCH",
      cookie: as(admin),
      json: { status: "rejected" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("notifications", () => {
  it("marks one or all read, never another user's", async () => {
    const mine = await createNotification(ctx.db, { userId: other.id, type: "new_offer" });
    await createNotification(ctx.db, { userId: other.id, type: "new_offer" });
    const foreign = await ctx.request(`/api/notifications/${mine.id}/read`, {
      method: "POST",
      cookie: as(buyer),
    });
    expect(foreign.status).toBe(404);
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(row?.read).toBe(false);

    expect(
      (await ctx.request(`/api/notifications/${mine.id}/read`, { method: "POST", cookie: as(other) })).status,
    ).toBe(204);
    expect((await notificationsOf(other)).unread).toBe(1);
    expect(
      (await ctx.request("/api/notifications/read-all", { method: "POST", cookie: as(other) })).status,
    ).toBe(204);
    expect((await notificationsOf(other)).unread).toBe(0);
    expect((await ctx.request("/api/notifications")).status).toBe(401);
  });

  it("delivers a new notification live over SSE and catches up after a reconnect", async () => {
    const stream = await ctx.request("/api/notifications/stream", { cookie: as(admin) });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    // Once "ready" arrives the stream is subscribed; then a request is filed.
    const events = await readEvents(reader, (list) => list.some((e) => e.event === "ready"));
    const filed = await (
      await ctx.request("/api/creative-requests", {
        method: "POST",
        cookie: as(buyer),
        json: { deadline: today(), description: "Live one" },
      })
    ).json();
    await readEvents(reader, notificationCount(1), events);
    await reader.cancel();
    const live = events.find((e) => e.event === "notification");
    expect(JSON.parse(live!.data)).toMatchObject({
      type: "creative_request",
      metadata: { requestId: filed.id },
    });

    // Reconnect from before that event: it is sent again from the database.
    const since = new Date(Date.parse(live!.id!) - 1).toISOString();
    const again = await ctx.request("/api/notifications/stream", {
      cookie: as(admin),
      headers: { "last-event-id": since },
    });
    const replayReader = again.body!.getReader();
    const replay = await readEvents(replayReader, notificationCount(1));
    await replayReader.cancel();
    expect(JSON.parse(replay.find((e) => e.event === "notification")!.data).metadata.requestId).toBe(
      filed.id,
    );

    const anonymous = await ctx.request("/api/notifications/stream");
    expect(anonymous.status).toBe(401);
  });
});
