import { can } from "@domain/permissions";
import type { Language, Role } from "@domain/roles";
import type { NotificationItem } from "@domain/schemas/notifications";
import type { TFunction } from "i18next";
import { normalizeStatus } from "@/features/creative-requests";
import { formatDate, formatMoney } from "@/lib/format";

// A notification is stored as type + metadata and rendered here, in the reader's language.

export type RenderedNotification = { title: string; text: string; href: string | null };

const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

/** A translated label (creative:<group>.<value>) for a known value, else the value itself. */
function label(t: TFunction, group: "types" | "formats", value: unknown) {
  const raw = text(value);
  return raw ? t(`creative:${group}.${raw}`, { defaultValue: raw }) : "";
}

export function renderNotification(
  item: NotificationItem,
  options: { t: TFunction; language: Language; currency: string; role: Role },
): RenderedNotification {
  const { t, language, currency, role } = options;
  const meta = item.metadata;
  const title = t(`notifications:titles.${item.type}`);
  switch (item.type) {
    case "creative_request":
      return {
        title,
        text: t("notifications:messages.creative_request", {
          name: text(meta.requesterName) || t("notifications:someone"),
          type: label(t, "types", meta.requestType),
          format: label(t, "formats", meta.requestFormat),
        }),
        href: can(role, "creative-requests:manage") ? "/admin/creative-requests" : null,
      };
    case "creative_request_status":
      return {
        title,
        text: t("notifications:messages.creative_request_status", {
          type: label(t, "types", meta.requestType),
          status: t(`creative:status.${normalizeStatus(text(meta.status))}`),
        }),
        href: "/request-creative",
      };
    case "new_offer":
      return {
        title,
        text: t("notifications:messages.new_offer", {
          offer: text(meta.offerName),
          casino: text(meta.casino),
          value: formatMoney(text(meta.depositValue) || 0, currency, language),
        }),
        href: can(role, "area:buyer") ? "/add-data" : null,
      };
    case "payment":
      return {
        title,
        text: t("notifications:messages.payment", {
          amount: formatMoney(text(meta.amount) || 0, currency, language),
        }),
        href: can(role, "payments:read-own") ? "/user/payments" : null,
      };
    case "payee_changed":
      return {
        title,
        text: t("notifications:messages.payee_changed", {
          name: text(meta.buyerName) || t("notifications:someone"),
        }),
        href: can(role, "area:admin") ? "/admin/financial" : "/financial/payments",
      };
    case "missing_day":
      return {
        title,
        text: t("notifications:messages.missing_day", {
          day: text(meta.day) ? formatDate(text(meta.day), language, { style: "long" }) : "",
        }),
        href: can(role, "area:buyer") ? "/add-data" : null,
      };
    default:
      return { title: "", text: "", href: null };
  }
}
