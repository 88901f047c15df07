import { z } from "zod";

export const notificationTypes = [
  "creative_request",
  "creative_request_status",
  "payment",
  "new_offer",
  "payee_changed",
  "missing_day",
] as const;

export const notificationItemSchema = z
  .object({
    id: z.string(),
    type: z.enum(notificationTypes),
    /** Rendered by the reader's UI in their own language. */
    metadata: z.record(z.string(), z.unknown()),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListSchema = z
  .object({ items: z.array(notificationItemSchema), unread: z.number().int() })
  .meta({ id: "NotificationList" });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "not_a_number" })
    .int("integer")
    .min(1, "too_large")
    .max(50, "too_large")
    .default(10),
});
