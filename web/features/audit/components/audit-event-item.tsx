import { isRole, type Language } from "@domain/roles";
import type { AuditEvent } from "@domain/schemas/audit";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { roleLabels } from "@/components/layout/role-label";
import { Badge } from "@/components/ui/badge";
import { formatDateTime, formatMoney, formatNumber } from "@/lib/format";
import { describeUserAgent } from "@/lib/user-agent";
import { cn } from "@/lib/utils";
import { type DetailLine, type DetailValue, describeAuditDetails } from "../details";

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
/** Details whose values are user ids, shown as names. */
const userIdKeys = new Set(["managerId", "userId", "assignedUserIds", "subjectUserId", "buyerId"]);
/** Details whose values are amounts in the reporting currency (decimal strings). */
const moneyKeys = new Set(["amount", "amountDue", "payoutPerDeposit", "minimumMonthlyRevenue"]);
/** Details whose values are instants. */
const instantKeys = new Set(["startedAt", "expiresAt"]);
const decimal = /^-?\d+(\.\d+)?$/;
/** Details whose values are roles. */
const roleKeys = new Set(["role", "twoFactorRequiredRoles"]);

export function AuditEventItem({ event, context }: { event: AuditEvent; context: AuditContext }) {
  const { t } = useTranslation("audit");
  const failed = event.outcome === "failure";
  const lines = describeAuditDetails(event.details);
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
              <DetailRow key={line.key} line={line} context={context} />
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

/** A detail's name, translated when known ("notifications.daily" → "Notifications › Daily"). */
function useFieldLabel() {
  const { t, i18n } = useTranslation("audit");
  return (key: string) =>
    key
      .split(".")
      .map((part) => {
        const labelKey = `audit:fields.${part}`;
        return /^[\w-]+$/.test(part) && i18n.exists(labelKey) ? t(labelKey) : part;
      })
      .join(" › ");
}

function DetailRow({ line, context }: { line: DetailLine; context: AuditContext }) {
  const { t } = useTranslation("audit");
  const label = useFieldLabel()(line.key);
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
            <ValueText keyName={line.key} value={line.from} context={context} />
            <ArrowRight
              className="mx-1 inline size-3.5 align-[-2px] text-muted-foreground"
              aria-hidden="true"
            />
            <span className="sr-only">{t("details.changedTo")} </span>
            <ValueText keyName={line.key} value={line.to} context={context} strong />
          </>
        ) : (
          <ValueText keyName={line.key} value={line.value} context={context} />
        )}
      </dd>
    </div>
  );
}

function ValueText({
  keyName,
  value,
  context,
  strong = false,
}: {
  keyName: string;
  value: DetailValue;
  context: AuditContext;
  strong?: boolean;
}) {
  const text = useValueText();
  return <span className={cn(strong && "font-medium")}>{text(keyName, value, context)}</span>;
}

/** A value as text, translated where its key says what it is (a role, a user, a refusal reason). */
function useValueText() {
  const { t, i18n } = useTranslation("audit");
  const fieldLabel = useFieldLabel();
  const render = (key: string, value: DetailValue, context: AuditContext): string => {
    switch (value.kind) {
      case "empty":
        return t("details.none");
      case "boolean":
        return value.value ? t("details.yes") : t("details.no");
      case "number":
        if (key === "sizeBytes") return formatBytes(value.value, context.language);
        return formatNumber(value.value, context.language, 2);
      case "list":
        return value.items.map((item) => render(key, item, context)).join(", ");
      case "record":
        return value.lines
          .map((line) => {
            const label = fieldLabel(line.key);
            const shown =
              line.kind === "change"
                ? `${render(line.key, line.from, context)} → ${render(line.key, line.to, context)}`
                : render(line.key, line.value, context);
            return `${t("details.label", { label })} ${shown}`;
          })
          .join("; ");
      case "text": {
        const raw = value.value;
        if (roleKeys.has(key) && isRole(raw)) return t(roleLabels[raw]);
        if (moneyKeys.has(key) && decimal.test(raw))
          return formatMoney(raw, context.currency, context.language);
        if (instantKeys.has(key) && !Number.isNaN(Date.parse(raw)))
          return formatDateTime(raw, context.language, context.timeZone);
        if (key === "status" && i18n.exists(`payments:status.${raw}`)) return t(`payments:status.${raw}`);
        if (userIdKeys.has(key)) return context.userNames.get(raw) ?? raw;
        if (key === "defaultLanguage" && i18n.exists(`common:languages.${raw}`))
          return t(`common:languages.${raw}`);
        // A refusal's code reads as the message the person saw.
        if ((key === "reason" || key === "code") && /^[\w-]+$/.test(raw) && i18n.exists(`errors:${raw}`))
          return t(`errors:${raw}`);
        // Only plain words can be keys ("self", "totp"); paths and free text are shown as they are.
        const valueKey = `audit:values.${key}.${raw}`;
        return /^[\w-]+$/.test(raw) && i18n.exists(valueKey) ? t(valueKey) : raw;
      }
    }
  };
  return render;
}

/** A backup's size in the reader's units ("1,5 MB"). */
function formatBytes(bytes: number, language: Language): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
}
