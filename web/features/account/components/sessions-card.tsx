import type { Session } from "@domain/schemas/sessions";
import { Monitor, Smartphone, Tablet } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "@/components/states";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessageKey } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { describeUserAgent } from "@/lib/user-agent";
import { useMySessions, useRevokeOtherSessions, useRevokeSession } from "../api";

// The user's sessions: device, address, when they signed in and were last active, "this device"
// marked; end one, or every other one.

export function SessionsCard() {
  const { t } = useTranslation("account");
  const sessions = useMySessions();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>{t("sessions.title")}</h2>
          </CardTitle>
          <CardDescription>{t("sessions.description")}</CardDescription>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={others === 0 || revokeOthers.isPending}
          onClick={() => setConfirmAll(true)}
          data-testid="revoke-other-sessions"
          className="shrink-0"
        >
          {t("sessions.endOthers")}
        </Button>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : sessions.isError ? (
          <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : (
          <ul className="grid gap-3" data-testid="session-list">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
      <AlertDialog open={confirmAll} onOpenChange={setConfirmAll}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("sessions.endOthersTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("sessions.endOthersDescription", { count: others })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              data-testid="revoke-other-sessions-confirm"
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: (result) => toast.success(t("sessions.endedOthers", { count: result.revoked })),
                  onError: (error) => toast.error(t(errorMessageKey(error))),
                })
              }
            >
              {t("sessions.endOthers")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { t } = useTranslation("account");
  const format = useFormatters();
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  const Icon = device.kind === "phone" ? Smartphone : device.kind === "tablet" ? Tablet : Monitor;
  const name =
    device.browser && device.system
      ? t("sessions.deviceOn", { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t("sessions.unknownDevice"));
  const when = (value: string) => formatDateTime(value, format.language, format.timeZone);

  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-row"
      data-current={session.current}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-sm" title={session.userAgent ?? undefined}>
              {name}
            </span>
            {session.current ? (
              <Badge variant="accent" data-testid="this-device">
                {t("sessions.thisDevice")}
              </Badge>
            ) : null}
          </div>
          <dl className="flex flex-col gap-x-4 gap-y-0.5 text-muted-foreground text-xs sm:flex-row sm:flex-wrap">
            <div className="flex flex-wrap gap-x-1">
              <dt className="whitespace-nowrap">{t("sessions.address")}</dt>
              <dd className="break-all text-foreground">
                {session.ipAddress ?? t("sessions.unknownAddress")}
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-1">
              <dt className="whitespace-nowrap">{t("sessions.signedIn")}</dt>
              <dd className="whitespace-nowrap text-foreground">{when(session.createdAt)}</dd>
            </div>
            <div className="flex flex-wrap gap-x-1">
              <dt className="whitespace-nowrap">{t("sessions.lastActive")}</dt>
              <dd className="whitespace-nowrap text-foreground">{when(session.lastActiveAt)}</dd>
            </div>
          </dl>
        </div>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => toast.success(t("sessions.ended")),
              onError: (error) => toast.error(t(errorMessageKey(error))),
            })
          }
          aria-label={t("sessions.endOne", { device: name })}
          data-testid="revoke-session"
        >
          {t("sessions.end")}
        </Button>
      )}
    </li>
  );
}
