import { describe, expect, it, vi } from "vitest";
import { getNotificationHub } from "../../server/features/notifications/notification-hub";
import type { NotificationEvent } from "../../server/features/notifications/notifications.service";

// The hub fans one channel out to each user's open streams. A stream unsubscribes twice (on abort,
// then in the heartbeat loop's finally, up to a heartbeat later): the late call must not drop a
// newer stream of the same user (a browser tab that reconnected in between).

function fakeDatabase() {
  let dispatch: ((payload: string) => void) | null = null;
  const database = {
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      dispatch = onPayload;
    },
  };
  const emit = (event: NotificationEvent) => dispatch?.(JSON.stringify(event));
  return { database, emit };
}

const logger = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() };

const event = (userId: string): NotificationEvent => ({
  id: crypto.randomUUID(),
  userId,
  type: "creative_request_status",
  metadata: {},
  read: false,
  createdAt: new Date().toISOString(),
});

describe("notification hub", () => {
  it("keeps a newer stream when an older one of the same user unsubscribes late", async () => {
    const { database, emit } = fakeDatabase();
    const hub = getNotificationHub(database as never, logger as never);
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = await hub.subscribe("buyer", first);
    unsubscribeFirst(); // the old tab's connection aborts
    await hub.subscribe("buyer", second); // the new tab subscribes
    unsubscribeFirst(); // the old stream's finally runs a heartbeat later
    emit(event("buyer"));
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    expect(hub.size()).toBe(1);
  });

  it("delivers only to the event's user and forgets a user's last stream", async () => {
    const { database, emit } = fakeDatabase();
    const hub = getNotificationHub(database as never, logger as never);
    const buyer = vi.fn();
    const admin = vi.fn();
    const unsubscribeBuyer = await hub.subscribe("buyer", buyer);
    await hub.subscribe("admin", admin);
    emit(event("admin"));
    expect(admin).toHaveBeenCalledTimes(1);
    expect(buyer).not.toHaveBeenCalled();
    unsubscribeBuyer();
    unsubscribeBuyer();
    emit(event("buyer"));
    expect(buyer).not.toHaveBeenCalled();
    expect(hub.size()).toBe(1);
  });
});
