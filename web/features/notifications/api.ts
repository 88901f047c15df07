import type { NotificationItem, NotificationList } from "@domain/schemas/notifications";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

// The bell's data: the latest 10 notifications and the unread count. The live stream
// (use-notification-stream.ts) writes into the same cache.

export const notificationLimit = 10;

export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list", notificationLimit] as const,
};

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }): Promise<NotificationList> =>
      unwrap(api.GET("/api/notifications", { params: { query: { limit: notificationLimit } }, signal })),
  });
}

/** Puts a live notification at the top of the cached list (once), then asks the server to confirm. */
export function addLiveNotification(queryClient: QueryClient, item: NotificationItem) {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
    if (!list || list.items.some((existing) => existing.id === item.id)) return list;
    return {
      items: [item, ...list.items].slice(0, notificationLimit),
      unread: list.unread + (item.read ? 0 : 1),
    };
  });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

function markInCache(queryClient: QueryClient, id: string | null) {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
    if (!list) return list;
    const items = list.items.map((item) => (id === null || item.id === id ? { ...item, read: true } : item));
    const newlyRead = list.items.filter((item) => !item.read && (id === null || item.id === id)).length;
    return { items, unread: id === null ? 0 : Math.max(0, list.unread - newlyRead) };
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.POST("/api/notifications/{id}/read", { params: { path: { id } } })),
    onSuccess: (_, id) => {
      markInCache(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/api/notifications/read-all")),
    onSuccess: () => {
      markInCache(queryClient, null);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
