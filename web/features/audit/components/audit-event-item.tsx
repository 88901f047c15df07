import type { Language } from "@domain/roles";
import type { AuditEvent } from "@domain/schemas/audit";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { describeUserAgent } from "@/lib/user-agent";
import { cn } from "@/lib/utils";
import {
  type DetailLine,
  describeAuditDetails,
  type RenderContext,
  renderDetailValue,
  renderFieldLabel,
} from "../details";

// One event of the trail: when, who, what (and about whom), from where, and the old → new values.

export type AuditContext = {
  language: Language;
  timeZone: string;
  /** The workspace's reporting currency: payments and commissions are in it. */
  currency: string;
  /** Names for user ids in the details (a team lead, assigned buyers). */
  userNames: Map<string, string>;
};

/** Targets that are one of a kind (the workspace settings): their id says nothing. */
const unnamedTargets = new Set(["user", "settings"]);
export function AuditEventItem({ event, context }: { event: AuditEvent; context: AuditContext }) {
  const { t } = useTranslation("audit");
  const failed = event.outcome === "failure";
  const lines = describeAuditDetails(event.details);
  const render = useRenderContext(event, context);
  const device = describeUserAgent(event.userAgent);
  const deviceName =
    device.browser && device.system
      ? t("event.deviceOn", { browser: device.browser, system: device.system })
      : (device.browser ?? device.system);

  return (
    <li
      className={cn(
        "grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-card-foreground text-sm lg:grid-cols-[11rem_minmax(0,13rem)_minmax(0,1fr)] lg:gap-x-6",
        failed && "border-destructive/40",
      )}
      data-testid="audit-event"
      data-action={event.action}
      data-outcome={event.outcome}
    >
      <div className="grid min-w-0 content-start gap-1">
        <Caption>{t("columns.when")}</Caption>
        <time dateTime={event.createdAt} className="font-medium tabular-nums">
          {formatDateTime(event.createdAt, context.language, context.timeZone)}
        </time>
        {event.ipAddress || deviceName ? (
          <span
            className="wrap-anywhere text-muted-foreground text-xs"
            title={event.userAgent ?? undefined}
            data-testid="audit-event-source"
          >
            {event.ipAddress ? t("event.from", { address: event.ipAddress }) : null}
            {event.ipAddress && deviceName ? " · " : null}
            {deviceName}
          </span>
        ) : null}
      </div>

      <div className="grid min-w-0 content-start gap-1">
        <Caption>{t("columns.who")}</Caption>
        <Actor event={event} />
      </div>

      <div className="col-span-2 grid min-w-0 content-start gap-2 lg:col-span-1">
        <Caption>{t("columns.what")}</Caption>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium" data-testid="audit-event-action">
            {t(`actions.${event.action}`)}
          </span>
          {failed ? (
            <Badge variant="destructive" data-testid="audit-event-failed">
              {t("outcomes.failure")}
            </Badge>
          ) : null}
        </div>
        <Target event={event} />
        {lines.length > 0 ? (
          <dl
            className="grid gap-1 rounded-md bg-muted/60 px-3 py-2 text-sm"
            data-testid="audit-event-details"
          >
            {lines.map((line) => (
              <DetailRow key={line.key} line={line} context={render} />
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

/** A field's name on phones, where the desktop column headings are not shown. */
function Caption({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground text-xs lg:sr-only">{children}</span>;
}

function Actor({ event }: { event: AuditEvent }) {
  const { t } = useTranslation("audit");
  const actor = event.actor;
  if (!actor || (!actor.name && !actor.email)) {
    // No user and no address: the server itself (its command line, the demo seed), not a visitor.
    const system = !event.ipAddress && !event.userAgent;
    return (
      <span
        className="text-muted-foreground italic"
        title={t(system ? "event.systemHint" : "event.anonymousHint")}
        data-testid="audit-event-actor"
      >
        {t(system ? "event.system" : "event.anonymous")}
      </span>
    );
  }
  return (
    <span className="grid min-w-0" data-testid="audit-event-actor">
      <span className="truncate font-medium">{actor.name ?? actor.email}</span>
      {actor.name && actor.email ? (
        <span className="wrap-anywhere text-muted-foreground text-xs">{actor.email}</span>
      ) : null}
    </span>
  );
}

/** Whom or what the event was about: the user by name, else the object's kind and name or id. */
function Target({ event }: { event: AuditEvent }) {
  const { t, i18n } = useTranslation("audit");
  const subject = event.subject;
  const sameAsActor = subject && event.actor?.id === subject.id;
  let text: string | null = null;
  if (subject && !sameAsActor) {
    const who = subject.name ?? subject.email ?? t("event.deletedUser");
    text = t("event.aboutUser", { name: subject.name && subject.email ? `${who} (${subject.email})` : who });
  } else if (event.target && !unnamedTargets.has(event.target.type)) {
    const typeKey = `audit:targets.${event.target.type}`;
    const kind = i18n.exists(typeKey) ? t(typeKey) : event.target.type;
    const name = typeof event.details.name === "string" ? event.details.name : event.target.id;
    text = t("event.aboutObject", { kind, name });
  }
  if (!text) return null;
  return (
    <span className="break-words text-muted-foreground" data-testid="audit-event-target">
      {text}
    </span>
  );
}

/** The renderer's context: the screen's, plus the event's own currency and the translations. */
function useRenderContext(event: AuditEvent, context: AuditContext): RenderContext {
  const { t, i18n } = useTranslation("audit");
  return {
    ...context,
    valueCurrency: currencyOf(event.details),
    t: (key, options) => t(key, options ?? {}) as string,
    exists: (key) => i18n.exists(key),
  };
}

/** The currency an event's details name (an offer's), if any. */
function currencyOf(details: Record<string, unknown>): string | undefined {
  if (typeof details.currency === "string") return details.currency;
  const changes = details.changes as Record<string, { to?: unknown }> | undefined;
  const to = changes?.currency?.to;
  return typeof to === "string" ? to : undefined;
}

function DetailRow({ line, context }: { line: DetailLine; context: RenderContext }) {
  const { t } = useTranslation("audit");
  const label = renderFieldLabel(line.key, context);
  return (
    <div
      className="flex min-w-0 flex-wrap items-baseline gap-x-1.5"
      data-testid="audit-detail"
      data-key={line.key}
    >
      <dt className="text-muted-foreground">{t("details.label", { label })}</dt>
      <dd className="min-w-0 break-words">
        {line.kind === "change" ? (
          <>
            <span>{renderDetailValue(line.key, line.from, context)}</span>
            <ArrowRight
              className="mx-1 inline size-3.5 align-[-2px] text-muted-foreground"
              aria-hidden="true"
            />
            <span className="sr-only">{t("details.changedTo")} </span>
            <span className="font-medium">{renderDetailValue(line.key, line.to, context)}</span>
          </>
        ) : (
          <span>{renderDetailValue(line.key, line.value, context)}</span>
        )}
      </dd>
    </div>
  );
}
