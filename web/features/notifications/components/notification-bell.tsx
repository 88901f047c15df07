import type { NotificationItem } from "@domain/schemas/notifications";
import { BellIcon, CheckCheckIcon } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth";
import { useAppConfig } from "@/lib/config";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useLanguage } from "@/lib/use-language";
import { cn } from "@/lib/utils";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "../api";
import { renderNotification } from "../render";
import { useNotificationStream } from "../use-notification-stream";

/** The top bar's bell: the latest 10, the unread count, mark one or all read, live arrivals. */
export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const language = useLanguage();
  const user = useCurrentUser();
  const config = useAppConfig();
  const navigate = useNavigate();
  const currency = config.data?.reportingCurrency ?? "USD";
  const timeZone = config.data?.workspaceTimezone ?? "America/Sao_Paulo";
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const render = useCallback(
    (item: NotificationItem) => renderNotification(item, { t, language, currency, role: user.role }),
    [t, language, currency, user.role],
  );

  const live = useNotificationStream((item) => {
    const { title, text, href } = render(item);
    toast(title, {
      description: text,
      duration: 6000,
      ...(href ? { action: { label: t("bell.open"), onClick: () => navigate(href) } } : {}),
    });
  });

  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];

  function open(item: NotificationItem) {
    if (!item.read) {
      markRead.mutate(item.id, { onError: () => toast.error(t("bell.markFailed")) });
    }
    const { href } = render(item);
    if (href) navigate(href);
  }

  return (
    <>
      <span className="sr-only" aria-live="polite" aria-atomic="true" data-testid="bell-live">
        {notifications.data ? t("bell.unreadLabel", { count: unread }) : ""}
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={unread > 0 ? t("bell.unreadLabel", { count: unread }) : t("bell.label")}
            title={unread > 0 ? t("bell.unreadLabel", { count: unread }) : t("bell.label")}
            data-testid="notification-bell"
            data-live={live ? "on" : "off"}
          >
            <BellIcon aria-hidden="true" />
            {unread > 0 ? (
              <span
                aria-hidden="true"
                data-testid="bell-count"
                className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-destructive-foreground leading-none"
              >
                {unread > 99 ? "99+" : unread}
              </span>
            ) : null}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="w-[min(22rem,calc(100vw-1rem))] p-0"
          data-testid="notification-list"
        >
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <DropdownMenuLabel className="p-0 font-semibold">{t("bell.title")}</DropdownMenuLabel>
            {unread > 0 ? (
              <span className="rounded-full bg-primary px-2 py-0.5 font-medium text-primary-foreground text-xs">
                {unread}
              </span>
            ) : null}
          </div>
          <DropdownMenuSeparator className="m-0" />
          {/* The list scrolls when long. Arrow keys move through its items and bring each into
              view; the region itself also takes focus, so a keyboard can scroll it whole (axe,
              "scrollable-region-focusable"). */}
          <DropdownMenuGroup
            aria-label={t("bell.title")}
            tabIndex={0}
            className="max-h-[min(28rem,calc(100svh-10rem))] overflow-y-auto rounded-sm p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="notification-scroller"
          >
            {notifications.isPending ? (
              <div className="flex justify-center p-4">
                <Spinner />
              </div>
            ) : notifications.isError ? (
              <p className="p-4 text-center text-destructive text-sm">{t("bell.loadFailed")}</p>
            ) : items.length === 0 ? (
              <p className="p-4 text-center text-muted-foreground text-sm" data-testid="bell-empty">
                {t("bell.empty")}
              </p>
            ) : (
              items.map((item) => {
                const rendered = render(item);
                return (
                  <DropdownMenuItem
                    key={item.id}
                    onSelect={() => open(item)}
                    className={cn("items-start gap-3 py-2", !item.read && "bg-accent/40")}
                    data-testid="notification-item"
                    data-read={item.read}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        "mt-1.5 size-2 shrink-0 rounded-full",
                        item.read ? "bg-transparent" : "bg-primary",
                      )}
                    />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="font-medium text-sm leading-snug">
                        {rendered.title}
                        {item.read ? null : <span className="sr-only"> ({t("bell.unread")})</span>}
                      </span>
                      <span className="whitespace-normal text-muted-foreground text-xs leading-snug">
                        {rendered.text}
                      </span>
                      <span className="text-muted-foreground text-[11px] tabular-nums">
                        {formatDateTime(item.createdAt, language, timeZone)}
                      </span>
                    </span>
                  </DropdownMenuItem>
                );
              })
            )}
          </DropdownMenuGroup>
          <DropdownMenuSeparator className="m-0" />
          <div className="p-1">
            <DropdownMenuItem
              disabled={unread === 0 || markAll.isPending}
              onSelect={(event) => {
                // Stay open so the reader sees everything turn read.
                event.preventDefault();
                markAll.mutate(undefined, { onError: () => toast.error(t("bell.markFailed")) });
              }}
              className="justify-center"
              data-testid="mark-all-read"
            >
              <CheckCheckIcon aria-hidden="true" />
              {t("bell.markAll")}
            </DropdownMenuItem>
          </div>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
