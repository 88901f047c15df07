import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import {
  type NotificationItem,
  notificationListQuerySchema,
  notificationListSchema,
} from "../../../domain/schemas/notifications";
import type { AppDeps } from "../../context";
import { createRouter, errors, requireActor } from "../../http";
import { getNotificationHub } from "./notification-hub";
import {
  listNotifications,
  listNotificationsSince,
  markAllNotificationsRead,
  markNotificationRead,
} from "./notifications.service";

const tags = ["Notifications"];
const heartbeatMs = 25_000;

const listRoute = createRoute({
  method: "get",
  path: "/notifications",
  operationId: "listNotifications",
  tags,
  summary: "The viewer's latest notifications and the unread count",
  request: { query: notificationListQuerySchema },
  responses: {
    200: {
      description: "Notifications",
      content: { "application/json": { schema: notificationListSchema } },
    },
    ...errors(400, 401),
  },
});
const readRoute = createRoute({
  method: "post",
  path: "/notifications/{id}/read",
  operationId: "markNotificationRead",
  tags,
  summary: "Mark one of the viewer's notifications read",
  request: { params: z.object({ id: z.uuid({ error: "invalid_id" }) }) },
  responses: { 204: { description: "Marked" }, ...errors(400, 401, 404) },
});
const readAllRoute = createRoute({
  method: "post",
  path: "/notifications/read-all",
  operationId: "markAllNotificationsRead",
  tags,
  summary: "Mark all of the viewer's notifications read",
  responses: { 204: { description: "Marked" }, ...errors(401) },
});
const streamRoute = createRoute({
  method: "get",
  path: "/notifications/stream",
  operationId: "streamNotifications",
  tags,
  summary:
    "Server-Sent Events: `notification` events as they are written (send Last-Event-ID to catch up after a reconnect), and `refresh` events when the viewer's campaign figures changed (postbacks; at most about one a second)",
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    ...errors(401),
  },
});

/** SSE event ids are the creation time, so a reconnect asks for what came after it. */
const eventId = (item: NotificationItem) => item.createdAt;

export function createNotificationsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const actor = requireActor(c);
      return c.json(await listNotifications({ db, actor, limit: c.req.valid("query").limit }), 200);
    })
    .openapi(readAllRoute, async (c) => {
      await markAllNotificationsRead({ db, actor: requireActor(c) });
      return c.body(null, 204);
    })
    .openapi(readRoute, async (c) => {
      await markNotificationRead({ db, actor: requireActor(c), id: c.req.valid("param").id });
      return c.body(null, 204);
    })
    .openapi(streamRoute, async (c) => {
      const actor = requireActor(c);
      const hub = getNotificationHub(deps.database, deps.logger);
      const lastEventId = c.req.header("last-event-id");
      const since = lastEventId ? new Date(lastEventId) : null;
      // no-transform keeps the compression middleware from buffering the stream.
      c.header("Cache-Control", "no-cache, no-transform");
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        const send = (item: NotificationItem) =>
          stream.writeSSE({ id: eventId(item), event: "notification", data: JSON.stringify(item) });
        // The user's 11th stream closes their oldest (notification-hub.ts): it says so first, so
        // the tab does not reconnect at once and close another one in turn.
        const replaced = new AbortController();
        const evict = () => {
          void stream
            .writeSSE({ event: "replaced", data: "" })
            .catch(() => {})
            .finally(() => replaced.abort());
        };
        const stop = deps.shutdown ? AbortSignal.any([deps.shutdown, replaced.signal]) : replaced.signal;
        // Subscribe first, then catch up: nothing falls between; the client ignores duplicate ids.
        const unsubscribe = await hub.subscribe(
          actor.id,
          (event) => {
            if ("kind" in event) {
              // No id: a refresh is not replayed after a reconnect (the page refetches on load).
              void stream
                .writeSSE({ event: "refresh", data: JSON.stringify({ topic: event.topic }) })
                .catch(() => {});
              return;
            }
            const { userId: _owner, ...item } = event;
            void send(item).catch(() => {});
          },
          evict,
        );
        stream.onAbort(unsubscribe);
        try {
          if (since && !Number.isNaN(since.getTime())) {
            for (const item of await listNotificationsSince({ db, actor, since })) await send(item);
          }
          await stream.writeSSE({ event: "ready", data: "" });
          // Ends with the client, or when the server stops (the client's EventSource reconnects).
          while (!stream.aborted && !stream.closed && !stop.aborted) {
            await sleepUnlessAborted(heartbeatMs, stop);
            if (!stream.aborted && !stop.aborted) await stream.write(": heartbeat\n\n");
          }
        } finally {
          unsubscribe();
        }
      }) as never;
    });
}

/** Waits `ms`, or less when the signal aborts first. */
function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
