import type { NotificationItem } from "@domain/schemas/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { campaignKeys } from "@/features/campaigns";
import { creativeRequestKeys } from "@/features/creative-requests";
import { refreshOwnPayments, refreshPaymentMonths } from "@/features/payments";
import { apiUrl } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { addLiveNotification, notificationKeys } from "./api";

// One EventSource per tab while the signed-in shell is mounted (the bell lives in its top bar), so
// it opens after sign-in and closes on sign-out. The browser reconnects by itself and sends
// Last-Event-ID, so the server replays what was missed; ids already seen are ignored. If the stream
// is closed for good (the session ended, the server refused), it is reopened later with a backoff
// and the session is re-checked, so an ended session signs the tab out. A user holds at most 10
// streams: the server closes the oldest with a "replaced" event, and that tab waits until it is
// looked at again before it reopens (reopening at once would close another tab's, in a loop).

const streamUrl = apiUrl("/api/notifications/stream");
const firstRetryMs = 5_000;
const maxRetryMs = 60_000;
const seenLimit = 500;

function parse(data: string): NotificationItem | null {
  try {
    const item = JSON.parse(data) as NotificationItem;
    return item && typeof item.id === "string" && typeof item.type === "string" ? item : null;
  } catch {
    return null;
  }
}

/** Opens the stream; answers whether it is subscribed right now. */
export function useNotificationStream(onArrival: (item: NotificationItem) => void): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const seen = new Set<string>();
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = firstRetryMs;
    let stopped = false;
    let replaced = false;

    const onNotification = (event: MessageEvent<string>) => {
      const item = parse(event.data);
      if (!item || seen.has(item.id)) return;
      seen.add(item.id);
      if (seen.size > seenLimit) seen.delete(seen.values().next().value as string);
      addLiveNotification(queryClient, item);
      if (item.type === "creative_request" || item.type === "creative_request_status") {
        void queryClient.invalidateQueries({ queryKey: creativeRequestKeys.all });
      } else if (item.type === "new_offer") {
        void queryClient.invalidateQueries({ queryKey: ["offers"] });
      } else if (item.type === "payment") {
        // The badge, the commission card and /user/payments show the transfer at once.
        void refreshOwnPayments(queryClient);
      } else if (item.type === "payee_changed") {
        void refreshPaymentMonths(queryClient);
      }
      arrival.current(item);
    };

    const open = () => {
      const current = new EventSource(streamUrl);
      source = current;
      current.addEventListener("notification", onNotification);
      // A postback changed the viewer's figures (or a buyer's they lead): the campaign queries on
      // screen refetch; the server sends at most about one a second (docs/decisions/0087).
      current.addEventListener("refresh", () => {
        void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      });
      current.addEventListener("ready", () => {
        retryMs = firstRetryMs;
        setLive(true);
        // Subscribed: whatever arrived before this point is in the list the server answers now.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      });
      current.addEventListener("replaced", () => {
        replaced = true;
        current.close();
        source = null;
        setLive(false);
      });
      current.onerror = () => {
        setLive(false);
        // While CONNECTING the browser is already retrying on its own.
        if (stopped || current.readyState !== EventSource.CLOSED) return;
        current.close();
        source = null;
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        retryTimer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, maxRetryMs);
      };
    };

    const onVisible = () => {
      if (!replaced || stopped || document.visibilityState !== "visible") return;
      replaced = false;
      open();
    };
    document.addEventListener("visibilitychange", onVisible);

    open();
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisible);
      clearTimeout(retryTimer);
      source?.close();
      setLive(false);
    };
  }, [queryClient]);

  return live;
}
